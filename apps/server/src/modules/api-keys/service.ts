// API keys for programs (issue 46, docs/trading-api.md): made, listed and revoked by their bettor
// (or an operator), and resolved on every key call to the bettor they act for. A key acts through
// a session of its own, issued by the session gate (the account module's), so every gate a browser
// meets — the stake gate's live-session check, locks, exclusions, time-outs — meets the key too.
import {
  API_KEY_ID,
  API_KEY_LIFETIME_MAX_DAYS,
  API_KEYS_PER_USER_MAX,
  type ApiKeyScope,
  type ApiKeyView,
} from '@backlay/contract';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import { VersionedCache } from '../../cache/versioned-cache.ts';
import { forgetOnCommit } from '../../cache/forget-on-commit.ts';
import type { Db, Executor } from '../../db/store.ts';
import type { AuthService, AuthUser, KeyCredential, KeyResolver } from '../../plugins/auth.ts';
import type { Bus } from '../../plugins/bus.ts';
import { sessions, users } from '../account/schema.ts';
import { apiKeys } from './schema.ts';

/** Bound on the keys one list answers (live first, then the most recently revoked). */
export const API_KEYS_LISTED_MAX = 50;
/** A key's last_used_at is written at most this often per key and node. */
export const KEY_LAST_USED_WRITE_MS = 60_000;
/** Bound on the keys a node remembers. */
export const KEY_CACHE_MAX_ENTRIES = 10_000;
/** A remembered key is read again after this long at most (a notice lost without the bus noticing). */
export const KEY_CACHE_MS = 60_000;

/** A secret: 32 random bytes, base64url. */
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hashSecret = (secret: string) => hash('sha256', secret, 'hex');

export const NOT_A_KEY = 'Unknown API key or wrong secret: send Authorization: Key <key_id>:<secret>';
export const KEY_REVOKED = 'This API key was revoked';
export const KEYS_FOR_BETTORS = 'API keys are for bettors: masters and agents do not bet';

type Refusal = { status: 401 | 403; message: string };
type KeyRow = typeof apiKeys.$inferSelect;

/** What a node remembers of a key between calls. */
type Remembered = {
  user: AuthUser;
  secretHash: string;
  allow: BlockList | null;
  expiresAtMs: number | null;
  sessionExpiresAtMs: number;
};

export function viewOf(k: KeyRow): ApiKeyView {
  return {
    key_id: k.keyId,
    name: k.name,
    scopes: k.scopes as ApiKeyScope[],
    ip_allow: k.ipAllow,
    expires_at: k.expiresAt?.toISOString() ?? null,
    created_at: k.createdAt.toISOString(),
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
    revoked_at: k.revokedAt?.toISOString() ?? null,
  };
}

