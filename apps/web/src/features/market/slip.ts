/** The bet slip's arithmetic: ticks, profit/liability and the positions a bet would make. */
import type { MarketRunner } from '@backlay/contract';
import {
  backWinPaise,
  isValidPrice,
  layLiabilityPaise,
  MAX_PRICE,
  MIN_PRICE,
  ticksDown,
  ticksUp,
  positionsIfMatchedPaise,
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
 * The position (rupees) of every runner if the bet matched in full: the engine adds the bet to the
 * matched positions the server reports, exactly (each runner's `position_rest`, what the server's
 * rounding dropped, is carried; absent from an older server, taken as 0), and rounds once.
 */
export function positionsAfter(
  market: {
    /** How many runners win (contract MarketDetail): a place market's figures are per runner. */
    winners: number;
    runners: readonly Pick<MarketRunner, 'selection_id' | 'position' | 'position_rest'>[];
  },
  sel: Pick<SlipSelection, 'selection_id' | 'side' | 'price'>,
  stakePaise: number | null,
): Map<number, number> {
  const out = new Map<number, number>();
  if (
    !stakePaise ||
    !isValidPrice(sel.price) ||
    !market.runners.some((r) => r.selection_id === sel.selection_id)
  ) {
    for (const r of market.runners) out.set(r.selection_id, r.position);
    return out;
  }
  const after = positionsIfMatchedPaise(
    market.runners.map((r) => ({
      selection_id: String(r.selection_id),
      pnl_paise: Math.round(r.position * 100),
      rest: r.position_rest ?? 0,
    })),
    { selection_id: String(sel.selection_id), side: sel.side, price: sel.price, stake_paise: stakePaise },
    { winners: market.winners },
  );
  market.runners.forEach((r, i) => out.set(r.selection_id, after[i]! / 100));
  return out;
}
