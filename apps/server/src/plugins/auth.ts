import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hash, randomBytes } from 'node:crypto';
import { VersionedCache } from '../cache/versioned-cache.ts';
import { forgetOnCommit } from '../cache/forget-on-commit.ts';
import type { Executor } from '../db/store.ts';
import { loginChallenges, sessions, users } from '../modules/account/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { Bus } from './bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
  interface FastifyRequest {
    /** Set by the auth check of a protected route. */
    user: AuthUser | null;
  }
}

export type AuthUser = {
  userId: number;
  userName: string;
  role: 'bettor' | 'operator' | 'master' | 'agent';
  sessionId: number;
  /** A temporary password: only changing it and logging out are allowed (http/route.ts). */
  mustChangePassword: boolean;
  /** Set when the call came with an API key (issue 46): the key, and what it may do. */
  apiKey?: { readonly keyId: string; readonly scopes: readonly ('read' | 'trade')[] };
};

/** `Authorization: Key <key_id>:<secret>` (issue 46, docs/trading-api.md), or null. */
export type KeyCredential = { keyId: string; secret: string };

/** The credential of an `Authorization: Key …` header, or null when the request has none. */
export function keyCredential(req: FastifyRequest): KeyCredential | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Key\s+([^\s:]+):(\S+)$/i.exec(header.trim());
  return match ? { keyId: match[1]!, secret: match[2]! } : null;
}

/** Whether the request says who it is by its Authorization header (a token or a key), which no browser adds on its own. */
export const authorizationHeaderOf = (req: FastifyRequest): boolean =>
  bearerToken(req) !== null || keyCredential(req) !== null;

/**
 * Who an API key is (the api-keys module, registered with `useKeys`): the key's bettor as an
 * AuthUser, or a refusal with its status (401: not a key, revoked or expired; 403: a gate, an
 * address not allowed). `inMemory`: answered without the store (see `answersFromMemory`).
 */
export type KeyResolver = {
  resolve(credential: KeyCredential, ip: string): Promise<AuthUser | { status: 401 | 403; message: string }>;
  inMemory(credential: KeyCredential): boolean;
};

/** Bound on the open sessions the console lists for one user. */
export const OPEN_SESSIONS_MAX = 100;

/**
 * The stored form of a token. One call of `crypto.hash` (Node ≥ 20.12): no Hash object per request,
 * about a quarter of createHash().update().digest()'s time for a 43-character token.
 */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

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
 * A looked-up session is remembered on this node for at most this long, so that the calls a
 * client makes every few seconds (balance, bets) do not each wait for the store. A logout, a
 * revocation or a password change, on any node, makes every node forget the user's sessions once
 * it commits (this node at once, the others through the bus: 'session' notices), so this is only
 * a bound for a notice lost without the bus noticing. An auth service with no bus (useBus) has
 * only this bound for changes made elsewhere. Expiry is checked on every use.
 */
export const SESSION_CACHE_MS = 60_000;
/** Bound on remembered sessions per node (oldest forgotten first). */
export const SESSION_CACHE_MAX_ENTRIES = 50_000;
/**
 * A session's last_seen_at (the console's "bettors online") is written at most this often per
 * session and node: one small update a minute for a bettor who polls every 5 s.
 */
export const LAST_SEEN_WRITE_MS = 60_000;

declare module './bus.ts' {
  interface BusChannels {
    /** Sessions of a user were revoked (published after the commit): forget them. */
    session: { user_id: number };
  }
}

type CachedSession = { user: AuthUser; expiresAtMs: number };

