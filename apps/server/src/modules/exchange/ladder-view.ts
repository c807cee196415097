// The ladders bettors see, built in one place: the WebSocket market image (getMarketImage), the
// match page (getMatchDetail) and the home list's main_odds (bestPrices) all turn resting sizes per
// level into ladders here (laddersBySelection). The match page and the home list read the levels
// with queries.restingLevels; the image reads the same grouping inside its one statement (the
// market, runners and levels as one snapshot), so a change to what "resting" means goes to both.
import type { MarketImage, PriceSize, RunnerLevels } from '@backlay/contract';
import { sql } from 'drizzle-orm';
import { bets } from './schema.ts';
import { markets, runners } from '../markets/schema.ts';
import type { Executor } from '../../db/store.ts';
import * as q from './queries.ts';
import type { StampedImage } from '../../plugins/price-sequence.ts';

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

/**
 * The WebSocket image of a market (rupees and decimal odds), null for an unknown market. One
 * statement (issue 48): the market row, its runners and the resting sizes per level are one
 * snapshot, so the version always names the book it comes with; the market makers read one at
 * each visit, and every push after a change reads one.
 */
export async function readMarketImage(db: Executor, marketId: number): Promise<MarketImage | null> {
  return (await readStampedImage(db, marketId))?.image ?? null;
}

/** A market's image and the book state it shows (its `next_seq`): the price sequence's type. */
export type { StampedImage };

/** `readMarketImage` with its stamp, read in the same statement. */
export async function readStampedImage(db: Executor, marketId: number): Promise<StampedImage | null> {
  const res = await db.execute(sql`
    with lv as (
      select ${bets.selectionId} as selection_id, ${bets.side} as side, ${bets.price} as price,
        sum(${bets.remainingPaise})::text as total
      from ${bets} where ${bets.marketId} = ${marketId} and ${bets.resting}
      group by ${bets.selectionId}, ${bets.side}, ${bets.price})
    select m.status, m.in_play, m.version, m.next_seq,
      r.selection_id, r.status as runner_status, r.traded_paise::text as traded,
      lv.side, lv.price, lv.total
    from ${markets} m
    left join ${runners} r on r.market_id = m.market_id
    left join lv on lv.selection_id = r.selection_id
    where m.market_id = ${marketId}
    order by r.sort_order, r.selection_id`);
  const rows = (res as unknown as { rows: ImageRow[] }).rows;
  const head = rows[0];
  if (!head) return null;
  const levels: RestingLevel[] = [];
  const order: { selectionId: number; status: RunnerLevels['status']; traded: number }[] = [];
  for (const r of rows) {
    if (r.selection_id === null) continue;
    const selectionId = Number(r.selection_id);
    if (order.at(-1)?.selectionId !== selectionId)
      order.push({ selectionId, status: r.runner_status!, traded: Number(r.traded) });
    if (r.side !== null)
      levels.push({ selectionId, side: r.side, price: Number(r.price), total: Number(r.total) });
  }
  const ladders = laddersBySelection(levels);
  const image: MarketImage = {
    market_id: marketId,
    status: head.status,
    in_play: head.in_play,
    version: Number(head.version),
    runners: order.map((r): RunnerLevels => ({
      selection_id: r.selectionId,
      status: r.status,
      ...ladderOf(ladders, r.selectionId),
      traded_volume: rupees(r.traded),
    })),
  };
  return { image, stamp: Number(head.next_seq) };
}

/** A row of readMarketImage's statement: the market, one runner (null: none), one level (null: none). */
type ImageRow = {
  status: MarketImage['status'];
  in_play: boolean;
  version: number | string;
  next_seq: number | string;
  selection_id: number | null;
  runner_status: RunnerLevels['status'] | null;
  traded: string | null;
  side: 'BACK' | 'LAY' | null;
  price: number | null;
  total: string | null;
};
