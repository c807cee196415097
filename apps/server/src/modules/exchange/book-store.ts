// The exchange's reads and writes of its own rows around a market's round: the market rows locked
// in market-id order, the runners, the resting book rebuilt from the bets, a user's matched parts,
// a repeated request's first answer, and a batch's changes as the one statement's rows. Every
// function takes the transaction (or executor) it runs on; none keeps state.
import { bookFromOrders, type OrderBook, type PositionBet, type RestingOrder } from '@backlay/engine';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/store.ts';
import { markets, runners } from '../markets/schema.ts';
import { bets } from './schema.ts';
import {
  type Changes,
  exposuresOf,
  repeatedOf,
  type MarketRow,
  type MarketState,
  type RunnerRow,
  type RunnerSpace,
  assertRowsOfMarket,
} from './batch.ts';
import type { PlaceBetOutcome } from './types.ts';
import * as q from './queries.ts';

/** Several markets' rows FOR UPDATE, locked in market-id order (the order of every round). */
export async function lockMarkets(tx: Tx, marketIds: readonly number[]): Promise<Map<number, MarketRow>> {
  const rows = await tx
    .select()
    .from(markets)
    .where(inArray(markets.marketId, [...marketIds]))
    .orderBy(asc(markets.marketId))
    .for('update');
  return new Map(rows.map((r) => [r.marketId, r]));
}

export async function lockMarket(tx: Tx, marketId: number): Promise<MarketRow | null> {
  const [row] = await tx.select().from(markets).where(eq(markets.marketId, marketId)).for('update');
  return row ?? null;
}

export async function runnersOf(tx: Executor, marketId: number): Promise<RunnerRow[]> {
  return tx
    .select({ selectionId: runners.selectionId, name: runners.name, status: runners.status })
    .from(runners)
    .where(eq(runners.marketId, marketId))
    .orderBy(asc(runners.sortOrder));
}

/** The resting orders' columns a book is rebuilt from. */
const restingColumns = {
  betId: bets.betId,
  marketId: bets.marketId,
  userId: bets.userId,
  selectionId: bets.selectionId,
  side: bets.side,
  price: bets.price,
  sizePaise: bets.sizePaise,
  remainingPaise: bets.remainingPaise,
  matchedPaise: bets.matchedPaise,
  cancelledPaise: bets.cancelledPaise,
  persistence: bets.persistence,
  seq: bets.seq,
};
type RestingRow = { [K in keyof typeof restingColumns]: (typeof bets.$inferSelect)[K] };

function bookOf(market: MarketRow, rows: readonly RestingRow[]): OrderBook {
  const orders: RestingOrder[] = rows.map((r) => ({
    order_id: String(r.betId),
    user_id: String(r.userId),
    selection_id: String(r.selectionId),
    side: r.side,
    price: r.price,
    size_paise: r.sizePaise,
    remaining_paise: r.remainingPaise,
    matched_paise: r.matchedPaise,
    cancelled_paise: r.cancelledPaise,
    persistence: r.persistence,
    seq: r.seq,
  }));
  return bookFromOrders(orders, {
    in_play: market.inPlay,
    closed: market.status === 'CLOSED',
    next_seq: market.nextSeq,
  });
}

export async function loadBook(tx: Executor, market: MarketRow): Promise<OrderBook> {
  const rows = await tx
    .select(restingColumns)
    .from(bets)
    .where(and(eq(bets.marketId, market.marketId), sql`${bets.resting}`));
  return bookOf(market, rows);
}

/** Several markets' books in one statement (exchange/warm.ts), by market id. */
export async function loadBooks(tx: Executor, rows: readonly MarketRow[]): Promise<Map<number, OrderBook>> {
  if (rows.length === 0) return new Map();
  const resting = await tx
    .select(restingColumns)
    .from(bets)
    .where(
      and(
        inArray(
          bets.marketId,
          rows.map((m) => m.marketId),
        ),
        sql`${bets.resting}`,
      ),
    );
  const byMarket = new Map<number, RestingRow[]>(rows.map((m) => [m.marketId, []]));
  for (const r of resting) byMarket.get(r.marketId)?.push(r);
  return new Map(rows.map((m) => [m.marketId, bookOf(m, byMarket.get(m.marketId)!)]));
}

/** A user's matched parts in a market, aggregated per (runner, side, price), from the fills. */
export async function matchedOf(tx: Executor, userId: number, marketId: number): Promise<PositionBet[]> {
  const rows = await q.matchedParts(tx, userId, marketId);
  return rows.map((r) => ({
    selection_id: String(r.selectionId),
    side: r.side,
    price: r.price,
    stake_paise: Number(r.total),
  }));
}

/**
 * What a batch did, as the rows to write: the new bets (with everything that happened to them in
 * the batch), the other bets' changes, the fills, traded volume, the exposure of every user
 * touched (computed from the state), and the market's next_seq.
 */
export function batchWriteOf(
  market: MarketRow,
  state: MarketState,
  ch: Changes,
  space: RunnerSpace,
  nextSeq: number,
): { write: q.BatchWrite; exposures: Map<number, number> } {
  const exposures = exposuresOf(state, space, ch.touched);
  const write: q.BatchWrite = {
    marketId: market.marketId,
    at: ch.at,
    newBets: ch.newBetRows(),
    deltas: ch.olderBetDeltas(),
    fills: ch.fills,
    traded: ch.traded,
    exposures,
    nextSeq: nextSeq === market.nextSeq ? null : nextSeq,
    cashOuts: ch.cashOuts,
  };
  assertRowsOfMarket(market, space.ids, write);
  return { write, exposures };
}

/** Writes what a batch did, in one statement. */
export async function flush(
  tx: Tx,
  market: MarketRow,
  state: MarketState,
  ch: Changes,
  space: RunnerSpace,
  nextSeq: number,
) {
  const { write, exposures } = batchWriteOf(market, state, ch, space, nextSeq);
  await q.writeBatch(tx, write);
  return exposures;
}

export async function repeatedResult(
  tx: Executor,
  userId: number,
  requestId: string,
): Promise<PlaceBetOutcome | null> {
  const [b] = await tx
    .select()
    .from(bets)
    .where(and(eq(bets.userId, userId), eq(bets.requestId, requestId)));
  return b ? repeatedOf(b) : null;
}

export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
