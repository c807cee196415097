// Horse racing non-runners on the exchange (docs/settlement.md "Non-runners"): what a runner's
// removal with a reduction factor does to the bets on the other runners, and how a place market's
// result is checked. The arithmetic is the engine's (packages/engine settlement/reduction.ts).
//
// One truth: the reduced price is written INTO the fills (and each bet's matched_value follows),
// so positions, holds, bet views, reports and settlement all read it and settlement passes no
// `removals` to the engine. Every fill and resting bet the market holds under the lock of the
// removal was matched or placed before it.
import {
  reducedPrice,
  removalReducesPrices,
  settleMarket,
  SettlementError,
  unmatchedBetsCancelledByRemoval,
  type RunnerRemoval,
  type SettleMarketKind,
} from '@backlay/engine';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { bets, fills } from './schema.ts';
import { markets, runners } from '../markets/schema.ts';
import { marketVoids } from '../markets/schema.ts';
import type { Executor, Tx } from '../../db/store.ts';
import { PLACE_MARKET_TYPE } from './kind.ts';
import { oneWinnerRefusal, type DeclaredWinners, type MarketRow } from '../markets/registry.ts';

/** Rows per multi-row UPDATE: keeps every statement's parameter count far below PostgreSQL's 65,535. */
const UPDATE_CHUNK_ROWS = 1_000;

/** The engine's arithmetic for the market: a place market's, or the win (match odds) one. */
export const settleKindOf = (market: Pick<MarketRow, 'marketType'>): SettleMarketKind =>
  market.marketType === PLACE_MARKET_TYPE ? 'PLACE' : 'MATCH_ODDS';

/**
 * A declared result of an exchange market: a place market takes every placed runner and dead
 * heats for the last places (checked by the engine's own rules, on no bets); the others one winner
 * or a dead heat of all of them.
 */
export function checkExchangeResult(
  market: MarketRow,
  result: DeclaredWinners,
  running: number,
): string | null {
  if (settleKindOf(market) !== 'PLACE') return oneWinnerRefusal(result);
  try {
    settleMarket({
      market: { market_id: String(market.marketId), kind: 'PLACE' },
      bets: [],
      result: {
        winners: result.winners.map(String),
        dead_heat_count: result.dead_heat_count,
        dead_heats: (result.dead_heats ?? []).map((g) => ({
          selection_ids: g.selection_ids.map(String),
          places: g.places,
        })),
      },
    });
  } catch (err) {
    if (err instanceof SettlementError) return `Cannot settle: ${err.message}`;
    throw err;
  }
  // Exposure was held over exactly min(places, running) placed (markets.winners): a result that
  // places fewer would charge a backer more than the hold, one that places more a layer.
  const places = Math.min(market.winners, running);
  const shared = new Set((result.dead_heats ?? []).flatMap((g) => g.selection_ids));
  const paid =
    result.winners.filter((w) => !shared.has(w)).length +
    (result.dead_heats ?? []).reduce((t, g) => t + g.places, 0);
  if (result.dead_heat_count !== 1) {
    return 'A place market takes dead_heats for the places shared, not dead_heat_count';
  }
  if (paid !== places) {
    return `This market pays ${places} place${places === 1 ? '' : 's'}: the result names ${paid}`;
  }
  return null;
}

/**
 * The kind's `runnerRemoved`: in the caller's transaction, under the market lock, after the
 * runner's SELECTION void and status REMOVED. Reduces the price of every fill on the runners
 * still running (win and match odds: at 2.5 % or more, price × (1 − RF); place: always,
 * 1 + (price − 1)(1 − RF); never below 1.01; a second removal reduces again) and each bet's
 * matched_value with it; cancels the unmatched lays on them (2.5 % win, 4.0 % place) and what
 * rests on the removed runner; moves next_seq so every node's cached book and positions of the
 * market are rebuilt. The caller then recomputes the holds.
 * Long because it is one reduction, in order under the market's lock: the factor, the fills'
 * prices, the bets' remainders and the book's sequence.
 */
