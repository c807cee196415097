// The binary feed runner: exactly one per deployment, on the node that holds the leader lease
// (like the casino scheduler). Each step (once a second) it advances the instrument feed to the
// binary clock, records the new prices (fenced: a deposed leader's step is refused), brings every
// live session's status in line with the clock and the calendar, and settles the sessions past
// their close. A failed step is logged and the next one tries again.
import type { InstrumentFeed } from '@backlay/feed';
import type { FastifyInstance } from 'fastify';
import { FencedOut, type Fence } from '../../plugins/leader.ts';
import type { BinaryService } from './service.ts';

export type BinaryFeedStats = { steps: number; ticks: number; settled: number; errors: number };

export type BinaryFeedRunner = {
  readonly stats: BinaryFeedStats;
  start(fence: Fence): Promise<void>;
  stop(): Promise<void>;
  /** One step now (tests drive the runner by hand). */
  step(): Promise<void>;
  running(): boolean;
};

export function createBinaryFeedRunner(
  app: FastifyInstance,
  service: BinaryService,
  makeFeed: () => Promise<InstrumentFeed>,
  opts: { step_ms: number },
): BinaryFeedRunner {
  const stats: BinaryFeedStats = { steps: 0, ticks: 0, settled: 0, errors: 0 };
  let fence: Fence | null = null;
  let feed: InstrumentFeed | null = null;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> = Promise.resolve();

  async function once() {
    if (!fence || !feed) return;
    const ticks = feed.advance(service.clock.now().getTime());
    stats.ticks += ticks.length;
    await service.recordTicks(fence, ticks);
    await service.syncStates(fence);
    stats.settled += await service.settleDue(fence);
    stats.steps += 1;
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
