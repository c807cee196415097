// What an operator does to accounts (the console's Users screen): lock and unlock, a temporary
// password, the user row behind those answers. Creating a user is the account service's
// createUser. Every call here ends the user's sessions where the change demands it.
import { asc, eq, sql } from 'drizzle-orm';
import { users } from './schema.ts';
import type { AdminUserSession } from '@backlay/contract';
import type { Db } from '../../db/store.ts';
import type { AuthService } from '../../plugins/auth.ts';
import type { Clock } from '../../clock.ts';
import { subtreeCondition } from './tree.ts';
import { OPERATOR_LOCK_UNTIL } from './queries.ts';
import type { SecretHasher } from './secret-hash.ts';

export type AccountAdminOutcome = { ok: true } | { ok: false; message: string };

export const NO_SUCH_SESSION = 'This user has no such open session';
/**
 * Accounts below a locked one whose sessions the lock ends in its transaction, at most. Past it
 * the lock still holds for all of them: the session gate refuses their sign-ins and the stake gate
 * their stakes while an account above is locked (account/queries.ts uplineLocked, stake-gate.ts).
 */
const SUBTREE_LOCK_MAX = 10_000;

// Long because it is a factory: its inner functions, each short, share the store, the clock and the
// session service.
export function createAccountAdmin(deps: { db: Db; clock: Clock; auth: AuthService; secrets: SecretHasher }) {
  const { db, clock, auth, secrets } = deps;

  /** The user, or a refusal naming why an operator may not change it. */
  async function bettor(userId: number, operatorId: number) {
    const [row] = await db
      .select({ userId: users.userId, role: users.role, lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.userId, userId));
    if (!row) return { ok: false as const, message: `Unknown user ${userId}` };
    if (row.userId === operatorId)
      return { ok: false as const, message: 'You cannot do this to your own account' };
    // Masters and agents are changed by those above them (the console's scope check keeps a
    // master or an agent to its own subtree); an operator's account never is.
    if (row.role === 'operator')
      return { ok: false as const, message: 'Only accounts below the operator can be changed here' };
    return { ok: true as const, row };
  }

  /** The user's open sessions, as the console shows them. */
  async function sessionsOf(userId: number): Promise<AdminUserSession[]> {
    const rows = await auth.openSessions(db, userId);
    return rows.map((r) => ({
      session_id: r.sessionId,
      created_at: r.createdAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
      last_seen_at: r.lastSeenAt?.toISOString() ?? null,
      ip: r.ip,
    }));
  }

  return {
    sessionsOf,

    /**
     * Ends one open session of a user, or (sessionId null) all of them with every half-finished
     * login: the next call with one gets 401 on every node. Answers the sessions still open.
     */
    async endSessions(
      userId: number,
      sessionId: number | null,
    ): Promise<{ ok: true; sessions: AdminUserSession[] } | { ok: false; message: string }> {
      const ended = await db.transaction(async (tx) => {
        if (sessionId !== null) return auth.revokeOf(tx, userId, sessionId);
        await auth.endAll(tx, userId, null);
        return true;
      });
      if (!ended) return { ok: false, message: NO_SUCH_SESSION };
      return { ok: true, sessions: await sessionsOf(userId) };
    },

    /**
     * Locks a bettor: no login until unlocked (locked_until far in the future, so the login's
     * lockout check refuses it with its own message), and every session ends now. Unlocking also
     * clears a failed-login lockout and its count. Locking a locked user changes nothing.
     */
    async setLocked(operatorId: number, userId: number, locked: boolean): Promise<AccountAdminOutcome> {
      const target = await bettor(userId, operatorId);
      if (!target.ok) return target;
      await db.transaction(async (tx) => {
        // Ends every session and open sign-in (a challenge begun before the lock, a password
        // check under way) in the same transaction: the session gate then refuses them. A lock
        // reaches the whole downline (issue 41): every account below ends its sessions too, and
        // the session gate refuses their sign-ins while it holds (queries.ts uplineLocked).
        if (locked) {
          const below = await tx
            .select({ userId: users.userId })
            .from(users)
            .where(subtreeCondition(sql`${users.userId}`, userId))
            .orderBy(asc(users.userId))
            .limit(SUBTREE_LOCK_MAX);
          for (const u of below) await auth.endAll(tx, u.userId, null);
        } else await auth.endAll(tx, userId, null);
        await tx
          .update(users)
          .set(
            locked
              ? { lockedUntil: OPERATOR_LOCK_UNTIL }
              : { lockedUntil: null, failedLoginCount: 0, failedLoginWindowStart: null },
          )
          .where(eq(users.userId, userId));
      });
      return { ok: true };
    },

    /**
     * A temporary password: the bettor must change it at the next login (is_change_password),
     * and every session ends now so nobody stays signed in with the old one.
     */
    async resetPassword(
      operatorId: number,
      userId: number,
      newPassword: string,
    ): Promise<AccountAdminOutcome> {
      const target = await bettor(userId, operatorId);
      if (!target.ok) return target;
      const passwordHash = await secrets.hash(newPassword);
      await db.transaction(async (tx) => {
        await auth.endAll(tx, userId, null);
        await tx
          .update(users)
          .set({ passwordHash, isChangePassword: true, passwordChangedAt: clock.now() })
          .where(eq(users.userId, userId));
      });
      return { ok: true };
    },
  };
}
export type AccountAdmin = ReturnType<typeof createAccountAdmin>;
