import { isValidPrice, ticksDown, ticksUp } from '@backlay/engine';
import { describe, expect, it } from 'vitest';
import {
  createRacingFeed,
  DAY_PRICED_MESSAGE,
  DEFAULT_RACING_FEED_OPTIONS,
  mulberry32,
  planDay,
  siteDay,
  type NewRace,
  type RaceListFilter,
  type RacingFeedOptions,
  type RacingResult,
  type RacingTickReport,
  type RaceMarketState,
} from '../src/index.ts';
import { FakeExchange } from './fake-exchange.ts';
import { FakeRacing } from './racing-fake.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0); // 17:30 in UTC+5:30
const quiet = { info() {}, warn() {}, debug() {} };

class Clock {
  t = T0;
  now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
}

function setup(
  options: Partial<RacingFeedOptions> = {},
  seed = 1,
  shared?: { ex: FakeExchange; racing: FakeRacing; clock: Clock },
) {
  const ex = shared?.ex ?? new FakeExchange();
  const racing = shared?.racing ?? new FakeRacing(ex);
  const clock = shared?.clock ?? new Clock();
  const warnings: unknown[] = [];
  const infos: { obj: object; msg: string }[] = [];
  const feed = createRacingFeed({
    racing,
    exchange: ex,
    clock,
    random: mulberry32(seed),
    log: { ...quiet, warn: (o) => warnings.push(o), info: (obj, msg) => infos.push({ obj, msg }) },
    options,
  });
  return { ex, racing, clock, feed, warnings, infos };
}

type Setup = ReturnType<typeof setup>;

async function run(s: Setup, ticks: number, step_ms = s.feed.options.tick_ms) {
  const reports: RacingTickReport[] = [];
  for (let i = 0; i < ticks; i++) {
    reports.push(await s.feed.tick());
    s.clock.advance(step_ms);
  }
  return reports;
}

/** A small race created by someone else (the seed, an operator), going off at `off_time_ms`. */
function foreignRace(off_time_ms: number, runners = 8, venue = 'Testbury'): NewRace {
  return {
    sport_id: 7,
    venue,
    country: 'GB',
    race_name: 'Test Handicap',
    off_time_ms,
    distance: '1m',
    going: 'Good',
    surface: 'Turf',
    places_paid: runners <= 4 ? 1 : runners <= 7 ? 2 : runners <= 15 ? 3 : 4,
    runners: Array.from({ length: runners }, (_, i) => ({
      number: i + 1,
      name: `Horse ${i + 1}`,
      colours: ['red', 'white'],
      jockey: 'A. Rider',
      trainer: 'B. Trainer',
      weight: '9-0',
      draw: i + 1,
      form: '123',
      age: 4,
    })),
  };
}

describe('racing feed: the horizon', () => {
  it('creates the plan’s races for the next hours, a few per tick, never twice', async () => {
    const s = setup({ max_creates_per_tick: 3 });
    const reports = await run(s, 60, 1_000);
    for (const r of reports) expect(r.created.length).toBeLessThanOrEqual(3);
    const creates = s.racing.calls.filter((c) => c.op === 'create');
    const keys = creates.map((c) => (c.op === 'create' ? `${c.race.venue}|${c.race.off_time_ms}` : ''));
    expect(new Set(keys).size).toBe(keys.length);
    // Everything the plan has between 5 minutes and 3 hours ahead (of the first tick) exists.
    const plan = [siteDay(T0) - 1, siteDay(T0)]
      .flatMap((d) => planDay(DEFAULT_RACING_FEED_OPTIONS.seed, d))
      .filter((p) => p.off_time_ms >= T0 + 5 * MIN + 60_000 && p.off_time_ms <= T0 + 3 * HOUR);
    expect(plan.length).toBeGreaterThan(30);
    for (const p of plan) expect(keys).toContain(`${p.venue}|${p.off_time_ms}`);
    // Nothing that goes off within 5 minutes is created.
    for (const c of creates)
      if (c.op === 'create') expect(c.race.off_time_ms).toBeGreaterThanOrEqual(T0 + 5 * MIN);
    // The created cards are the plan's, without the model's fields.
    const first = creates[0]!;
    if (first.op === 'create') {
      expect(first.race).not.toHaveProperty('strengths');
      expect(first.race).not.toHaveProperty('run_ms');
    }
  });
});

