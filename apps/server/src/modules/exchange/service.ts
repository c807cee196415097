import { fenceHolds, type Fence } from '../../plugins/leader.ts';
import type { MarketImage } from '@backlay/contract';
import {
  bookFromOrders,
  closeBook,
  isValidPrice,
  layLiabilityPaise,
  MAX_ORDER_PAISE,
  setInPlay as bookSetInPlay,
  type BookEvent,
  type OrderBook,
  type PositionBet,
  type RestingOrder,
} from '@backlay/engine';
import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { matches } from '../catalog/schema.ts';
import { bets } from './schema.ts';
import { markets, runners } from '../markets/schema.ts';
import { marketSettlements } from '../settlement/schema.ts';
import { setMatchInPlay } from '../catalog/writes.ts';
import { bumpMarketVersion, MarketLifecycleRefusal, setStatusByOperator } from '../markets/lifecycle.ts';
import type { Executor, Tx } from '../../db/store.ts';
import * as reservations from '../wallet/reservations.ts';
import type { ExposureEntry, Reservation } from '../wallet/service.ts';
import {
  assertCeilings,
  Changes,
  checkMarket,
  executeBatch,
  exposuresOf,
  Refusal,
  repeatedOf,
  positionIn,
  runnerSpace,
  type RunnerSpace,
  screenBatch,
  stateFrom,
  type CancelCommand,
  type MarketRow,
  type MarketState,
  type Outcome,
  type PlaceCommand,
  type RunnerRow,
} from './batch.ts';
import { createBookCache } from './book-cache.ts';
import { createPreCheckReader } from './pre-check.ts';
import { cashOutIn, cashOutQuoteOf, movedMessage } from './cash-out.ts';
import type { CashOutCommand, CashOutOutcome, CashOutQuoteView, FirstCashOut } from './cash-out-types.ts';
import {
  createRoundQueue,
  MAX_QUEUED_COMMANDS_PER_MARKET,
  QUEUE_FULL_BET_MESSAGE,
  QUEUE_FULL_CANCEL_MESSAGE,
  takeBatch,
} from '../markets/command-queue.ts';
import { readBestPrices, readMarketImage, type BestPrice } from './ladder-view.ts';
import type {
  CancelOutcome,
  ExchangeService,
  MarketInfo,
  MarketStatus,
  PlaceBetOutcome,
  PlaceBetRequest,
  Sleeper,
} from './types.ts';
import { EXCHANGE_KIND } from './kind.ts';
import * as q from './queries.ts';
import type { Staker } from '../wallet/stake-gate.ts';

export type * from './types.ts';

// The exchange service: composes the per-market queues run in rounds (markets/command-queue.ts:
// the markets with commands waiting share one transaction), the cache of market states
// (book-cache.ts), the pure run of a batch through the engine (batch.ts) and the ladder views
// (ladder-view.ts) with the store: what a round reads under its markets' locks and writes in one
// statement each, status changes, and the reads of the exchange's API.

/** The answer of a bet whose reservation the sweep released before its batch ran. */
export const RESERVATION_LOST_MESSAGE = 'The bet waited too long to be placed; place it again';
/**
 * A maker's quote cancels at most this many bets of its own (an amend's list, or those resting
 * before a full quote): a 16-runner ladder three deep each side is 96.
 */
export const MAX_QUOTE_CANCEL_BETS = 500;
/** A leader-only order (the demo feed's) whose leader term ended before its batch ran. */
export const FENCED_ORDER_MESSAGE = 'Refused: the leader term that sent this order is over';

const realSleep: Sleeper = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export type ExchangeOptions = {
  /** Waits the in-play bet delay; tests pass one that resolves at once (or on their cue). */
  sleep?: Sleeper;
  /** Keep each market's book in memory between commands (default true); false rebuilds it every time. */
  bookCache?: boolean;
};

/** A command waiting in its market's queue, with the callbacks that answer its caller. */
type Command =
  | (PlaceCommand & {
      /** The bet's worst case reserved off its user's available balance before it was queued. */
      reservation: Reservation;
      done(o: PlaceBetOutcome): void;
      fail(err: unknown): void;
    })
  | (CancelCommand & { done(o: CancelOutcome): void; fail(err: unknown): void })
  | (CashOutCommand & {
      /** What the hedge may add to its user's worst case, reserved before it was queued. */
      reservation: Reservation;
      done(o: CashOutOutcome): void;
      fail(err: unknown): void;
    });

/** What a batch did, for what follows its commit (`finish`). */
type BatchResult = {
  outcomes: Outcome[];
  changed: boolean;
  touched: Set<number>;
  keep(): void;
};

