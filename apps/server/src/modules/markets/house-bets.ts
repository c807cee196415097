// What the house-quoted kinds share when a bet is placed: the budget rule, the answer, and the
// request_id lock of the kinds that place one bet per transaction (casino, binary). A bet is taken
// whole or refused (bookmaker and fancy in their market's next batch, markets/command-queue.ts).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/store.ts';
import { exposureLimitRefusal, type TreeLimit } from '../wallet/tree-limit.ts';

const rupeesText = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

/**
 * DOMAIN.md: a bet is accepted only if the user's new liability does not exceed the balance — or
 * if it does not raise their exposure on this market (a bet that only hedges is always taken).
 */
export function budgetRefusal(input: {
  balance_paise: number;
  elsewhere_paise: number;
  old_hold_paise: number;
  new_hold_paise: number;
  /** The uplines' limits on the market's sport (the stake gate's `limitOf`): the exposure limit binds too. */
  limit: TreeLimit | undefined;
}): string | null {
  if (input.new_hold_paise <= input.old_hold_paise) return null;
  const available = input.balance_paise - input.elsewhere_paise - input.old_hold_paise;
  if (input.balance_paise - input.elsewhere_paise < input.new_hold_paise)
    return `Insufficient balance: this bet needs ${rupeesText(input.new_hold_paise - input.old_hold_paise)}, available ${rupeesText(Math.max(available, 0))}`;
  return exposureLimitRefusal(input.limit, input.old_hold_paise, input.new_hold_paise);
}

export type PlaceOutcome<T> = { ok: true; bet: T; repeated: boolean } | { ok: false; message: string };

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** First key of the two-int advisory lock on one bettor's request_id (db/rate-counters.ts lists the others). */
const REQUEST_LOCK_NAMESPACE = 74_142_264;

/**
 * Locks one bettor's request_id for the rest of the transaction. The same request sent again while
 * the first is in flight (a retry after a timeout, a double tap, another node) waits here for the
 * first to end and then reads its bet, instead of racing it to the wallet row, where SKIP LOCKED
 * would answer "your wallet is busy" to a request that did go through. Take it before any row lock.
 */
export async function lockRequest(tx: Executor, userId: number, requestId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${REQUEST_LOCK_NAMESPACE}, hashtext(${`${userId}:${requestId}`}))`,
  );
}