describe('racing feed: quotes', () => {
  it('quotes WIN and PLACE: three levels each side on the ladder, back below lay, liability capped', async () => {
    const s = setup({ max_creates_per_tick: 0, bet_probability: 0 });
    const race = await s.racing.createRace(foreignRace(T0 + 20 * MIN, 10));
    await run(s, 4);
    for (const market_id of [race.win_market_id, race.place_market_id!]) {
      const img = (await s.ex.image(market_id))!;
      for (const r of img.runners) {
        expect(r.back.length, `back levels of ${r.selection_id}`).toBe(3);
        expect(r.lay.length).toBe(3);
        for (const l of [...r.back, ...r.lay]) expect(isValidPrice(l.price)).toBe(true);
        expect(r.back[0]!.price).toBeLessThan(r.lay[0]!.price);
      }
      expect(s.ex.crossed(market_id)).toBe(false);
      for (const o of s.ex.resting(market_id)) {
        if (o.side === 'LAY') {
          expect((o.size_paise * (o.price - 100)) / 100).toBeLessThanOrEqual(
            DEFAULT_RACING_FEED_OPTIONS.max_level_liability_paise + 1_000 * 10,
          );
        }
      }
    }
    // Place prices are shorter than win prices, runner by runner (mid of the quote).
    const win = (await s.ex.image(race.win_market_id))!;
    const place = (await s.ex.image(race.place_market_id!))!;
    win.runners.forEach((r, i) => {
      expect(place.runners[i]!.back[0]!.price).toBeLessThanOrEqual(r.back[0]!.price);
    });
    // The win book is about 100 %: the makers quote around fair chances that sum to 1.
    const book = win.runners.reduce((sum, r) => sum + 100 / Math.sqrt(r.back[0]!.price * r.lay[0]!.price), 0);
    expect(book).toBeGreaterThan(0.9);
    expect(book).toBeLessThan(1.1);
  });

  it('keeps three levels at long odds: where the liability cap would leave less than the minimum stake, the level is the minimum stake', async () => {
    // A cap of ₹100 per level: at any price above 2.0 the capped size is under the ₹100 minimum
    // (the long outsiders of a big field under the real cap). The back column must not thin out.
    const s = setup({ max_creates_per_tick: 0, bet_probability: 0, max_level_liability_paise: 10_000 });
    const race = await s.racing.createRace(foreignRace(T0 + 20 * MIN, 12));
    await run(s, 4);
    const min = DEFAULT_RACING_FEED_OPTIONS.min_stake_paise;
    for (const market_id of [race.win_market_id, race.place_market_id!]) {
      const img = (await s.ex.image(market_id))!;
      for (const r of img.runners) {
        expect(r.back.length, `back levels of ${r.selection_id}`).toBe(3);
        expect(r.lay.length, `lay levels of ${r.selection_id}`).toBe(3);
      }
      for (const o of s.ex.resting(market_id)) {
        expect(o.size_paise).toBeGreaterThanOrEqual(min);
        // The maker's liability: the cap (give or take the ₹10 rounding of the size), or one
        // minimum stake's where that is more.
        if (o.side === 'LAY')
          expect((o.size_paise * (o.price - 100)) / 100).toBeLessThanOrEqual(
            Math.max(10_000 + (500 * (o.price - 100)) / 100, (min * (o.price - 100)) / 100),
          );
      }
    }
  });

  it('firms up towards the off: wide far from it, tight near it', async () => {
    const s = setup({ max_creates_per_tick: 0, bet_probability: 0 });
    const race = await s.racing.createRace(foreignRace(T0 + 2 * HOUR, 8));
    await run(s, 2);
    const spread = async () => {
      const img = (await s.ex.image(race.win_market_id))!;
      return img.runners.map((r) => r.lay[0]!.price / r.back[0]!.price);
    };
    const far = await spread();
    s.clock.t = T0 + 2 * HOUR - 5 * MIN;
    await run(s, 3, 20_000);
    const near = await spread();
    far.forEach((f, i) => expect(near[i]!).toBeLessThan(f));
  });

  it('simulated bettors take prices now and then', async () => {
    const s = setup({ max_creates_per_tick: 0, bet_probability: 1 });
    await s.racing.createRace(foreignRace(T0 + 40 * MIN, 8));
    const reports = await run(s, 30);
    expect(reports.reduce((k, r) => k + r.bets_taken, 0)).toBeGreaterThan(5);
  });
});

