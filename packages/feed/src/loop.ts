// The tick loop the self-scheduling feeds (the demo feed, the racing feed) share: `tick()` runs one
// tick and waits for the market work it launched; `start()` ticks every `tick_ms` (the tick's own
// part is awaited before the next is scheduled, market work runs on); `stop()` stops and waits for
// everything in flight. Market work goes through `launch`, which marks the market busy until it
// ends (a feed skips busy markets) and logs, never throws, when it fails.
import type { FeedLog } from './types.ts';

/** One tick's own part: what it reports and the market work it launched. */
export interface TickRun<R> {
  report: R;
  jobs: Promise<void>[];
}

export interface TickLoop<R> {
  /** Markets with work in flight. */
  readonly busy: ReadonlySet<number>;
  /** Runs `work` for a market, marking it busy; tracked so `stop` can wait for it. */
  launch(market_id: number, work: () => Promise<void>): Promise<void>;
  /** One tick; resolves when everything it started has finished. */
  tick(): Promise<R>;
  /** Ticks every `tick_ms` until `stop`. */
  start(): void;
  /** Stops ticking and waits for the work in flight. */
  stop(): Promise<void>;
}

export function createTickLoop<R>(deps: {
  /** Names the feed in log messages ("demo feed: tick failed"). */
  name: string;
  tick_ms: number;
  log: FeedLog;
  /** One tick's own part (list, lifecycle, launching market work). */
  run: () => Promise<TickRun<R>>;
  /** Called with each scheduled tick's report (e.g. to log what changed). */
  onReport?: (report: R) => void;
}): TickLoop<R> {
  const { name, tick_ms, log, run, onReport } = deps;
  const busy = new Set<number>();
  const inflight = new Set<Promise<unknown>>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let ticking: Promise<unknown> | null = null;

  function launch(market_id: number, work: () => Promise<void>): Promise<void> {
    busy.add(market_id);
    const p = work()
      .catch((err: unknown) => log.warn({ err, market_id }, `${name}: market work failed`))
      .finally(() => {
        busy.delete(market_id);
        inflight.delete(p);
      });
    inflight.add(p);
    return p;
  }

  async function tick(): Promise<R> {
    const { report, jobs } = await run();
    await Promise.all(jobs);
    return report;
  }

  function schedule() {
    if (!running) return;
    timer = setTimeout(() => {
      timer = null;
      // The tick's own part (list, lifecycle, launching) is awaited; market work runs on.
      ticking = run()
        .then(({ report }) => onReport?.(report))
        .catch((err: unknown) => log.warn({ err }, `${name}: tick failed`))
        .finally(() => {
          ticking = null;
          schedule();
        });
    }, tick_ms);
  }

  return {
    busy,
    launch,
    tick,
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      if (ticking) await ticking;
      await Promise.all([...inflight]);
    },
  };
}
