// The demo feeds (packages/feed) wired to this server. The match-odds feed's FeedApi goes through `app.exchange`
// — the same placeBet / cancelBets a bettor's request uses — and its accounts are ordinary users
// funded by deposit transfers from the house through the wallet (never by editing balances). The
// cricket simulator's port is feeds/cricket-port.ts (the operator's quoting calls); the racing
// day's is feeds/racing-feed.ts (the racing module's service), its orders the exchange's FeedApi.
// Registered by main.ts when FEED is not 'off'; buildApp (and so every test) never starts it.
import {
  createCricketFeed,
  createDemoFeed,
  createRacingFeed,
  DEFAULT_CRICKET_FEED_OPTIONS,
  DEFAULT_FEED_OPTIONS,
  DEFAULT_RACING_FEED_OPTIONS,
  type FeedClock,
  type RacingFeed,
  type RacingFeedOptions,
  type CricketFeed,
  type CricketFeedOptions,
  mulberry32,
  type DemoFeed,
  type FeedApi,
  type FeedImage,
  type FeedMarket,
  type FeedOptions,
  type FeedOrder,
} from '@backlay/feed';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomBytes, randomInt } from 'node:crypto';
import { users } from '../modules/account/schema.ts';
import { createCricketFeedApi } from './cricket-port.ts';
import { matchOddsScoreStates } from '../modules/cricket/match-odds.ts';
import { MATCH_ODDS_MARKET_TYPE } from '../modules/exchange/kind.ts';
import { checkFence, type Fence } from '../plugins/leader.ts';
import { createRacingFeedApi } from './racing-feed.ts';
import { SYSTEM_STAKER } from '../modules/wallet/stake-gate.ts';

/** A market maker's float: ₹5,00,00,000 (its exposure across every demo market stays far below). */
export const MAKER_FLOAT_PAISE = 5_000_000_000;
/** A simulated bettor's float: ₹10,00,000. */
export const BETTOR_FLOAT_PAISE = 100_000_000;
/** An account is topped up to its float when its balance falls below this share of it. */
const TOP_UP_BELOW_SHARE = 0.5;

/** Only match-odds markets get demo liquidity (racing WIN markets and others do not). */
const DEMO_MARKET_TYPE = MATCH_ODDS_MARKET_TYPE;

const toHundredths = (decimal: number) => Math.round(decimal * 100);
const toPaise = (rupees: number) => Math.round(rupees * 100);

/** How long a feed made outside the leader's start (tests, tools) waits for this node's term. */
const FENCE_WAIT_MS = 5_000;