/** The makers' resting levels on a market, by maker (sorted). */
function makerLevels(s: Setup, market_id: number) {
  const by = new Map<string, string[]>();
  for (const o of s.ex.resting(market_id)) {
    if (!s.feed.options.makers.includes(o.user_id)) continue;
    by.set(o.user_id, [...(by.get(o.user_id) ?? []), `${o.selection_id}:${o.side}:${o.price}`]);
  }
  for (const v of by.values()) v.sort();
  return by;
}

/** The levels of a quote around a market's centres with its gap. */
function targetLevels(st: Readonly<RaceMarketState>, levels = 3) {
  return st.selections.flatMap((sel, i) =>
    Array.from({ length: levels }, (_, k) => [
      `${sel}:LAY:${ticksDown(st.centers![i]!, k + 1 + st.gap)}`,
      `${sel}:BACK:${ticksUp(st.centers![i]!, k + 1 + st.gap)}`,
    ]).flat(),
  );
}

describe('racing feed: the makers amend (issue 48)', () => {
  it('a market keeps its maker: later visits place only the levels that changed; the gap firming up or a non-runner brings a full quote by the other maker', async () => {
    const s = setup({ max_creates_per_tick: 0, bet_probability: 0, non_runner_probability: 0 });
    // Off in 20 minutes: visited every 10 s (near the off), gap 1 until 15 minutes before, then 0.
    const race = await s.racing.createRace(foreignRace(T0 + 20 * MIN, 8));
    const ids = [race.win_market_id, race.place_market_id!];
    const before = new Map<number, Set<string>>();
    let amends = 0;
    /** A tick, then the books. */
    const tick = async () => {
      const r = await s.feed.tick();
      s.clock.advance(10_000);
      let expected = 0;
      for (const id of ids) {
        const st = s.feed.state().get(id)!;
        if (!st.centers) continue;
        // One maker on the book, with exactly the ladder the centres and the gap call for.
        const by = makerLevels(s, id);
        expect([...by.keys()]).toEqual([st.maker]);
        const target = targetLevels(st);
        expect(by.get(st.maker!)).toEqual([...target].sort());
        // An amend places the levels of the target the maker did not have resting.
        if (r.amended.includes(id)) {
          amends += 1;
          expected += target.filter((k) => !before.get(id)!.has(k)).length;
        } else if (r.requoted.includes(id)) expected += target.length;
        before.set(id, new Set(by.get(st.maker!)));
      }
      expect(r.orders_placed).toBe(expected);
      return r;
    };
    const fulls = () => ids.map((id) => s.feed.state().get(id)!.quotes);
    const makersNow = () => ids.map((id) => s.feed.state().get(id)!.maker);
    for (let i = 0; i < 30; i++) await tick();
    expect(fulls()).toEqual([1, 1]);
    expect(amends).toBeGreaterThan(10);
    const wide = makersNow();
    // 15 minutes before the off the gap closes: the whole ladder again, by the other maker.
    for (let i = 0; i < 6; i++) await tick();
    expect(ids.map((id) => s.feed.state().get(id)!.gap)).toEqual([0, 0]);
    expect(fulls()).toEqual([2, 2]);
    makersNow().forEach((m, i) => expect(m).not.toBe(wide[i]));
    // A non-runner: the runners changed, the whole ladder again by the other maker. Its centres
    // start afresh at the new chances, which could cross the old ladder: the makers' orders (the
    // withdrawn runner's too) are cancelled first, then the new ladder placed.
    const tight = makersNow();
    const quotes = s.ex.quotes.length;
    expect((await s.racing.nonRunner(race.match_id, 3, 1_000, 2_000)).ok).toBe(true);
    for (let i = 0; i < 4; i++) await tick();
    expect(fulls()).toEqual([3, 3]);
    const clears = s.ex.quotes.slice(quotes).filter((q) => q.orders === 0);
    expect(clears.map((q) => q.market_id).sort()).toEqual([...ids].sort());
    expect(clears.every((q) => q.own === 'resting')).toBe(true);
    makersNow().forEach((m, i) => expect(m).not.toBe(tight[i]));
    expect(s.feed.state().get(race.win_market_id)!.selections).toHaveLength(7);
    expect(s.ex.crossed(race.win_market_id)).toBe(false);
  });
});