/** The allow-list as a BlockList (null: any address). Entries were checked by the contract. */
function blockListOf(entries: readonly string[] | null): BlockList | null {
  if (entries === null) return null;
  const list = new BlockList();
  for (const e of entries) {
    const [address, prefix] = e.split('/') as [string, string | undefined];
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/** Whether `ip` (IPv4-mapped IPv6 read as IPv4) is on the list. */
function allows(list: BlockList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  return list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export type ApiKeysDeps = {
  db: Db;
  clock: { now(): Date };
  auth: Pick<AuthService, 'issue' | 'revoke'>;
  /** The session gate for a key's session (the account module's `admitsSessionIn`). */
  admitsSessionIn(tx: Executor, userId: number): Promise<string | null>;
};

/**
 * Long because it is a factory: its inner functions, each short, share the remembered keys and
 * their invalidation by the bus, which must stay in one place to be right (as the auth service's
 * sessions do).
 */
export function createApiKeysService({ db, clock, auth, admitsSessionIn }: ApiKeysDeps) {
  const cache = new VersionedCache<string, Remembered>({
    maxEntries: KEY_CACHE_MAX_ENTRIES,
    ttlMs: KEY_CACHE_MS,
    now: () => clock.now().getTime(),
  });
  let bus: Bus | null = null;
  const trusted = () => bus === null || bus.stats.in_sync;
  const usedWritten = new Map<string, number>();

  function noteUsed(keyId: string) {
    const nowMs = clock.now().getTime();
    const last = usedWritten.get(keyId);
    if (last !== undefined && nowMs - last < KEY_LAST_USED_WRITE_MS) return;
    if (usedWritten.size >= KEY_CACHE_MAX_ENTRIES) usedWritten.delete(usedWritten.keys().next().value!);
    usedWritten.set(keyId, nowMs);
    // Not awaited: a call never waits for it, and a failed write is only a figure.
    db.update(apiKeys)
      .set({ lastUsedAt: new Date(nowMs) })
      .where(eq(apiKeys.keyId, keyId))
      .then(
        () => {},
        () => usedWritten.delete(keyId),
      );
  }

  /** The key's row with its bettor and whether its session is live now (by the store's clock). */
  async function readKey(tx: Executor, keyId: string) {
    const [row] = await tx
      .select({
        key: apiKeys,
        userName: users.userName,
        role: users.role,
        mustChangePassword: users.isChangePassword,
        sessionLive: sql<boolean>`(${sessions.sessionId} is not null and ${sessions.revokedAt} is null
          and ${sessions.expiresAt} > now() and ${sessions.generation} = ${users.sessionGeneration})`,
        sessionExpiresAt: sessions.expiresAt,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.userId, apiKeys.userId))
      .leftJoin(sessions, eq(sessions.sessionId, apiKeys.sessionId))
      .where(eq(apiKeys.keyId, keyId))
      .limit(1);
    return row ?? null;
  }

  /**
   * A new session for a key whose session ended, through the session gate (which locks the user
   * row); the key row locked after it, and read again, so two calls at once issue one session.
   */
  async function renewSession(keyId: string, ip: string): Promise<Refusal | { sessionId: number }> {
    return db.transaction(async (tx) => {
      const [k] = await tx.select().from(apiKeys).where(eq(apiKeys.keyId, keyId));
      if (!k) return { status: 401 as const, message: NOT_A_KEY };
      const refusal = await admitsSessionIn(tx, k.userId);
      if (refusal !== null) return { status: 403 as const, message: refusal };
      await tx.select({ keyId: apiKeys.keyId }).from(apiKeys).where(eq(apiKeys.keyId, keyId)).for('update');
      const again = await readKey(tx, keyId);
      if (!again || again.key.revokedAt) return { status: 401 as const, message: KEY_REVOKED };
      if (again.sessionLive) return { sessionId: again.key.sessionId };
      const { sessionId } = await auth.issue(tx, k.userId, ip);
      await tx.update(apiKeys).set({ sessionId }).where(eq(apiKeys.keyId, keyId));
      return { sessionId };
    });
  }

  /** The refusal of a remembered or read key for this call, or null when it may go on. */
  function refusalOf(r: Remembered, secret: string, ip: string, nowMs: number): Refusal | null {
    if (!sameHash(hashSecret(secret), r.secretHash)) return { status: 401, message: NOT_A_KEY };
    if (r.expiresAtMs !== null && r.expiresAtMs <= nowMs) {
      return { status: 401, message: `This API key expired at ${new Date(r.expiresAtMs).toISOString()}` };
    }
    if (r.allow !== null && !allows(r.allow, ip)) {
      return { status: 403, message: `This API key does not take calls from ${ip}` };
    }
    if (r.user.role !== 'bettor') return { status: 403, message: KEYS_FOR_BETTORS };
    return null;
  }

  async function resolve(credential: KeyCredential, ip: string): Promise<AuthUser | Refusal> {
    const { keyId, secret } = credential;
    if (!API_KEY_ID.test(keyId) || !SECRET_SHAPE.test(secret)) return { status: 401, message: NOT_A_KEY };
    const nowMs = clock.now().getTime();
    const fromMemory = trusted();
    const hit = fromMemory ? cache.get(keyId) : undefined;
    if (hit && hit.sessionExpiresAtMs > nowMs) {
      const refused = refusalOf(hit, secret, ip, nowMs);
      if (refused) return refused;
      noteUsed(keyId);
      return hit.user;
    }
    const version = cache.begin();
    const row = await readKey(db, keyId);
    if (!row) return { status: 401, message: NOT_A_KEY };
    const k = row.key;
    const remembered: Remembered = {
      user: {
        userId: k.userId,
        userName: row.userName,
        role: row.role,
        sessionId: k.sessionId,
        mustChangePassword: row.mustChangePassword,
        apiKey: { keyId, scopes: k.scopes as ApiKeyScope[] },
      },
      secretHash: k.secretHash,
      allow: blockListOf(k.ipAllow),
      expiresAtMs: k.expiresAt?.getTime() ?? null,
      sessionExpiresAtMs: row.sessionExpiresAt?.getTime() ?? 0,
    };
    const refused = refusalOf(remembered, secret, ip, nowMs);
    if (refused) return refused;
    if (k.revokedAt) return { status: 401, message: KEY_REVOKED };
    if (!row.sessionLive) {
      const renewed = await renewSession(keyId, ip);
      if ('status' in renewed) return renewed;
      // Read again next time, with the new session's expiry.
      noteUsed(keyId);
      return { ...remembered.user, sessionId: renewed.sessionId };
    }
    if (fromMemory && trusted()) cache.set(keyId, k.userId, remembered, version);
    noteUsed(keyId);
    return remembered.user;
  }

  const resolver: KeyResolver = {
    resolve,
    inMemory: (c) => !API_KEY_ID.test(c.keyId) || (trusted() && cache.has(c.keyId)),
  };

  return {
    resolver,
    /** The remembered keys (figures). */
    cache,

    /** Revocations and session ends reach this node's memory through the auth's 'session' notices. */
    useBus(b: Bus) {
      bus = b;
      b.subscribe('session', (m) => cache.invalidate(m.user_id));
      b.onResync(() => cache.clear());
    },

    /**
     * Makes a key for the bettor `user` (its session gate passed again, in the same transaction as
     * the key's session); the secret is in the answer and nowhere else.
     */
    async create(
      user: Pick<AuthUser, 'userId' | 'role'>,
      req: {
        name: string;
        scopes: ApiKeyScope[];
        ip_allow?: string[] | undefined;
        expires_at?: string | undefined;
      },
      ip: string,
    ): Promise<{ ok: true; key: ApiKeyView & { secret: string } } | { ok: false; message: string }> {
      if (user.role !== 'bettor') return { ok: false, message: KEYS_FOR_BETTORS };
      const now = clock.now();
      const expiresAt = req.expires_at === undefined ? null : new Date(req.expires_at);
      if (expiresAt !== null && expiresAt.getTime() <= now.getTime()) {
        return { ok: false, message: 'expires_at must be in the future' };
      }
      if (
        expiresAt !== null &&
        expiresAt.getTime() > now.getTime() + API_KEY_LIFETIME_MAX_DAYS * 86_400_000
      ) {
        return { ok: false, message: `expires_at must be within ${API_KEY_LIFETIME_MAX_DAYS} days` };
      }
      const secret = randomBytes(32).toString('base64url');
      const keyId = `bk_${randomBytes(8).toString('hex')}`;
      return db.transaction(async (tx) => {
        const refusal = await admitsSessionIn(tx, user.userId);
        if (refusal !== null) return { ok: false as const, message: refusal };
        const [{ live } = { live: 0 }] = await tx
          .select({ live: sql<number>`count(*)::int` })
          .from(apiKeys)
          .where(
            and(
              eq(apiKeys.userId, user.userId),
              isNull(apiKeys.revokedAt),
              or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
            ),
          );
        if (live >= API_KEYS_PER_USER_MAX) {
          return {
            ok: false as const,
            message: `You have ${API_KEYS_PER_USER_MAX} live API keys, the most allowed: revoke one first`,
          };
        }
        const { sessionId } = await auth.issue(tx, user.userId, ip);
        const [row] = await tx
          .insert(apiKeys)
          .values({
            keyId,
            userId: user.userId,
            name: req.name,
            secretHash: hashSecret(secret),
            scopes: [...req.scopes].sort(),
            ipAllow: req.ip_allow ?? null,
            expiresAt,
            createdAt: now,
            sessionId,
          })
          .returning();
        return { ok: true as const, key: { ...viewOf(row!), secret } };
      });
    },

    /** The user's keys, live first, newest first (at most API_KEYS_LISTED_MAX). */
    async list(userId: number): Promise<ApiKeyView[]> {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.revokedAt), desc(apiKeys.createdAt))
        .limit(API_KEYS_LISTED_MAX);
      return rows.map(viewOf);
    },

    /**
     * Revokes every live key of the user in `tx` (a password change that asks it). Their sessions
     * are ended by the caller's; every node forgets them at the commit (the session notice).
     */
    async revokeAllIn(tx: Executor, userId: number): Promise<number> {
      const rows = await tx
        .update(apiKeys)
        .set({ revokedAt: clock.now() })
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning({ keyId: apiKeys.keyId });
      forgetOnCommit(tx, cache, userId, () => bus?.publish('session', { user_id: userId }));
      return rows.length;
    },

    /**
     * Revokes the user's key and ends its session, so that every node refuses it from the commit
     * on (the session notice makes them forget it). A key already revoked is answered as it is.
     */
    async revoke(
      userId: number,
      keyId: string,
    ): Promise<{ ok: true; key: ApiKeyView; already: boolean } | { ok: false; message: string }> {
      return db.transaction(async (tx) => {
        const [k] = await tx
          .select()
          .from(apiKeys)
          .where(and(eq(apiKeys.keyId, keyId), eq(apiKeys.userId, userId)))
          .for('update');
        if (!k) return { ok: false as const, message: `Unknown API key ${keyId}` };
        if (k.revokedAt) return { ok: true as const, key: viewOf(k), already: true };
        const [row] = await tx
          .update(apiKeys)
          .set({ revokedAt: clock.now() })
          .where(eq(apiKeys.keyId, keyId))
          .returning();
        await auth.revoke(tx, k.sessionId);
        // Told even when the key's session had already ended (then `revoke` tells nothing).
        forgetOnCommit(tx, cache, userId, () => bus?.publish('session', { user_id: userId }));
        return { ok: true as const, key: viewOf(row!), already: false };
      });
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
