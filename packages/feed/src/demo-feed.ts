// The demo liquidity simulator. Every tick it (1) moves markets through their life — in play at
// the start time, closed some hours later — (2) re-quotes a few match-odds markets: market makers
// keep `levels` prices each side of every runner around a slowly drifting fair price, and (3) now
// and then lets a simulated bettor take a price, so matched volume and the ladder move.
//
// A market whose match has a scoreboard (a cricket match the cricket feed bowls) lives by it
// instead: suspended while play is stopped, closed and settled on the scoreboard's result the tick
// the match ends, never on the clock or on a drawn winner (docs/live-prices.md "Match odds and
// the scoreboard"). The clock and the drifting draw are only for markets with no scoreboard.
//
// Everything goes through `FeedApi` (the same calls a bettor's bet uses); the clock and the
// randomness come in, so a seeded PRNG and a fake API give the same run every time.
import {
  clampProbabilities,
  driftProbabilities,
  fairPrice,
  limitTicks,
  probabilitiesFromBook,
  quotePrices,
  randInt,
  randomProbabilities,
  weightedIndex,
  type Random,
} from './pricing.ts';
import { createTickLoop, type TickLoop } from './loop.ts';
import {
  bookIsDeep,
  quoteMarket,
  roundRupees,
  takePrice as takeOnePrice,
  type HeldQuote,
  type MakerOptions,
} from './makers.ts';
import type {
  FeedApi,
  FeedClock,
  FeedImage,
  FeedLog,
  FeedMarket,
  FeedOrder,
  FeedOutcome,
  FeedScoreState,
} from './types.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Sports by id (the seed's ids, Betfair's numbering). */
export const SPORT = { football: 1, tennis: 2, cricket: 4, basketball: 7522, volleyball: 998917 } as const;

/**
 * The demo feed's options: the makers' (MakerOptions; `drift_sigma` is a step of the fair
 * log-probabilities, odds 1.05–100 by default; in play, work waits the bet delay) and these.
 */
export interface FeedOptions extends MakerOptions {
  /** A market is looked at again (drift, re-quote if needed) this long after its last visit. */
  quote_interval_ms: number;
  /** Orders one re-quote may place at most (runners beyond it are not quoted). */
  max_orders_per_market: number;
  /** Lifecycle changes (in play, close) per tick at most. */
  max_lifecycle_per_tick: number;
  /** Bet delay when a market goes in play, seconds, by sport id; `default_bet_delay_s` otherwise. */
  bet_delay_s: Readonly<Record<number, number>>;
  default_bet_delay_s: number;
  /** A market closes this long after its start, by sport id; `default_match_duration_ms` otherwise. */
  match_duration_ms: Readonly<Record<number, number>>;
  default_match_duration_ms: number;
}

export const DEFAULT_FEED_OPTIONS: FeedOptions = {
  tick_ms: 1_000,
  quote_interval_ms: 10_000,
  max_markets_per_tick: 2,
  max_busy_markets: 4,
  max_orders_per_market: 36,
  max_lifecycle_per_tick: 5,
  levels: 3,
  level_size_paise: [50_000, 400_000],
  max_level_liability_paise: 2_000_000,
  min_level_size_paise: 10_000,
  drift_sigma: 0.02,
  min_probability: 0.01,
  max_probability: 0.95,
  bet_probability: 0.4,
  bettor_stake_paise: [10_000, 150_000],
  makers: ['mm_alpha', 'mm_beta'],
  bettors: ['sim_bettor_1', 'sim_bettor_2', 'sim_bettor_3'],
  bet_delay_s: { [SPORT.football]: 5, [SPORT.cricket]: 5 },
  default_bet_delay_s: 3,
  match_duration_ms: {
    [SPORT.football]: 2 * HOUR_MS,
    [SPORT.cricket]: 4 * HOUR_MS,
    [SPORT.tennis]: 3 * HOUR_MS,
    [SPORT.basketball]: 2.5 * HOUR_MS,
    [SPORT.volleyball]: 2 * HOUR_MS,
  },
  default_match_duration_ms: 3 * HOUR_MS,
};

