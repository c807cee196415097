import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../db/store.ts';
import { sessions, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

export type AuthUser = {
  userId: number;
  userName: string;
  role: 'bettor' | 'operator';
  sessionId: number;
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Bearer tokens are 32 random bytes, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * Sessions: opaque random tokens, only their SHA-256 stored, with an expiry; revoked by logout
 * and by a password change. `app.auth.authenticate(req)` sets `req.user` or throws 401.
 */
/**
 * A looked-up session is remembered on this node for this long, so that the calls a client makes
 * every few seconds (balance, bets) do not each wait for the store. Logout, revocation and a
 * password change forget it on this node at once; another node may accept a revoked token for at
 * most this long. Expiry is checked on every use.
 */
export const SESSION_CACHE_MS = 2_000;
/** Bound on remembered sessions per node (oldest forgotten first). */
export const SESSION_CACHE_MAX_ENTRIES = 50_000;

type CachedSession = { user: AuthUser; expiresAtMs: number; freshUntilMs: number };

export function createAuthService(app: {
  db: Executor;
  clock: { now(): Date };
  tokenTtlHours: number;
  sessionCacheMs?: number;
}) {
  const { db, clock } = app;
  const cacheMs = app.sessionCacheMs ?? SESSION_CACHE_MS;
  const cache = new Map<string, CachedSession>();
  const forget = (match: (c: CachedSession, tokenHash: string) => boolean) => {
    for (const [k, c] of cache) if (match(c, k)) cache.delete(k);
  };
  return {
    /** Issues a token for the user; returns the token (shown once) and its session id. */
    async issue(tx: Executor, userId: number, ip: string | null) {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const [row] = await tx
        .insert(sessions)
        .values({
          userId,
          tokenHash: hashToken(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + app.tokenTtlHours * 3_600_000),
          ip,
        })
        .returning({ sessionId: sessions.sessionId });
      return { token, sessionId: row!.sessionId };
    },

    /** The live session of a token, or null when unknown, expired or revoked. */
    async lookup(token: string): Promise<AuthUser | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const tokenHash = hashToken(token);
      const nowMs = clock.now().getTime();
      const hit = cache.get(tokenHash);
      if (hit && hit.freshUntilMs > nowMs && hit.expiresAtMs > nowMs) return hit.user;
      if (hit) cache.delete(tokenHash);
      const [row] = await db
        .select({
          userId: users.userId,
          userName: users.userName,
          role: users.role,
          sessionId: sessions.sessionId,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.userId, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, clock.now()),
          ),
        )
        .limit(1);
      if (!row) return null;
      const { expiresAt, ...user } = row;
      if (cacheMs > 0) {
        if (cache.size >= SESSION_CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(tokenHash, { user, expiresAtMs: expiresAt.getTime(), freshUntilMs: nowMs + cacheMs });
      }
      return user;
    },

    async authenticate(req: FastifyRequest): Promise<AuthUser> {
      const token = bearerToken(req);
      if (!token) throw new HttpError(401, 'Please log in');
      const user = await this.lookup(token);
      if (!user) throw new HttpError(401, 'Your session has ended; please log in again');
      req.user = user;
      return user;
    },

    async revoke(tx: Executor, sessionId: number) {
      forget((c) => c.user.sessionId === sessionId);
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.sessionId, sessionId), isNull(sessions.revokedAt)));
    },

    /** Revokes the session of a token if it belongs to the user; returns whether one was revoked. */
    async revokeToken(tx: Executor, userId: number, token: string): Promise<boolean> {
      const tokenHash = hashToken(token);
      forget((c, k) => k === tokenHash && c.user.userId === userId);
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(
          and(
            eq(sessions.tokenHash, hashToken(token)),
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
          ),
        )
        .returning({ sessionId: sessions.sessionId });
      return rows.length > 0;
    },

    /** Revokes every live session of the user except `keepSessionId`. */
    async revokeOthers(tx: Executor, userId: number, keepSessionId: number | null) {
      forget((c) => c.user.userId === userId && c.user.sessionId !== keepSessionId);
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepSessionId === null ? undefined : ne(sessions.sessionId, keepSessionId),
          ),
        );
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

export const authPlugin = fp<{ tokenTtlHours: number }>(
  async (app, { tokenTtlHours }) => {
    app.decorateRequest('user', null);
    app.decorate('auth', createAuthService({ db: app.db, clock: app.clock, tokenTtlHours }));
  },
  { name: 'auth', dependencies: ['db'] },
);
