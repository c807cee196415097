// Wrong second-step codes, counted per user: over every challenge (each login opens a new one
// with fresh tries), every node, and Security Auth's off switch. Enough of them lock the account
// as the password lockout does (docs/security.md, "Second step"). The count lives in the store
// (rate_counters, a sliding window), where the lock itself lives: it holds across nodes with or
// without Redis, and is counted in the same transaction as the code it judged.
import { and, eq, sql } from 'drizzle-orm';
import { clearBucket, countInWindow } from '../../db/rate-counters.ts';
import { users } from './schema.ts';
import type { Executor } from '../../db/store.ts';
import { lockedMessage, LOCK_MS } from './service.ts';

/**
 * Wrong codes a user may give in WRONG_CODE_WINDOW_MS before the account locks for LOCK_MS. Twice
 * the password's 5: a person mistypes a code from an app or an SMS more often than a password, and
 * 10 guesses of a million-code space in 15 minutes leave a 1-in-100,000 chance per lock.
 */
export const MAX_WRONG_CODES = 10;
export const WRONG_CODE_WINDOW_MS = 15 * 60_000;

export const CODES_LOCKED = 'Too many wrong codes: this account is locked for 15 minutes';

const bucketOf = (userId: number) => `wrong-code:user:${userId}`;

/** Why the user may not try a code now (the account is locked), or null. */
export async function codeLockOf(tx: Executor, userId: number, now: Date): Promise<string | null> {
  const [row] = await tx
    .select({ lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.userId, userId));
  return row?.lockedUntil && row.lockedUntil > now ? lockedMessage(row.lockedUntil, now) : null;
}

/**
 * Counts a wrong code of the user in `tx` (the caller commits it with its refusal); when it is
 * the MAX_WRONG_CODES-th in the window, locks the account for LOCK_MS (never over a longer lock,
 * an operator's) and starts the count again. Returns whether this one locked it.
 */
export async function countWrongCode(tx: Executor, userId: number, now: Date): Promise<boolean> {
  const bucket = bucketOf(userId);
  const { count } = await countInWindow(
    tx,
    { bucket, max: MAX_WRONG_CODES, windowMs: WRONG_CODE_WINDOW_MS },
    now,
  );
  if (count < MAX_WRONG_CODES) return false;
  const until = new Date(now.getTime() + LOCK_MS);
  await tx
    .update(users)
    .set({ lockedUntil: until })
    .where(
      and(
        eq(users.userId, userId),
        sql`(${users.lockedUntil} is null or ${users.lockedUntil} < ${until.toISOString()}::timestamptz)`,
      ),
    );
  await clearBucket(tx, bucket);
  return true;
}
