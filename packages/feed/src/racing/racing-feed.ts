// The demo racing day. Every tick it (1) moves races through their day — a non-runner now and
// then before the off, the off at the off time, past the post after the race's run time, the
// weighed-in result a little later — (2) keeps a rolling horizon of races created from the day's
// plan (card.ts), (3) re-quotes a few WIN and PLACE markets: two market makers keep `levels`
// prices each side of every runner around the market's view of its chance, and (4) now and then
// lets a simulated bettor take a price.
//
// Stateless across restarts: the races are read back from `listRaces`; a race's model
// (strengths, the market's opinion noise, its non-runner plan) comes from its own PRNG, seeded by
// the feed's seed, its venue and off time — so a restarted feed (or another leader) continues the
// same day: a race found OFF past its run time is finished, FINISHED past the weigh-in resulted.
// What lives in memory is only timing (when this process saw the off and the finish), the quote
// state of each market (its centres, and the bets its maker holds there: lost on restart, the
// first visit then places the whole ladder again), and a small random walk of the prices (lost on
// restart: prices jump at most that walk).
//
// The race list is kept between ticks and read again after the feed's own race-day calls (a race
// created, sent off, finished, resulted, a runner withdrawn: accepted or refused) or once it is
// `list_refresh_ms` old (what the operator did meanwhile); it leaves out the races resulted or void
// before the nearest off the feed may create (only a result asked again keeps one). Every call
// the feed makes is checked by the store on its own row, so acting on a list a few seconds old
// costs at most a refusal (issue 48: the list was read every second).
//
// Bounded work per tick: at most one listRaces, at most `max_lifecycle_per_tick` lifecycle calls,
// at most `max_creates_per_tick` new races, at most `max_markets_per_tick` market re-quotes (each
// at most 2·levels orders per runner), at most one simulated bet. Refusals are results (logged,
// counted), and tick() never throws.
import { priceToIndex, ticksDown, ticksUp } from '@backlay/engine';
import { createTickLoop, type TickLoop } from '../loop.ts';
import {
  bookIsDeep,
  quoteMarket,
  roundRupees,
  takePrice as takeOnePrice,
  type HeldQuote,
  type MakerOptions,
} from '../makers.ts';
import { fairPrice, gaussian, limitTicks, randInt, type Random } from '../pricing.ts';
import type { FeedApi, FeedClock, FeedImage, FeedLog, FeedOrder } from '../types.ts';
import {
  GREYHOUND_RACING,
  HORSE_RACING,
  planDay,
  raceKey,
  raceStrengths,
  runTimeMs,
  siteDay,
  type PlannedRace,
} from './card.ts';
import {
  biasedProbabilities,
  DEFAULT_RACE_MODEL,
  drawFinishingOrder,
  drawNoise,
  marketOpinion,
  placeProbabilities,
  placingsFromOrder,
  planNonRunner,
  raceRandom,
  reductionFactorsBp,
  winProbabilities,
  type RaceModelOptions,
} from './model.ts';
import type { FeedRace, RacingFeedApi } from './types.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The racing feed's options: the race model's, the makers' (MakerOptions: `drift_sigma` is the
 * prices' mean-reverting log random walk, the chances are win chances, a level is half its size
 * far from the off) and these.
 */