/** The bet delay a sport's markets take when they go in play, seconds (the feed's, the operator's, a race's off). */
export const inPlayBetDelayS = (
  sportId: number,
  o: Pick<FeedOptions, 'bet_delay_s' | 'default_bet_delay_s'> = DEFAULT_FEED_OPTIONS,
): number => o.bet_delay_s[sportId] ?? o.default_bet_delay_s;

/** What the feed remembers of a market (per process; rebuilt from the book after a restart). */
export interface MarketState {
  readonly market_id: number;
  /** Quoted runners, in the market's order. */
  selections: number[];
  /** Fair probabilities of `selections` (sum 1). */
  probabilities: number[];
  /** Centre price (hundredths) of the last quote per runner; null before the first quote. */
  centers: number[] | null;
  /** The maker whose orders are on the book now. */
  maker: string | null;
  /** What that maker holds (its bets by level), from its placements' answers; null: not known (the next visit is a full quote). */
  held: HeldQuote | null;
  /** Full quotes placed (the makers alternate from one to the next). */
  quotes: number;
  /** Amends placed (only the levels that changed, by the maker on the book). */
  amends: number;
  next_visit_ms: number;
  in_play: boolean;
}

export interface TickReport {
  in_play: number[];
  closed: number[];
  /** Markets closed and settled this tick, with the winner drawn from the fair probabilities. */
  settled: { market_id: number; winner_selection_id: number }[];
  /** Markets closed this tick because their scoreboard says the match ended, settled on its result. */
  settled_from_score: { market_id: number; outcome: FeedOutcome }[];
  /** Markets whose match ended on a result the feed cannot read: closed, left to the operator. */
  left_to_operator: number[];
  /** Markets suspended this tick because their scoreboard says play stopped. */
  suspended: number[];
  /** Markets the feed had suspended (play stopped) opened again because play resumed. */
  reopened: number[];
  /** Markets re-quoted this tick (a full quote or an amend). */
  requoted: number[];
  /** Of those, the markets amended (only the levels that changed placed). */
  amended: number[];
  orders_placed: number;
  /** Bets the amends asked to cancel (the levels that left the ladder or were replaced). */
  orders_cancelled: number;
  bets_taken: number;
}

/** tick, start and stop: the tick loop's. A market still busy (e.g. waiting a bet delay) is skipped. */
export interface DemoFeed extends Pick<TickLoop<TickReport>, 'tick' | 'start' | 'stop'> {
  /** The feed's view of each market (for tests and logs). */
  state(): ReadonlyMap<number, Readonly<MarketState>>;
  readonly options: Readonly<FeedOptions>;
}