export function createExchangeService(app: FastifyInstance, options: ExchangeOptions = {}) {
  const db = app.db;
  const sleep = options.sleep ?? realSleep;
  const now = () => app.clock.now();
  const cache = createBookCache({ enabled: options.bookCache ?? true });
  const preCheck = createPreCheckReader(db);
  const queue = createRoundQueue<Command>((round) => runRound(round));
  /** Bets reserving their money before they join their market's queue, per market. */
  const reserving = new Map<number, number>();
  /** Commands waiting on a market: queued, or reserving on their way to the queue (back-pressure). */
  const waitingOn = (marketId: number) => queue.waiting(marketId) + (reserving.get(marketId) ?? 0);

  /** The market's state: the cached one if it is still current, else rebuilt from the store. */
  async function takeState(tx: Tx, market: MarketRow): Promise<MarketState> {
    const cached = cache.take(market.marketId, market.nextSeq);
    if (cached) {
      const book = cached.book;
      book.next_seq = market.nextSeq;
      book.in_play = market.inPlay;
      book.closed = market.status === 'CLOSED';
      return cached;
    }
    return stateFrom(await loadBook(tx, market), await q.marketPositions(tx, market.marketId));
  }

  /** Several markets' rows FOR UPDATE, locked in market-id order (the order of every round). */
  async function lockMarkets(tx: Tx, marketIds: readonly number[]): Promise<Map<number, MarketRow>> {
    const rows = await tx
      .select()
      .from(markets)
      .where(inArray(markets.marketId, [...marketIds]))
      .orderBy(asc(markets.marketId))
      .for('update');
    return new Map(rows.map((r) => [r.marketId, r]));
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
      .where(and(eq(bets.marketId, market.marketId), sql`${bets.resting}`));
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

  /** A user's matched parts in a market, aggregated per (runner, side, price), from the fills. */
  async function matchedOf(tx: Executor, userId: number, marketId: number): Promise<PositionBet[]> {
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
  function batchWriteOf(
    market: MarketRow,
    state: MarketState,
    ch: Changes,
    space: RunnerSpace,
    nextSeq: number,
  ): { write: q.BatchWrite; exposures: Map<number, number> } {
    const exposures = exposuresOf(state, space, ch.touched);
    return {
      write: {
        marketId: market.marketId,
        at: ch.at,
        newBets: ch.newBetRows(),
        deltas: ch.olderBetDeltas(),
        fills: ch.fills,
        traded: ch.traded,
        exposures,
        nextSeq: nextSeq === market.nextSeq ? null : nextSeq,
        cashOuts: ch.cashOuts,
      },
      exposures,
    };
  }

  /** Writes what a batch did, in one statement. */
  async function flush(
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
    return b ? repeatedOf(b) : null;
  }

  /** The reads a market's batch needs (`q.batchReads`), asked with other markets' or alone. */
  function readRequest(marketId: number, market: MarketRow | null, cmds: Command[]): q.BatchReadRequest {
    const places = cmds.filter((c): c is Command & { kind: 'place' } => c.kind === 'place');
    return {
      marketId,
      pairs: places.map((c) => ({ userId: c.userId, requestId: c.request.request_id })),
      ids: market ? places.length + cmds.reduce((n, c) => n + (c.kind === 'cashout' ? c.legs_max : 0), 0) : 0,
      reservationIds: places.flatMap((c) => reservationIdOf(c)),
    };
  }

  /**
   * One batch of a market's commands, on its locked row and what `batchReads` gave it: the bets'
   * reservations taken (no wallet row is locked: each bet's money was reserved before it was
   * queued), every command run through the engine in arrival order (each bet checked against its
   * user's exposure as the previous commands left it and what their reservations cover; a refused
   * bet leaves nothing behind). Returns the rows to write (null: nothing changed), the check to
   * make once they are written, and what follows the commit.
   */
  async function prepareBatch(
    tx: Tx,
    marketId: number,
    market: MarketRow | null,
    cmds: Command[],
    reads: q.BatchReads,
    at: Date,
  ): Promise<{ result: BatchResult; write: q.BatchWrite | null; check(): void }> {
    // Repeats and the market's own refusals first; what is left are candidates.
    const cashOuts = cmds.filter((c) => c.kind === 'cashout');
    const cashOutFirsts =
      cashOuts.length === 0
        ? new Map<string, FirstCashOut>()
        : await q.cashOutFirsts(
            tx,
            cashOuts.map((c) => ({ userId: c.userId, requestId: c.request_id })),
          );
    const screened = screenBatch(cmds, reads.firsts, market, cashOutFirsts);
    // A leader-only order (the demo feed's) of a term that is over: refused here, in the batch's
    // own transaction, so a deposed leader's late order never reaches the book.
    const terms = new Map<string, boolean>();
    for (const [i, c] of cmds.entries()) {
      if (c.kind !== 'place' || c.fence === undefined || screened[i] !== undefined) continue;
      const key = c.fence === null ? 'none' : `${c.fence.lease}/${c.fence.generation}`;
      if (!terms.has(key)) terms.set(key, await fenceHolds(tx, c.fence));
      if (!terms.get(key)) screened[i] = { ok: false, message: FENCED_ORDER_MESSAGE };
    }
    // What each bet's reservation covers (all taken by the reads, whatever the outcome: the holds
    // written replace them). A bet whose reservation the sweep released first is refused.
    const reserved = cmds.map((c, i) => {
      if (c.kind === 'cancel' || !c.reservation.hasWallet) return null;
      const id = c.reservation.id;
      if (id === null) return 0;
      const paise = reads.reserved.get(id);
      if (paise === undefined && screened[i] === undefined) {
        screened[i] = { ok: false, message: RESERVATION_LOST_MESSAGE };
      }
      return paise ?? 0;
    });
    if (!market) {
      const result = {
        outcomes: screened as Outcome[],
        changed: false,
        touched: new Set<number>(),
        keep: () => {},
      };
      return { result, write: null, check: () => {} };
    }
    const runnerRows = reads.runners;
    const space = runnerSpace(market, runnerRows);
    const state = await takeState(tx, market);
    const run = executeBatch(state, cmds, screened, {
      market,
      runners: runnerRows,
      betIds: reads.ids,
      reserved,
      at,
      cashOut: cashOutIn,
    });

    const changed = run.nextSeq !== market.nextSeq;
    let write: q.BatchWrite | null = null;
    let check = () => {};
    if (changed) {
      const w = batchWriteOf(market, state, run.changes, space, run.nextSeq);
      write = w.write;
      check = () => assertCeilings(marketId, w.exposures, run.ceilings);
    }
    const stamp = run.nextSeq;
    const row = { ...market, nextSeq: stamp };
    const result: BatchResult = {
      outcomes: run.outcomes,
      changed,
      touched: run.changes.touched,
      keep: () => {
        cache.keep(marketId, stamp, state);
        cache.rememberRow(row);
      },
    };
    return { result, write, check };
  }

  /** One market's batch in its transaction: its reads, the engine, its write. */
  async function runBatch(tx: Tx, marketId: number, market: MarketRow | null, cmds: Command[]) {
    const r = readRequest(marketId, market, cmds);
    const reads = await q.batchReads(tx, marketId, r.pairs, r.ids, r.reservationIds);
    const p = await prepareBatch(tx, marketId, market, cmds, reads, now());
    if (p.write) await q.writeBatch(tx, p.write);
    p.check();
    return p.result;
  }

  /**
   * One round: the waiting commands of several markets in one transaction: their rows locked in
   * market-id order, every market's reads in one statement, each market's batch through the
   * engine, every market's writes in one statement, one commit. If the transaction fails, each
   * market's commands run again in a transaction of their own (`runCommands`, which falls back to
   * one command at a time).
   */
  async function runRound(round: Map<number, Command[]>): Promise<void> {
    if (round.size === 1) {
      const [marketId, pending] = [...round][0]!;
      return runCommands(marketId, pending);
    }
    const ids = [...round.keys()].sort((a, b) => a - b);
    const taken = new Map<number, Command[]>();
    let results: Map<number, BatchResult>;
    try {
      results = await db.transaction(async (tx) => {
        const rows = await lockMarkets(tx, ids);
        const work = ids.flatMap((marketId) => {
          const cmds = takeBatch(round.get(marketId)!);
          taken.set(marketId, cmds);
          return cmds.length === 0 ? [] : [{ marketId, market: rows.get(marketId) ?? null, cmds }];
        });
        const reads = await q.batchReadsMany(
          tx,
          work.map((x) => readRequest(x.marketId, x.market, x.cmds)),
        );
        const at = now();
        const prepared: Awaited<ReturnType<typeof prepareBatch>>[] = [];
        for (const [i, x] of work.entries())
          prepared.push(await prepareBatch(tx, x.marketId, x.market, x.cmds, reads[i]!, at));
        await q.writeBatches(
          tx,
          prepared.flatMap((p) => (p.write ? [p.write] : [])),
        );
        for (const p of prepared) p.check();
        return new Map(work.map((x, i) => [x.marketId, prepared[i]!.result]));
      });
    } catch (err) {
      app.metrics.exchangeRound(ids.length, false);
      app.log.warn({ err, markets: ids }, 'exchange: a round failed; its markets run one by one');
      for (const marketId of ids) {
        const cmds = taken.get(marketId) ?? [];
        await runCommands(marketId, round.get(marketId)!, cmds.length > 0 ? cmds : undefined);
      }
      return;
    }
    app.metrics.exchangeRound(results.size, true);
    for (const [marketId, r] of results) finish(marketId, taken.get(marketId)!, r);
  }

  /**
   * Runs one market's batch. Without `fixed`, the batch is what the market's queue holds once its
   * row is locked (so the commands that arrived while the lock was awaited join it). If the
   * transaction fails, its commands run again one by one, so one bad command cannot fail its
   * neighbours. Every caller is answered after the commit.
   */
  async function runCommands(marketId: number, pending: Command[], fixed?: Command[]): Promise<void> {
    let cmds: Command[] = fixed ?? [];
    let r: BatchResult;
    try {
      r = await db.transaction(async (tx) => {
        const market = await lockMarket(tx, marketId);
        if (!fixed) cmds = takeBatch(pending);
        return runBatch(tx, marketId, market, cmds);
      });
    } catch (err) {
      // Failed before taking its commands (the store is failing): each gets its own attempt.
      if (cmds.length === 0) cmds = takeBatch(pending);
      if (cmds.length > 1 || !fixed) {
        for (const c of cmds) await runCommands(marketId, pending, [c]);
        return;
      }
      const c = cmds[0]!;
      // Rolled back: the bet's reservation is still there and no batch will take it.
      await release(c);
      // Two requests with one request_id raced: the loser answers with the winner's result.
      if (c.kind === 'cashout' && isUniqueViolation(err)) {
        try {
          const first = (await q.cashOutFirsts(db, [{ userId: c.userId, requestId: c.request_id }])).get(
            `${c.userId}:${c.request_id}`,
          );
          if (first) {
            c.done({ ok: true, ...first, repeated: true });
            return;
          }
        } catch {
          // answered with the original error below
        }
      }
      if (c.kind === 'place' && isUniqueViolation(err)) {
        try {
          const first = await repeatedResult(db, c.userId, c.request.request_id);
          if (first) {
            c.done(first);
            return;
          }
        } catch {
          // answered with the original error below
        }
      }
      c.fail(err);
      return;
    }
    finish(marketId, cmds, r);
  }

  /** After a batch's commit: keep its state, publish, count, answer. Nothing here runs it again. */
  function finish(marketId: number, cmds: Command[], r: BatchResult) {
    r.keep();
    try {
      if (r.changed) publish(marketId, r.touched);
      const placed = cmds.filter((c, i) => c.kind === 'place' && isNewBet(r.outcomes[i]!)).length;
      app.metrics.exchangeBatch(cmds.length, placed, EXCHANGE_KIND);
    } catch (err) {
      app.log.error({ err, market_id: marketId }, 'exchange: publishing a batch failed');
    }
    cmds.forEach((c, i) => answer(c, r.outcomes[i]!));
  }

  /** A placement's outcome that put a new bet on the book (not a refusal, not a repeat). */
  function isNewBet(o: Outcome) {
    const p = o as PlaceBetOutcome;
    return p.ok && 'repeated' in p && !p.repeated;
  }

  function reservationIdOf(c: Command): number[] {
    return c.kind !== 'cancel' && c.reservation.hasWallet && c.reservation.id !== null
      ? [c.reservation.id]
      : [];
  }

  /** Gives back a reservation no batch took (if the store fails, the sweep does, later). */
  async function release(c: Command) {
    const ids = reservationIdOf(c);
    if (ids.length === 0) return;
    await reservations
      .release(db, ids)
      .catch((err: unknown) =>
        app.log.warn({ err, reservations: ids }, 'exchange: releasing a reservation failed'),
      );
  }

  function answer(c: Command, o: Outcome) {
    if (c.kind === 'place') c.done(o as PlaceBetOutcome);
    else if (c.kind === 'cashout') c.done(o as CashOutOutcome);
    else c.done(o as CancelOutcome);
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
      const state = await takeState(tx, market);
      const events = await change(tx, market, state.book);
      const space = runnerSpace(market, await runnersOf(tx, marketId));
      const ch = new Changes(marketId, now());
      ch.apply(events);
      const stamp = market.nextSeq + 1;
      await flush(tx, market, state, ch, space, stamp);
      touched = ch.touched;
      keep = () => cache.keep(marketId, stamp, state);
    });
    keep();
    cache.forgetRow(marketId);
    publish(marketId, touched);
  }

  /** The cash-out quote of a user on a market from the store (outside any lock), with the market row. */
  async function quoteFromStore(
    userId: number,
    marketId: number,
  ): Promise<{ market: MarketRow | null; quote: CashOutQuoteView; running: number; exposure: number }> {
    const [market] = await db.select().from(markets).where(eq(markets.marketId, marketId));
    if (!market) {
      return {
        market: null,
        quote: { available: false, message: 'Unknown market' },
        running: 0,
        exposure: 0,
      };
    }
    const [runnerRows, matched, hasUnmatched, levels] = await Promise.all([
      runnersOf(db, marketId),
      matchedOf(db, userId, marketId),
      q.userHasResting(db, userId, marketId),
      q.restingLevels(db, [marketId]),
    ]);
    const best = (sel: number) => {
      // What a bettor backs at is the highest resting lay; what they lay at, the lowest resting back.
      let back: { price: number; size_paise: number } | null = null;
      let lay: { price: number; size_paise: number } | null = null;
      for (const l of levels) {
        if (l.selectionId !== sel) continue;
        if (l.side === 'LAY' && (back === null || l.price > back.price))
          back = { price: l.price, size_paise: l.total };
        if (l.side === 'BACK' && (lay === null || l.price < lay.price))
          lay = { price: l.price, size_paise: l.total };
      }
      return { back, lay };
    };
    const quote = cashOutQuoteOf({ market, runners: runnerRows, matched, hasUnmatched, best });
    const space = runnerSpace(market, runnerRows);
    const known = matched.filter((b) => space.ids.includes(b.selection_id));
    const exposure = space.ids.length === 0 ? 0 : positionIn(space, { matched: known }).exposure_paise;
    return { market, quote, running: space.ids.length, exposure };
  }

  type PlaceCmd = Command & { kind: 'place' };
  /** A placement ready for its market's queue: its command, its answer (null: the queue was full). */
  type Prepared = { cmd: PlaceCmd; answer: Promise<PlaceBetOutcome | null>; refuseFull(): void };

  /**
   * Everything a bet goes through before its market's queue: its checks, the repeat and market
   * pre-check (a market this node has not seen open, or in play with a bet delay), the bet delay,
   * then the stake gate and its reservation. Returns the command to queue, or the answer already.
   */
  async function preparePlace(
    userId: number,
    request: PlaceBetRequest,
    opts: { staker: Staker; fence?: Fence | null; onDelay?: (wait_ms: number) => void },
  ): Promise<{ outcome: PlaceBetOutcome } | Prepared> {
    const refuse = (message: string) => ({ outcome: { ok: false as const, message } });
    if (!isValidPrice(request.price)) return refuse('Odds are not a valid price on the ladder');
    if (
      !Number.isSafeInteger(request.size_paise) ||
      request.size_paise <= 0 ||
      request.size_paise > MAX_ORDER_PAISE
    ) {
      return refuse('Stake must be a positive amount');
    }
    if (request.request_id.length < 1 || request.request_id.length > 64) {
      return refuse('request_id must be 1 to 64 characters');
    }
    // A market this node last saw open and without a bet delay goes straight to its queue (the
    // batch repeats every check on the locked row). Otherwise: the repeat and market checks
    // now, then in play the bet delay, then the queue; the batch refuses the bet if the market
    // was suspended or its version moved meanwhile.
    let delayedVersion: number | null = null;
    const seen = cache.row(request.market_id);
    if (!seen || seen.status !== 'OPEN' || (seen.inPlay && seen.betDelayS > 0)) {
      // Read with the other bets pre-checked at this moment (pre-check.ts): a quote's orders share two statements.
      const { repeated, market: pre } = await preCheck(userId, request.request_id, request.market_id);
      if (repeated) return { outcome: repeatedOf(repeated) };
      if (pre) cache.rememberRow(pre);
      try {
        const market = checkMarket(pre, request);
        if (market.inPlay && market.betDelayS > 0) {
          delayedVersion = market.version;
          opts.onDelay?.(market.betDelayS * 1000);
          await sleep(market.betDelayS * 1000);
        }
      } catch (err) {
        if (err instanceof Refusal) return refuse(err.message);
        throw err;
      }
    }
    // The bet's worst case (a back's stake, a lay's liability: never less than the exposure it
    // can add) comes off the user's available balance first, in a short transaction shared with
    // the bets of every market arriving meanwhile; the market's batch turns it into the hold.
    const marketId = request.market_id;
    if (waitingOn(marketId) >= MAX_QUEUED_COMMANDS_PER_MARKET) return refuse(QUEUE_FULL_BET_MESSAGE);
    reserving.set(marketId, (reserving.get(marketId) ?? 0) + 1);
    let reservation: Reservation;
    try {
      reservation = await app.wallet.reserve({
        userId,
        marketId,
        staker: opts.staker,
        wantPaise:
          request.side === 'BACK' ? request.size_paise : layLiabilityPaise(request.size_paise, request.price),
        stakePaise: request.size_paise,
      });
    } finally {
      const n = (reserving.get(marketId) ?? 1) - 1;
      if (n > 0) reserving.set(marketId, n);
      else reserving.delete(marketId);
    }
    // The bettor's wallet row stayed locked by another transaction: refused in words, at once.
    if (reservation.busy) return refuse(reservation.message);
    // The stake gate refused it (the session ended, on any node): nothing was reserved.
    if (reservation.refusal !== undefined) return refuse(reservation.refusal);
    let done!: (o: PlaceBetOutcome | null) => void;
    let fail!: (err: unknown) => void;
    const answer = new Promise<PlaceBetOutcome | null>((resolve, reject) => {
      done = resolve;
      fail = reject;
    });
    const cmd: PlaceCmd = {
      kind: 'place',
      userId,
      request,
      delayedVersion,
      ...(opts.fence === undefined ? {} : { fence: opts.fence }),
      ...(reservation.hasWallet && reservation.limit ? { limit: reservation.limit } : {}),
      reservation,
      done,
      fail,
    };
    return { cmd, answer, refuseFull: () => done(null) };
  }

  /**
   * Queues prepared placements on their market together (nothing runs between them: they join the
   * same batch), then the cancels (`cancels`: a user and a target on this market). Answers each
   * placement (one the queue could not take, full, has its reservation released and is refused)
   * and each cancel (a failed one is logged and answered not ok).
   */
  function submitPlaces(
    marketId: number,
    places: readonly Prepared[],
    cancels: readonly { userId: number; target: CancelCommand['target'] }[] = [],
  ): { placed: Promise<PlaceBetOutcome>[]; cancelled: Promise<CancelOutcome>[] } {
    const placed = places.map(({ cmd, answer, refuseFull }) => {
      if (!queue.submit(marketId, cmd)) refuseFull();
      return answer.then(async (a) => {
        if (a) return a;
        await release(cmd);
        return { ok: false as const, message: QUEUE_FULL_BET_MESSAGE };
      });
    });
    const cancelled = cancels.map(
      ({ userId, target }) =>
        new Promise<CancelOutcome>((done) => {
          const cancel: Command = {
            kind: 'cancel',
            userId,
            target,
            done,
            fail: (err: unknown) => {
              app.log.warn({ err, market_id: marketId, user_id: userId }, 'exchange: a cancel failed');
              done({ ok: false, message: 'The cancel failed' });
            },
          };
          if (!queue.submit(marketId, cancel)) {
            app.log.warn({ market_id: marketId, user_id: userId }, 'exchange: a cancel found the queue full');
            done({ ok: false, message: QUEUE_FULL_CANCEL_MESSAGE });
          }
        }),
    );
    return { placed, cancelled };
  }

  const service: ExchangeService & {
    exposureDetail(userId: number): Promise<ExposureEntry[]>;
    getCashOut(
      userId: number,
      marketId: number,
    ): Promise<{ quote: CashOutQuoteView; version: number; known: boolean }>;
    cashOut(
      userId: number,
      request: { market_id: number; request_id: string; accepted_profit_paise: number },
      opts: { staker: Staker; onDelay?: (wait_ms: number) => void },
    ): Promise<{ outcome: CashOutOutcome; version: number }>;
    bestPrices(marketIds: number[]): Promise<Map<number, BestPrice>>;
    recomputeExposure(userId: number, marketId: number): Promise<number>;
    liabilityExpr(userId: SQLWrapper | number): SQL<string>;
  } = {
    getMarketImage: (marketId: number): Promise<MarketImage | null> => readMarketImage(db, marketId),

    async placeBet(
      userId: number,
      request: PlaceBetRequest,
      opts: { staker: Staker; fence?: Fence | null; onDelay?: (wait_ms: number) => void },
    ): Promise<PlaceBetOutcome> {
      const prepared = await preparePlace(userId, request, opts);
      if ('outcome' in prepared) return prepared.outcome;
      return submitPlaces(request.market_id, [prepared]).placed[0]!;
    },

    /** `placeQuote`'s placements alone: answers per order. */
    async placeBets(
      userId: number,
      marketId: number,
      requests: readonly PlaceBetRequest[],
      opts: { staker: Staker; fence?: Fence | null; cancel?: readonly number[] },
    ): Promise<PlaceBetOutcome[]> {
      return (await service.placeQuote(userId, marketId, requests, opts)).placed;
    },

    /**
     * Several orders of one user on one market placed together (a market maker's quote), then the
     * cancels: with `cancel`, those users' unmatched orders on the market (the other makers'); with
     * `cancel_own`, the user's own bets there — these ids (an amend's: the levels it replaces or
     * drops; ids not the user's, not on this market or with nothing left are skipped) or 'resting'
     * (every one resting before the quote: a full quote's). Each order goes through everything
     * `placeBet` does (its checks, the pre-check, the bet delay, the stake gate and its
     * reservation), and once all are ready they join the market's queue together, the cancels after
     * them, so that they are taken into the same batch: one transaction, and the book never shows
     * the market without a quote. Answers per order, and the cancels' sum (not ok if one failed).
     */
    async placeQuote(
      userId: number,
      marketId: number,
      requests: readonly PlaceBetRequest[],
      opts: {
        staker: Staker;
        fence?: Fence | null;
        cancel?: readonly number[];
        cancel_own?: readonly number[] | 'resting';
      },
    ): Promise<{ placed: PlaceBetOutcome[]; cancelled: CancelOutcome }> {
      const own = opts.cancel_own ?? [];
      if (own !== 'resting' && own.length > MAX_QUOTE_CANCEL_BETS) {
        throw new RangeError(`a quote cancels at most ${MAX_QUOTE_CANCEL_BETS} bets of its own`);
      }
      // Read before any order is prepared (nothing is reserved yet if it fails) and so before the
      // new orders are queued: none of them is among those cancelled.
      const ownIds =
        own === 'resting' ? await q.restingBetIds(db, userId, marketId, MAX_QUOTE_CANCEL_BETS) : own;
      const settled = await Promise.allSettled(
        requests.map(async (r) =>
          r.market_id === marketId
            ? preparePlace(userId, r, opts)
            : { outcome: { ok: false as const, message: 'An order of another market' } },
        ),
      );
      // An order that failed (the store, not a refusal) fails the quote, as placing the orders
      // one by one did: those ready are placed all the same, and nothing is cancelled.
      const failed = settled.find((x) => x.status === 'rejected');
      const prepared = settled.flatMap((x) => (x.status === 'fulfilled' ? [x.value] : []));
      const ready = prepared.flatMap((p) => ('cmd' in p ? [p] : []));
      const cancels = failed
        ? []
        : [
            ...(opts.cancel ?? []).map((u) => ({ userId: u, target: { market_id: marketId } })),
            ...(ownIds.length > 0 ? [{ userId, target: { market_id: marketId, bet_ids: ownIds } }] : []),
          ];
      const answers = submitPlaces(marketId, ready, cancels);
      let k = 0;
      const placed = await Promise.all(
        prepared.map((p) => ('outcome' in p ? p.outcome : answers.placed[k++]!)),
      );
      const outcomes = await Promise.all(answers.cancelled);
      if (failed) throw failed.reason;
      const refused = outcomes.find((o) => !o.ok);
      const cancelled: CancelOutcome = refused ?? {
        ok: true,
        cancelled: outcomes.reduce((n, o) => n + (o.ok ? o.cancelled : 0), 0),
        size_cancelled_paise: outcomes.reduce((n, o) => n + (o.ok ? o.size_cancelled_paise : 0), 0),
      };
      return { placed, cancelled };
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
      if (waitingOn(marketId) >= MAX_QUEUED_COMMANDS_PER_MARKET) {
        return { ok: false, message: QUEUE_FULL_CANCEL_MESSAGE };
      }
      return new Promise<CancelOutcome>((done, fail) => {
        const cmd: Command = { kind: 'cancel', userId, target, done, fail };
        if (!queue.submit(marketId, cmd)) done({ ok: false, message: QUEUE_FULL_CANCEL_MESSAGE });
      });
    },

    async setMarketStatus(marketId: number, status: 'OPEN' | 'SUSPENDED' | 'CLOSED') {
      await lapse(marketId, async (tx, market, book) => {
        // Under the market lock: the market's lifecycle (markets/lifecycle.ts) refuses to open a
        // settled market again (a market OPEN and SETTLED would take bets).
        try {
          if (!(await setStatusByOperator(tx, marketId, market.status, status))) return [];
        } catch (err) {
          if (err instanceof MarketLifecycleRefusal) throw new Refusal(err.message);
          throw err;
        }
        return status === 'CLOSED' ? closeBook(book) : [];
      });
    },

    async setInPlay(marketId: number, betDelayS?: number) {
      await lapse(marketId, async (tx, market, book) => {
        if (market.inPlay && (betDelayS === undefined || betDelayS === market.betDelayS)) return [];
        await bumpMarketVersion(tx, [marketId], {
          inPlay: true,
          ...(betDelayS === undefined ? {} : { betDelayS }),
        });
        await setMatchInPlay(tx, market.matchId);
        return bookSetInPlay(book);
      });
    },

    async listMarkets(
      filter: { status?: MarketStatus | MarketStatus[]; market_type?: string } = {},
    ): Promise<MarketInfo[]> {
      const statuses = filter.status === undefined ? undefined : [filter.status].flat();
      // The columns answered only: the demo feed lists its markets every second.
      const rows = await db
        .select({
          market: {
            marketId: markets.marketId,
            matchId: markets.matchId,
            marketName: markets.marketName,
            marketType: markets.marketType,
            status: markets.status,
            inPlay: markets.inPlay,
            betDelayS: markets.betDelayS,
            version: markets.version,
            minStakePaise: markets.minStakePaise,
            maxStakePaise: markets.maxStakePaise,
            startTime: markets.startTime,
          },
          sportId: matches.sportId,
        })
        .from(markets)
        .innerJoin(matches, eq(matches.matchId, markets.matchId))
        .where(
          and(
            eq(markets.marketKind, 'EXCHANGE'),
            statuses ? inArray(markets.status, statuses) : undefined,
            filter.market_type === undefined ? undefined : eq(markets.marketType, filter.market_type),
          ),
        )
        .orderBy(asc(markets.marketId));
      const runnerRows =
        rows.length === 0
          ? []
          : await db
              .select({
                marketId: runners.marketId,
                selectionId: runners.selectionId,
                name: runners.name,
                status: runners.status,
              })
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

    /** The cash out of a user's matched position on a market now (docs/cash-out.md). */
    async getCashOut(userId: number, marketId: number) {
      const r = await quoteFromStore(userId, marketId);
      return { quote: r.quote, version: r.market?.version ?? 0, known: r.market !== null };
    },

    /**
     * Places a cash out: the quote now checked (refused at once when there is none or it locks less
     * than the caller accepted), in play the bet delay waited, what the hedge may add to the worst
     * case reserved, then the market's batch recomputes the quote under its lock and places every
     * hedge bet fill-or-kill (cash-out.ts `cashOutIn`). The same request_id twice: the first answer.
     */
    async cashOut(userId, request, opts) {
      const marketId = request.market_id;
      if (request.request_id.length < 1 || request.request_id.length > 64) {
        return { outcome: { ok: false, message: 'request_id must be 1 to 64 characters' }, version: 0 };
      }
      const firsts = await q.cashOutFirsts(db, [{ userId, requestId: request.request_id }]);
      const first = firsts.get(`${userId}:${request.request_id}`);
      if (first) return { outcome: { ok: true, ...first, repeated: true }, version: 0 };
      const pre = await quoteFromStore(userId, marketId);
      const version = pre.market?.version ?? 0;
      if (!pre.market) return { outcome: { ok: false, message: 'Unknown market' }, version };
      cache.rememberRow(pre.market);
      if (!pre.quote.available) {
        return { outcome: { ok: false, message: pre.quote.message, quote: pre.quote }, version };
      }
      if (pre.quote.profit_paise < request.accepted_profit_paise) {
        return { outcome: { ok: false, message: movedMessage(pre.quote), quote: pre.quote }, version };
      }
      // In play a cash out waits the bet delay like any bet, then its batch quotes again.
      let delayedVersion: number | null = null;
      if (pre.market.inPlay && pre.market.betDelayS > 0) {
        delayedVersion = pre.market.version;
        opts.onDelay?.(pre.market.betDelayS * 1000);
        await sleep(pre.market.betDelayS * 1000);
      }
      if (waitingOn(marketId) >= MAX_QUEUED_COMMANDS_PER_MARKET) {
        return { outcome: { ok: false, message: QUEUE_FULL_BET_MESSAGE }, version };
      }
      // After the hedge every runner ends at the profit locked or above, so the worst case is at
      // most the loss the caller accepted: only what that adds to the exposure now is reserved (a
      // hedge that lowers the worst case reserves nothing and is never refused for balance).
      const wantPaise = Math.max(0, Math.max(0, -request.accepted_profit_paise) - pre.exposure);
      reserving.set(marketId, (reserving.get(marketId) ?? 0) + 1);
      let reservation: Reservation;
      try {
        // A cash out stakes nothing new: an upline's maximum stake does not apply to it.
        reservation = await app.wallet.reserve({
          userId,
          marketId,
          wantPaise,
          staker: opts.staker,
          stakePaise: 0,
        });
      } finally {
        const n = (reserving.get(marketId) ?? 1) - 1;
        if (n > 0) reserving.set(marketId, n);
        else reserving.delete(marketId);
      }
      if (reservation.busy) return { outcome: { ok: false, message: reservation.message }, version };
      if (reservation.refusal !== undefined) {
        return { outcome: { ok: false, message: reservation.refusal }, version };
      }
      let cmd: Command | null = null;
      const answer = await new Promise<CashOutOutcome | null>((done, fail) => {
        cmd = {
          kind: 'cashout',
          userId,
          market_id: marketId,
          request_id: request.request_id,
          accepted_profit_paise: request.accepted_profit_paise,
          legs_max: pre.running,
          delayedVersion,
          reservation,
          done,
          fail,
        };
        if (!queue.submit(marketId, cmd)) done(null);
      });
      if (answer) return { outcome: answer, version };
      await release(cmd!);
      return { outcome: { ok: false, message: QUEUE_FULL_BET_MESSAGE }, version };
    },

    /** Best price to back at and to lay at (decimal odds, null when none) by selection id. */
    bestPrices: (marketIds: number[]) => readBestPrices(db, marketIds),

    liabilityPaise: (userId: number, tx: Executor = db) => q.totalExposure(tx, userId),

    /**
     * The same sum as an SQL expression (paise as text) for a statement of another module that
     * reads it with its own columns (getUserBalance: balance and liability in one query).
     */
    liabilityExpr: (userId: SQLWrapper | number) => q.totalExposureExpr(userId),

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
      const [market] = await db.select().from(markets).where(eq(markets.marketId, marketId));
      if (!market) return 0;
      const space = runnerSpace(market, await runnersOf(db, marketId));
      const matched = await matchedOf(db, userId, marketId);
      const open = await db
        .select({
          selectionId: bets.selectionId,
          side: bets.side,
          price: bets.price,
          remaining: bets.remainingPaise,
        })
        .from(bets)
        .where(and(eq(bets.userId, userId), eq(bets.marketId, marketId), sql`${bets.resting}`));
      return positionIn(space, {
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
