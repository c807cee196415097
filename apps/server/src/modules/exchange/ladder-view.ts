// The ladders bettors see, built in one place: the WebSocket market image (getMarketImage), the
// match page (getMatchDetail) and the home list's main_odds (bestPrices) all read the resting
// sizes per level (queries.restingLevels) and turn them into ladders here.
import type { MarketImage, PriceSize, RunnerLevels } from '@backlay/contract';
import { asc, eq } from 'drizzle-orm';
import { markets, runners } from '../../db/schema.ts';
import type { Executor } from '../../db/store.ts';
import * as q from './queries.ts';

/** Levels shown each side of a runner: the best three prices to back at and the best three to lay at. */
export const LADDER_DEPTH = 3;

const rupees = (paise: number) => Math.round(paise) / 100;

/** Unmatched size resting at one price of one side of a runner (a row of queries.restingLevels). */
export type RestingLevel = { selectionId: number; side: 'BACK' | 'LAY'; price: number; total: number };

/** A runner's ladder on the wire: decimal odds, rupees. */
export type Ladder = { back: PriceSize[]; lay: PriceSize[] };

/**
 * Each runner's ladder, Betfair style: `back` = the resting LAYs (what a bettor can back at),
 * highest price first; `lay` = the resting BACKs (what a bettor can lay at), lowest price first;
 * LADDER_DEPTH levels each side at most. Keyed by selection id (unique across markets).
 */
export function laddersBySelection(levels: readonly RestingLevel[]): Map<number, Ladder> {
  const bySel = new Map<number, { back: RestingLevel[]; lay: RestingLevel[] }>();
  for (const l of levels) {
    const e = bySel.get(l.selectionId) ?? { back: [], lay: [] };
    // Resting LAYs are what a bettor can BACK at; resting BACKs what they can LAY at.
    (l.side === 'LAY' ? e.back : e.lay).push(l);
    bySel.set(l.selectionId, e);
  }
  const wire = (l: RestingLevel): PriceSize => ({ price: l.price / 100, size: rupees(l.total) });
  const out = new Map<number, Ladder>();
  for (const [sel, e] of bySel) {
    out.set(sel, {
      back: e.back
        .sort((a, b) => b.price - a.price)
        .slice(0, LADDER_DEPTH)
        .map(wire),
      lay: e.lay
        .sort((a, b) => a.price - b.price)
        .slice(0, LADDER_DEPTH)
        .map(wire),
    });
  }
  return out;
}

/** A runner's ladder from `laddersBySelection`, empty when nothing rests on it. */
export const ladderOf = (ladders: ReadonlyMap<number, Ladder>, selectionId: number): Ladder =>
  ladders.get(selectionId) ?? { back: [], lay: [] };

/** The best price to back at and to lay at (decimal odds, null when none): the top of each ladder. */
export type BestPrice = { back: number | null; lay: number | null };

export function bestPricesBySelection(levels: readonly RestingLevel[]): Map<number, BestPrice> {
  const best = new Map<number, BestPrice>();
  for (const [sel, l] of laddersBySelection(levels)) {
    best.set(sel, { back: l.back[0]?.price ?? null, lay: l.lay[0]?.price ?? null });
  }
  return best;
}

/** Ladders of the runners of several markets, read in one query. */
export async function readLadders(db: Executor, marketIds: number[]): Promise<Map<number, Ladder>> {
  return laddersBySelection(await q.restingLevels(db, marketIds));
}

/** Best back/lay price by selection id of the runners of several markets (the home list's main_odds). */
export async function readBestPrices(db: Executor, marketIds: number[]): Promise<Map<number, BestPrice>> {
  return bestPricesBySelection(await q.restingLevels(db, marketIds));
}

/** The WebSocket image of a market (rupees and decimal odds), null for an unknown market. */
export async function readMarketImage(db: Executor, marketId: number): Promise<MarketImage | null> {
  const [market] = await db.select().from(markets).where(eq(markets.marketId, marketId));
  if (!market) return null;
  const [runnerRows, ladders] = await Promise.all([
    db
      .select({
        selectionId: runners.selectionId,
        status: runners.status,
        tradedPaise: runners.tradedPaise,
      })
      .from(runners)
      .where(eq(runners.marketId, marketId))
      .orderBy(asc(runners.sortOrder)),
    readLadders(db, [marketId]),
  ]);
  return {
    market_id: market.marketId,
    status: market.status,
    in_play: market.inPlay,
    version: market.version,
    runners: runnerRows.map((r): RunnerLevels => ({
      selection_id: r.selectionId,
      status: r.status,
      ...ladderOf(ladders, r.selectionId),
      traded_volume: rupees(r.tradedPaise),
    })),
  };
}