export interface RacingFeedOptions extends RaceModelOptions, MakerOptions {
  /** The card seed: the same seed and day give the same meetings, cards and models. */
  seed: number;
  /** Races are created up to this far ahead (a rolling horizon). */
  horizon_ms: number;
  /** A race going off sooner than this is not created (bettors get time to see it). */
  min_lead_ms: number;
  /** Races this far back are still looked at (an OPEN, OFF or FINISHED race left by a restart). */
  lookback_ms: number;
  /**
   * The race list is read again once it is this old (what an operator changed meanwhile: a
   * runner withdrawn, a race voided), and at once after any race-day call of the feed's own.
   */
  list_refresh_ms: number;
  max_creates_per_tick: number;
  /** Non-runners, offs, finishes and results per tick at most. */
  max_lifecycle_per_tick: number;
  /** Orders placed per tick at most (a market re-quote that does not fit waits). */
  max_orders_per_tick: number;
  /** A market far from the off is looked at this often; within `near_off_ms` of the off, `quote_near_ms`. */
  quote_far_ms: number;
  quote_near_ms: number;
  near_off_ms: number;
  /**
   * The quote's gap (ticks left empty each side of the centre) by time to the off: `gap_far` more
   * than `wide_until_ms` before, 1 until `tight_from_ms` before, 0 after: the market firms up.
   */
  gap_far: number;
  wide_until_ms: number;
  tight_from_ms: number;
  /** No order is smaller than this (the exchange's minimum stake): a level under it is raised to it. */
  min_stake_paise: number;
  /** From past the post to the weigh-in (the result), by sport id. */
  weigh_in_ms: Readonly<Record<number, number>>;
  /** A refused result is asked again this often, this many times (then left to the operator). */
  result_retry_ms: number;
  result_retries: number;
  /** Run time of a race not in the plan (created by someone else), by sport id. */
  default_run_ms: Readonly<Record<number, number>>;
}

/** Logged (info) once the racing day's open markets have all been quoted (`dayPriced`). */
export const DAY_PRICED_MESSAGE = 'racing feed: every open market of the day is priced';

export const DEFAULT_RACING_FEED_OPTIONS: RacingFeedOptions = {
  ...DEFAULT_RACE_MODEL,
  seed: 21,
  tick_ms: 1_000,
  horizon_ms: 3 * HOUR_MS,
  min_lead_ms: 5 * MINUTE_MS,
  lookback_ms: 12 * HOUR_MS,
  list_refresh_ms: 10_000,
  max_creates_per_tick: 2,
  max_lifecycle_per_tick: 6,
  max_markets_per_tick: 2,
  max_busy_markets: 4,
  max_orders_per_tick: 240,
  levels: 3,
  quote_far_ms: 60_000,
  quote_near_ms: 10_000,
  near_off_ms: 30 * MINUTE_MS,
  gap_far: 2,
  wide_until_ms: 60 * MINUTE_MS,
  tight_from_ms: 15 * MINUTE_MS,
  level_size_paise: [20_000, 200_000],
  max_level_liability_paise: 1_000_000,
  min_stake_paise: 10_000,
  min_level_size_paise: 10_000,
  drift_sigma: 0.03,
  min_probability: 0.002,
  max_probability: 0.95,
  bet_probability: 0.3,
  bettor_stake_paise: [10_000, 100_000],
  makers: ['race_mm_1', 'race_mm_2'],
  bettors: ['race_bettor_1', 'race_bettor_2', 'race_bettor_3'],
  weigh_in_ms: { [HORSE_RACING]: 60_000, [GREYHOUND_RACING]: 20_000 },
  default_run_ms: { [HORSE_RACING]: 120_000, [GREYHOUND_RACING]: 30_000 },
  result_retry_ms: 30_000,
  result_retries: 10,
};

export interface RacingTickReport {
  created: number[];
  non_runners: { match_id: number; number: number; win_rf_bp: number; place_rf_bp: number }[];
  off: number[];
  finished: number[];
  resulted: { match_id: number; placings: number[][] }[];
  /** Calls the store refused (the race moved on, an operator got there first, …). */
  refused: { match_id: number; op: string; message: string }[];
  /** Markets re-quoted this tick (a full quote or an amend). */
  requoted: number[];
  /** Of those, the markets amended (only the levels that changed placed). */
  amended: number[];
  orders_placed: number;
  /** Bets the amends asked to cancel (the levels that left the ladder or were replaced). */
  orders_cancelled: number;
  bets_taken: number;
  /** Calls that threw (logged; the step is tried again on a later tick). */
  failures: number;
}

