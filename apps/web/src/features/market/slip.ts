/** The bet slip's arithmetic: ticks, profit/liability and the positions a bet would make. */
import type { MarketDetail } from '@backlay/contract';
import {
  backWinPaise,
  isValidPrice,
  layLiabilityPaise,
  MAX_PRICE,
  MIN_PRICE,
  ticksDown,
  ticksUp,
  whatIf,
  type OrderSide,
} from '@backlay/engine';

export type Side = OrderSide;

export type SlipSelection = {
  market_id: number;
  selection_id: number;
  side: Side;
  /** Integer hundredths, always on the ladder. */
  price: number;
};

export const stepUp = (price: number): number => (price >= MAX_PRICE ? MAX_PRICE : ticksUp(price));
export const stepDown = (price: number): number => (price <= MIN_PRICE ? MIN_PRICE : ticksDown(price));

/** Whole-rupee or 2-decimal stake typed by the user, in paise; null when not a positive amount. */
export function stakeToPaise(stake: string): number | null {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(stake.trim())) return null;
  const paise = Math.round(Number(stake) * 100);
  return paise > 0 ? paise : null;
}

/** Back: what the bet wins. Lay: what it risks. Rupees; 0 for no stake. */
export function profitOrLiability(side: Side, price: number, stakePaise: number | null): number {
  if (!stakePaise || !isValidPrice(price)) return 0;
  return (side === 'BACK' ? backWinPaise(stakePaise, price) : layLiabilityPaise(stakePaise, price)) / 100;
}

/**
 * The position (rupees) of every runner if the bet matched in full: the engine's what-if of the
 * bet alone, added to the matched positions the server reports.
 */
export function positionsAfter(
  market: Pick<MarketDetail, 'runners'>,
  sel: Pick<SlipSelection, 'selection_id' | 'side' | 'price'>,
  stakePaise: number | null,
): Map<number, number> {
  const out = new Map<number, number>();
  const ids = market.runners.map((r) => String(r.selection_id));
  if (!stakePaise || !isValidPrice(sel.price)) {
    for (const r of market.runners) out.set(r.selection_id, r.position);
    return out;
  }
  const w = whatIf(
    ids,
    { matched: [] },
    { selection_id: String(sel.selection_id), side: sel.side, price: sel.price, stake_paise: stakePaise },
  );
  market.runners.forEach((r, i) => {
    const delta = w.if_matched.runners[i]?.pnl_paise ?? 0;
    out.set(r.selection_id, Math.round(r.position * 100 + delta) / 100);
  });
  return out;
}
