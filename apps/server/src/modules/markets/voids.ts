// The operator's voids on a market (market_voids: a runner, a time window of placing, named bets)
// as one SQL condition, so every kind's exposure — the bet check, recomputeHolds, the ledger check —
// leaves out exactly the bets settlement will void (packages/engine settleMarket: NON_RUNNER /
// SELECTION_VOID, BET_VOID, TIME_WINDOW). A position is a function of the bets that are not void
// over the runners still running.
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/store.ts';
import { marketSettlements, marketVoids } from './schema.ts';

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

/** The operator's words as stored: trimmed, null for none (an empty reason is none). */
export const reasonOf = (text: string | null | undefined): string | null => text?.trim() || null;

/**
 * What void touches a bet, as one SQL text column for the caller's SELECT (`void_reason`): null
 * while none does; else the operator's words, '' when none were given. The whole market's void
 * (its settlement) first, then the first of the market's voids that covers the bet (the same
 * conditions as `notVoided`), so a bettor reads the reason that voided the bet.
 */
export function voidReasonOf(b: VoidableBet): SQL<string | null> {
  const selection = b.selectionId
    ? sql` or (v.kind = 'SELECTION' and v.selection_id = ${b.selectionId})`
    : sql``;
  const bet = b.betId ? sql` or (v.kind = 'BET' and v.bet_id = ${b.betId})` : sql``;
  return sql<string | null>`coalesce(
    (select coalesce(s.void_reason, '') from ${marketSettlements} s
      where s.market_id = ${b.marketId} and s.state = 'SETTLED' and s.void_market),
    (select coalesce(v.reason, '') from ${marketVoids} v where v.market_id = ${b.marketId} and (
      (v.kind = 'WINDOW' and ${b.placedAt} between v.from_at and v.to_at)${selection}${bet})
      order by v.void_id limit 1))`;
}

/**
 * The voids a market page shows: whole markets voided with the operator's words ('' none), and
 * runners voided with theirs and the reduction factor of a removal (basis points, 0 for a plain
 * runner void).
 */
export type MarketsVoids = {
  markets: Map<number, string>;
  runners: Map<number, { reason: string; reductionBp: number }>;
};

/** The whole-market voids (settled void) and runner voids of these markets, for their pages. */
export async function voidsOfMarkets(db: Executor, marketIds: readonly number[]): Promise<MarketsVoids> {
  const out: MarketsVoids = { markets: new Map(), runners: new Map() };
  if (marketIds.length === 0) return out;
  const ids = [...marketIds];
  const [whole, runnerVoids] = await Promise.all([
    db
      .select({ marketId: marketSettlements.marketId, reason: marketSettlements.voidReason })
      .from(marketSettlements)
      .where(
        and(
          inArray(marketSettlements.marketId, ids),
          eq(marketSettlements.state, 'SETTLED'),
          eq(marketSettlements.voidMarket, true),
        ),
      ),
    db
      .select({
        selectionId: marketVoids.selectionId,
        reason: marketVoids.reason,
        reductionBp: marketVoids.reductionBp,
      })
      .from(marketVoids)
      .where(and(inArray(marketVoids.marketId, ids), eq(marketVoids.kind, 'SELECTION'))),
  ]);
  for (const w of whole) out.markets.set(w.marketId, w.reason ?? '');
  for (const r of runnerVoids) {
    out.runners.set(r.selectionId!, { reason: r.reason ?? '', reductionBp: r.reductionBp });
  }
  return out;
}