/** What the feed remembers of one WIN or PLACE market (per process). */
export interface RaceMarketState {
  readonly market_id: number;
  readonly match_id: number;
  readonly kind: 'WIN' | 'PLACE';
  selections: number[];
  centers: number[] | null;
  gap: number;
  maker: string | null;
  /** What that maker holds (its bets by level), from its placements' answers; null: not known (the next visit is a full quote). */
  held: HeldQuote | null;
  /** Full quotes placed (the makers alternate from one to the next). */
  quotes: number;
  /** Amends placed (only the levels that changed, by the maker on the book). */
  amends: number;
  next_visit_ms: number;
}

/** tick (never throws), start and stop: the tick loop's. */
export interface RacingFeed extends Pick<TickLoop<RacingTickReport>, 'tick' | 'start' | 'stop'> {
  /** The feed's quote state per market (for tests and logs). */
  state(): ReadonlyMap<number, Readonly<RaceMarketState>>;
  readonly options: Readonly<RacingFeedOptions>;
}

/** A race's model as the feed prices it now. */
interface RaceView {
  /** Runners still in, in card order. */
  runners: FeedRace['runners'][number][];
  /** True win chances of `runners`. */
  truth: number[];
  /** The market's win chances of `runners` now (bias, fading noise and walk). */
  win: number[];
  /** The market's place chances of `runners` (Harville over `win`), or null with no place market. */
  place: number[] | null;
  /** Strengths of `runners` (the finishing order is drawn from these). */
  strengths: number[];
}

