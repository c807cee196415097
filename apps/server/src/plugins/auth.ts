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
export function createAuthService(app: { db: Executor; clock: { now(): Date }; tokenTtlHours: number }) {
  const { db, clock } = app;
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
      const [row] = await db
        .select({
          userId: users.userId,
          userName: users.userName,
          role: users.role,
          sessionId: sessions.sessionId,
        })
        .from(sessions)
        .innerJoin(users, eq(users.userId, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, hashToken(token)),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, clock.now()),
          ),
        )
        .limit(1);
      return row ?? null;
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
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.sessionId, sessionId), isNull(sessions.revokedAt)));
    },

    /** Revokes the session of a token if it belongs to the user; returns whether one was revoked. */
    async revokeToken(tx: Executor, userId: number, token: string): Promise<boolean> {
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
