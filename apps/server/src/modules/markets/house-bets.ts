// What the house-quoted kinds (bookmaker, fancy) share when a bet is placed: the budget rule and
// the answer. A bet is taken whole or refused, in its market's next batch (markets/command-queue.ts).
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
