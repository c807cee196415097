// A market's round (docs/performance.md, "How a bet is committed now"): the commands waiting on
// one or several markets run in one transaction — the market rows locked in market-id order, every
// market's reads in one statement, each market's batch through the engine (batch.ts) on its cached
// or rebuilt state, every market's writes in one statement, one commit — then each caller is
// answered and the change published. A round that fails runs again market by market, then command
// by command, so one bad command cannot fail its neighbours. `lapse` is the same for a change of
// the market itself (its status, in play) under its lock.

import { checkFences, fenceHolds, FencedOut } from '../../plugins/leader.ts';
import type { BookEvent, OrderBook } from '@backlay/engine';
import type { MarketImage } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/store.ts';
import { GRANT_RETRY_BASE_MS, GRANT_TRIES, WALLET_BUSY_MESSAGE, type Grant } from '../wallet/service.ts';
import {
  applyEvents,
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
import type { FirstCashOut } from './cash-out-types.ts';
import type { BatchResult, Command } from './commands.ts';
import { createRoundQueue, takeBatch } from '../markets/command-queue.ts';
import type { PlaceBetOutcome } from './types.ts';
import { EXCHANGE_KIND } from './kind.ts';
import { imageOfRound } from './live-images.ts';
import { answerCommand, createOwners } from './owners.ts';
import * as q from './queries.ts';

/** A leader-only order (the demo feed's) whose leader term ended before its batch ran. */
export const FENCED_ORDER_MESSAGE = 'Refused: the leader term that sent this order is over';

/**
 * Long because it is a factory, not a procedure: its inner functions (each short) share the
 * queue, the book cache and the app; the round's steps read top to bottom in the order they run.
 */
export function createRounds(
  app: Pick<FastifyInstance, 'bus' | 'clock' | 'db' | 'log' | 'metrics' | 'shards' | 'wallet'>,
  cache: BookCache,
) {
  const db = app.db;
  const now = () => app.clock.now();
  const queue = createRoundQueue<Command>((round) => runRound(round));
  // Where each command runs: this node's queue when it owns the market's shard, else its owner's.
  const owners = createOwners(app, (marketId, c) => queue.submit(marketId, c));

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

  /** The reads a market's batch needs (`q.batchReadsMany`), asked with other markets' or alone. */
  function readRequest(marketId: number, market: MarketRow | null, cmds: Command[]): q.BatchReadRequest {
    const places = cmds.filter((c): c is Command & { kind: 'place' } => c.kind === 'place');
    return {
      marketId,
      pairs: places.map((c) => ({ userId: c.userId, requestId: c.request.request_id })),
      ids: market ? places.length + cmds.reduce((n, c) => n + (c.kind === 'cashout' ? c.legs_max : 0), 0) : 0,
    };
  }

  /** One market's batch screened: each command's outcome already known (a repeat, a refusal), or undefined. */
  type Screened = {
    marketId: number;
    market: MarketRow | null;
    cmds: Command[];
    reads: q.BatchReads;
    screened: (Outcome | undefined)[];
    /** Per command: what the wallet granted it in this round (undefined: nothing asked). */
    grants: (Grant | undefined)[];
    /** The commands whose wallet row another transaction held: tried again in a later round. */
    busy: Set<number>;
  };

  /**
   * A market's commands on its locked row and what `batchReadsMany` gave it: repeats and the market's
   * own refusals first, then a leader-only order (the demo feed's) of a term that is over, refused
   * here in the round's own transaction, so a deposed leader's late order never reaches the book.
   */
  async function screen(
    tx: Tx,
    marketId: number,
    market: MarketRow | null,
    cmds: Command[],
    reads: q.BatchReads,
  ): Promise<Screened> {
    const cashOuts = cmds.filter((c) => c.kind === 'cashout');
    const cashOutFirsts =
      cashOuts.length === 0
        ? new Map<string, FirstCashOut>()
        : await q.cashOutFirsts(
            tx,
            cashOuts.map((c) => ({ userId: c.userId, requestId: c.request_id })),
          );
    const screened = screenBatch(cmds, reads.firsts, market, cashOutFirsts);
    const terms = new Map<string, boolean>();
    for (const [i, c] of cmds.entries()) {
      if (c.kind !== 'place' || c.fence === undefined || screened[i] !== undefined) continue;
      const key = c.fence === null ? 'none' : `${c.fence.lease}/${c.fence.generation}`;
      if (!terms.has(key)) terms.set(key, await fenceHolds(tx, c.fence));
      if (!terms.get(key)) screened[i] = { ok: false, message: FENCED_ORDER_MESSAGE };
    }
    return { marketId, market, cmds, reads, screened, grants: [], busy: new Set() };
  }

  /**
   * The stake gate and the money, inside the round's transaction: every candidate bet and cash out
   * of the round's markets asks the wallet at once (`wallet.grant`: their wallet rows locked, SKIP
   * LOCKED, the gate and the available balances read after the locks, granted in arrival order).
   * A refusal by the gate becomes the command's outcome; a busy wallet row sends the command back
   * to wait for a later round (`finish`); the rows stay locked until the round commits, so the
   * holds it writes are checked against balances no one else can change meanwhile.
   */
  async function grantAll(tx: Tx, batches: readonly Screened[]): Promise<void> {
    const asked = batches.flatMap((b) =>
      b.cmds.flatMap((c, i) => (c.kind === 'cancel' || b.screened[i] !== undefined ? [] : [{ b, i, c }])),
    );
    if (asked.length === 0) return;
    const granted = await app.wallet.grant(
      tx,
      asked.map(({ b, c }) => ({
        userId: c.userId,
        marketId: b.marketId,
        wantPaise: c.want.wantPaise,
        staker: c.want.staker,
        stakePaise: c.want.stakePaise,
      })),
      // The wallet rows the round's reads locked (`walletUsers`): every batch carries the same set.
      batches[0]!.reads.walletsLocked,
    );
    asked.forEach(({ b, i, c }, k) => {
      const g = granted[k]!;
      if (g === 'busy') {
        b.busy.add(i);
        b.screened[i] = { ok: false, message: WALLET_BUSY_MESSAGE };
      } else if (g.refusal !== undefined) {
        b.screened[i] = { ok: false, message: g.refusal };
      } else {
        b.grants[i] = g;
        // The refusal of a bet whose grant an upline's exposure limit cut names the limit (placeIn).
        if (c.kind === 'place') {
          if (g.hasWallet && g.limit) c.limit = g.limit;
          else delete c.limit;
        }
      }
    });
  }

  /**
   * One screened batch through the engine, its grants taken: every command run in arrival order
   * (each bet checked against its user's exposure as the previous commands left it and what their
   * grants cover; a refused bet leaves nothing behind). Returns the rows to write (null: nothing
   * changed), the check to make once they are written, and what follows the commit.
   */
  async function prepareBatch(
    tx: Tx,
    { marketId, market, cmds, reads, screened, grants, busy }: Screened,
    at: Date,
  ): Promise<{ result: BatchResult; write: q.BatchWrite | null; check(): void }> {
    // What each candidate's grant covers (null: no wallet); nothing for a command already answered.
    const granted = cmds.map((c, i) => {
      const g = grants[i];
      if (c.kind === 'cancel' || g === undefined) return undefined;
      return g.hasWallet ? g.paise : null;
    });
    if (!market) {
      const result = {
        outcomes: screened as Outcome[],
        changed: false,
        touched: new Set<number>(),
        busy,
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
      granted,
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
      busy,
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

  /**
   * The users whose wallet rows a round locks with its reads: those of its bets and cash outs (a
   * repeat's or a refused one's too; their rows are held till the commit, a moment).
   */
  function walletUsersOf(cmdsOf: readonly Command[][]): number[] {
    const users = new Set<number>();
    for (const cmds of cmdsOf) for (const c of cmds) if (c.kind !== 'cancel') users.add(c.userId);
    return [...users].sort((a, b) => a - b);
  }

  /** One market's batch in its transaction: its reads (and its bettors' wallet rows locked), the engine, its write. */
  async function runBatch(tx: Tx, marketId: number, market: MarketRow | null, cmds: Command[]) {
    const r = readRequest(marketId, market, cmds);
    const [reads] = await q.batchReadsMany(tx, [r], market ? walletUsersOf([cmds]) : []);
    const screened = await screen(tx, marketId, market, cmds, reads!);
    await grantAll(tx, [screened]);
    const p = await prepareBatch(tx, screened, now());
    // The check reads what the engine computed, not the store: made before the write, which then
    // travels with the commit (one round trip fewer a round; its error fails the round as before).
    p.check();
    if (p.write) await q.writeBatch(tx, p.write, { last: true });
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
    for (const [marketId, pending] of round) owners.keepRunnable(marketId, pending);
    if (round.size === 1) {
      const [marketId, pending] = [...round][0]!;
      return runCommands(marketId, pending);
    }
    const ids = [...round.keys()].filter((m) => round.get(m)!.length > 0).sort((a, b) => a - b);
    if (ids.length === 0) return;
    const taken = new Map<number, Command[]>();
    const fences = owners.fencesOf(ids);
    let results: Map<number, BatchResult>;
    try {
      results = await db.transaction(async (tx) => {
        // As the owner of the markets' shards: refused if another node has taken one over since.
        // The fence check is written right behind the lock, not after its answer (the connection
        // is pipelined): PostgreSQL still runs it after the lock is granted; one round trip fewer.
        const [rows] = await Promise.all([lockMarkets(tx, ids), checkFences(tx, fences)]);
        const work = ids.flatMap((marketId) => {
          const cmds = takeBatch(round.get(marketId)!);
          taken.set(marketId, cmds);
          return cmds.length === 0 ? [] : [{ marketId, market: rows.get(marketId) ?? null, cmds }];
        });
        const reads = await q.batchReadsMany(
          tx,
          work.map((x) => readRequest(x.marketId, x.market, x.cmds)),
          walletUsersOf(work.filter((x) => x.market !== null).map((x) => x.cmds)),
        );
        const screened: Screened[] = [];
        for (const [i, x] of work.entries())
          screened.push(await screen(tx, x.marketId, x.market, x.cmds, reads[i]!));
        await grantAll(tx, screened);
        const at = now();
        const prepared: Awaited<ReturnType<typeof prepareBatch>>[] = [];
        for (const s of screened) prepared.push(await prepareBatch(tx, s, at));
        for (const p of prepared) p.check();
        await q.writeBatches(
          tx,
          prepared.flatMap((p) => (p.write ? [p.write] : [])),
          { last: true },
        );
        return new Map(work.map((x, i) => [x.marketId, prepared[i]!.result]));
      });
    } catch (err) {
      app.metrics.exchangeRound(ids.length, false);
      if (err instanceof FencedOut) owners.fenced(err);
      else app.log.warn({ err, markets: ids }, 'exchange: a round failed; its markets run one by one');
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
    owners.keepRunnable(marketId, fixed ?? pending);
    if ((fixed ?? pending).length === 0) return;
    let cmds: Command[] = fixed ?? [];
    const fences = owners.fencesOf([marketId]);
    let r: BatchResult;
    try {
      r = await db.transaction(async (tx) => {
        // The fence check right behind the lock, as in runRound.
        const [market] = await Promise.all([lockMarket(tx, marketId), checkFences(tx, fences)]);
        if (!fixed) cmds = takeBatch(pending);
        return runBatch(tx, marketId, market, cmds);
      });
    } catch (err) {
      if (err instanceof FencedOut) {
        // Another node owns the market now: nothing of the round was written; its commands go there.
        owners.fenced(err);
        owners.reroute(marketId, cmds.length > 0 ? cmds : takeBatch(pending));
        return;
      }
      // Failed before taking its commands (the store is failing): each gets its own attempt.
      if (cmds.length === 0) cmds = takeBatch(pending);
      if (cmds.length > 1 || !fixed) {
        for (const c of cmds) await runCommands(marketId, pending, [c]);
        return;
      }
      const c = cmds[0]!;
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
    cmds.forEach((c, i) => (r.busy.has(i) ? tryAgain(marketId, c) : answer(c, r.outcomes[i]!)));
  }

  /**
   * A bet or a cash out whose wallet row another transaction held through its round: back to its
   * market's queue after GRANT_RETRY_BASE_MS × 2^(n−1), jittered ±50% (so that many retries do not
   * arrive together), GRANT_TRIES rounds in all (about 0.8 s), then refused in words.
   */
  function tryAgain(marketId: number, c: Command) {
    if (c.kind === 'cancel') return;
    c.want.busyTries += 1;
    app.metrics.exchangeWalletBusy();
    if (c.want.busyTries >= GRANT_TRIES) return answer(c, { ok: false, message: WALLET_BUSY_MESSAGE });
    const delay_ms = GRANT_RETRY_BASE_MS * 2 ** (c.want.busyTries - 1) * (0.5 + Math.random());
    setTimeout(() => owners.submit(marketId, [c]), delay_ms).unref?.();
  }

  /** A placement's outcome that put a new bet on the book (not a refusal, not a repeat). */
  function isNewBet(o: Outcome) {
    const p = o as PlaceBetOutcome;
    return p.ok && 'repeated' in p && !p.repeated;
  }

  const answer = answerCommand;

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
      applyEvents(state, events);
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

  return { queue, submit: owners.submit, owners, lapse, publish };
}
export type Rounds = ReturnType<typeof createRounds>;
