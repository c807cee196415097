import type { Bet, MarketImage, RunnerLevels } from '@backlay/contract';
import {
  bookFromOrders,
  cancelOrder,
  closeBook,
  isValidPrice,
  MAX_ORDER_PAISE,
  marketPosition,
  placeOrder,
  setInPlay as bookSetInPlay,
  unmatchedBetsOf,
  type BookEvent,
  type OrderBook,
  type PositionBet,
  type RestingOrder,
} from '@backlay/engine';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  bets,
  fills,
  marketExposures,
  markets,
  marketSettlements,
  matches,
  runners,
} from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/store.ts';
import type { ExposureEntry } from '../wallet/service.ts';
import type {
  CancelOutcome,
  ExchangeService,
  MarketInfo,
  MarketStatus,
  PlaceBetOutcome,
  PlaceBetRequest,
  Sleeper,
} from './types.ts';
import * as q from './queries.ts';

export type * from './types.ts';

/** A refusal raised inside a transaction: rolls it back and becomes `{ ok: false, message }`. */
class Refusal extends Error {}

const realSleep: Sleeper = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export type ExchangeOptions = {
  /** Waits the in-play bet delay; tests pass one that resolves at once (or on their cue). */
  sleep?: Sleeper;
  /** Keep each market's book in memory between commands (default true); false rebuilds it every time. */
  bookCache?: boolean;
};

type MarketRow = typeof markets.$inferSelect;
type RunnerRow = { selectionId: number; name: string; status: 'ACTIVE' | 'WINNER' | 'LOSER' | 'REMOVED' };

const rupees = (paise: number) => Math.round(paise) / 100;
/** Average matched price in hundredths → decimal odds with 2 decimals (0 when nothing matched). */
export const averageOdds = (value: number, matched: number) =>
  matched > 0 ? Math.round(value / matched) / 100 : 0;

/** A bet's status from its amounts (open markets) or its settlement. */
export function betStatusOf(b: {
  matchedPaise: number;
  remainingPaise: number;
  endReason: 'CANCELLED' | 'LAPSED' | null;
  settledStatus: 'VOIDED' | 'SETTLED' | null;
}): Bet['status'] {
  if (b.settledStatus) return b.settledStatus;
  if (b.remainingPaise > 0) return b.matchedPaise > 0 ? 'PARTIAL' : 'UNMATCHED';
  if (b.matchedPaise > 0) return 'MATCHED';
  return b.endReason ?? 'CANCELLED';
}

/** Matched parts summed per (runner, side, price), as the stored fills are read (same rounding). */
function aggregate(parts: PositionBet[]): PositionBet[] {
  const by = new Map<string, PositionBet>();
  for (const p of parts) {
    const k = `${p.selection_id}:${p.side}:${p.price}`;
    const cur = by.get(k);
    by.set(k, cur ? { ...cur, stake_paise: cur.stake_paise + p.stake_paise } : p);
  }
  return [...by.values()];
}

function placeStatusOf(matched: number, remaining: number): 'MATCHED' | 'PARTIAL' | 'UNMATCHED' {
  if (remaining === 0) return 'MATCHED';
  return matched > 0 ? 'PARTIAL' : 'UNMATCHED';
}

/** Best 3 levels per side from the aggregated resting sizes, Betfair style (see ladderView). */
function levelsFrom(rows: { selectionId: number; side: 'BACK' | 'LAY'; price: number; total: number }[]) {
  const bySel = new Map<
    number,
    { back: { price: number; size: number }[]; lay: { price: number; size: number }[] }
  >();
  for (const r of rows) {
    const e = bySel.get(r.selectionId) ?? { back: [], lay: [] };
    // Resting LAYs are what a bettor can BACK at; resting BACKs what they can LAY at.
    (r.side === 'LAY' ? e.back : e.lay).push({ price: r.price, size: r.total });
    bySel.set(r.selectionId, e);
  }
  const out = new Map<
    number,
    { back: { price: number; size: number }[]; lay: { price: number; size: number }[] }
  >();
  for (const [sel, e] of bySel) {
    out.set(sel, {
      back: e.back
        .sort((a, b) => b.price - a.price)
        .slice(0, 3)
        .map((l) => ({ price: l.price / 100, size: rupees(l.size) })),
      lay: e.lay
        .sort((a, b) => a.price - b.price)
        .slice(0, 3)
        .map((l) => ({ price: l.price / 100, size: rupees(l.size) })),
    });
  }
  return out;
}

