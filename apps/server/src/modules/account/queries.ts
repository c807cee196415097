import { and, eq, gte, sql } from 'drizzle-orm';
import { users } from './schema.ts';
import type { Executor } from '../../db/store.ts';
import { TREE_DEPTH_MAX } from './tree.ts';

/**
 * An operator's lock (the console's Users screen): locked_until at this instant, far beyond any
 * failed-login lockout, so the login's lockout check refuses it until an operator unlocks it.
 */
export const OPERATOR_LOCK_UNTIL = new Date('9999-12-31T00:00:00.000Z');

export async function userByName(tx: Executor, userName: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`)
    .limit(1);
  return row ?? null;
}

export async function userById(tx: Executor, userId: number) {
  const [row] = await tx.select().from(users).where(eq(users.userId, userId)).limit(1);
  return row ?? null;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Takes one of the window's password checks before any password work: one atomic statement, so
 * that however many logins arrive together, at most `max` checks per window get a number ≤ max.
 * A right password gives its number back (clearFailedLogins). Returns the number taken and the
 * row as it is now (its hash is the one to check), or null when the user is locked now.
 */
export async function takeLoginAttempt(tx: Executor, userId: number, now: Date, windowStart: Date) {
  const fresh = sql`${users.failedLoginWindowStart} is null or ${users.failedLoginWindowStart} <= ${ts(windowStart)}`;
  const [row] = await tx
    .update(users)
    .set({
      failedLoginCount: sql`case when ${fresh} then 1 else ${users.failedLoginCount} + 1 end`,
      failedLoginWindowStart: sql`case when ${fresh} then ${ts(now)} else ${users.failedLoginWindowStart} end`,
    })
    .where(
      and(
        eq(users.userId, userId),
        sql`(${users.lockedUntil} is null or ${users.lockedUntil} <= ${ts(now)})`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The failed-login lockout, set by the check that used up the window: only over no lock or an
 * expired one (an operator's lock is never replaced), and only while the window is still used
 * up (a right password since then gave it back).
 */
export async function lockAfterFailures(tx: Executor, userId: number, until: Date, now: Date, max: number) {
  const rows = await tx
    .update(users)
    .set({ lockedUntil: until, failedLoginCount: 0, failedLoginWindowStart: null })
    .where(
      and(
        eq(users.userId, userId),
        gte(users.failedLoginCount, max),
        sql`(${users.lockedUntil} is null or ${users.lockedUntil} <= ${ts(now)})`,
      ),
    )
    .returning({ userId: users.userId });
  return rows.length > 0;
}

/** A right password: the window starts again. Never touches a lock (the session gate refuses one). */
export async function clearFailedLogins(tx: Executor, userId: number) {
  await tx
    .update(users)
    .set({ failedLoginCount: 0, failedLoginWindowStart: null })
    .where(eq(users.userId, userId));
}

/** The user row, locked FOR UPDATE until the transaction ends (the session gate's read). */
/**
 * Whether an account above `userId` is locked by an upline or the operator (issue 41): a lock
 * reaches the whole downline. A lockout after failed logins is its own account's only.
 */
export async function uplineLocked(tx: Executor, userId: number): Promise<boolean> {
  const res = await tx.execute(sql`with recursive up(user_id, parent_id, locked_until, depth) as (
      select u.user_id, u.parent_id, u.locked_until, 0 from ${users} u where u.user_id = ${userId}
      union all
      select p.user_id, p.parent_id, p.locked_until, up.depth + 1
        from up join ${users} p on p.user_id = up.parent_id where up.depth < ${TREE_DEPTH_MAX}
    ) select exists (select 1 from up where up.depth > 0 and up.locked_until >= ${OPERATOR_LOCK_UNTIL.toISOString()}::timestamptz) as locked`);
  return Boolean((res as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked);
}

export async function lockedUserRow(tx: Executor, userId: number) {
  const [row] = await tx.select().from(users).where(eq(users.userId, userId)).for('update');
  return row ?? null;
}
