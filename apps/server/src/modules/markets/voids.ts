// The operator's voids on a market (market_voids: a runner, a time window of placing, named bets)
// as one SQL condition, so every kind's exposure — the bet check, recomputeHolds, the ledger check —
// leaves out exactly the bets settlement will void (packages/engine settleMarket: NON_RUNNER /
// SELECTION_VOID, BET_VOID, TIME_WINDOW). A position is a function of the bets that are not void
// over the runners still running.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { marketVoids } from './schema.ts';

export type VoidableBet = {
  /** The bet's market id column. */
  marketId: SQLWrapper;
  /** When the bet was placed (a window voids the bets placed inside it, ends included). */
  placedAt: SQLWrapper;
  /** The bet's runner, when its kind has runners (exchange, bookmaker); fancies have none. */
  selectionId?: SQLWrapper;
  /** The bet's id, when its kind can void single bets (the exchange). */
  betId?: SQLWrapper;
};

/** True for a bet that no void of its market touches (an SQL condition for the caller's WHERE). */
export function notVoided(b: VoidableBet): SQL {
  const selection = b.selectionId
    ? sql` or (v.kind = 'SELECTION' and v.selection_id = ${b.selectionId})`
    : sql``;
  const bet = b.betId ? sql` or (v.kind = 'BET' and v.bet_id = ${b.betId})` : sql``;
  return sql`not exists (select 1 from ${marketVoids} v where v.market_id = ${b.marketId} and (
    (v.kind = 'WINDOW' and ${b.placedAt} between v.from_at and v.to_at)${selection}${bet}))`;
}
