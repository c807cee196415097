// Horse racing non-runners: reduction factors on prices, and which unmatched bets a removal cancels.
import type { RunnerRemoval, SettleMarketKind, SettleSide } from './types.ts';
import { BASIS_POINTS, SETTLE_MIN_PRICE, assertBp, assertPrice, assertTime } from './errors.ts';

/** Win (match odds) market: a removal reduces prices only when its RF is 2.5% or more. */
export const WIN_RF_THRESHOLD_BP = 250;
/** Place market: unmatched lays on the other runners are cancelled at 4.0% or more (the price RF always applies). */
export const PLACE_LAY_CANCEL_THRESHOLD_BP = 400;

/**
 * Win market: price × (1 − RF), rounded DOWN to the hundredth, never below 1.01. Not snapped to
 * the ladder (8.00 at 25% → 6.00; 5.30 at 12.3% → 4.64). RF below 2.5% leaves the price alone.
 */
export function reduceWinPrice(price: number, reduction_factor_bp: number): number {
  assertPrice(price);
  assertBp(reduction_factor_bp, 'reduction_factor_bp');
  if (reduction_factor_bp < WIN_RF_THRESHOLD_BP) return price;
  const reduced = Math.floor((price * (BASIS_POINTS - reduction_factor_bp)) / BASIS_POINTS);
  return Math.max(SETTLE_MIN_PRICE, reduced);
}

/**
 * Place market: 1 + (price − 1) × (1 − RF), the winnings part rounded DOWN to the hundredth,
 * never below 1.01; applies at any RF (8.00 at 25% → 6.25).
 */
export function reducePlacePrice(price: number, reduction_factor_bp: number): number {
  assertPrice(price);
  assertBp(reduction_factor_bp, 'reduction_factor_bp');
  const reduced = 100 + Math.floor(((price - 100) * (BASIS_POINTS - reduction_factor_bp)) / BASIS_POINTS);
  return Math.max(SETTLE_MIN_PRICE, reduced);
}

/** Whether a removal changes prices of bets on the other runners in this kind of market. */
export function removalReducesPrices(kind: SettleMarketKind, reduction_factor_bp: number): boolean {
  return kind === 'PLACE' ? reduction_factor_bp > 0 : reduction_factor_bp >= WIN_RF_THRESHOLD_BP;
}

/**
 * The price a matched bet on a runner that still runs settles at: each removal of ANOTHER runner
 * made strictly after the bet was matched reduces it again, in removal-time order (ties in input
 * order), rounding after each step, so the server may also apply removals one by one as they
 * happen and reach the same number.
 */
export function reducedPrice(
  kind: SettleMarketKind,
  bet: { readonly selection_id: string; readonly price: number; readonly matched_at_ms: number },
  removals: readonly RunnerRemoval[],
): number {
  assertPrice(bet.price);
  assertTime(bet.matched_at_ms, 'matched_at_ms');
  const ordered = removals
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.removed_at_ms - b.r.removed_at_ms || a.i - b.i)
    .map(({ r }) => r);
  let price = bet.price;
  for (const r of ordered) {
    assertTime(r.removed_at_ms, 'removed_at_ms');
    if (r.selection_id === bet.selection_id) continue;
    if (!(bet.matched_at_ms < r.removed_at_ms)) continue;
    price =
      kind === 'PLACE'
        ? reducePlacePrice(price, r.reduction_factor_bp)
        : reduceWinPrice(price, r.reduction_factor_bp);
  }
  return price;
}

export interface UnmatchedBetRef {
  readonly bet_id: string;
  readonly selection_id: string;
  readonly side: SettleSide;
  readonly placed_at_ms: number;
}

export type RemovalCancelReason = 'NON_RUNNER' | 'REDUCTION_FACTOR';

/**
 * Which unmatched bets a removal cancels: every unmatched bet on the removed runner, and the
 * unmatched LAYS on the other runners placed before the removal when the RF reaches 2.5% (win
 * market) or 4.0% (place market). Unmatched backs on other runners stay. Result in input order.
 */
export function unmatchedBetsCancelledByRemoval(
  kind: SettleMarketKind,
  removal: RunnerRemoval,
  unmatched: readonly UnmatchedBetRef[],
): { readonly bet_id: string; readonly reason: RemovalCancelReason }[] {
  assertBp(removal.reduction_factor_bp, 'reduction_factor_bp');
  const threshold = kind === 'PLACE' ? PLACE_LAY_CANCEL_THRESHOLD_BP : WIN_RF_THRESHOLD_BP;
  const laysGo = removal.reduction_factor_bp >= threshold;
  const out: { bet_id: string; reason: RemovalCancelReason }[] = [];
  for (const b of unmatched) {
    if (b.selection_id === removal.selection_id) out.push({ bet_id: b.bet_id, reason: 'NON_RUNNER' });
    else if (laysGo && b.side === 'LAY' && b.placed_at_ms < removal.removed_at_ms)
      out.push({ bet_id: b.bet_id, reason: 'REDUCTION_FACTOR' });
  }
  return out;
}
