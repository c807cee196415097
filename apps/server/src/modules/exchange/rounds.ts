// A market's round (docs/performance.md, "How a bet is committed now"): the commands waiting on
// one or several markets run in one transaction — the market rows locked in market-id order, every
// market's reads in one statement, each market's batch through the engine (batch.ts) on its cached
// or rebuilt state, every market's writes in one statement, one commit — then each caller is
// answered and the change published. A round that fails runs again market by market, then command
// by command, so one bad command cannot fail its neighbours. `lapse` is the same for a change of
// the market itself (its status, in play) under its lock.

import { fenceHolds } from '../../plugins/leader.ts';
import type { BookEvent, OrderBook } from '@backlay/engine';
import type { MarketImage } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/store.ts';
import * as reservations from '../wallet/reservations.ts';
import {
  assertCeilings,
  Changes,
  executeBatch,
  runnerSpace,
  screenBatch,
  stateFrom,
  type MarketRow,
  type MarketState,
  type Outcome,
} from './batch.ts';
import type { BookCache } from './book-cache.ts';
import {
  batchWriteOf,
  flush,
  isUniqueViolation,
  loadBook,
  lockMarket,
  lockMarkets,
  repeatedResult,
  runnersOf,
} from './book-store.ts';
import { cashOutIn } from './cash-out.ts';
import type { CashOutOutcome, FirstCashOut } from './cash-out-types.ts';
import type { BatchResult, Command } from './commands.ts';
import { createRoundQueue, takeBatch } from '../markets/command-queue.ts';
import type { CancelOutcome, PlaceBetOutcome } from './types.ts';
import { EXCHANGE_KIND } from './kind.ts';
import { imageOfRound } from './live-images.ts';
import * as q from './queries.ts';

/** The answer of a bet whose reservation the sweep released before its batch ran. */
export const RESERVATION_LOST_MESSAGE = 'The bet waited too long to be placed; place it again';

/** A leader-only order (the demo feed's) whose leader term ended before its batch ran. */
export const FENCED_ORDER_MESSAGE = 'Refused: the leader term that sent this order is over';

/**
 * Long because it is a factory, not a procedure: its inner functions (each short) share the
 * queue, the book cache and the app; the round's steps read top to bottom in the order they run.
 */
export function createRounds(
  app: Pick<FastifyInstance, 'bus' | 'clock' | 'db' | 'log' | 'metrics'>,
  cache: BookCache,
) {
  const db = app.db;
  const now = () => app.clock.now();
  const queue = createRoundQueue<Command>((round) => runRound(round));

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

  /**
   * The change's notices, after its commit: the market's (with the image the round left and its
   * stamp, when it is a round's: live-images.ts) and each touched user's.
   */
  function publish(
    marketId: number,
    users: Iterable<number>,
    marketChanged = true,
    image?: { stamp: number; image: MarketImage },
  ) {
    if (marketChanged) app.bus.publish('market', { market_id: marketId, ...image });
    for (const user_id of users) app.bus.publish('user', { user_id, market_id: marketId });
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
      // Built now, from the book this batch left (a later round changes it in place).
      ...(changed
        ? {
            image: {
              stamp,
              image: imageOfRound({
                market,
                runners: runnerRows,
                traded: run.changes.traded,
                book: state.book,
              }),
            },
          }
        : {}),
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
      if (r.changed) publish(marketId, r.touched, true, r.image);
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

  return { queue, release, lapse, publish };
}
export type Rounds = ReturnType<typeof createRounds>;