export async function reduceOnRemoval(
  tx: Tx,
  market: MarketRow,
  selectionId: number,
  reductionBp: number,
  at: Date,
): Promise<void> {
  const kind = settleKindOf(market);
  const marketId = market.marketId;
  const running = (
    await tx
      .select({ selectionId: runners.selectionId })
      .from(runners)
      .where(and(eq(runners.marketId, marketId), ne(runners.status, 'REMOVED')))
  ).map((r) => r.selectionId);

  const resting = await tx
    .select({ betId: bets.betId, selectionId: bets.selectionId, side: bets.side, placedAt: bets.placedAt })
    .from(bets)
    .where(and(eq(bets.marketId, marketId), sql`${bets.resting}`));
  const matched =
    running.length === 0 || !removalReducesPrices(kind, reductionBp)
      ? []
      : await tx
          .select({
            fillId: fills.fillId,
            selectionId: fills.selectionId,
            price: fills.price,
            sizePaise: fills.sizePaise,
            backBetId: fills.backBetId,
            layBetId: fills.layBetId,
            createdAt: fills.createdAt,
          })
          .from(fills)
          .where(and(eq(fills.marketId, marketId), inArray(fills.selectionId, running)));

  // The removal comes after everything the locked market holds, even within the clock's millisecond.
  let latestMs = at.getTime();
  for (const r of resting) latestMs = Math.max(latestMs, r.placedAt.getTime());
  for (const f of matched) latestMs = Math.max(latestMs, f.createdAt.getTime());
  const removal: RunnerRemoval = {
    selection_id: String(selectionId),
    removed_at_ms: latestMs + 1,
    reduction_factor_bp: reductionBp,
  };

  // Matched: each fill's price reduced, each side's bet's matched_value by size × the change.
  const newPrice: [number, number][] = [];
  const valueDelta = new Map<number, number>();
  for (const f of matched) {
    const price = reducedPrice(
      kind,
      { selection_id: String(f.selectionId), price: f.price, matched_at_ms: f.createdAt.getTime() },
      [removal],
    );
    if (price === f.price) continue;
    newPrice.push([f.fillId, price]);
    const delta = f.sizePaise * (price - f.price);
    for (const betId of [f.backBetId, f.layBetId])
      valueDelta.set(betId, (valueDelta.get(betId) ?? 0) + delta);
  }
  for (let i = 0; i < newPrice.length; i += UPDATE_CHUNK_ROWS) {
    const values = sql.join(
      newPrice.slice(i, i + UPDATE_CHUNK_ROWS).map(([id, price]) => sql`(${id}::bigint, ${price}::integer)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${fills} set price = v.price from (values ${values}) as v(id, price) where ${fills.fillId} = v.id`);
  }
  const deltas = [...valueDelta];
  for (let i = 0; i < deltas.length; i += UPDATE_CHUNK_ROWS) {
    const values = sql.join(
      deltas.slice(i, i + UPDATE_CHUNK_ROWS).map(([id, d]) => sql`(${id}::bigint, ${d}::bigint)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${bets} set matched_value = matched_value + v.d, updated_at = ${at}
        from (values ${values}) as v(id, d) where ${bets.betId} = v.id`);
  }

  // Unmatched: the removed runner's, and the lays on the others at the kind's threshold.
  const cancelled = unmatchedBetsCancelledByRemoval(
    kind,
    removal,
    resting.map((r) => ({
      bet_id: String(r.betId),
      selection_id: String(r.selectionId),
      side: r.side,
      placed_at_ms: r.placedAt.getTime(),
    })),
  ).map((c) => Number(c.bet_id));
  for (let i = 0; i < cancelled.length; i += UPDATE_CHUNK_ROWS) {
    await tx
      .update(bets)
      .set({
        cancelledPaise: sql`${bets.cancelledPaise} + ${bets.remainingPaise}`,
        remainingPaise: 0,
        endReason: 'CANCELLED',
        updatedAt: at,
      })
      .where(and(inArray(bets.betId, cancelled.slice(i, i + UPDATE_CHUNK_ROWS)), sql`${bets.resting}`));
  }

  // Every node's cached book and positions of the market are stale now. The time-priority
  // sequence is the exchange's book state kept on the market row (allowed in arch.test.ts).
  // eslint-disable-next-line no-restricted-syntax
  await tx
    .update(markets)
    .set({ nextSeq: sql`${markets.nextSeq} + 1` })
    .where(eq(markets.marketId, marketId));
}

/** The refusal of a bet sent on a market version older than a runner's removal. */
export const RUNNER_REMOVED_MESSAGE =
  'The market changed (a runner was removed): check the prices and place again';

/** Whether a runner of the market was removed after the bettor saw version `seenVersion`. */
export async function removedSince(db: Executor, marketId: number, seenVersion: number): Promise<boolean> {
  // Versions are 32-bit: a version sent beyond them compares as the nearest one.
  const seen = Math.max(-2_147_483_648, Math.min(2_147_483_647, Math.trunc(seenVersion)));
  const [row] = await db
    .select({ voidId: marketVoids.voidId })
    .from(marketVoids)
    .where(
      and(
        eq(marketVoids.marketId, marketId),
        eq(marketVoids.kind, 'SELECTION'),
        gt(marketVoids.marketVersion, seen),
      ),
    )
    .limit(1);
  return row !== undefined;
}
