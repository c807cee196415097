// Betting locked down the tree (issue 41, docs/hierarchy.md "Bet locks"): a parent (or anyone above)
// locks betting on an account of its downline; the stake gate (wallet/stake-gate.ts) then refuses
// every stake of that account and of every account below it. The lock remembers who set it: only
// that account or one above it unlocks, so an agent cannot lift its master's lock.
import { eq } from 'drizzle-orm';
import { users } from '../account/schema.ts';
import type { Db } from '../../db/store.ts';
import { inSubtree } from '../account/tree.ts';
import { setBetLockedBy } from '../account/user-writes.ts';

export type BetLockOutcome = { ok: true } | { ok: false; message: string };

/**
 * Locks or unlocks betting on `userId` (in `caller`'s subtree: the scope check saw to it). The
 * row is locked first, so two calls at once see each other's lock.
 */
export async function setBetLock(
  db: Db,
  caller: { userId: number; role: string },
  userId: number,
  locked: boolean,
): Promise<BetLockOutcome> {
  if (userId === caller.userId) return { ok: false, message: 'Your own betting is set by your upline' };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ lockedBy: users.betLockedBy })
      .from(users)
      .where(eq(users.userId, userId))
      .for('update');
    if (!row) return { ok: false, message: `Unknown user ${userId}` };
    const current = row.lockedBy;
    // The caller's authority over the current lock: it set it, or it is above who did.
    const over = async (lockerId: number) =>
      caller.role === 'operator' || (await inSubtree(tx, caller.userId, [lockerId])).has(lockerId);
    if (locked) {
      // Locked already by the caller or someone below it: the caller takes the lock over, so the
      // one below can no longer lift it. Locked from above: it stays theirs.
      if (current === null || (await over(current))) await setBetLockedBy(tx, userId, caller.userId);
      return { ok: true };
    }
    if (current === null) return { ok: true };
    if (!(await over(current))) {
      const [by] = await tx.select({ name: users.userName }).from(users).where(eq(users.userId, current));
      return {
        ok: false,
        message: `Betting was locked by ${by?.name ?? `user ${current}`}, above you: only they or their upline can unlock it`,
      };
    }
    await setBetLockedBy(tx, userId, null);
    return { ok: true };
  });
}