describe('racing feed: the race day', () => {
  it('a race moves OPEN → OFF → FINISHED → RESULTED, results name runners that ran, then is left alone', async () => {
    const s = setup({ max_creates_per_tick: 0, non_runner_probability: 0 });
    const race = await s.racing.createRace(foreignRace(T0 + 2 * MIN, 9));
    const states: string[] = [];
    for (let i = 0; i < 60; i++) {
      await s.feed.tick();
      states.push(s.racing.races.get(race.match_id)!.race.state);
      s.clock.advance(10_000);
    }
    const seen = states.filter((x, i) => i === 0 || states[i - 1] !== x);
    expect(seen).toEqual(['OPEN', 'OFF', 'FINISHED', 'RESULTED']);
    const at = (op: string) =>
      s.racing.calls.findIndex((c) => c.op === op && 'match_id' in c && c.match_id === race.match_id);
    const offTick = states.indexOf('OFF');
    const finishTick = states.indexOf('FINISHED');
    const resultTick = states.indexOf('RESULTED');
    // Off at the off time (tick 12 is T0 + 2 min), past the post ~2 min later (the default run), weigh-in 1 min after.
    expect(offTick).toBe(12);
    expect((finishTick - offTick) * 10).toBeGreaterThanOrEqual(120);
    expect((finishTick - offTick) * 10).toBeLessThanOrEqual(130);
    expect((resultTick - finishTick) * 10).toBeGreaterThanOrEqual(60);
    expect(at('off')).toBeLessThan(at('finish'));
    const stored = s.racing.races.get(race.match_id)!;
    const named = stored.placings!.flat();
    expect(named.length).toBe(9);
    expect(new Set(named).size).toBe(9);
    // Left alone once resulted: no more calls name it.
    const after = s.racing.calls.length;
    await run(s, 10);
    expect(
      s.racing.calls.slice(after).filter((c) => 'match_id' in c && c.match_id === race.match_id),
    ).toEqual([]);
    // The in-play and closed markets get no more quotes.
    const win = s.ex.markets.get(race.win_market_id)!;
    expect(win.info.status).toBe('CLOSED');
  });

  it('a non-runner comes out before the off with its reduction factors, and never runs', async () => {
    const s = setup({ max_creates_per_tick: 0, non_runner_probability: 1, bet_probability: 0 });
    const race = await s.racing.createRace(foreignRace(T0 + 100 * MIN, 10));
    let report: RacingTickReport | null = null;
    let lastImage = await s.ex.image(race.win_market_id);
    for (let i = 0; i < 120 && !report; i++) {
      lastImage = await s.ex.image(race.win_market_id);
      const r = await s.feed.tick();
      if (r.non_runners.length > 0) report = r;
      s.clock.advance(MIN);
    }
    expect(report).not.toBeNull();
    const nr = report!.non_runners[0]!;
    const stored = s.racing.races.get(race.match_id)!;
    expect(stored.race.runners.find((r) => r.number === nr.number)!.non_runner).toBe(true);
    expect(s.clock.t).toBeLessThanOrEqual(T0 + 100 * MIN - 19 * MIN);
    expect(nr.win_rf_bp).toBeGreaterThan(0);
    expect(nr.win_rf_bp).toBeLessThan(10_000);
    expect(nr.place_rf_bp).toBeGreaterThan(0);
    // The win RF is about the runner's chance as its quoted price says (mid of its last quote).
    const quoted = lastImage!.runners[nr.number - 1]!;
    const implied_bp = 10_000 / (Math.sqrt(quoted.back[0]!.price * quoted.lay[0]!.price) / 100);
    expect(nr.win_rf_bp / implied_bp).toBeGreaterThan(0.8);
    expect(nr.win_rf_bp / implied_bp).toBeLessThan(1.25);
    // One non-runner only.
    expect(s.racing.calls.filter((c) => c.op === 'nonRunner')).toHaveLength(1);
    // The removed runner is not quoted again and is absent from the result.
    s.clock.t = T0 + 100 * MIN;
    await run(s, 40, 10_000);
    expect(stored.race.state).toBe('RESULTED');
    expect(stored.placings!.flat()).not.toContain(nr.number);
    expect(stored.placings!.flat()).toHaveLength(9);
  });

  it('non-runners happen at about 1 race in 15 over a day', async () => {
    const s = setup({
      bet_probability: 0,
      max_creates_per_tick: 50,
      max_markets_per_tick: 0,
      max_lifecycle_per_tick: 50,
    });
    // Twelve hours in 5-minute steps: races are created and run through the day.
    await run(s, 12 * 12, 5 * MIN);
    const races = [...s.racing.races.values()].filter((r) => r.race.state === 'RESULTED');
    expect(races.length).toBeGreaterThan(100);
    const withNr = races.filter((r) => r.race.runners.some((x) => x.non_runner)).length;
    expect(withNr / races.length).toBeGreaterThan(0.5 / 15);
    expect(withNr / races.length).toBeLessThan(2 / 15);
  });

  it('a restart resumes from listRaces: an OFF race past its run time is finished, a FINISHED one resulted, none created twice', async () => {
    const first = setup({ max_creates_per_tick: 5, bet_probability: 0 });
    await run(first, 30, 10_000);
    await first.feed.stop();
    const created = first.racing.calls.filter((c) => c.op === 'create').length;
    // Another leader (or this one restarted) picks up with no memory.
    const shared = { ex: first.ex, racing: first.racing, clock: first.clock };
    const ids = [...first.racing.races.keys()];
    const offRace = ids[0]!;
    const finishedRace = ids[1]!;
    first.racing.setState(offRace, 'OFF');
    first.racing.setState(finishedRace, 'FINISHED');
    first.clock.t =
      Math.max(
        first.racing.races.get(offRace)!.race.off_time_ms,
        first.racing.races.get(finishedRace)!.race.off_time_ms,
      ) +
      5 * MIN;
    const second = setup({ max_creates_per_tick: 5, bet_probability: 0 }, 2, shared);
    const r = await second.feed.tick();
    expect(r.finished).toContain(offRace);
    expect(r.resulted.map((x) => x.match_id)).toContain(finishedRace);
    const keys = first.racing.calls
      .filter((c) => c.op === 'create')
      .map((c) => (c.op === 'create' ? `${c.race.venue}|${c.race.off_time_ms}` : ''));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThanOrEqual(created);
  });
  it('a result stored but refused (its markets did not settle) is asked again with the same placings, a few times at most', async () => {
    const s = setup({ max_creates_per_tick: 0, non_runner_probability: 0, result_retries: 3 });
    const race = await s.racing.createRace(foreignRace(T0 + MIN, 8));
    const store = s.racing.result.bind(s.racing);
    let refusals = 1;
    // The store keeps the result but its settlement fails the first time.
    s.racing.result = async (match_id, placings) => {
      const stored = s.racing.races.get(match_id)!;
      if (stored.race.state === 'FINISHED') await store(match_id, placings);
      else s.racing.calls.push({ op: 'result', match_id, placings });
      return refusals-- > 0 ? { ok: false, message: 'settling market: refused' } : { ok: true };
    };
    const reports = await run(s, 40, 10_000);
    const results = s.racing.calls.filter((c) => c.op === 'result');
    expect(results).toHaveLength(2);
    expect(results[1]!).toEqual(results[0]!);
    expect(reports.flatMap((r) => r.resulted).map((x) => x.match_id)).toEqual([race.match_id]);
    // Refused every time: asked result_retries times more, then left to the operator.
    const t = setup({ max_creates_per_tick: 0, non_runner_probability: 0, result_retries: 3 });
    await t.racing.createRace(foreignRace(T0 + MIN, 8));
    const keep = t.racing.result.bind(t.racing);
    t.racing.result = async (match_id, placings) => {
      if (t.racing.races.get(match_id)!.race.state === 'FINISHED') await keep(match_id, placings);
      else t.racing.calls.push({ op: 'result', match_id, placings });
      return { ok: false, message: 'settling market: refused' };
    };
    await run(t, 60, 10_000);
    expect(t.racing.calls.filter((c) => c.op === 'result')).toHaveLength(1 + 3);
  });
});