export function createExchangeService(app: FastifyInstance, options: ExchangeOptions = {}) {
  const db = app.db;
  const sleep = options.sleep ?? realSleep;
  const now = () => app.clock.now();
  const useCache = options.bookCache ?? true;
  /**
   * Books by market, valid while the market row's next_seq equals `stamp`: every command that
   * changes a book moves next_seq under the market lock, so another node's change (or anything
   * this node did not commit) makes the entry stale. An entry is taken out for the length of a
   * transaction and put back only after the commit; a rollback simply loses it.
   */
  const books = new Map<number, { stamp: number; book: OrderBook }>();

  /** The market's book (cached or rebuilt), to be handed back with `keepBook` after the commit. */
  async function takeBook(tx: Tx, market: MarketRow): Promise<OrderBook> {
    const entry = books.get(market.marketId);
    books.delete(market.marketId);
    if (entry && entry.stamp === market.nextSeq) {
      entry.book.next_seq = market.nextSeq;
      entry.book.in_play = market.inPlay;
      entry.book.closed = market.status === 'CLOSED';
      return entry.book;
    }
    return loadBook(tx, market);
  }

  /** Moves the market's stamp on (the book changed); returns the new one. */
  async function bumpStamp(tx: Tx, market: MarketRow): Promise<number> {
    const stamp = market.nextSeq + 1;
    await tx.update(markets).set({ nextSeq: stamp }).where(eq(markets.marketId, market.marketId));
    return stamp;
  }

  function keepBook(marketId: number, stamp: number, book: OrderBook) {
    if (useCache) books.set(marketId, { stamp, book });
  }

  async function lockMarket(tx: Tx, marketId: number): Promise<MarketRow | null> {
    const [row] = await tx.select().from(markets).where(eq(markets.marketId, marketId)).for('update');
    return row ?? null;
  }

  async function runnersOf(tx: Executor, marketId: number): Promise<RunnerRow[]> {
    return tx
      .select({ selectionId: runners.selectionId, name: runners.name, status: runners.status })
      .from(runners)
      .where(eq(runners.marketId, marketId))
      .orderBy(asc(runners.sortOrder));
  }

  async function loadBook(tx: Tx, market: MarketRow): Promise<OrderBook> {
    const rows = await tx
      .select({
        betId: bets.betId,
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
      })
      .from(bets)
      .where(and(eq(bets.marketId, market.marketId), gt(bets.remainingPaise, 0)));
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

  /** A user's matched parts in a market, aggregated per (runner, side, price). */
  async function matchedOf(tx: Executor, userId: number, marketId: number): Promise<PositionBet[]> {
    const rows = await q.matchedParts(tx, userId, marketId);
    return rows.map((r) => ({
      selection_id: String(r.selectionId),
      side: r.side,
      price: r.price,
      stake_paise: Number(r.total),
    }));
  }

  /** The exposure of one user in one market from the stored fills and the book's unmatched orders. */
  async function exposureFromBook(
    tx: Tx,
    userId: number,
    marketId: number,
    selIds: string[],
    book: OrderBook,
  ) {
    const matched = await matchedOf(tx, userId, marketId);
    return marketPosition(selIds, { matched, unmatched: unmatchedBetsOf(book, String(userId)) })
      .exposure_paise;
  }

  async function storeExposure(tx: Tx, userId: number, marketId: number, exposurePaise: number) {
    await tx
      .insert(marketExposures)
      .values({ userId, marketId, exposurePaise, updatedAt: now() })
      .onConflictDoUpdate({
        target: [marketExposures.userId, marketExposures.marketId],
        set: { exposurePaise, updatedAt: now() },
      });
  }

  /**
   * Writes what a command's events did to the bets (fills to both sides, cancels and lapses to the
   * order) and the fills table, and recomputes the stored exposure of every user touched.
   * Returns the touched user ids.
   */
  async function applyEvents(
    tx: Tx,
    market: MarketRow,
    book: OrderBook,
    events: BookEvent[],
    selIds: string[],
    alsoUsers: number[] = [],
    /** Exposures already computed in this transaction (after these events), by user. */
    known: Map<number, number> = new Map(),
  ): Promise<Set<number>> {
    const at = now();
    const touched = new Set<number>(alsoUsers);
    // Per bet: matched and value added, cancelled added, end reason.
    const delta = new Map<
      number,
      { matched: number; value: number; cancelled: number; end: 'CANCELLED' | 'LAPSED' | null }
    >();
    const d = (betId: number) => {
      let e = delta.get(betId);
      if (!e) {
        e = { matched: 0, value: 0, cancelled: 0, end: null };
        delta.set(betId, e);
      }
      return e;
    };
    const fillRows: (typeof fills.$inferInsert)[] = [];
    const traded = new Map<number, number>();
    for (const e of events) {
      if (e.type === 'FILL') {
        const maker = Number(e.maker_order_id);
        const taker = Number(e.taker_order_id);
        for (const id of [maker, taker]) {
          const x = d(id);
          x.matched += e.size_paise;
          x.value += e.size_paise * e.price;
        }
        touched.add(Number(e.maker_user_id)).add(Number(e.taker_user_id));
        const takerBack = e.taker_side === 'BACK';
        fillRows.push({
          marketId: market.marketId,
          selectionId: Number(e.selection_id),
          price: e.price,
          sizePaise: e.size_paise,
          backBetId: takerBack ? taker : maker,
          layBetId: takerBack ? maker : taker,
          backUserId: Number(takerBack ? e.taker_user_id : e.maker_user_id),
          layUserId: Number(takerBack ? e.maker_user_id : e.taker_user_id),
          takerBetId: taker,
          createdAt: at,
        });
        const sel = Number(e.selection_id);
        traded.set(sel, (traded.get(sel) ?? 0) + e.size_paise);
      } else if (e.type === 'CANCEL' || e.type === 'LAPSE') {
        const x = d(Number(e.order_id));
        x.cancelled += e.size_paise;
        x.end = e.type === 'CANCEL' ? 'CANCELLED' : 'LAPSED';
        touched.add(Number(e.user_id));
      }
    }
    for (const [betId, x] of delta) {
      await tx
        .update(bets)
        .set({
          matchedPaise: sql`${bets.matchedPaise} + ${x.matched}`,
          remainingPaise: sql`${bets.remainingPaise} - ${x.matched + x.cancelled}`,
          matchedValue: sql`${bets.matchedValue} + ${x.value}`,
          cancelledPaise: sql`${bets.cancelledPaise} + ${x.cancelled}`,
          ...(x.end ? { endReason: x.end } : {}),
          updatedAt: at,
        })
        .where(eq(bets.betId, betId));
    }
    if (fillRows.length > 0) await tx.insert(fills).values(fillRows);
    for (const [sel, size] of traded) {
      await tx
        .update(runners)
        .set({ tradedPaise: sql`${runners.tradedPaise} + ${size}` })
        .where(eq(runners.selectionId, sel));
    }
    for (const userId of touched) {
      const k = known.get(userId);
      if (k !== undefined) {
        await storeExposure(tx, userId, market.marketId, k);
        continue;
      }
      await storeExposure(
        tx,
        userId,
        market.marketId,
        await exposureFromBook(tx, userId, market.marketId, selIds, book),
      );
    }
    return touched;
  }

  function publish(marketId: number, users: Iterable<number>, marketChanged = true) {
    if (marketChanged) app.bus.publish('market', { market_id: marketId });
    for (const user_id of users) app.bus.publish('user', { user_id, market_id: marketId });
  }

  async function repeatedResult(
    tx: Executor,
    userId: number,
    requestId: string,
  ): Promise<PlaceBetOutcome | null> {
    const [b] = await tx
      .select()
      .from(bets)
      .where(and(eq(bets.userId, userId), eq(bets.requestId, requestId)));
    if (!b) return null;
    const remaining = b.sizePaise - b.placedMatchedPaise;
    return {
      ok: true,
      bet_id: b.betId,
      status: placeStatusOf(b.placedMatchedPaise, remaining),
      size_matched_paise: b.placedMatchedPaise,
      size_remaining_paise: remaining,
      average_price_matched: b.placedMatchedPaise > 0 ? b.placedMatchedValue / b.placedMatchedPaise : null,
      repeated: true,
    };
  }

  function checkMarket(market: MarketRow | null | undefined, request: PlaceBetRequest): MarketRow {
    if (!market) throw new Refusal('Unknown market');
    if (request.match_id !== undefined && market.matchId !== request.match_id) {
      throw new Refusal('Unknown market for this match');
    }
    if (market.status !== 'OPEN') {
      throw new Refusal(
        market.status === 'SUSPENDED' ? 'Market is suspended' : 'Market is not open for betting',
      );
    }
    if (request.version !== undefined && request.version !== market.version) {
      throw new Refusal('Market has changed since you saw it; check the prices and try again');
    }
    if (request.size_paise < market.minStakePaise) {
      throw new Refusal(`Minimum stake is ${rupees(market.minStakePaise)}`);
    }
    if (request.size_paise > market.maxStakePaise) {
      throw new Refusal(`Maximum stake is ${rupees(market.maxStakePaise)}`);
    }
    return market;
  }

  async function placeInTx(
    tx: Tx,
    userId: number,
    request: PlaceBetRequest,
    delayedVersion: number | null,
  ): Promise<{ outcome: PlaceBetOutcome; touched: Set<number>; keep?: () => void }> {
    const market = checkMarket(await lockMarket(tx, request.market_id), request);
    if (delayedVersion !== null && market.version !== delayedVersion) {
      throw new Refusal('Market changed during the bet delay; the bet was not placed');
    }
    if (delayedVersion === null && market.inPlay && market.betDelayS > 0) {
      // Went in play between the pre-check and the lock: wait the delay like any in-play bet.
      throw new Refusal('Market has just gone in play; place the bet again');
    }
    const balancePaise = await app.wallet.lockBalancePaise(tx, userId);
    if (balancePaise === null) throw new Refusal('No wallet for this user');
    const repeated = await repeatedResult(tx, userId, request.request_id);
    if (repeated) return { outcome: repeated, touched: new Set() };

    const runnerRows = await runnersOf(tx, market.marketId);
    const runner = runnerRows.find((r) => r.selectionId === request.selection_id);
    if (!runner) throw new Refusal('Unknown runner for this market');
    if (runner.status !== 'ACTIVE') throw new Refusal(`${runner.name} is not active`);
    const selIds = runnerRows.map((r) => String(r.selectionId));

    const book = await takeBook(tx, market);
    const at = now();
    const seq = market.nextSeq;
    const [inserted] = await tx
      .insert(bets)
      .values({
        userId,
        matchId: market.matchId,
        marketId: market.marketId,
        selectionId: request.selection_id,
        side: request.side,
        price: request.price,
        sizePaise: request.size_paise,
        remainingPaise: request.size_paise,
        persistence: request.persistence ?? 'LAPSE',
        seq,
        requestId: request.request_id,
        placedAt: at,
        updatedAt: at,
      })
      .returning({ betId: bets.betId });
    const betId = inserted!.betId;
    const result = placeOrder(book, {
      order_id: String(betId),
      user_id: String(userId),
      selection_id: String(request.selection_id),
      side: request.side,
      price: request.price,
      size_paise: request.size_paise,
      persistence: request.persistence ?? 'LAPSE',
      seq,
    });

    // Balance check on the user's whole exposure after the bet (unmatched at worst).
    const [before] = await tx
      .select({ exposurePaise: marketExposures.exposurePaise })
      .from(marketExposures)
      .where(and(eq(marketExposures.userId, userId), eq(marketExposures.marketId, market.marketId)));
    const oldHere = before?.exposurePaise ?? 0;
    const newHere = await exposureFromBookPlus(tx, userId, market.marketId, selIds, book, result.events);
    if (newHere > oldHere) {
      const others = await q.exposureElsewhere(tx, userId, market.marketId);
      if (balancePaise - others - newHere < 0) {
        throw new Refusal('Insufficient balance for this bet');
      }
    }

    await tx
      .update(bets)
      .set({ placedMatchedPaise: result.size_matched_paise, placedMatchedValue: result.matched_value })
      .where(eq(bets.betId, betId));
    // Every bet takes a seq (and moves the stamp), whether it rests or not.
    const stamp = await bumpStamp(tx, market);
    book.next_seq = stamp;
    const touched = await applyEvents(
      tx,
      market,
      book,
      result.events,
      selIds,
      [userId],
      new Map([[userId, newHere]]),
    );
    return {
      outcome: {
        ok: true,
        bet_id: betId,
        status: result.status,
        size_matched_paise: result.size_matched_paise,
        size_remaining_paise: result.size_remaining_paise,
        average_price_matched: result.average_price_matched,
        repeated: false,
      },
      touched,
      keep: () => keepBook(market.marketId, stamp, book),
    };
  }

  /** The user's exposure after a placement whose fills are not stored yet: stored fills + new fills. */
  async function exposureFromBookPlus(
    tx: Tx,
    userId: number,
    marketId: number,
    selIds: string[],
    book: OrderBook,
    events: BookEvent[],
  ) {
    const matched = await matchedOf(tx, userId, marketId);
    const u = String(userId);
    for (const e of events) {
      if (e.type !== 'FILL') continue;
      if (e.taker_user_id === u) {
        matched.push({
          selection_id: e.selection_id,
          side: e.taker_side,
          price: e.price,
          stake_paise: e.size_paise,
        });
      }
      if (e.maker_user_id === u) {
        matched.push({
          selection_id: e.selection_id,
          side: e.taker_side === 'BACK' ? 'LAY' : 'BACK',
          price: e.price,
          stake_paise: e.size_paise,
        });
      }
    }
    return marketPosition(selIds, { matched: aggregate(matched), unmatched: unmatchedBetsOf(book, u) })
      .exposure_paise;
  }

  async function lapse(
    marketId: number,
    change: (tx: Tx, market: MarketRow, book: OrderBook) => Promise<BookEvent[]>,
  ) {
    let touched = new Set<number>();
    let keep = () => {};
    await db.transaction(async (tx) => {
      const market = await lockMarket(tx, marketId);
      if (!market) throw new Error(`unknown market ${marketId}`);
      const book = await takeBook(tx, market);
      const events = await change(tx, market, book);
      const selIds = (await runnersOf(tx, marketId)).map((r) => String(r.selectionId));
      touched = await applyEvents(tx, market, book, events, selIds);
      const stamp = await bumpStamp(tx, market);
      keep = () => keepBook(marketId, stamp, book);
    });
    keep();
    publish(marketId, touched);
  }

  const service: ExchangeService & {
    exposureDetail(userId: number): Promise<ExposureEntry[]>;
    bestPrices(marketIds: number[]): Promise<Map<number, { back: number | null; lay: number | null }>>;
    recomputeExposure(userId: number, marketId: number): Promise<number>;
  } = {
    async getMarketImage(marketId: number): Promise<MarketImage | null> {
      const [market] = await db.select().from(markets).where(eq(markets.marketId, marketId));
      if (!market) return null;
      const [runnerRows, levels] = await Promise.all([
        db
          .select({
            selectionId: runners.selectionId,
            status: runners.status,
            tradedPaise: runners.tradedPaise,
          })
          .from(runners)
          .where(eq(runners.marketId, marketId))
          .orderBy(asc(runners.sortOrder)),
        q.restingLevels(db, [marketId]),
      ]);
      const bySel = levelsFrom(levels);
      return {
        market_id: market.marketId,
        status: market.status,
        in_play: market.inPlay,
        version: market.version,
        runners: runnerRows.map((r): RunnerLevels => ({
          selection_id: r.selectionId,
          status: r.status,
          back: bySel.get(r.selectionId)?.back ?? [],
          lay: bySel.get(r.selectionId)?.lay ?? [],
          traded_volume: rupees(r.tradedPaise),
        })),
      };
    },

    async placeBet(userId: number, request: PlaceBetRequest): Promise<PlaceBetOutcome> {
      if (!isValidPrice(request.price))
        return { ok: false, message: 'Odds are not a valid price on the ladder' };
      if (
        !Number.isSafeInteger(request.size_paise) ||
        request.size_paise <= 0 ||
        request.size_paise > MAX_ORDER_PAISE
      ) {
        return { ok: false, message: 'Stake must be a positive amount' };
      }
      if (request.request_id.length < 1 || request.request_id.length > 64) {
        return { ok: false, message: 'request_id must be 1 to 64 characters' };
      }
      const repeated = await repeatedResult(db, userId, request.request_id);
      if (repeated) return repeated;
      try {
        // In play: check, wait the bet delay, then match against the book as it is then (refused
        // if the market was suspended or its version moved meanwhile).
        let delayedVersion: number | null = null;
        const [pre] = await db.select().from(markets).where(eq(markets.marketId, request.market_id));
        const market = checkMarket(pre, request);
        if (market.inPlay && market.betDelayS > 0) {
          delayedVersion = market.version;
          await sleep(market.betDelayS * 1000);
        }
        const { outcome, touched, keep } = await db.transaction((tx) =>
          placeInTx(tx, userId, request, delayedVersion),
        );
        keep?.();
        if (touched.size > 0) publish(request.market_id, touched);
        return outcome;
      } catch (err) {
        if (err instanceof Refusal) return { ok: false, message: err.message };
        // Two requests with one request_id raced: the loser answers with the winner's result.
        if (isUniqueViolation(err)) {
          const first = await repeatedResult(db, userId, request.request_id);
          if (first) return first;
        }
        throw err;
      }
    },

    async cancelBets(
      userId: number,
      target: { bet_id: number } | { market_id: number },
    ): Promise<CancelOutcome> {
      let marketId: number;
      if ('bet_id' in target) {
        const [b] = await db
          .select({ marketId: bets.marketId, userId: bets.userId })
          .from(bets)
          .where(eq(bets.betId, target.bet_id));
        if (!b || b.userId !== userId) return { ok: false, message: 'Unknown bet' };
        marketId = b.marketId;
      } else {
        marketId = target.market_id;
      }
      let cancelled = 0;
      let size = 0;
      let touched = new Set<number>();
      let keep = () => {};
      try {
        await db.transaction(async (tx) => {
          const market = await lockMarket(tx, marketId);
          if (!market) throw new Refusal('Unknown market');
          const book = await takeBook(tx, market);
          const ids =
            'bet_id' in target
              ? [String(target.bet_id)]
              : [...book.orders.values()].filter((o) => o.user_id === String(userId)).map((o) => o.order_id);
          const events: BookEvent[] = [];
          for (const id of ids) {
            const r = cancelOrder(book, id);
            if (r.cancelled_paise > 0) {
              cancelled += 1;
              size += r.cancelled_paise;
              events.push(...r.events);
            }
          }
          if ('bet_id' in target && cancelled === 0) throw new Refusal('Bet has nothing left to cancel');
          if (events.length === 0) {
            keep = () => keepBook(marketId, market.nextSeq, book);
            return;
          }
          const selIds = (await runnersOf(tx, marketId)).map((r) => String(r.selectionId));
          touched = await applyEvents(tx, market, book, events, selIds);
          const stamp = await bumpStamp(tx, market);
          keep = () => keepBook(marketId, stamp, book);
        });
        keep();
      } catch (err) {
        if (err instanceof Refusal) return { ok: false, message: err.message };
        throw err;
      }
      if (touched.size > 0) publish(marketId, touched);
      return { ok: true, cancelled, size_cancelled_paise: size };
    },

    async setMarketStatus(marketId: number, status: 'OPEN' | 'SUSPENDED' | 'CLOSED') {
      await lapse(marketId, async (tx, market, book) => {
        if (market.status === status) return [];
        await tx
          .update(markets)
          .set({ status, version: sql`${markets.version} + 1` })
          .where(eq(markets.marketId, marketId));
        return status === 'CLOSED' ? closeBook(book) : [];
      });
    },

    async setInPlay(marketId: number, betDelayS?: number) {
      await lapse(marketId, async (tx, market, book) => {
        if (market.inPlay && (betDelayS === undefined || betDelayS === market.betDelayS)) return [];
        await tx
          .update(markets)
          .set({
            inPlay: true,
            ...(betDelayS === undefined ? {} : { betDelayS }),
            version: sql`${markets.version} + 1`,
          })
          .where(eq(markets.marketId, marketId));
        await tx.update(matches).set({ inPlay: true }).where(eq(matches.matchId, market.matchId));
        return bookSetInPlay(book);
      });
    },

    async listMarkets(filter: { status?: MarketStatus | MarketStatus[] } = {}): Promise<MarketInfo[]> {
      const statuses = filter.status === undefined ? undefined : [filter.status].flat();
      const rows = await db
        .select({ market: markets, sportId: matches.sportId })
        .from(markets)
        .innerJoin(matches, eq(matches.matchId, markets.matchId))
        .where(statuses ? inArray(markets.status, statuses) : undefined)
        .orderBy(asc(markets.marketId));
      const runnerRows =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(runners)
              .where(
                inArray(
                  runners.marketId,
                  rows.map((r) => r.market.marketId),
                ),
              )
              .orderBy(asc(runners.marketId), asc(runners.sortOrder));
      const byMarket = new Map<number, MarketInfo['runners']>();
      for (const r of runnerRows) {
        const list = byMarket.get(r.marketId) ?? [];
        list.push({ selection_id: r.selectionId, name: r.name, status: r.status });
        byMarket.set(r.marketId, list);
      }
      return rows.map(({ market: m, sportId }) => ({
        market_id: m.marketId,
        match_id: m.matchId,
        sport_id: sportId,
        market_name: m.marketName,
        market_type: m.marketType,
        status: m.status,
        in_play: m.inPlay,
        bet_delay_s: m.betDelayS,
        version: m.version,
        min_stake_paise: m.minStakePaise,
        max_stake_paise: m.maxStakePaise,
        start_time: m.startTime,
        runners: byMarket.get(m.marketId) ?? [],
      }));
    },

    /** Best price to back at and to lay at (decimal odds, null when none) by selection id. */
    async bestPrices(marketIds: number[]) {
      const best = new Map<number, { back: number | null; lay: number | null }>();
      for (const l of await q.restingLevels(db, marketIds)) {
        const e = best.get(l.selectionId) ?? { back: null, lay: null };
        const price = l.price / 100;
        // Resting lays are backed at (best = highest); resting backs are laid at (best = lowest).
        if (l.side === 'LAY') e.back = e.back === null ? price : Math.max(e.back, price);
        else e.lay = e.lay === null ? price : Math.min(e.lay, price);
        best.set(l.selectionId, e);
      }
      return best;
    },

    liabilityPaise: (userId: number, tx: Executor = db) => q.totalExposure(tx, userId),

    async exposureDetail(userId: number): Promise<ExposureEntry[]> {
      const rows = await q.exposureDetail(db, userId);
      return rows.map((r) => ({
        sport_id: r.sportId,
        match_id: r.matchId,
        market_id: r.marketId,
        sport_name: r.sportName,
        match_name: r.matchName,
        market_details: [{ sub_type: r.marketName, bet_count: Number(r.betCount) }],
      }));
    },

    /** Recomputes a user's exposure in a market from the bets and fills (the invariant tests use it). */
    async recomputeExposure(userId: number, marketId: number): Promise<number> {
      // A settled market holds no exposure: its result has moved the money.
      const [settled] = await db
        .select({ state: marketSettlements.state })
        .from(marketSettlements)
        .where(and(eq(marketSettlements.marketId, marketId), eq(marketSettlements.state, 'SETTLED')));
      if (settled) return 0;
      const selIds = (await runnersOf(db, marketId)).map((r) => String(r.selectionId));
      const matched = await matchedOf(db, userId, marketId);
      const open = await db
        .select({
          selectionId: bets.selectionId,
          side: bets.side,
          price: bets.price,
          remaining: bets.remainingPaise,
        })
        .from(bets)
        .where(and(eq(bets.userId, userId), eq(bets.marketId, marketId), gt(bets.remainingPaise, 0)));
      return marketPosition(selIds, {
        matched,
        unmatched: open.map((o) => ({
          selection_id: String(o.selectionId),
          side: o.side,
          price: o.price,
          stake_paise: o.remaining,
        })),
      }).exposure_paise;
    },
  };
  return service;
}

export type ExchangeServiceImpl = ReturnType<typeof createExchangeService>;

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