export function createDemoFeed(deps: {
  api: FeedApi;
  clock: FeedClock;
  random: Random;
  log: FeedLog;
  options?: Partial<FeedOptions>;
}): DemoFeed {
  const { api, clock, random, log } = deps;
  const o: FeedOptions = { ...DEFAULT_FEED_OPTIONS, ...deps.options };
  if (o.makers.length < 2) throw new Error('the demo feed needs two market makers (they alternate)');
  const markets = new Map<number, MarketState>();
  const loop = createTickLoop<TickReport>({
    name: 'demo feed',
    tick_ms: o.tick_ms,
    log,
    run: runTick,
    onReport: logLifecycle,
  });
  /** Markets with work in flight (a re-quote or a bet may wait a bet delay in play). */
  const { busy, launch } = loop;
  /**
   * Markets this process suspended because play stopped: only these are opened again when play
   * resumes (one suspended by the operator stays theirs; after a restart, so does this one).
   */
  const suspendedByFeed = new Set<number>();

  const now = () => clock.now().getTime();
  const betDelay = (sport: number) => inPlayBetDelayS(sport, o);
  const duration = (sport: number) => o.match_duration_ms[sport] ?? o.default_match_duration_ms;
  const clampStake = (m: FeedMarket, paise: number) =>
    Math.min(m.max_stake_paise, Math.max(m.min_stake_paise, paise));

  function stateOf(m: FeedMarket): MarketState {
    const selections = m.runners
      .filter((r) => r.status === 'ACTIVE')
      .map((r) => r.selection_id)
      .slice(0, Math.floor(o.max_orders_per_market / (2 * o.levels)));
    const prev = markets.get(m.market_id);
    if (prev && prev.selections.join() === selections.join()) return prev;
    // The runners changed: quoted afresh, the whole ladder by the other maker.
    const st: MarketState = {
      market_id: m.market_id,
      selections,
      probabilities: [],
      centers: null,
      maker: prev?.maker ?? null,
      held: null,
      quotes: prev?.quotes ?? 0,
      amends: 0,
      next_visit_ms: 0,
      in_play: m.in_play,
    };
    markets.set(m.market_id, st);
    return st;
  }

  /** Whether the book already shows what we would quote: same centres, `levels` sizeable levels each side. */
  function bookIsFine(st: MarketState, img: FeedImage, centers: number[]): boolean {
    if (st.centers === null || st.in_play !== img.in_play) return false;
    if (centers.some((c, i) => c !== st.centers![i])) return false;
    return bookIsDeep(img, st.selections, o.levels, o.min_level_size_paise);
  }

  async function requote(m: FeedMarket, st: MarketState, report: TickReport): Promise<void> {
    const img = await api.image(m.market_id);
    if (!img || img.status !== 'OPEN') return;
    if (st.probabilities.length !== st.selections.length) {
      // First visit in this process: start from the book's mid prices if it has two sides (a
      // restart keeps the prices where they were), else from random fair probabilities.
      const best = st.selections.map((sel) => {
        const r = img.runners.find((x) => x.selection_id === sel);
        return { back: r?.back[0]?.price, lay: r?.lay[0]?.price };
      });
      st.probabilities = clampProbabilities(
        probabilitiesFromBook(best) ?? randomProbabilities(random, st.selections.length),
        o.min_probability,
        o.max_probability,
      );
    } else {
      st.probabilities = driftProbabilities(
        random,
        st.probabilities,
        o.drift_sigma,
        o.min_probability,
        o.max_probability,
      );
    }
    // The centre follows the fair price by at most one tick per visit, so a new quote never
    // crosses the previous one (its best back stays below the old best lay and vice versa).
    const centers = st.probabilities.map((p, i) => {
      const target = fairPrice(p, o.levels);
      const prev = st.centers?.[i];
      return prev === undefined ? target : limitTicks(prev, target, 1);
    });
    if (bookIsFine(st, img, centers)) return;

    // The ladder this visit wants: `levels` each side of each runner around its centre.
    const orders: FeedOrder[] = [];
    st.selections.forEach((selection_id, i) => {
      const { back, lay } = quotePrices(centers[i]!, o.levels);
      back.forEach((price, k) => {
        // Resting LAY orders fill the back column; cap the maker's liability at long odds.
        const size = roundRupees(
          Math.min(
            randInt(random, o.level_size_paise[0], o.level_size_paise[1]) * (1 + 0.5 * k),
            (o.max_level_liability_paise * 100) / (price - 100),
          ),
          1_000,
        );
        orders.push({
          market_id: m.market_id,
          selection_id,
          side: 'LAY',
          price,
          size_paise: clampStake(m, size),
        });
      });
      lay.forEach((price, k) => {
        const size = roundRupees(
          randInt(random, o.level_size_paise[0], o.level_size_paise[1]) * (1 + 0.5 * k),
          1_000,
        );
        orders.push({
          market_id: m.market_id,
          selection_id,
          side: 'BACK',
          price,
          size_paise: clampStake(m, size),
        });
      });
    });
    // The maker on the book amends only the levels that changed; a market it holds nothing known
    // on (first visit, a restart) or that went in play (its orders lapsed) gets the whole ladder
    // by the other maker. New orders go first, the cancels after them, in one batch: the ladder
    // never goes empty.
    const held = st.held;
    st.held = null;
    const visit = await quoteMarket(
      { api, log, name: 'demo feed', makers: o.makers },
      {
        market_id: m.market_id,
        held,
        full_reason: st.in_play !== img.in_play ? 'the market went in play' : null,
        next_maker: o.makers[st.quotes % o.makers.length]!,
        target: orders.slice(0, o.max_orders_per_market),
        img,
        levels: o.levels,
        min_level_size_paise: o.min_level_size_paise,
        // The runners changed: the centres start afresh, which may cross the old ladder.
        fresh: st.centers === null && st.maker !== null,
      },
    );
    st.held = visit.held;
    st.centers = centers;
    st.in_play = img.in_play;
    if (visit.kind === 'none') return;
    st.maker = visit.maker;
    if (visit.kind === 'full') st.quotes += 1;
    else {
      st.amends += 1;
      report.amended.push(m.market_id);
    }
    report.requoted.push(m.market_id);
    report.orders_placed += visit.placed;
    report.orders_cancelled += visit.cancelled;
  }

  async function takePrice(m: FeedMarket, report: TickReport): Promise<void> {
    const img = await api.image(m.market_id);
    if (!img || img.status !== 'OPEN') return;
    await takeOnePrice(
      { api, log, name: 'demo feed', random, bettors: o.bettors, bettor_stake_paise: o.bettor_stake_paise },
      img,
      { min: m.min_stake_paise, max: m.max_stake_paise },
      () => {
        report.bets_taken += 1;
        // The level may be gone: look at the market again on the next tick.
        const st = markets.get(m.market_id);
        if (st) st.next_visit_ms = 0;
      },
    );
  }

  /** The result of a finished demo match: a runner drawn with the last fair probabilities. */
  async function settle(m: FeedMarket, st: MarketState | undefined, report: TickReport) {
    const active = m.runners.filter((r) => r.status === 'ACTIVE').map((r) => r.selection_id);
    if (active.length === 0) return;
    const weights = active.map((sel) => {
      const i = st ? st.selections.indexOf(sel) : -1;
      return st && i >= 0 && st.probabilities.length === st.selections.length ? st.probabilities[i]! : 1;
    });
    const winner = active[weightedIndex(random, weights)]!;
    const result = await api.settleMarket(m.market_id, winner);
    if (result.ok) report.settled.push({ market_id: m.market_id, winner_selection_id: winner });
    else log.warn({ market_id: m.market_id, message: result.message }, 'demo feed: settlement refused');
  }

  /** A match that ended: the market settles on the scoreboard's result (never a drawn winner). */
  async function settleFromScore(m: FeedMarket, sb: FeedScoreState & { state: 'ENDED' }, report: TickReport) {
    if (sb.outcome === null) {
      report.left_to_operator.push(m.market_id);
      log.warn(
        { market_id: m.market_id, result_text: sb.result_text },
        'demo feed: match ended on a result the feed cannot read; left to the operator',
      );
      return;
    }
    const result = await api.settleOutcome(m.market_id, sb.outcome);
    if (result.ok) report.settled_from_score.push({ market_id: m.market_id, outcome: sb.outcome });
    else log.warn({ market_id: m.market_id, message: result.message }, 'demo feed: settlement refused');
  }

  async function runTick(): Promise<{ report: TickReport; jobs: Promise<void>[] }> {
    const report: TickReport = {
      in_play: [],
      closed: [],
      settled: [],
      settled_from_score: [],
      left_to_operator: [],
      suspended: [],
      reopened: [],
      requoted: [],
      amended: [],
      orders_placed: 0,
      orders_cancelled: 0,
      bets_taken: 0,
    };
    const jobs: Promise<void>[] = [];
    const t = now();
    const listed = (await api.listMarkets()).slice().sort((a, b) => a.market_id - b.market_id);
    const ids = new Set(listed.map((m) => m.market_id));
    for (const id of markets.keys()) if (!ids.has(id)) markets.delete(id);

    let lifecycle = 0;
    const open: FeedMarket[] = [];
    for (const id of suspendedByFeed) if (!ids.has(id)) suspendedByFeed.delete(id);
    for (const m of listed) {
      if (m.status === 'CLOSED') continue;
      const sb = m.scoreboard ?? null;
      if (lifecycle < o.max_lifecycle_per_tick && !busy.has(m.market_id)) {
        if (sb?.state === 'ENDED') {
          await api.closeMarket(m.market_id);
          report.closed.push(m.market_id);
          await settleFromScore(m, sb, report);
          markets.delete(m.market_id);
          suspendedByFeed.delete(m.market_id);
          lifecycle += 1;
          continue;
        }
        if (sb?.state === 'STOPPED' && m.status === 'OPEN') {
          await api.setMarketOpen(m.market_id, false);
          suspendedByFeed.add(m.market_id);
          report.suspended.push(m.market_id);
          lifecycle += 1;
          continue;
        }
        if (sb?.state === 'PLAYING' && m.status === 'SUSPENDED' && suspendedByFeed.has(m.market_id)) {
          await api.setMarketOpen(m.market_id, true);
          suspendedByFeed.delete(m.market_id);
          report.reopened.push(m.market_id);
          lifecycle += 1;
          const st = markets.get(m.market_id);
          if (st) st.next_visit_ms = 0;
          open.push({ ...m, status: 'OPEN' });
          continue;
        }
        // The clock ends only a match with no scoreboard; one with a scoreboard ends when it says so.
        if (sb === null && t >= m.start_time_ms + duration(m.sport_id)) {
          await api.closeMarket(m.market_id);
          report.closed.push(m.market_id);
          await settle(m, markets.get(m.market_id), report);
          markets.delete(m.market_id);
          lifecycle += 1;
          continue;
        }
        if (!m.in_play && t >= m.start_time_ms) {
          await api.setInPlay(m.market_id, betDelay(m.sport_id));
          report.in_play.push(m.market_id);
          lifecycle += 1;
          // Unmatched orders lapsed: quote again at once.
          const st = markets.get(m.market_id);
          if (st) st.next_visit_ms = 0;
          open.push({ ...m, in_play: true });
          continue;
        }
      }
      open.push(m);
    }

    // Play stopped (not yet suspended, the lifecycle budget spent): no quotes, no bets.
    const quotable = open.filter(
      (m) => m.status === 'OPEN' && !busy.has(m.market_id) && m.scoreboard?.state !== 'STOPPED',
    );
    const due = quotable
      .map((m) => ({ m, st: stateOf(m) }))
      .filter(({ st }) => st.selections.length >= 2 && st.next_visit_ms <= t)
      .sort((a, b) => a.st.next_visit_ms - b.st.next_visit_ms || a.m.market_id - b.m.market_id)
      .slice(0, Math.max(0, Math.min(o.max_markets_per_tick, o.max_busy_markets - busy.size)));
    for (const { m, st } of due) {
      st.next_visit_ms = t + o.quote_interval_ms;
      jobs.push(launch(m.market_id, () => requote(m, st, report)));
    }

    if (o.bettors.length > 0 && random() < o.bet_probability && busy.size < o.max_busy_markets) {
      const takers = quotable.filter((m) => !busy.has(m.market_id) && markets.get(m.market_id)?.centers);
      if (takers.length > 0) {
        const m = takers[randInt(random, 0, takers.length - 1)]!;
        jobs.push(launch(m.market_id, () => takePrice(m, report)));
      }
    }
    return { report, jobs };
  }

  /** A scheduled tick that moved markets through their life says so. */
  function logLifecycle(report: TickReport): void {
    if (
      report.in_play.length > 0 ||
      report.closed.length > 0 ||
      report.suspended.length > 0 ||
      report.reopened.length > 0
    ) {
      log.info(
        {
          in_play: report.in_play,
          closed: report.closed,
          settled: report.settled,
          settled_from_score: report.settled_from_score,
          suspended: report.suspended,
          reopened: report.reopened,
        },
        'demo feed: market lifecycle',
      );
    }
  }

  return {
    tick: loop.tick,
    start: loop.start,
    stop: loop.stop,
    state: () => markets,
    options: o,
  };
}
