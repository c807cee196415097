import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { Executor } from '../../db/store.ts';

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

/**
 * Counts one failed login inside the rolling window (one atomic statement, so concurrent
 * failures are all counted) and returns the new count.
 */
export async function countFailedLogin(tx: Executor, userId: number, now: Date, windowStart: Date) {
  const [row] = await tx
    .update(users)
    .set({
      failedLoginCount: sql`case when ${users.failedLoginWindowStart} is null or ${users.failedLoginWindowStart} <= ${windowStart.toISOString()}::timestamptz then 1 else ${users.failedLoginCount} + 1 end`,
      failedLoginWindowStart: sql`case when ${users.failedLoginWindowStart} is null or ${users.failedLoginWindowStart} <= ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${users.failedLoginWindowStart} end`,
    })
    .where(eq(users.userId, userId))
    .returning({ failedLoginCount: users.failedLoginCount });
  return row?.failedLoginCount ?? 0;
}

export async function lockUser(tx: Executor, userId: number, until: Date) {
  await tx
    .update(users)
    .set({ lockedUntil: until, failedLoginCount: 0, failedLoginWindowStart: null })
    .where(eq(users.userId, userId));
}

export async function clearFailedLogins(tx: Executor, userId: number) {
  await tx
    .update(users)
    .set({ failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null })
    .where(eq(users.userId, userId));
}
