// What an operator does to accounts (the console's Users screen): lock and unlock, a temporary
// password, the user row behind those answers. Creating a user is the account service's
// createUser. Every call here ends the user's sessions where the change demands it.
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { Db } from '../../db/store.ts';
import type { AuthService } from '../../plugins/auth.ts';
import type { Clock } from '../../types.ts';
import { OPERATOR_LOCK_UNTIL } from './queries.ts';
import { hashPassword } from './service.ts';

export type AccountAdminOutcome = { ok: true } | { ok: false; message: string };

export function createAccountAdmin(deps: { db: Db; clock: Clock; auth: AuthService }) {
  const { db, clock, auth } = deps;

  /** The user, or a refusal naming why an operator may not change it. */
  async function bettor(userId: number, operatorId: number) {
    const [row] = await db
      .select({ userId: users.userId, role: users.role, lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.userId, userId));
    if (!row) return { ok: false as const, message: `Unknown user ${userId}` };
    if (row.userId === operatorId)
      return { ok: false as const, message: 'You cannot do this to your own account' };
    if (row.role !== 'bettor')
      return { ok: false as const, message: 'Only bettor accounts can be changed here' };
    return { ok: true as const, row };
  }

  return {
    /**
     * Locks a bettor: no login until unlocked (locked_until far in the future, so the login's
     * lockout check refuses it with its own message), and every session ends now. Unlocking also
     * clears a failed-login lockout and its count. Locking a locked user changes nothing.
     */
    async setLocked(operatorId: number, userId: number, locked: boolean): Promise<AccountAdminOutcome> {
      const target = await bettor(userId, operatorId);
      if (!target.ok) return target;
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set(
            locked
              ? { lockedUntil: OPERATOR_LOCK_UNTIL }
              : { lockedUntil: null, failedLoginCount: 0, failedLoginWindowStart: null },
          )
          .where(eq(users.userId, userId));
        if (locked) await auth.revokeOthers(tx, userId, null);
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
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, isChangePassword: true, passwordChangedAt: clock.now() })
          .where(eq(users.userId, userId));
        await auth.revokeOthers(tx, userId, null);
      });
      return { ok: true };
    },
  };
}
export type AccountAdmin = ReturnType<typeof createAccountAdmin>;