export function createRacingFeed(deps: {
  racing: RacingFeedApi;
  exchange: FeedApi;
  clock: FeedClock;
  random: Random;
  log: FeedLog;
  options?: Partial<RacingFeedOptions>;
}): RacingFeed {
  const { racing, exchange, clock, random, log } = deps;
  const o: RacingFeedOptions = { ...DEFAULT_RACING_FEED_OPTIONS, ...deps.options };
  if (o.makers.length < 2) throw new Error('the racing feed needs two market makers (they alternate)');
  const markets = new Map<number, RaceMarketState>();
  /** Per race: when this process saw the off and the finish, and the prices' walk. */
  const memory = new Map<
    number,
    {
      off_ms?: number;
      finished_ms?: number;
      walk?: number[];
      /** A result call that was refused: asked again (the store settles the markets again) a few times. */
      retry?: { placings: number[][]; next_ms: number; left: number };
    }
  >();
  const loop = createTickLoop<RacingTickReport>({
    name: 'racing feed',
    tick_ms: o.tick_ms,
    log,
    run: runTick,
    onReport: logRaceDay,
  });
  const { busy, launch } = loop;
  const plans = new Map<number, { races: PlannedRace[]; byKey: Map<string, PlannedRace> }>();
  /** The race list as last read (null: read it on the next tick), and the time of that read. */
  let listed: { races: FeedRace[]; at_ms: number } | null = null;

  /**
   * The races a tick may act on: OPEN, OFF and FINISHED ones of the last `lookback_ms`, any going
   * off from the nearest the feed may create on (so it never creates one twice), and a resulted
   * one whose result is asked again. Read far enough ahead that the list stays whole until it is
   * read again.
   */
  async function raceList(t: number): Promise<FeedRace[]> {
    if (listed && t >= listed.at_ms && t - listed.at_ms < o.list_refresh_ms) return listed.races;
    const keep_ids = [...memory].flatMap(([id, m]) => (m.retry ? [id] : []));
    const read = await racing.listRaces(t - o.lookback_ms, t + o.horizon_ms + o.list_refresh_ms, {
      done_before_ms: t + o.min_lead_ms,
      ...(keep_ids.length > 0 ? { keep_ids } : {}),
    });
    listed = { races: read, at_ms: t };
    return read;
  }

  const now = () => clock.now().getTime();
  const mem = (match_id: number) => {
    let m = memory.get(match_id);
    if (!m) memory.set(match_id, (m = {}));
    return m;
  };

  /** A site day's plan, memoised (a few days kept). */
  function planOf(day: number): { races: PlannedRace[]; byKey: Map<string, PlannedRace> } {
    let plan = plans.get(day);
    if (!plan) {
      const races = planDay(o.seed, day, o.strength_sigma);
      plan = { races, byKey: new Map(races.map((p) => [raceKey(p.sport_id, p.venue, p.off_time_ms), p])) };
      plans.set(day, plan);
      for (const k of plans.keys()) if (k < day - 3 || k > day + 3) plans.delete(k);
    }
    return plan;
  }

  /** The plan's race with this identity, if the plan has it (a night meeting belongs to the day before). */
  function planned(r: FeedRace): PlannedRace | undefined {
    const day = siteDay(r.off_time_ms);
    const key = raceKey(r.sport_id, r.venue, r.off_time_ms);
    return planOf(day).byKey.get(key) ?? planOf(day - 1).byKey.get(key);
  }

  /** The plan's races whose off is in [from_ms, to_ms], in off order. */
  function plannedIn(from_ms: number, to_ms: number): PlannedRace[] {
    const out: PlannedRace[] = [];
    for (let d = siteDay(from_ms) - 1; d <= siteDay(to_ms); d++) {
      for (const p of planOf(d).races) if (p.off_time_ms >= from_ms && p.off_time_ms <= to_ms) out.push(p);
    }
    return out.sort((a, b) => a.off_time_ms - b.off_time_ms || a.venue.localeCompare(b.venue));
  }

  const runMs = (r: FeedRace) =>
    planned(r)?.run_ms ?? o.default_run_ms[r.sport_id] ?? runTimeMs(r.sport_id, '');
  const weighInMs = (r: FeedRace) => o.weigh_in_ms[r.sport_id] ?? 60_000;

  /** The race's model now: strengths by runner number from the race's PRNG, the market's view of them. */
  function view(r: FeedRace, t: number, withPlace = true): RaceView {
    const n = Math.max(0, ...r.runners.map((x) => x.number));
    const strengthsByNumber = raceStrengths(o.seed, r.venue, r.off_time_ms, n, o.strength_sigma);
    const noiseByNumber = drawNoise(raceRandom(o.seed, r.venue, r.off_time_ms, 'noise'), n);
    const runners = r.runners.filter((x) => !x.non_runner);
    const strengths = runners.map((x) => strengthsByNumber[x.number - 1]!);
    const truth = winProbabilities(strengths);
    const m = mem(r.match_id);
    if (!m.walk || m.walk.length !== n) m.walk = new Array<number>(n).fill(0);
    const walk = m.walk;
    const opinion = marketOpinion(
      biasedProbabilities(truth, o.bias_alpha),
      runners.map((x) => noiseByNumber[x.number - 1]!),
      o.opinion_sigma,
      r.off_time_ms - t,
      o.horizon_ms,
      runners.map((x) => walk[x.number - 1]!),
    );
    const win = opinion.map((p) => Math.min(o.max_probability, Math.max(o.min_probability, p)));
    const place =
      withPlace && r.place_market_id !== null && r.places_paid > 1
        ? placeProbabilities(opinion, r.places_paid)
        : null;
    return { runners, truth, win, place, strengths };
  }

  /** Runs a lifecycle call; a refusal or a throw is counted, never thrown. */
  async function call(
    report: RacingTickReport,
    match_id: number,
    op: string,
    fn: () => Promise<{ ok: true } | { ok: false; message: string }>,
  ): Promise<boolean> {
    // Whatever the answer, the race may have moved: the list is read again on the next tick.
    listed = null;
    try {
      const res = await fn();
      if (res.ok) return true;
      report.refused.push({ match_id, op, message: res.message });
      log.debug({ match_id, op, message: res.message }, 'racing feed: refused');
      return false;
    } catch (err) {
      report.failures += 1;
      log.warn({ err, match_id, op }, 'racing feed: call failed');
      return false;
    }
  }

  /** The next lifecycle step the race is due for at `t`, or null. */
  async function step(r: FeedRace, t: number, report: RacingTickReport): Promise<boolean> {
    const m = mem(r.match_id);
    switch (r.state) {
      case 'OPEN': {
        if (t >= r.off_time_ms) {
          if (await call(report, r.match_id, 'off', () => racing.off(r.match_id))) {
            report.off.push(r.match_id);
            m.off_ms = t;
          }
          return true;
        }
        const plan = planNonRunner(
          raceRandom(o.seed, r.venue, r.off_time_ms, 'non-runner'),
          r.runners.length,
          r.off_time_ms,
          o.non_runner_probability,
        );
        const target = plan ? r.runners[plan.index] : undefined;
        const left = r.runners.filter((x) => !x.non_runner).length;
        if (plan && target && !target.non_runner && t >= plan.at_ms && left >= 3) {
          const v = view(r, t);
          const i = v.runners.findIndex((x) => x.number === target.number);
          const rf = reductionFactorsBp(v.win[i]!, v.place ? v.place[i]! : null, r.places_paid);
          if (
            await call(report, r.match_id, 'nonRunner', () =>
              racing.nonRunner(r.match_id, target.number, rf.win_rf_bp, rf.place_rf_bp),
            )
          ) {
            report.non_runners.push({ match_id: r.match_id, number: target.number, ...rf });
          }
          return true;
        }
        return false;
      }
      case 'OFF': {
        const offAt = Math.max(r.off_time_ms, m.off_ms ?? r.off_time_ms);
        if (t < offAt + runMs(r)) return false;
        if (await call(report, r.match_id, 'finish', () => racing.finish(r.match_id))) {
          report.finished.push(r.match_id);
          m.finished_ms = t;
        }
        return true;
      }
      case 'FINISHED': {
        const past = m.finished_ms ?? r.off_time_ms + runMs(r);
        if (t < past + weighInMs(r)) return false;
        const v = view(r, t, false);
        const order = drawFinishingOrder(random, v.strengths).map((i) => v.runners[i]!.number);
        const placings = placingsFromOrder(random, order, r.places_paid, o.dead_heat_probability);
        if (await call(report, r.match_id, 'result', () => racing.result(r.match_id, placings))) {
          report.resulted.push({ match_id: r.match_id, placings });
        } else {
          m.retry = { placings, next_ms: t + o.result_retry_ms, left: o.result_retries };
        }
        return true;
      }
      case 'RESULTED': {
        // The result was stored but refused (its markets did not settle): asking again with the
        // same placings drives the markets again (a later change of the result is ignored).
        const retry = m.retry;
        if (!retry || t < retry.next_ms) return false;
        if (await call(report, r.match_id, 'result', () => racing.result(r.match_id, retry.placings))) {
          m.retry = undefined;
          report.resulted.push({ match_id: r.match_id, placings: retry.placings });
        } else if (retry.left <= 1) {
          m.retry = undefined;
          log.warn(
            { match_id: r.match_id },
            'racing feed: the result keeps being refused; left to the operator',
          );
        } else {
          m.retry = { ...retry, next_ms: t + o.result_retry_ms, left: retry.left - 1 };
        }
        return true;
      }
      default:
        return false;
    }
  }

  function stateOf(r: FeedRace, kind: 'WIN' | 'PLACE'): RaceMarketState | null {
    const market_id = kind === 'WIN' ? r.win_market_id : r.place_market_id;
    if (market_id === null) return null;
    const selections = r.runners
      .filter((x) => !x.non_runner)
      .map((x) => (kind === 'WIN' ? x.win_selection_id : x.place_selection_id))
      .filter((s): s is number => s !== null);
    const prev = markets.get(market_id);
    if (prev && prev.selections.join() === selections.join()) return prev;
    // The runners changed (a non-runner): quoted afresh, the whole ladder by the other maker.
    const st: RaceMarketState = {
      market_id,
      match_id: r.match_id,
      kind,
      selections,
      centers: null,
      gap: 0,
      maker: prev?.maker ?? null,
      held: null,
      quotes: prev?.quotes ?? 0,
      amends: 0,
      next_visit_ms: 0,
    };
    markets.set(market_id, st);
    return st;
  }

  const gapAt = (to_off_ms: number) =>
    to_off_ms > o.wide_until_ms ? o.gap_far : to_off_ms > o.tight_from_ms ? Math.min(1, o.gap_far) : 0;

  function bookIsFine(st: RaceMarketState, img: FeedImage, centers: number[], gap: number): boolean {
    if (st.centers === null || img.in_play || st.gap !== gap) return false;
    if (centers.some((c, i) => c !== st.centers![i])) return false;
    return bookIsDeep(img, st.selections, o.levels, o.min_level_size_paise);
  }

  /** The orders of one quote: `levels` each side of each runner, `gap` ticks off the centre. */
  function quoteOrders(
    st: RaceMarketState,
    centers: readonly number[],
    gap: number,
    sizeShare: number,
  ): FeedOrder[] {
    const orders: FeedOrder[] = [];
    st.selections.forEach((selection_id, i) => {
      const c = centers[i]!;
      for (let k = 0; k < o.levels; k++) {
        const base =
          randInt(random, o.level_size_paise[0], o.level_size_paise[1]) * sizeShare * (1 + 0.5 * k);
        const layPrice = ticksDown(c, k + 1 + gap);
        // Resting LAY orders fill the back column; the maker's liability is capped at long odds,
        // but never below one minimum stake: a 200-1 outsider still shows three levels to back
        // (skipping them left a big field's outsiders one level deep).
        const capped = (o.max_level_liability_paise * 100) / (layPrice - 100);
        orders.push({
          market_id: st.market_id,
          selection_id,
          side: 'LAY',
          price: layPrice,
          size_paise: Math.max(o.min_stake_paise, roundRupees(Math.min(base, capped))),
        });
        orders.push({
          market_id: st.market_id,
          selection_id,
          side: 'BACK',
          price: ticksUp(c, k + 1 + gap),
          size_paise: Math.max(o.min_stake_paise, roundRupees(base)),
        });
      }
    });
    return orders;
  }

  async function requote(
    r: FeedRace,
    st: RaceMarketState,
    t: number,
    report: RacingTickReport,
  ): Promise<void> {
    const img = await exchange.image(st.market_id);
    if (!img || img.status !== 'OPEN' || img.in_play) return;
    const v = view(r, t, st.kind === 'PLACE');
    const probs = st.kind === 'WIN' ? v.win : v.place;
    if (!probs) return;
    const bySelection = new Map<number, number>();
    v.runners.forEach((x, i) => {
      const sel = st.kind === 'WIN' ? x.win_selection_id : x.place_selection_id;
      if (sel !== null) bySelection.set(sel, probs[i]!);
    });
    const margin = o.levels + o.gap_far;
    // The centre follows the market's view by at most one tick per visit, so a new quote never
    // crosses the previous one; a fresh market (first visit, or a runner just withdrawn) starts at it.
    const centers = st.selections.map((sel, i) => {
      const p = Math.min(0.99, Math.max(o.min_probability, bySelection.get(sel) ?? o.min_probability));
      const target = fairPrice(p, margin);
      const prev = st.centers?.[i];
      return prev === undefined ? target : limitTicks(prev, target, 1);
    });
    const to_off = r.off_time_ms - t;
    const gap = gapAt(to_off);
    if (bookIsFine(st, img, centers, gap)) return;
    const orders = quoteOrders(st, centers, gap, to_off > o.wide_until_ms ? 0.5 : 1);
    // The maker on the book amends only the levels that changed; a market it holds nothing known
    // on (first visit, a restart, a runner withdrawn) or whose gap changed gets the whole ladder by
    // the other maker. New orders go first, the cancels after them, in one batch: the ladder never
    // goes empty.
    const held = st.held;
    st.held = null;
    const visit = await quoteMarket(
      { api: exchange, log, name: 'racing feed', makers: o.makers },
      {
        market_id: st.market_id,
        held,
        full_reason: st.gap !== gap ? 'the gap changed' : null,
        next_maker: o.makers[st.quotes % o.makers.length]!,
        target: orders,
        img,
        levels: o.levels,
        min_level_size_paise: o.min_level_size_paise,
        // A runner withdrawn: the centres start afresh at the new chances, which may cross the
        // old ladder (a maker is known: the market was quoted before its runners changed).
        fresh: st.centers === null && st.maker !== null,
      },
    );
    st.held = visit.held;
    st.centers = centers;
    st.gap = gap;
    if (visit.kind === 'none') return;
    st.maker = visit.maker;
    if (visit.kind === 'full') st.quotes += 1;
    else {
      st.amends += 1;
      report.amended.push(st.market_id);
    }
    report.requoted.push(st.market_id);
    report.orders_placed += visit.placed;
    report.orders_cancelled += visit.cancelled;
  }

  async function takePrice(market_id: number, report: RacingTickReport): Promise<void> {
    const img = await exchange.image(market_id);
    if (!img || img.status !== 'OPEN' || img.in_play) return;
    await takeOnePrice(
      {
        api: exchange,
        log,
        name: 'racing feed',
        random,
        bettors: o.bettors,
        bettor_stake_paise: o.bettor_stake_paise,
      },
      img,
      { min: o.min_stake_paise, max: Infinity },
      () => {
        report.bets_taken += 1;
        const st = markets.get(market_id);
        if (st) st.next_visit_ms = 0;
      },
    );
  }

  /**
   * Once per process, when the day's races are all in the store and every open market has been
   * quoted at least once: the opening pass (each market's first quote, a whole ladder) is over and
   * visits are amends from here on. An operator reads that the day is priced; the idle bench
   * measures from it (docs/performance.md, "Idle demo node").
   */
  let dayPriced = false;

  async function runTick(): Promise<{ report: RacingTickReport; jobs: Promise<void>[] }> {
    const report: RacingTickReport = {
      created: [],
      non_runners: [],
      off: [],
      finished: [],
      resulted: [],
      refused: [],
      requoted: [],
      amended: [],
      orders_placed: 0,
      orders_cancelled: 0,
      bets_taken: 0,
      failures: 0,
    };
    const jobs: Promise<void>[] = [];
    const t = now();
    let list: FeedRace[];
    try {
      list = await raceList(t);
    } catch (err) {
      report.failures += 1;
      log.warn({ err }, 'racing feed: listRaces failed');
      return { report, jobs };
    }
    const races = list
      .filter((r) => r.off_time_ms >= t - o.lookback_ms)
      .sort((a, b) => a.off_time_ms - b.off_time_ms || a.match_id - b.match_id);
    const ids = new Set(races.map((r) => r.match_id));
    for (const id of memory.keys()) if (!ids.has(id)) memory.delete(id);
    for (const [id, st] of markets) if (!ids.has(st.match_id)) markets.delete(id);

    // 1. The day: results, finishes, offs and non-runners, oldest first.
    let lifecycle = 0;
    const raceBusy = (r: FeedRace) =>
      busy.has(r.win_market_id) || (r.place_market_id !== null && busy.has(r.place_market_id));
    for (const r of races) {
      if (lifecycle >= o.max_lifecycle_per_tick) break;
      if (r.state === 'VOID' || (r.state === 'RESULTED' && !memory.get(r.match_id)?.retry) || raceBusy(r))
        continue;
      if (await step(r, t, report)) lifecycle += 1;
    }
    for (const r of races) {
      if (r.state === 'RESULTED' || r.state === 'VOID') {
        markets.delete(r.win_market_id);
        if (r.place_market_id !== null) markets.delete(r.place_market_id);
      }
    }

    // 2. The horizon: the plan's races not yet in the store, soonest first.
    const known = new Set(races.map((r) => raceKey(r.sport_id, r.venue, r.off_time_ms)));
    let creates = 0;
    for (const p of plannedIn(t + o.min_lead_ms, t + o.horizon_ms)) {
      if (creates >= o.max_creates_per_tick) break;
      if (known.has(raceKey(p.sport_id, p.venue, p.off_time_ms))) continue;
      creates += 1;
      try {
        const { run_ms: _run, strengths: _s, ...race } = p;
        listed = null;
        const created = await racing.createRace(race);
        report.created.push(created.match_id);
      } catch (err) {
        report.failures += 1;
        log.warn({ err, venue: p.venue, off_time_ms: p.off_time_ms }, 'racing feed: createRace failed');
      }
    }

    // 3. Quotes: the OPEN races' markets due a visit, the longest waiting first, within the budgets.
    const due: { r: FeedRace; st: RaceMarketState }[] = [];
    const open = { races: 0, markets: 0, unquoted: 0 };
    for (const r of races) {
      if (r.state !== 'OPEN' || t >= r.off_time_ms) continue;
      open.races += 1;
      for (const kind of ['WIN', 'PLACE'] as const) {
        const st = stateOf(r, kind);
        if (!st || st.selections.length < 2) continue;
        open.markets += 1;
        if (st.quotes + st.amends === 0) open.unquoted += 1;
        if (st.next_visit_ms <= t && !busy.has(st.market_id)) due.push({ r, st });
      }
    }
    due.sort((a, b) => a.st.next_visit_ms - b.st.next_visit_ms || a.r.off_time_ms - b.r.off_time_ms);
    if (!dayPriced && creates === 0 && open.unquoted === 0) {
      dayPriced = true;
      log.info({ races: open.races, markets: open.markets }, DAY_PRICED_MESSAGE);
    }
    let orderBudget = o.max_orders_per_tick;
    let launched = 0;
    for (const { r, st } of due) {
      if (launched >= o.max_markets_per_tick || busy.size >= o.max_busy_markets) break;
      const cost = st.selections.length * o.levels * 2;
      if (cost > orderBudget && launched > 0) break;
      orderBudget -= cost;
      launched += 1;
      st.next_visit_ms = t + (r.off_time_ms - t > o.near_off_ms ? o.quote_far_ms : o.quote_near_ms);
      // The prices' walk moves a little on each visit (mean-reverting, so it never wanders far).
      const m = mem(r.match_id);
      if (m.walk)
        m.walk = m.walk.map((w) => 0.8 * w + o.drift_sigma * Math.max(-3, Math.min(3, gaussian(random))));
      jobs.push(launch(st.market_id, () => requote(r, st, t, report)));
    }

    // 4. Now and then a bettor takes a price on a quoted market before the off.
    if (o.bettors.length > 0 && random() < o.bet_probability && busy.size < o.max_busy_markets) {
      const open = new Set(
        races.filter((r) => r.state === 'OPEN' && t < r.off_time_ms).map((r) => r.match_id),
      );
      const takers = [...markets.values()].filter(
        (st) => st.centers !== null && open.has(st.match_id) && !busy.has(st.market_id),
      );
      if (takers.length > 0) {
        const st = takers[randInt(random, 0, takers.length - 1)]!;
        jobs.push(launch(st.market_id, () => takePrice(st.market_id, report)));
      }
    }
    return { report, jobs };
  }

  /** A scheduled tick that moved the day on says so. */
  function logRaceDay(report: RacingTickReport): void {
    if (
      report.created.length +
        report.non_runners.length +
        report.off.length +
        report.finished.length +
        report.resulted.length >
      0
    ) {
      log.info(
        {
          created: report.created,
          non_runners: report.non_runners,
          off: report.off,
          finished: report.finished,
          resulted: report.resulted,
        },
        'racing feed: race day',
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

/** The ladder distance in ticks between two prices (for tests and logs). */
export function tickDistance(a: number, b: number): number {
  return Math.abs(priceToIndex(a) - priceToIndex(b));
}
