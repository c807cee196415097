// Binary sessions: the bettor's calls, the operator's (audited), and on the leader the feed runner
// (feed.ts): prices, line moves, opening and closing by the clock, settlement at the close.
import { readFileSync } from 'node:fs';
import { BINARY_INSTRUMENTS } from '@backlay/engine';
import { createRandomWalkFeed, createReplayFeed, parseTicksCsv, type InstrumentFeed } from '@backlay/feed';
import fp from 'fastify-plugin';
import { ok, refuse, route } from '../../http/route.ts';
import { audited } from '../audit/audit.ts';
import { toSummary } from '../settlement/summary.ts';
import { createBinaryFeedRunner, type BinaryFeedRunner } from './feed.ts';
import { createBinaryService, type BinaryClock, type BinaryService } from './service.ts';
import { binaryLiveTopic } from './live-topic.ts';

declare module '../../plugins/bus.ts' {
  interface BusChannels {
    /** A binary instrument ticked, moved its line or changed state: its head is read again. */
    binary: { match_id: number };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    binary: BinaryService & { runner: BinaryFeedRunner | null };
  }
}

export type BinaryOptions = {
  /** Run the feed (prices, lines, states, settlement) when this node leads. Default off (tests ask). */
  run?: boolean;
  /**
   * BINARY_CLOCK_SPEED: the binary clock runs this many times faster than the server's from
   * BINARY_CLOCK_START (fast-clock runs: 300 plays a 4.5-hour session in under a minute). 1: the
   * server's clock itself.
   */
  speed?: number;
  /** Where a fast binary clock starts (ms since the epoch); default: when the server starts. */
  start_ms?: number;
  /** BINARY_FEED_FILE: replay this CSV (time,instrument,price) instead of the random walk. */
  file?: string;
  /** The random walk's seed. */
  seed?: number;
  /** ms between the runner's steps (real time). Default 1000. */
  step_ms?: number;
  /**
   * The clock the hours are kept by: the server's (app.clock) unless given. Tests give their own,
   * so they can stand at 09:59:59 on a Monday without moving the clock logins expire by.
   */
  clock?: BinaryClock;
};

/** The binary clock: the server's (app.clock), or a fast one anchored at `start_ms`. */
export function binaryClock(base: { now(): Date }, speed: number, start_ms?: number): BinaryClock {
  if (speed <= 1) return base;
  const realStart = base.now().getTime();
  const anchor = start_ms ?? realStart;
  return { now: () => new Date(anchor + (base.now().getTime() - realStart) * speed) };
}

export const binaryModule = fp<{ binary?: BinaryOptions }>(
  // Long because it registers binary's routes (board, instrument, bets, operator), each a few lines
  // over the service.
  async (app, opts) => {
    const o = opts.binary ?? {};
    const speed = o.speed ?? 1;
    const clock = binaryClock(o.clock ?? app.clock, speed, o.start_ms);
    const service = createBinaryService(app, clock, Math.max(1, speed));
    app.decorate('binary', Object.assign(service, { runner: null as BinaryFeedRunner | null }));
    app.liveTopics.register(binaryLiveTopic((id) => service.head(id)));

    route(app, 'getBinaryBoard', async () => ok(await service.board()));

    route(app, 'getBinaryInstrument', async ({ body, user }) => {
      const r = await service.instrument(user.userId, body.match_id);
      return r ? ok(r) : refuse(`Unknown instrument ${body.match_id}`);
    });

    route(app, 'placeBinaryBet', async ({ body, user }) => {
      const r = await service.place(
        user.userId,
        {
          match_id: body.match_id,
          line: body.line,
          is_yes: body.is_yes === '1',
          rate: body.rate,
          stake_paise: Math.round(body.stack * 100),
          request_id: body.request_id,
        },
        { sessionId: user.sessionId },
      );
      return r.ok ? ok({ bet: r.bet }, r.repeated ? 'Bet already placed' : 'Bet placed') : refuse(r.message);
    });

    route(app, 'adminBinarySessions', async ({ body }) =>
      ok({ sessions: await service.sessions(body.trading_day) }),
    );

    route(app, 'adminBinarySettle', async ({ body, user }) =>
      audited(app, user.userId, 'binary/settle', body, async () => {
        const r = await service.settleByOperator(user.userId, body.session_id, body.price);
        return r.ok ? ok(toSummary(r.value)) : refuse(r.message);
      }),
    );

    route(app, 'adminBinaryVoid', async ({ body, user }) =>
      audited(app, user.userId, 'binary/void', body, async () => {
        const r = await service.voidByOperator(user.userId, body.session_id, body.reason);
        return r.ok ? ok(toSummary(r.value)) : refuse(r.message);
      }),
    );

    route(app, 'adminBinaryOverride', async ({ body, user }) =>
      audited(app, user.userId, 'binary/override', body, async () => {
        const r = await service.override(body.session_id, body.price);
        return r.ok ? ok(r.value) : refuse(r.message);
      }),
    );

    route(app, 'adminBinaryCalendar', async ({ body }) =>
      ok({ holidays: await service.calendar(body.from) }),
    );

    route(app, 'adminBinaryHolidayAdd', async ({ body, user }) =>
      audited(app, user.userId, 'binary/calendar/add', body, async () => {
        await service.addHoliday(body.day, body.group, body.reason);
        // A session open now on that day is suspended at once (and its sockets told).
        await service.syncStates(null);
        return ok({ holidays: await service.calendar() });
      }),
    );

    route(app, 'adminBinaryHolidayRemove', async ({ body, user }) =>
      audited(app, user.userId, 'binary/calendar/remove', body, async () => {
        await service.removeHoliday(body.day, body.group);
        await service.syncStates(null);
        return ok({ holidays: await service.calendar() });
      }),
    );

    if (o.run) {
      const makeFeed = async (): Promise<InstrumentFeed> => {
        const start = clock.now().getTime();
        if (o.file) {
          const known = new Set(BINARY_INSTRUMENTS.map((i) => i.code));
          const rows = parseTicksCsv(readFileSync(o.file, 'utf8'), known);
          return createReplayFeed(rows, { start_ms: start - 1, name: `replay:${o.file}` });
        }
        return createRandomWalkFeed({
          seed: o.seed ?? 24,
          start_ms: start - 1,
          // About one price per instrument per runner step, whatever the clock's speed.
          interval_ms: Math.max(1_000, Math.round(1_000 * speed)),
          // The calendar as the runner last read it (each step): an edit reaches the walk at once.
          holiday: service.holidayNow,
          levels: await service.lastLevels(),
        });
      };
      const runner = createBinaryFeedRunner(app, service, makeFeed, { step_ms: o.step_ms ?? 1_000 });
      app.binary.runner = runner;
      let resign: (() => Promise<void>) | null = null;
      app.addHook('onReady', async () => {
        resign = app.leader.onLeadership(
          async () => {
            const fence = app.leader.fence();
            if (!fence) throw new Error('binary: started without a lease');
            await runner.start(fence);
            app.log.info({ generation: fence.generation, speed }, 'binary feed started');
          },
          async () => {
            await runner.stop();
            app.log.info('binary feed stopped');
          },
        );
      });
      app.addHook('preClose', async () => {
        await resign?.();
      });
    }
  },
  {
    name: 'binary',
    dependencies: [
      'db',
      'auth',
      'bus',
      'wallet',
      'markets',
      'binary-kind',
      'catalog',
      'leader',
      'settlement',
      'live-topics',
    ],
  },
);