describe('racing feed: what it reads (issue 48)', () => {
  it('the race list is read again after a race-day call of its own or once list_refresh_ms old, and races still go off, finish and result on time', async () => {
    const s = setup({ max_creates_per_tick: 0, non_runner_probability: 0 });
    const race = await s.racing.createRace(foreignRace(T0 + 2 * MIN, 8));
    const at: Record<string, number> = {};
    for (const op of ['off', 'finish', 'result'] as const) {
      const real = s.racing[op].bind(s.racing) as (...a: unknown[]) => Promise<RacingResult>;
      (s.racing as unknown as Record<string, unknown>)[op] = (...a: unknown[]) => {
        at[op] ??= s.clock.t;
        return real(...a);
      };
    }
    await run(s, 310); // over 5 minutes, a tick a second
    const lists = s.racing.calls.filter((c) => c.op === 'list').length;
    // Every 10 s, and again after each of its three calls: not once a second (310).
    expect(lists).toBeGreaterThanOrEqual(31);
    expect(lists).toBeLessThanOrEqual(31 + 3 + 1);
    const run_ms = s.racing.races.get(race.match_id)!.race.sport_id === 7 ? 120_000 : 30_000;
    expect(at.off).toBe(T0 + 2 * MIN);
    expect(at.finish).toBe(T0 + 2 * MIN + run_ms);
    expect(at.result).toBe(T0 + 2 * MIN + run_ms + 60_000);
    expect(s.racing.races.get(race.match_id)!.race.state).toBe('RESULTED');
  });

  it('an operator’s change is seen within list_refresh_ms: a voided race is no longer quoted', async () => {
    const s = setup({
      max_creates_per_tick: 0,
      bet_probability: 0,
      quote_far_ms: 1_000,
      quote_near_ms: 1_000,
    });
    const race = await s.racing.createRace(foreignRace(T0 + 90 * MIN, 8));
    await run(s, 3);
    expect(s.feed.state().get(race.win_market_id)?.centers).toBeTruthy();
    await s.racing.voidRace(race.match_id, 'ABANDONED');
    await run(s, 11);
    // Read again within 10 s: the race's quote state is dropped with it.
    expect(s.feed.state().get(race.win_market_id)).toBeUndefined();
  });

  it('the list leaves out races resulted or void before the nearest off it may create, but keeps one whose result it asks again', async () => {
    const s = setup({ max_creates_per_tick: 0, non_runner_probability: 0, result_retries: 3 });
    const race = await s.racing.createRace(foreignRace(T0 + MIN, 8));
    const store = s.racing.result.bind(s.racing);
    let refusals = 1;
    s.racing.result = async (match_id, placings) => {
      if (s.racing.races.get(match_id)!.race.state === 'FINISHED') await store(match_id, placings);
      return refusals-- > 0 ? { ok: false, message: 'settling market: refused' } : { ok: true };
    };
    const lists = () => s.racing.calls.filter((c) => c.op === 'list');
    let kept = 0;
    for (let i = 0; i < 40; i++) {
      const n = lists().length;
      // Resulted but refused (the result asked again): kept in the list until it goes through.
      const asking = s.racing.races.get(race.match_id)!.race.state === 'RESULTED' && refusals === 0;
      const t = s.clock.t;
      await s.feed.tick();
      s.clock.advance(10_000);
      const c = lists()[n];
      if (c?.op !== 'list') continue;
      expect(c.filter?.done_before_ms).toBe(t + s.feed.options.min_lead_ms);
      if (asking) {
        expect(c.filter?.keep_ids).toEqual([race.match_id]);
        kept += 1;
      } else expect(c.filter?.keep_ids).toBeUndefined();
    }
    expect(kept).toBeGreaterThan(0);
    expect(refusals).toBe(-1); // refused once, then accepted
    // Resulted: no longer listed.
    const last = lists().at(-1) as { filter?: RaceListFilter };
    const listed = await s.racing.listRaces(s.clock.t - HOUR, s.clock.t + HOUR, last.filter);
    expect(listed.map((r) => r.match_id)).not.toContain(race.match_id);
  });
});