/** This node's current leader term, waiting up to FENCE_WAIT_MS for it (tests build feeds at once). */
export async function currentFence(app: Pick<FastifyInstance, 'leader'>): Promise<Fence> {
  const end = Date.now() + FENCE_WAIT_MS;
  for (;;) {
    const f = app.leader.fence();
    if (f) return f;
    if (Date.now() > end) throw new Error('demo feed: this node does not lead the timed work');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Creates the feed's accounts if missing and tops their floats up from the house, each in one
 * transaction under the leader term `fence` (refused once it is over: plugins/leader.ts
 * `checkFence`), the balance read under the wallet row's lock (a second top-up at once finds the
 * first's deposit), keyed by the term, the account and the balance it tops up from — never by the
 * clock, so a retry of the same work deposits once. Returns name → user id.
 */
export async function ensureFeedAccounts(
  app: Pick<FastifyInstance, 'account' | 'db' | 'leader' | 'wallet'>,
  names: { makers: readonly string[]; bettors: readonly string[] },
  fence?: Fence,
): Promise<Map<string, number>> {
  const term = fence ?? (await currentFence(app));
  const ids = new Map<string, number>();
  const wanted = [
    ...names.makers.map((n) => [n, MAKER_FLOAT_PAISE] as const),
    ...names.bettors.map((n) => [n, BETTOR_FLOAT_PAISE] as const),
  ];
  for (const [userName, float] of wanted) {
    const find = async () =>
      (
        await app.db.select({ userId: users.userId }).from(users).where(eq(users.userName, userName)).limit(1)
      )[0]?.userId;
    let userId = await find();
    if (userId === undefined) {
      try {
        // A password nobody knows: these accounts are driven by the feed, never logged in.
        userId = await app.account.createUser({ userName, password: randomBytes(24).toString('base64url') });
      } catch (err) {
        // Another node created it at the same moment.
        userId = await find();
        if (userId === undefined) throw err;
      }
    }
    const id = userId;
    await app.db.transaction(async (tx) => {
      await checkFence(tx, term);
      const balance = (await app.wallet.lockBalancePaise(tx, id)) ?? 0;
      if (balance >= float * TOP_UP_BELOW_SHARE) return;
      await app.wallet.deposit(
        id,
        float - balance,
        `feed:float:${id}:${term.lease}:${term.generation}:${balance}`,
        'Demo liquidity float',
        tx,
      );
    });
    ids.set(userName, userId);
  }
  return ids;
}

/** FeedApi over `app.exchange`: engine units in, the service's units (paise, hundredths) out. */
// Long because it is a factory: its inner functions, each short, share the exchange service and the
// settlement the demo feed drives.
export function createExchangeFeedApi(
  app: Pick<FastifyInstance, 'db' | 'exchange' | 'settlement'>,
  accounts: ReadonlyMap<string, number>,
  /** The leader term the feed runs under: its orders are refused in the batch once it is over. */
  fence?: Fence | null,
): FeedApi {
  const userOf = (actor: string) => {
    const id = accounts.get(actor);
    if (id === undefined) throw new Error(`demo feed: no account for ${actor}`);
    return id;
  };
  // Unique per user: a per-process prefix and a counter (1–64 characters).
  const prefix = `feed-${Date.now().toString(36)}-${randomInt(1 << 30).toString(36)}`;
  let n = 0;
  /** A maker's order as the exchange takes a bet, with a request id of its own. */
  const betRequest = (order: FeedOrder) => ({
    market_id: order.market_id,
    selection_id: order.selection_id,
    side: order.side,
    price: order.price,
    size_paise: order.size_paise,
    request_id: `${prefix}-${++n}`,
  });
  return {
    async listMarkets(): Promise<FeedMarket[]> {
      // Read by type: the racing day's WIN and PLACE markets (and their many runners) are never
      // read for it, every tick.
      const list = await app.exchange.listMarkets({
        status: ['OPEN', 'SUSPENDED'],
        market_type: DEMO_MARKET_TYPE,
      });
      // A match with a scoreboard (cricket) closes and settles by it, not by the demo's clock.
      const scores = await matchOddsScoreStates(app, list);
      return list.map((m) => ({
        market_id: m.market_id,
        sport_id: m.sport_id,
        status: m.status,
        in_play: m.in_play,
        start_time_ms: m.start_time.getTime(),
        min_stake_paise: m.min_stake_paise,
        max_stake_paise: m.max_stake_paise,
        runners: m.runners.map((r) => ({ selection_id: r.selection_id, status: r.status })),
        scoreboard: scores.get(m.market_id) ?? null,
      }));
    },
    async image(market_id): Promise<FeedImage | null> {
      const img = await app.exchange.getMarketImage(market_id);
      if (!img) return null;
      return {
        market_id: img.market_id,
        status: img.status,
        in_play: img.in_play,
        runners: img.runners.map((r) => ({
          selection_id: r.selection_id,
          status: r.status,
          back: r.back.map((l) => ({ price: toHundredths(l.price), size_paise: toPaise(l.size) })),
          lay: r.lay.map((l) => ({ price: toHundredths(l.price), size_paise: toPaise(l.size) })),
          traded_paise: toPaise(r.traded_volume),
        })),
      };
    },
    async placeBet(actor, order) {
      const out = await app.exchange.placeBet(
        userOf(actor),
        betRequest(order),
        // The feed's market makers stake with no session: their orders carry the leader's fence.
        fence === undefined ? { staker: SYSTEM_STAKER } : { staker: SYSTEM_STAKER, fence },
      );
      return out.ok ? { ok: true, bet_id: out.bet_id, size_remaining_paise: out.size_remaining_paise } : out;
    },
    async placeQuote(actor, market_id, orders, cancel) {
      // One batch of the market: every order through the bet's path (app.exchange.placeQuote),
      // then the other makers' orders and the maker's own listed (or older) ones cancelled.
      const out = await app.exchange.placeQuote(userOf(actor), market_id, orders.map(betRequest), {
        ...(fence === undefined ? { staker: SYSTEM_STAKER } : { staker: SYSTEM_STAKER, fence }),
        cancel: cancel.actors.map(userOf),
        cancel_own: cancel.own,
      });
      return {
        placed: out.placed.map((o) =>
          o.ok ? { ok: true, bet_id: o.bet_id, size_remaining_paise: o.size_remaining_paise } : o,
        ),
        cancel: out.cancelled.ok ? { ok: true, cancelled: out.cancelled.cancelled } : out.cancelled,
      };
    },
    async cancelAll(actor, market_id) {
      await app.exchange.cancelBets(userOf(actor), { market_id });
    },
    async setInPlay(market_id, bet_delay_s) {
      await app.exchange.setInPlay(market_id, bet_delay_s);
    },
    async closeMarket(market_id) {
      await app.exchange.setMarketStatus(market_id, 'CLOSED');
    },
    async settleMarket(market_id, winner_selection_id) {
      // settled_by null: the feed, not an operator.
      const r = await app.settlement.declareResult(null, market_id, { winners: [winner_selection_id] });
      return r.ok ? { ok: true } : { ok: false, message: r.message };
    },
    async settleOutcome(market_id, outcome) {
      // settled_by null: the feed, reading the scoreboard. A void never flips a declared result.
      const r =
        outcome.kind === 'VOID'
          ? await app.settlement.voidMarket(null, market_id, undefined, { unlessSettled: true })
          : await app.settlement.declareResult(
              null,
              market_id,
              outcome.kind === 'WINNER'
                ? { winners: [outcome.selection_id] }
                : { winners: [...outcome.selection_ids], dead_heat_count: outcome.selection_ids.length },
            );
      return r.ok ? { ok: true } : { ok: false, message: r.message };
    },
    async setMarketOpen(market_id, open) {
      await app.exchange.setMarketStatus(market_id, open ? 'OPEN' : 'SUSPENDED');
    },
  };
}

/** Accounts, API and feed for this app (not started). Tests call it and drive `tick()` themselves. */
export async function createServerFeed(
  app: Pick<
    FastifyInstance,
    'account' | 'clock' | 'db' | 'exchange' | 'leader' | 'log' | 'settlement' | 'wallet'
  >,
  opts: { seed?: number; options?: Partial<FeedOptions>; fence?: Fence } = {},
): Promise<DemoFeed> {
  const options = { ...DEFAULT_FEED_OPTIONS, ...opts.options };
  const accounts = await ensureFeedAccounts(app, options, opts.fence);
  return createDemoFeed({
    api: createExchangeFeedApi(app, accounts, opts.fence),
    clock: app.clock,
    random: mulberry32(opts.seed ?? randomInt(2 ** 31)),
    log: app.log,
    options,
  });
}

/** The cricket simulator on this app's services (not started). Tests call it and drive `tick()` themselves. */
export function createServerCricketFeed(
  app: Pick<
    FastifyInstance,
    | 'bookmaker'
    | 'bus'
    | 'clock'
    | 'cricket'
    | 'db'
    | 'exchange'
    | 'fancy'
    | 'kinds'
    | 'leader'
    | 'log'
    | 'settlement'
  >,
  opts: { seed?: number; options?: Partial<CricketFeedOptions>; fence?: Fence } = {},
): CricketFeed {
  return createCricketFeed(
    createCricketFeedApi(app, opts.fence ?? 'current'),
    app.clock,
    mulberry32(opts.seed ?? randomInt(2 ** 31)),
    app.log,
    opts.options,
  );
}

/**
 * The demo racing day on this app's services (not started): races through the racing module
 * (createRacingFeedApi), WIN and PLACE quotes and bets through the exchange as its own makers and
 * bettors. The card seed (`options.seed`) is fixed, so every leader plans the same day; `seed`
 * drives the bettors and the results. Tests call it with their clock and drive `tick()`.
 */
export async function createServerRacingFeed(
  app: Pick<
    FastifyInstance,
    'account' | 'clock' | 'db' | 'exchange' | 'leader' | 'log' | 'racing' | 'settlement' | 'wallet'
  >,
  opts: { seed?: number; options?: Partial<RacingFeedOptions>; fence?: Fence; clock?: FeedClock } = {},
): Promise<RacingFeed> {
  const options = { ...DEFAULT_RACING_FEED_OPTIONS, ...opts.options };
  const accounts = await ensureFeedAccounts(app, options, opts.fence);
  return createRacingFeed({
    racing: createRacingFeedApi(app),
    exchange: createExchangeFeedApi(app, accounts, opts.fence),
    clock: opts.clock ?? app.clock,
    random: mulberry32(opts.seed ?? randomInt(2 ** 31)),
    log: app.log,
    options,
  });
}

/**
 * The cricket feed's timing from one figure, the time between balls: a ball runs 40% of it (at
 * most 2 s, as on a real ground's feed), the innings break is six balls' time (at most 30 s), and
 * an idle feed looks again within one ball's time (at most 5 s).
 */
export function cricketTiming(ballIntervalMs: number): Partial<CricketFeedOptions> {
  if (!Number.isSafeInteger(ballIntervalMs) || ballIntervalMs < 100) {
    throw new RangeError(`ball interval must be a whole number of ms ≥ 100, got ${ballIntervalMs}`);
  }
  return {
    ball_interval_ms: ballIntervalMs,
    ball_running_ms: Math.min(DEFAULT_CRICKET_FEED_OPTIONS.ball_running_ms, Math.round(ballIntervalMs * 0.4)),
    innings_break_ms: Math.min(DEFAULT_CRICKET_FEED_OPTIONS.innings_break_ms, ballIntervalMs * 6),
    tick_ms: Math.min(DEFAULT_CRICKET_FEED_OPTIONS.tick_ms, Math.max(50, Math.round(ballIntervalMs / 10))),
    idle_tick_ms: Math.min(DEFAULT_CRICKET_FEED_OPTIONS.idle_tick_ms, ballIntervalMs),
  };
}

/**
 * `source`: 'demo' runs the simulators (match-odds liquidity, in-play cricket and the racing day) on the node that
 * leads the timed work (`app.leader`: every node of a deployment may be started with FEED=demo,
 * one runs them, and another takes over within seconds when it dies), from when the app is ready
 * until it closes. Recorded feed files are a later issue: any other value stops the start with a
 * message naming it.
 */
export const feedPlugin = fp<{
  source: string;
  seed?: number;
  options?: Partial<FeedOptions>;
  cricketBallIntervalMs?: number;
}>(
  async (app, { source, seed, options, cricketBallIntervalMs }) => {
    if (source === 'off') return;
    if (source !== 'demo') {
      throw new Error(`FEED=${source}: recorded feed files are not supported yet; use FEED=demo or FEED=off`);
    }
    let feed: DemoFeed | null = null;
    let racingFeed: RacingFeed | null = null;
    let stopCricket: (() => Promise<void>) | null = null;
    const start = async () => {
      // The term this work runs under: its writes are refused once it is over (a deposed leader
      // finishing its step), whatever this node believes.
      const fence = app.leader.fence();
      if (!fence) throw new Error('demo feed: started without a lease');
      feed = await createServerFeed(app, {
        ...(seed === undefined ? {} : { seed }),
        ...(options ? { options } : {}),
        fence,
      });
      feed.start();
      const cricket = createServerCricketFeed(app, {
        fence,
        ...(seed === undefined ? {} : { seed }),
        options: cricketTiming(cricketBallIntervalMs ?? DEFAULT_CRICKET_FEED_OPTIONS.ball_interval_ms),
      });
      // Ticks when a match is next due (a ball's start, its end), not every tick_ms.
      cricket.start();
      stopCricket = () => cricket.stop();
      racingFeed = await createServerRacingFeed(app, { ...(seed === undefined ? {} : { seed }), fence });
      racingFeed.start();
      app.log.info(
        {
          makers: feed.options.makers,
          bettors: feed.options.bettors,
          cricket_ball_interval_ms: cricket.options.ball_interval_ms,
          racing_makers: racingFeed.options.makers,
          racing_horizon_ms: racingFeed.options.horizon_ms,
        },
        'demo feed started',
      );
    };
    const stop = async () => {
      const running = [feed?.stop(), stopCricket?.(), racingFeed?.stop()];
      feed = null;
      stopCricket = null;
      racingFeed = null;
      await Promise.all(running);
      app.log.info('demo feed stopped');
    };
    let resign: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      resign = app.leader.onLeadership(start, stop);
    });
    app.addHook('preClose', async () => {
      await resign?.();
    });
  },
  {
    name: 'feed',
    dependencies: ['leader', 'exchange', 'wallet', 'account', 'settlement', 'fancy', 'bookmaker', 'racing'],
  },
);
