// The binary feed runner: exactly one per deployment, on the node that holds the leader lease
// (like the casino scheduler). Each step (once a second) it advances the instrument feed to the
// binary clock, records the new prices (fenced: a deposed leader's step is refused), brings every
// live session's status in line with the clock and the calendar, and settles the sessions past
// their close. A failed step is logged and the next one tries again.
import type { InstrumentFeed } from '@backlay/feed';
import type { FastifyInstance } from 'fastify';
import { FencedOut, type Fence } from '../../plugins/leader.ts';
import type { BinaryService } from './service.ts';

export type BinaryFeedStats = {
  steps: number;
  ticks: number;
  /** The feed's prices by instrument code (at most the 14 codes): what the walk emitted. */
  ticks_by_code: Record<string, number>;
  settled: number;
  errors: number;
  /** How long the last step and the longest step took (ms). */
  last_step_ms: number;
  max_step_ms: number;
};

export type BinaryFeedRunner = {
  readonly stats: BinaryFeedStats;
  start(fence: Fence): Promise<void>;
  stop(): Promise<void>;
  /** One step now (tests drive the runner by hand). */
  step(): Promise<void>;
  running(): boolean;
};

export function createBinaryFeedRunner(
  app: Pick<FastifyInstance, 'log'>,
  service: BinaryService,
  makeFeed: () => Promise<InstrumentFeed>,
  opts: { step_ms: number },
): BinaryFeedRunner {
  const stats: BinaryFeedStats = {
    steps: 0,
    ticks: 0,
    ticks_by_code: {},
    settled: 0,
    errors: 0,
    last_step_ms: 0,
    max_step_ms: 0,
  };
  let fence: Fence | null = null;
  let feed: InstrumentFeed | null = null;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> = Promise.resolve();

  async function once() {
    if (!fence || !feed) return;
    const began = performance.now();
    // The calendar is read every step, so an operator's edit stops (or resumes) the walk at once.
    if (await service.refreshHolidays()) feed.calendarChanged?.();
    const ticks = feed.advance(service.clock.now().getTime());
    stats.ticks += ticks.length;
    for (const t of ticks) stats.ticks_by_code[t.code] = (stats.ticks_by_code[t.code] ?? 0) + 1;
    // The calendar just read serves the step's writes (one read of it a step).
    await service.recordTicks(fence, ticks, service.holidayNow);
    await service.syncStates(fence, service.holidayNow);
    const settled = await service.settleDue(fence);
    stats.settled += settled;
    if (settled > 0)
      app.log.info({ settled, at: service.clock.now().toISOString() }, 'binary: sessions settled');
    stats.steps += 1;
    stats.last_step_ms = Math.round(performance.now() - began);
    stats.max_step_ms = Math.max(stats.max_step_ms, stats.last_step_ms);
    // A step longer than the interval makes the prices lag the clock: worth an operator's look.
    if (stats.last_step_ms > opts.step_ms)
      app.log.warn(
        { step_ms: stats.last_step_ms, ticks: ticks.length },
        'binary: feed step slower than its interval',
      );
  }

  function step(): Promise<void> {
    current = current.then(once).catch((err: unknown) => {
      stats.errors += 1;
      if (err instanceof FencedOut) app.log.warn({ err }, 'binary: step refused, the term is over');
      else app.log.error({ err }, 'binary: feed step failed');
    });
    return current;
  }

  return {
    stats,
    async start(f) {
      fence = f;
      await service.refreshHolidays();
      feed = await makeFeed();
      app.log.info({ feed: feed.name }, 'binary feed');
      timer = setInterval(() => void step(), opts.step_ms);
      timer.unref();
      await step();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await current;
      fence = null;
      feed = null;
    },
    step,
    running: () => timer !== null,
  };
}