describe('racing feed: bounded and safe', () => {
  it('work per tick is bounded however much is due', async () => {
    const options = {
      max_creates_per_tick: 2,
      max_lifecycle_per_tick: 4,
      max_markets_per_tick: 2,
      max_orders_per_tick: 150,
      bet_probability: 1,
    };
    const s = setup(options);
    // Forty races all due at once: twenty past their off, twenty open with quotes due.
    for (let i = 0; i < 20; i++) await s.racing.createRace(foreignRace(T0 - 5 * MIN, 8, `Past ${i}`));
    for (let i = 0; i < 20; i++) await s.racing.createRace(foreignRace(T0 + 30 * MIN, 12, `Open ${i}`));
    const before = s.racing.calls.length;
    const placesBefore = s.ex.calls.filter((c) => c.op === 'place').length;
    const r = await s.feed.tick();
    const ops = s.racing.calls.slice(before).filter((c) => c.op !== 'list' && c.op !== 'create');
    expect(ops.length).toBeLessThanOrEqual(4);
    expect(r.off.length).toBe(4);
    expect(r.created.length).toBeLessThanOrEqual(2);
    expect(r.requoted.length).toBeLessThanOrEqual(2);
    const placed = s.ex.calls.filter((c) => c.op === 'place').length - placesBefore;
    // Two 12-runner markets: 2 × 72 orders at most, plus one simulated bet.
    expect(placed).toBeLessThanOrEqual(150 + 1);
    expect(s.racing.calls.slice(before).filter((c) => c.op === 'list')).toHaveLength(1);
  });

  it('refusals are results and a store that throws never makes tick throw', async () => {
    const s = setup({ max_creates_per_tick: 0 });
    const race = await s.racing.createRace(foreignRace(T0 - MIN, 8));
    // An operator already took the race off and the feed's own off is refused.
    s.racing.setState(race.match_id, 'OFF');
    s.clock.t = T0 + 10 * MIN;
    s.racing.setState(race.match_id, 'OPEN');
    const origOff = s.racing.off.bind(s.racing);
    s.racing.off = async () => ({ ok: false, message: 'the race is already off' });
    const r1 = await s.feed.tick();
    expect(r1.refused).toEqual([{ match_id: race.match_id, op: 'off', message: 'the race is already off' }]);
    s.racing.off = origOff;
    s.racing.broken = true;
    const r2 = await s.feed.tick();
    expect(r2.failures).toBe(1);
    s.racing.broken = false;
    const r3 = await s.feed.tick();
    expect(r3.off).toEqual([race.match_id]);
    expect(s.warnings.length).toBeGreaterThan(0);
  });
});

describe('racing feed: the day priced', () => {
  it('says once, at info, when every open market has been quoted, and not before', async () => {
    const s = setup({ max_creates_per_tick: 0, bet_probability: 0, max_markets_per_tick: 1 }, 3);
    for (const minutes of [20, 40, 60]) await s.racing.createRace(foreignRace(T0 + minutes * MIN, 6));
    const priced = () => s.infos.filter((i) => i.msg === DAY_PRICED_MESSAGE);
    // Six markets, one first quote a tick: not priced after five ticks.
    await run(s, 5);
    expect(priced()).toHaveLength(0);
    await run(s, 20);
    expect(priced()).toHaveLength(1);
    expect(priced()[0]!.obj).toEqual({ races: 3, markets: 6 });
    for (const st of s.feed.state().values()) expect(st.quotes).toBeGreaterThan(0);
  });
});