// Long because it is a factory: its inner functions, each short, share the session cache and its
// invalidation by the bus, which must stay in one place to be right.
export function createAuthService(app: {
  db: Executor;
  clock: { now(): Date };
  tokenTtlHours: number;
  sessionCacheMs?: number;
}) {
  const { db, clock } = app;
  const cache = new VersionedCache<string, CachedSession>({
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
    ttlMs: app.sessionCacheMs ?? SESSION_CACHE_MS,
    now: () => clock.now().getTime(),
  });
  let bus: Bus | null = null;
  /**
   * Whether this node may answer from memory: not while its bus is down or another node has
   * fallen quiet (notices are lost then: bus.stats.in_sync).
   */
  const trusted = () => bus === null || bus.stats.in_sync;
  /**
   * Sessions of `userId` were revoked in `tx`: not answered from memory here while it commits,
   * forgotten everywhere once it has.
   */
  const revoked = (tx: Executor, userId: number) =>
    forgetOnCommit(tx, cache, userId, () => bus?.publish('session', { user_id: userId }));
  /** One session lookup per request, shared by the rate limiter and the route's auth check. */
  const perRequest = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();
  /** A key call's answer, once per request (a refusal is thrown by `authenticate`). */
  const keyPerRequest = new WeakMap<
    FastifyRequest,
    Promise<AuthUser | { status: 401 | 403; message: string }>
  >();
  let keys: KeyResolver | null = null;
  const keyAnswer = (req: FastifyRequest, credential: KeyCredential) => {
    let found = keyPerRequest.get(req);
    if (!found) {
      found = keys
        ? keys.resolve(credential, req.ip)
        : Promise.resolve({ status: 401 as const, message: 'API keys are not taken here' });
      keyPerRequest.set(req, found);
    }
    return found;
  };
  /** session id → when this node last wrote its last_seen_at (ms). */
  const seenWritten = new Map<number, number>();
  function noteSeen(sessionId: number) {
    const nowMs = clock.now().getTime();
    const last = seenWritten.get(sessionId);
    if (last !== undefined && nowMs - last < LAST_SEEN_WRITE_MS) return;
    if (seenWritten.size >= SESSION_CACHE_MAX_ENTRIES) seenWritten.delete(seenWritten.keys().next().value!);
    seenWritten.set(sessionId, nowMs);
    // Not awaited: the caller's request never waits for it, and a failed write is only a figure.
    db.update(sessions)
      .set({ lastSeenAt: new Date(nowMs) })
      .where(eq(sessions.sessionId, sessionId))
      .then(
        () => {},
        () => seenWritten.delete(sessionId),
      );
  }
  return {
    /** The remembered sessions (figures for /metrics). */
    cache,

    /** API keys are resolved by `k` (the api-keys module registers itself here). */
    useKeys(k: KeyResolver) {
      keys = k;
    },

    /** Revocations reach every node through `b`; its notices from other nodes reach this one. */
    useBus(b: Bus) {
      bus = b;
      b.subscribe('session', (m) => cache.invalidate(m.user_id));
      b.onResync(() => cache.clear());
    },

    /**
     * Issues a token for the user under the user's current session generation; returns the token
     * (shown once) and its session id. Logins call it only through the account module's session
     * gate, which holds the user row locked (docs/security.md).
     */
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
          generation: sql`(select ${users.sessionGeneration} from ${users} where ${users.userId} = ${userId})`,
        })
        .returning({ sessionId: sessions.sessionId });
      return { token, sessionId: row!.sessionId };
    },

    /** The live session of a token, or null when unknown, expired or revoked. */
    async lookup(token: string): Promise<AuthUser | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const tokenHash = hashToken(token);
      const nowMs = clock.now().getTime();
      const fromMemory = trusted();
      if (fromMemory) {
        const hit = cache.get(tokenHash);
        if (hit && hit.expiresAtMs > nowMs) return hit.user;
      }
      const version = cache.begin();
      const [row] = await db
        .select({
          userId: users.userId,
          userName: users.userName,
          role: users.role,
          sessionId: sessions.sessionId,
          mustChangePassword: users.isChangePassword,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        // A session of an older generation ended with a lock, a new password or an exclusion.
        .innerJoin(
          users,
          and(eq(users.userId, sessions.userId), eq(users.sessionGeneration, sessions.generation)),
        )
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
      if (fromMemory && trusted()) {
        cache.set(tokenHash, user.userId, { user, expiresAtMs: expiresAt.getTime() }, version);
      }
      return user;
    },

    /**
     * Whether the request's session can be answered without the store: no token, a token that
     * cannot be one, or one this node remembers. (A flood of made-up tokens would otherwise make
     * each request a store read before any limit could count it.)
     */
    answersFromMemory(req: FastifyRequest): boolean {
      const credential = keyCredential(req);
      if (credential !== null) return keys === null || keys.inMemory(credential);
      const token = bearerToken(req);
      return token === null || !TOKEN_SHAPE.test(token) || (trusted() && cache.has(hashToken(token)));
    },

    /** The session of the request's bearer token or API key (looked up once per request), or null. */
    sessionOf(req: FastifyRequest): Promise<AuthUser | null> {
      let found = perRequest.get(req);
      if (!found) {
        const credential = keyCredential(req);
        const token = bearerToken(req);
        found = credential
          ? keyAnswer(req, credential).then((a) => ('status' in a ? null : a))
          : token
            ? this.lookup(token)
            : Promise.resolve(null);
        perRequest.set(req, found);
      }
      return found;
    },

    async authenticate(req: FastifyRequest): Promise<AuthUser> {
      const credential = keyCredential(req);
      if (credential) {
        const answer = await keyAnswer(req, credential);
        if ('status' in answer) throw new HttpError(answer.status, answer.message);
        req.user = answer;
        return answer;
      }
      if (!bearerToken(req)) throw new HttpError(401, 'Please log in');
      const user = await this.sessionOf(req);
      if (!user) throw new HttpError(401, 'Your session has ended; please log in again');
      noteSeen(user.sessionId);
      req.user = user;
      return user;
    },

    async revoke(tx: Executor, sessionId: number) {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.sessionId, sessionId), isNull(sessions.revokedAt)))
        .returning({ userId: sessions.userId });
      for (const r of rows) revoked(tx, r.userId);
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
      if (rows.length > 0) revoked(tx, userId);
      return rows.length > 0;
    },

    /**
     * Shuts every door a sign-in could come through, in `tx`: bumps the user's session
     * generation (so a challenge or a login begun before it can no longer end in a session: the
     * session gate compares generations on the locked user row), ends every open challenge and
     * every session except `keepSessionId` (which moves to the new generation), and makes every
     * node forget the user's sessions once `tx` commits. Takes the user row's lock.
     */
    async endAll(tx: Executor, userId: number, keepSessionId: number | null) {
      const now = clock.now();
      const [row] = await tx
        .update(users)
        .set({ sessionGeneration: sql`${users.sessionGeneration} + 1` })
        .where(eq(users.userId, userId))
        .returning({ generation: users.sessionGeneration });
      if (!row) return;
      await tx
        .update(loginChallenges)
        .set({ consumedAt: now })
        .where(and(eq(loginChallenges.userId, userId), isNull(loginChallenges.consumedAt)));
      if (keepSessionId !== null) {
        await tx
          .update(sessions)
          .set({ generation: row.generation })
          .where(and(eq(sessions.sessionId, keepSessionId), eq(sessions.userId, userId)));
      }
      await this.revokeOthers(tx, userId, keepSessionId);
    },

    /** The user's live sessions, newest first (the console's user screen). */
    async openSessions(tx: Executor, userId: number) {
      return tx
        .select({
          sessionId: sessions.sessionId,
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          lastSeenAt: sessions.lastSeenAt,
          ip: sessions.ip,
        })
        .from(sessions)
        .innerJoin(
          users,
          and(eq(users.userId, sessions.userId), eq(users.sessionGeneration, sessions.generation)),
        )
        .where(
          and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())),
        )
        .orderBy(desc(sessions.sessionId))
        .limit(OPEN_SESSIONS_MAX);
    },

    /** Revokes one session if it is the user's and live; returns whether one was revoked. */
    async revokeOf(tx: Executor, userId: number, sessionId: number): Promise<boolean> {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(
          and(eq(sessions.sessionId, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)),
        )
        .returning({ sessionId: sessions.sessionId });
      if (rows.length > 0) revoked(tx, userId);
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
      revoked(tx, userId);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

export const authPlugin = fp<{ tokenTtlHours: number }>(
  async (app, { tokenTtlHours }) => {
    app.decorateRequest('user', null);
    const auth = createAuthService({ db: app.db, clock: app.clock, tokenTtlHours });
    app.decorate('auth', auth);
    // The bus is registered after this plugin; every revocation happens after the app is ready.
    app.addHook('onReady', async () => {
      auth.useBus(app.bus);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
