// Exactly one scheduler per deployment runs every table's rounds: it starts on the node that holds
// the leader lease (`app.leader`) and stops when that node loses it. Each table is a loop of
// rounds; every state change is a fenced transaction (rounds.ts), so a deposed leader finishing
// its step is refused. A new term first voids (and refunds) the rounds an earlier term left
// unfinished, then runs new ones. After each change the bus carries `casino {match_id}` to every
// node, whose WebSocket layer sends the round's head to the sockets following that table.
import { roundGame, type RoundGame } from '@backlay/engine';
import type { FastifyInstance } from 'fastify';
import { FencedOut, type Fence } from '../../plugins/leader.ts';
import { DEAL_FAILED_REASON, INTERRUPTED_REASON, type RoundChange, type Rounds } from './rounds.ts';
import { hmacSha256 } from './fair.ts';
import { roundTiming, STEP_BATCH_BELOW_MS, stepIntervalMs, type RoundTiming } from './timing.ts';
import { tablesOf, type TableInfo } from './views.ts';

export type SchedulerStats = {
  rounds_opened: number;
  rounds_settled: number;
  rounds_voided: number;
  /** Round steps that failed (the store, a bug) and were retried or voided. */
  errors: number;
};

export type CasinoScheduler = {
  readonly stats: SchedulerStats;
  readonly timing: RoundTiming;
  /** Runs every table under `fence` until stop() or the term ends. */
  start(fence: Fence): Promise<void>;
  /** Stops now: a round in progress is left as it is (the next term voids it, as after a crash). */
  stop(): Promise<void>;
  /** Opens no more rounds, lets each table finish the one it runs, then stops (a bench's end). */
  drain(): Promise<void>;
  running(): boolean;
};

// Long because it is a factory: its inner functions, each short, share each table's timer and the
// leader's fence.
export function createCasinoScheduler(
  app: Pick<FastifyInstance, 'bus' | 'db' | 'log'>,
  rounds: Rounds,
  opts: {
    speed?: number;
    /** A floor on the betting window in wall time (fast-clock runs; timing.ts). */
    minWindowMs?: number;
    onRound?: (change: { matchId: number; roundId: number }) => void;
  } = {},
): CasinoScheduler {
  const timing = roundTiming(opts.speed ?? 1, opts.minWindowMs ?? 0);
  const stats: SchedulerStats = { rounds_opened: 0, rounds_settled: 0, rounds_voided: 0, errors: 0 };
  let stopping = false;
  let draining = false;
  let loops: Promise<void>[] = [];
  const wakers = new Set<() => void>();

  /** Waits `ms`, or less when the scheduler stops. */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopping) return resolve();
      const done = () => {
        clearTimeout(t);
        wakers.delete(done);
        resolve();
      };
      const t = setTimeout(done, ms);
      wakers.add(done);
    });

  function publish(matchId: number, roundId: number, users: readonly number[] = [], marketId?: number) {
    app.bus.publish('casino', { match_id: matchId, round_id: roundId });
    if (marketId !== undefined)
      for (const user_id of users) app.bus.publish('user', { user_id, market_id: marketId });
    opts.onRound?.({ matchId, roundId });
  }

  function published(change: RoundChange | null) {
    if (change) publish(change.matchId, change.roundId, change.users, change.marketId);
  }

  async function voidOrphans(table: TableInfo, fence: Fence) {
    for (const roundId of await rounds.orphans(table.matchId, fence)) {
      const change = await rounds.voidRound(roundId, fence, INTERRUPTED_REASON);
      if (change) stats.rounds_voided += 1;
      published(change);
    }
  }

  /**
   * The deal, one step per write `every` apart (a card a second at a real clock). At a fast clock
   * whose steps come closer than STEP_BATCH_BELOW_MS (no screen shows them one by one), each write
   * carries the steps due by then: the deal keeps its schedule however slow the store is.
   * False: the round is gone.
   */
  async function revealSteps(table: TableInfo, roundId: number, steps: readonly string[], fence: Fence) {
    const every = stepIntervalMs(timing, steps.length);
    const batch = every < STEP_BATCH_BELOW_MS;
    const start = performance.now();
    let shown = 0;
    while (shown < steps.length && !stopping) {
      const due = batch ? Math.floor((performance.now() - start) / Math.max(every, 1e-3)) + 1 : shown + 1;
      shown = Math.min(steps.length, Math.max(shown + 1, due));
      if (!(await rounds.reveal(roundId, fence, steps.slice(0, shown)))) return false;
      publish(table.matchId, roundId);
      if (shown < steps.length) await sleep(batch ? 0 : every);
    }
    return true;
  }

  /** One whole round of a table: open, window, close, the steps one by one, the result. */
  async function oneRound(table: TableInfo, game: RoundGame, fence: Fence) {
    const opened = await rounds.open(table, game, fence, timing.window_ms);
    stats.rounds_opened += 1;
    publish(table.matchId, opened.roundId);
    try {
      // The steps are computed now from the seed (held in memory, never sent) and shown one by one.
      const steps = game.play(opened.serverSeed, String(opened.roundId), hmacSha256).steps;
      await sleep(timing.window_ms);
      if (stopping) return;
      if (!(await rounds.close(opened.roundId, fence))) return;
      publish(table.matchId, opened.roundId);
      await sleep(timing.close_ms);
      if (!(await revealSteps(table, opened.roundId, steps, fence))) return;
      if (stopping) return;
      const change = await rounds.finish(opened.roundId, fence);
      if (change) stats.rounds_settled += 1;
      published(change);
      await sleep(timing.result_ms);
    } catch (err) {
      if (err instanceof FencedOut) throw err;
      // A failure of this round (the store, a bug): void it and go on with the next one.
      stats.errors += 1;
      app.log.error(
        { err, match_id: table.matchId, round_id: opened.roundId },
        'casino: round failed; voiding it',
      );
      await sleep(timing.retry_ms);
      // If the void fails too, the table's loop gives up this round and voids it (orphans) before
      // opening another: a round is never left unfinished while its table runs on.
      const change = await rounds.voidRound(opened.roundId, fence, DEAL_FAILED_REASON);
      if (change) stats.rounds_voided += 1;
      published(change);
    }
  }

  async function runTable(table: TableInfo, fence: Fence) {
    const game = roundGame(table.gameId);
    if (!game) return;
    while (!stopping) {
      try {
        // Before every round, not only at the start of the term: a round this term left unfinished
        // (a store failure in its deal and in its void) is voided and refunded before the next opens.
        while (!stopping && !draining) {
          await voidOrphans(table, fence);
          await oneRound(table, game, fence);
        }
        if (draining) return;
      } catch (err) {
        if (err instanceof FencedOut) {
          app.log.warn({ match_id: table.matchId }, 'casino: the term is over; this table stops here');
          return;
        }
        stats.errors += 1;
        app.log.error({ err, match_id: table.matchId }, 'casino: table failed; trying again');
        await sleep(timing.retry_ms);
      }
    }
  }

  return {
    stats,
    timing,
    running: () => loops.length > 0,
    async start(fence) {
      stopping = false;
      draining = false;
      const tables = await tablesOf(app.db);
      loops = tables.map((t) => runTable(t, fence));
    },
    async drain() {
      draining = true;
      await Promise.all(loops);
      loops = [];
    },
    async stop() {
      stopping = true;
      for (const wake of [...wakers]) wake();
      await Promise.all(loops);
      loops = [];
    },
  };
}
