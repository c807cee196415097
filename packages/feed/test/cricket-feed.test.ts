import { isDeepStrictEqual } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createCricketFeed,
  entryRuns,
  isLegal,
  mulberry32,
  winnerOf,
  winProbability,
  DEFAULT_CRICKET_MODEL,
  type CricketFeedOptions,
  type CricketTickReport,
  type Scoreboard,
} from '../src/index.ts';
import { FakeCricketApi, standardFancies, type CricketCall, type FancySpec } from './cricket-fake.ts';
import { demoElevens } from './cricket-sim.ts';

const T0 = Date.UTC(2026, 10, 22, 14, 0, 0);
const quiet = { info() {}, warn() {}, debug() {} };
/** Two ticks a ball: start, then the outcome one tick later. */
const FAST: Partial<CricketFeedOptions> = {
  tick_ms: 1_000,
  ball_interval_ms: 2_000,
  ball_running_ms: 1_000,
  innings_break_ms: 0,
};

class Clock {
  t = T0;
  now = () => new Date(this.t);
}

function setup(
  seed = 1,
  options: Partial<CricketFeedOptions> = FAST,
  ex = new FakeCricketApi(),
  clock = new Clock(),
) {
  const warnings: { obj: object; msg: string }[] = [];
  const log = { ...quiet, warn: (obj: object, msg: string) => warnings.push({ obj, msg }) };
  const feed = createCricketFeed(ex, clock, mulberry32(seed), log, options);
  return { ex, clock, feed, warnings };
}

type Setup = ReturnType<typeof setup>;

/** Ticks (moving the clock a tick each time) until `done` or `max` ticks; calls `each` after every tick. */
async function run(
  s: Setup,
  done: () => boolean,
  each: (r: CricketTickReport) => void = () => {},
  max = 20_000,
): Promise<CricketTickReport[]> {
  const reports: CricketTickReport[] = [];
  for (let i = 0; i < max && !done(); i++) {
    const r = await s.feed.tick();
    reports.push(r);
    each(r);
    s.clock.t += s.feed.options.tick_ms;
  }
  return reports;
}

const statusOf = (s: Setup, id = 1) => s.ex.score(id)?.status;
const complete =
  (s: Setup, id = 1) =>
  () =>
    statusOf(s, id) === 'COMPLETE';

/** The published scores between balls (a delivery's outcome), in order. */
function outcomes(calls: readonly CricketCall[], match_id = 1): Scoreboard[] {
  return calls
    .filter((c): c is Extract<CricketCall, { op: 'publishScore' }> => c.op === 'publishScore')
    .filter((c) => c.match_id === match_id && c.score.ball_running_until_ms === null)
    .map((c) => c.score);
}

describe('cricket feed: the game', () => {
  it('a T20 innings is 120 legal balls unless all out; the chase ends at the target; every delivery adds up', async () => {
    const results = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const s = setup(seed);
      s.ex.addMatch({ match_id: 1 });
      await run(s, complete(s));
      const final = s.ex.score(1)!;
      const [first, second] = final.totals;
      expect(first!.balls === 120 || first!.wickets === 10, JSON.stringify(first)).toBe(true);
      expect(first!.balls).toBeLessThanOrEqual(120);
      expect(final.target).toBe(first!.runs + 1);
      const chaseOver = second!.balls === 120 || second!.wickets === 10 || second!.runs >= final.target!;
      expect(chaseOver).toBe(true);
      expect(final.result_text).toMatch(/^(AUS won by \d+ runs?|IND won by \d+ wickets?|Match tied)$/);
      results.add(winnerOf('T20', final) === 1 ? 'chase' : 'defend');
      // Replaying the strip of every delivery gives the totals.
      const seq = outcomes(s.ex.calls);
      let prev = { runs: 0, wickets: 0, balls: 0 };
      let innings = 1;
      for (const sc of seq) {
        if (sc.innings !== innings) {
          innings = sc.innings;
          prev = { runs: 0, wickets: 0, balls: 0 };
        }
        const tot = sc.totals[sc.innings - 1]!;
        const ball = sc.recent[sc.recent.length - 1]!;
        expect(tot.runs - prev.runs).toBe(entryRuns(ball));
        expect(tot.balls - prev.balls).toBe(isLegal(ball) ? 1 : 0);
        expect(tot.wickets - prev.wickets).toBe(ball === 'W' ? 1 : 0);
        prev = tot;
      }
      expect(s.warnings).toEqual([]);
    }
    // Both sides win sometimes.
    expect(results).toEqual(new Set(['chase', 'defend']));
  });

  it('ODI innings run to 50 overs and Test innings to 90 (a Test chase can be drawn)', async () => {
    for (const [format, overs] of [
      ['ODI', 50],
      ['TEST', 90],
    ] as const) {
      const s = setup(3);
      s.ex.addMatch({ match_id: 1, format });
      await run(s, complete(s), undefined, 40_000);
      const final = s.ex.score(1)!;
      for (const tot of final.totals) expect(tot.balls).toBeLessThanOrEqual(6 * overs);
      expect(final.totals[0]!.balls === 6 * overs || final.totals[0]!.wickets === 10).toBe(true);
      expect(final.result_text).toMatch(/won by|tied|drawn/);
    }
    // A Test chase still batting when the overs run out is a draw (3-over innings here).
    const drawn: string[] = [];
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const s = setup(seed, { ...FAST, overs: { T20: 20, ODI: 50, TEST: 3 } });
      s.ex.addMatch({ match_id: 1, format: 'TEST' });
      await run(s, complete(s));
      const final = s.ex.score(1)!;
      const [, chase] = final.totals;
      if (chase!.wickets < 10 && chase!.runs < final.target!) {
        expect(final.result_text).toBe('Match drawn');
        drawn.push(final.result_text!);
      }
    }
    expect(drawn.length).toBeGreaterThan(0);
  });

  it('every fancy is BALL_RUNNING during each ball and ACTIVE between; so is the bookmaker; a ball runs ~2 s every 5 s', async () => {
    const s = setup(7, {}); // the defaults: a 500 ms tick, a ball every 5 s running 2 s
    s.ex.addMatch({ match_id: 1 });
    let running = 0;
    let between = 0;
    let lastStart = -Infinity;
    await run(
      s,
      () => statusOf(s) === 'INNINGS_BREAK',
      (r) => {
        const score = s.ex.score(1);
        if (score === null) return;
        const open = s.ex.fanciesOf(1).filter((f) => !f.settled);
        const bm = s.ex.bookmakers.get(101)!.status;
        if (score.ball_running_until_ms !== null) {
          running += 1;
          expect(open.map((f) => f.status)).toEqual(open.map(() => 'BALL_RUNNING'));
          expect(bm).toBe('BALL_RUNNING');
          if (r.balls_started.length > 0) {
            expect(score.ball_running_until_ms).toBe(s.clock.t + 2_000);
            expect(s.clock.t - lastStart).toBeGreaterThanOrEqual(5_000);
            lastStart = s.clock.t;
          }
        } else if (score.status === 'IN_PROGRESS') {
          between += 1;
          expect(open.map((f) => f.status)).toEqual(open.map(() => 'ACTIVE'));
          expect(bm).toBe('ACTIVE');
        }
      },
    );
    // 4 ticks running (0, 0.5, 1, 1.5 s), 6 between, per ball.
    expect(running).toBeGreaterThan(100 * 4);
    expect(between).toBeGreaterThan(100 * 5);
    // The suspension calls of a ball come before its score is published.
    const calls = s.ex.calls;
    const starts = calls.flatMap((c, i) =>
      c.op === 'publishScore' && c.score.ball_running_until_ms ? [i] : [],
    );
    let from = 0;
    for (const i of starts) {
      const before = calls.slice(from, i);
      expect(before.some((c) => c.op === 'setBookmakerStatus' && c.status === 'BALL_RUNNING')).toBe(true);
      from = i + 1;
    }
    // A ball's fancies are suspended in one write, and opened again after it in one.
    const statusCalls = calls.filter((c) => c.op === 'setFancyStatus').length;
    expect(s.ex.batches.reduce((n, b) => n + b.fancy_ids.length, 0)).toBe(statusCalls);
    const suspensions = s.ex.batches.filter((b) => b.status === 'BALL_RUNNING');
    expect(suspensions.length).toBeGreaterThan(100);
    expect(suspensions.length).toBeLessThanOrEqual(starts.length);
    expect(suspensions.every((b) => b.fancy_ids.length > 1)).toBe(true);
  });

  it('the "6 over runs" fancy settles exactly when 6 overs are complete, on the runs at that moment', async () => {
    for (const seed of [1, 2, 3]) {
      const s = setup(seed);
      s.ex.addMatch({ match_id: 1 });
      const f = s.ex.fancyNamed('6 over runs AUS');
      await run(s, () => f.settled);
      const calls = s.ex.calls;
      const i = calls.findIndex((c) => c.op === 'settleFancy' && c.fancy_id === f.fancy_id);
      // The outcome that completed the sixth over (or ended the innings before it) …
      const j = calls.findIndex(
        (c) =>
          c.op === 'publishScore' &&
          c.score.ball_running_until_ms === null &&
          (c.score.totals[0]!.balls === 36 || c.score.status !== 'IN_PROGRESS'),
      );
      const at = (calls[j] as Extract<CricketCall, { op: 'publishScore' }>).score;
      // … was published just before the settlement, on its runs, with no score published between.
      expect(j).toBeGreaterThanOrEqual(0);
      expect(i).toBeGreaterThan(j);
      expect(calls.slice(j + 1, i).some((c) => c.op === 'publishScore')).toBe(false);
      expect(f.result).toBe(at.totals[0]!.runs);
      const after = calls.slice(i);
      // Settled once, never quoted again.
      expect(s.ex.calls.filter((c) => c.op === 'settleFancy' && c.fancy_id === f.fancy_id)).toHaveLength(1);
      expect(after.some((c) => c.op === 'quoteFancy' && c.fancy_id === f.fancy_id)).toBe(false);
    }
  });

  it('lines follow the projected score: at or above the runs so far, up after a boundary or an extra, down after a dot or a wicket', async () => {
    const s = setup(11);
    s.ex.addMatch({ match_id: 1 });
    const runsFancies = s.ex
      .fanciesOf(1)
      .filter((f) => f.variant !== 'ODD_EVEN' && f.variant !== 'FANCY1' && f.event.innings === 1);
    let prev = new Map<number, number | null>();
    let checked = 0;
    let moved = 0;
    await run(
      s,
      () => statusOf(s) !== 'IN_PROGRESS' && statusOf(s) !== undefined,
      (r) => {
        if (r.balls.length === 0) return;
        const score = s.ex.score(1)!;
        const tot = score.totals[0]!;
        const ball = r.balls[0]!.ball;
        const next = new Map<number, number | null>();
        for (const f of runsFancies) {
          if (f.settled) continue;
          next.set(f.fancy_id, f.no_line);
          expect(f.no_line!).toBeGreaterThanOrEqual(tot.runs);
          expect(f.yes_line).toBe(f.no_line! + 1);
          expect([f.no_rate, f.yes_rate]).toEqual([100, 100]);
          const before = prev.get(f.fancy_id);
          if (before === undefined || before === null) continue;
          checked += 1;
          if (f.no_line !== before) moved += 1;
          if (ball === '4' || ball === '6' || !isLegal(ball))
            expect(f.no_line!).toBeGreaterThanOrEqual(before);
          if (ball === '0' || ball === 'W') expect(f.no_line!).toBeLessThanOrEqual(before);
        }
        prev = next;
      },
    );
    expect(checked).toBeGreaterThan(150);
    expect(moved).toBeGreaterThan(50);
    // Lines end near the result: the 15-over line quoted at 14 overs is within a few runs.
    const f15 = s.ex.fancyNamed('15 over runs AUS');
    const quotes = s.ex.calls.filter(
      (c): c is Extract<CricketCall, { op: 'quoteFancy' }> =>
        c.op === 'quoteFancy' && c.fancy_id === f15.fancy_id,
    );
    expect(Math.abs(quotes[quotes.length - 1]!.quote.no_line - f15.result!)).toBeLessThanOrEqual(14);
  });

  it('lambi settles on the innings total at the innings end; the second innings is quoted only once it starts', async () => {
    const s = setup(5);
    s.ex.addMatch({ match_id: 1 });
    const lambi = s.ex.fancyNamed('AUS lambi');
    const second = s.ex.fanciesOf(1).filter((f) => f.event.innings === 2);
    await run(s, () => statusOf(s) === 'INNINGS_BREAK');
    const total = s.ex.score(1)!.totals[0]!.runs;
    expect(lambi).toMatchObject({ settled: true, result: total });
    // Settled in the tick that ended the innings, after that score was published.
    const i = s.ex.calls.findIndex((c) => c.op === 'settleFancy' && c.fancy_id === lambi.fancy_id);
    const published = outcomes(s.ex.calls.slice(0, i));
    expect(published[published.length - 1]!.status).toBe('INNINGS_BREAK');
    // Every first-innings fancy is settled; none of the second's was quoted or settled yet.
    expect(s.ex.fanciesOf(1).filter((f) => f.event.innings === 1 && !f.settled)).toEqual([]);
    for (const f of second) {
      expect(f).toMatchObject({ no_line: 30, yes_line: 31, settled: false, status: 'ACTIVE' });
      expect(s.ex.calls.some((c) => c.op === 'quoteFancy' && c.fancy_id === f.fancy_id)).toBe(false);
    }
    await run(s, () => s.ex.score(1)!.totals[1]?.balls === 12);
    expect(
      s.ex.calls.some((c) => c.op === 'quoteFancy' && c.fancy_id === s.ex.fancyNamed('IND lambi').fancy_id),
    ).toBe(true);
    const target = s.ex.score(1)!.target!;
    expect(s.ex.fancyNamed('IND lambi').no_line!).toBeLessThanOrEqual(target);
  });

  it('a wicket fancy settles 1 on a wicket before the over, else 0 at the over', async () => {
    let ones = 0;
    let zeros = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const s = setup(seed);
      s.ex.addMatch({ match_id: 1 });
      const f = s.ex.fancyNamed('wicket in the first 3 overs AUS');
      await run(s, () => f.settled);
      const i = s.ex.calls.findIndex((c) => c.op === 'settleFancy' && c.fancy_id === f.fancy_id);
      const published = outcomes(s.ex.calls.slice(0, i));
      const at = published[published.length - 1]!.totals[0]!;
      if (f.result === 1) {
        ones += 1;
        expect(at.wickets).toBe(1);
        expect(at.balls).toBeLessThanOrEqual(18);
      } else {
        zeros += 1;
        expect(f.result).toBe(0);
        expect(at).toMatchObject({ wickets: 0, balls: 18 });
      }
    }
    expect(ones).toBeGreaterThan(0);
    expect(zeros).toBeGreaterThan(0);
  });

  it('once complete: every fancy settled on its final value, the bookmaker closed, then nothing more', async () => {
    const s = setup(9);
    s.ex.addMatch({ match_id: 1 });
    await run(s, complete(s));
    const final = s.ex.score(1)!;
    for (const f of s.ex.fanciesOf(1)) expect(f.settled, f.name).toBe(true);
    expect(s.ex.fancyNamed('AUS lambi').result).toBe(final.totals[0]!.runs);
    expect(s.ex.fancyNamed('IND lambi').result).toBe(final.totals[1]!.runs);
    expect(s.ex.bookmakers.get(101)!.status).toBe('CLOSED');
    // The match-winner bookmaker settles on the scoreboard's winner (a tie is the operator's).
    const result = final.result!;
    if (result.kind === 'WIN') expect(s.ex.bookmakers.get(101)!.winner).toBe(1000 + 1 + result.winner!);
    else expect(s.ex.bookmakers.get(101)!.winner).toBeUndefined();
    const n = s.ex.calls.length;
    await run(s, () => false, undefined, 20);
    expect(s.ex.calls.length).toBe(n);
  });
});

describe('cricket feed: resuming', () => {
  const midGame = (): Scoreboard => ({
    innings: 1,
    batting: 0,
    totals: [{ runs: 85, wickets: 2, balls: 63 }],
    recent: ['1', '4', '0', '0', '1', '6', '0', '1', '2', '0', 'W', '1'],
    target: null,
    status: 'IN_PROGRESS',
    ball_running_until_ms: null,
    result_text: null,
  });

  it('continues from a mid-game scoreboard', async () => {
    const s = setup(4);
    s.ex.addMatch({ match_id: 1, score: midGame() }, [
      {
        name: '6 over runs AUS',
        variant: 'RUNS',
        event: { innings: 1, kind: 'RUNS_AT_OVER', over: 6 },
        settled: true,
      },
      { name: '15 over runs AUS', variant: 'RUNS', event: { innings: 1, kind: 'RUNS_AT_OVER', over: 15 } },
      { name: 'AUS lambi', variant: 'LAMBI', event: { innings: 1, kind: 'INNINGS_TOTAL' } },
      // Added late: 10 overs are gone, the runs then are not on the scoreboard.
      { name: '10 over runs AUS', variant: 'RUNS', event: { innings: 1, kind: 'RUNS_AT_OVER', over: 10 } },
    ]);
    // First tick: the fancies are brought up to date from the score (no ball yet).
    const [first] = await run(s, () => false, undefined, 1);
    expect(first!.balls_started).toEqual([]);
    const f15 = s.ex.fancyNamed('15 over runs AUS');
    expect(f15.no_line).toBeGreaterThan(85 + 27 * 1.0);
    expect(f15.no_line).toBeLessThan(85 + 27 * 1.8);
    expect(s.ex.fancyNamed('10 over runs AUS')).toMatchObject({ status: 'SUSPENDED', settled: false });
    expect(s.warnings.map((w) => w.msg)).toEqual([
      'cricket feed: fancy left to the operator: its result is no longer on the scoreboard',
    ]);
    await run(s, () => outcomes(s.ex.calls).length > 0);
    const next = outcomes(s.ex.calls)[0]!.totals[0]!;
    expect(next.balls - 63).toBe(isLegal(s.ex.score(1)!.recent[12 - 1]!) ? 1 : 0);
    expect(next.runs).toBeGreaterThanOrEqual(85);
    expect(next.wickets).toBeGreaterThanOrEqual(2);
    await run(s, () => f15.settled);
    const i = s.ex.calls.findIndex((c) => c.op === 'settleFancy' && c.fancy_id === f15.fancy_id);
    const at = outcomes(s.ex.calls.slice(0, i)).at(-1)!;
    expect(at.totals[0]!.balls === 90 || at.status === 'INNINGS_BREAK').toBe(true);
    expect(f15.result).toBe(at.totals[0]!.runs);
    await run(s, complete(s));
    expect(s.ex.fancyNamed('6 over runs AUS').result).toBeNull(); // settled before: left alone
  });

  it('a ball running when the leader stopped is finished by the next one at its time', async () => {
    const s = setup(4);
    s.ex.addMatch({ match_id: 1, score: { ...midGame(), ball_running_until_ms: T0 + 1_500 } }, [
      { name: '15 over runs AUS', variant: 'RUNS', event: { innings: 1, kind: 'RUNS_AT_OVER', over: 15 } },
      { name: 'AUS lambi', variant: 'LAMBI', event: { innings: 1, kind: 'INNINGS_TOTAL' } },
      { name: 'IND lambi', variant: 'LAMBI', event: { innings: 2, kind: 'INNINGS_TOTAL' } },
    ]);
    for (const f of s.ex.fanciesOf(1)) f.status = 'BALL_RUNNING';
    s.ex.bookmakers.get(101)!.status = 'BALL_RUNNING';
    const [a, b, c] = await run(s, () => false, undefined, 3);
    expect([a!.balls.length, b!.balls.length, c!.balls.length]).toEqual([0, 0, 1]);
    expect(s.ex.score(1)!.ball_running_until_ms).toBeNull();
    const open = s.ex.fanciesOf(1).filter((f) => !f.settled);
    expect(open.length).toBeGreaterThan(0);
    for (const f of open) expect(f.status).toBe('ACTIVE');
    expect(s.ex.bookmakers.get(101)!.status).toBe('ACTIVE');
  });

  it('a new leader (another process, another seed) carries on the same game', async () => {
    const ex = new FakeCricketApi();
    const clock = new Clock();
    ex.addMatch({ match_id: 1 });
    const a = setup(1, FAST, ex, clock);
    await run(a, () => (ex.score(1)?.totals[0]?.balls ?? 0) >= 50);
    const before = structuredClone(ex.score(1)!);
    const b = setup(99, FAST, ex, clock);
    await run(b, complete(b));
    const seq = outcomes(ex.calls);
    // The store gives the scoreboard back with its keys in another order: compared by value.
    const k = seq.findIndex((x) => isDeepStrictEqual(x, before));
    expect(k).toBeGreaterThanOrEqual(0);
    // After the handover the balls count on from where they were, one delivery at a time.
    for (let i = k + 1; i < seq.length; i++) {
      const p = seq[i - 1]!;
      const q = seq[i]!;
      if (q.innings !== p.innings) continue;
      const d = q.totals[q.innings - 1]!.balls - p.totals[p.innings - 1]!.balls;
      expect(d === 0 || d === 1).toBe(true);
    }
    for (const f of ex.fanciesOf(1)) expect(f.settled, f.name).toBe(true);
    expect(a.warnings.concat(b.warnings)).toEqual([]);
  });

  it('the same seed gives the same game; another seed another', async () => {
    const trace = async (seed: number) => {
      const s = setup(seed);
      s.ex.addMatch({ match_id: 1 });
      s.ex.addMatch({ match_id: 2, format: 'ODI', teams: ['ENG', 'NZ'] });
      s.ex.prices.set(100, new Map([[1001, 190]]));
      await run(s, () => false, undefined, 400);
      return JSON.stringify(s.ex.calls);
    };
    const one = await trace(21);
    expect(await trace(21)).toBe(one);
    expect(await trace(22)).not.toBe(one);
  });
});

describe('cricket feed: bookmaker', () => {
  it('keeps the rates at the match-odds prices (rate = price − 100, lay 2 above), re-quoted after each ball', async () => {
    const s = setup(2);
    s.ex.addMatch({ match_id: 1 });
    s.ex.prices.set(
      100,
      new Map([
        [1001, 185],
        [1002, 230],
      ]),
    );
    await run(s, () => outcomes(s.ex.calls).length >= 1);
    expect(s.ex.bookmakers.get(101)).toEqual({
      status: 'ACTIVE',
      rates: [
        { selection_id: 1001, back_rate: 85, lay_rate: 87 },
        { selection_id: 1002, back_rate: 130, lay_rate: 132 },
      ],
    });
    s.ex.prices.set(
      100,
      new Map([
        [1001, 150],
        [1002, null],
      ]),
    );
    await run(s, () => outcomes(s.ex.calls).length >= 2);
    // Looked up once before the first ball and once after each ball, no more.
    expect(s.ex.calls.filter((c) => c.op === 'matchOddsBackPrices')).toHaveLength(1 + 2);
    const [fav, other] = s.ex.bookmakers.get(101)!.rates;
    expect(fav).toEqual({ selection_id: 1001, back_rate: 50, lay_rate: 52 });
    // No price for the other: from the score's win probability.
    const p = winProbability('T20', s.ex.score(1), DEFAULT_CRICKET_MODEL);
    expect(other!.back_rate).toBe(Math.round(100 / (1 - p) - 100 - 1));
    expect(other!.lay_rate).toBe(other!.back_rate! + 2);
  });

  it('without match-odds prices the rates follow the game: the side ahead is the favourite at the end', async () => {
    const s = setup(6);
    s.ex.addMatch({ match_id: 1, match_odds_market_id: null });
    await run(s, () => (s.ex.score(1)?.totals[1]?.runs ?? 0) > 0 && s.ex.score(1)!.totals[1]!.balls >= 90);
    const score = s.ex.score(1)!;
    const [a, b] = s.ex.bookmakers.get(101)!.rates;
    const p = winProbability('T20', score, DEFAULT_CRICKET_MODEL);
    if (p > 0.5) expect(a!.back_rate!).toBeLessThan(b!.back_rate!);
    else expect(a!.back_rate!).toBeGreaterThan(b!.back_rate!);
    expect(s.ex.calls.some((c) => c.op === 'matchOddsBackPrices')).toBe(false);
  });

  it('leaves a bookmaker the operator suspended, and fancies the operator suspended', async () => {
    const s = setup(3);
    s.ex.addMatch({ match_id: 1 });
    s.ex.bookmakers.get(101)!.status = 'SUSPENDED';
    const held = s.ex.fancyNamed('15 over runs AUS');
    held.status = 'SUSPENDED';
    await run(s, () => outcomes(s.ex.calls).length >= 20);
    expect(s.ex.bookmakers.get(101)!.status).toBe('SUSPENDED');
    expect(s.ex.calls.some((c) => c.op === 'setBookmakerStatus' || c.op === 'quoteBookmaker')).toBe(false);
    expect(held.status).toBe('SUSPENDED');
    expect(s.ex.calls.some((c) => 'fancy_id' in c && c.fancy_id === held.fancy_id)).toBe(false);
  });
});

describe('cricket feed: the operator wins', () => {
  it('never settles a fancy the operator suspended, nor one with a result declared once (unsettled since), even at the end', async () => {
    const s = setup(4);
    s.ex.addMatch({ match_id: 1 });
    const held = s.ex.fancyNamed('6 over runs AUS');
    const unsettled = s.ex.fancyNamed('AUS lambi');
    // The operator suspended one after 0.5 overs; the other was settled once and unsettled since.
    await run(s, () => (s.ex.score(1)?.totals[0]?.balls ?? 0) >= 5);
    held.status = 'SUSPENDED';
    Object.assign(unsettled, { status: 'CLOSED', result_declared: true });
    const from = s.ex.calls.length;
    await run(s, complete(s));
    await run(s, () => false, undefined, 5);
    for (const f of [held, unsettled]) {
      expect(s.ex.calls.slice(from).filter((c) => 'fancy_id' in c && c.fancy_id === f.fancy_id)).toEqual([]);
      expect(f.settled).toBe(false);
    }
    // The feed settled the rest once each.
    const settles = s.ex.calls.filter((c) => c.op === 'settleFancy').map((c) => c.fancy_id);
    expect(new Set(settles).size).toBe(settles.length);
  });
});

describe('cricket feed: bounded and fault-tolerant', () => {
  it('works on at most max_matches_per_tick matches a tick, and every match gets its turn', async () => {
    const s = setup(1, { ...FAST, max_matches_per_tick: 2 });
    for (let id = 1; id <= 6; id++) s.ex.addMatch({ match_id: id });
    s.ex.addMatch({ match_id: 7, in_play: false });
    for (let i = 0; i < 60; i++) {
      const n = s.ex.calls.length;
      await s.feed.tick();
      s.clock.t += 1_000;
      const touched = new Set(
        s.ex.calls.slice(n).map((c) => {
          if ('match_id' in c) return c.match_id;
          if ('fancy_id' in c) return s.ex.fancies.get(c.fancy_id)!.match_id;
          return Math.floor(c.market_id / 100);
        }),
      );
      expect(touched.size).toBeLessThanOrEqual(2);
    }
    for (let id = 1; id <= 6; id++) expect(outcomes(s.ex.calls, id).length).toBeGreaterThan(5);
    expect(s.ex.score(7)).toBeNull(); // not in play: untouched
  });

  it('a failed call is logged and retried on the next tick; tick() never throws', async () => {
    const s = setup(8);
    s.ex.addMatch({ match_id: 1 });
    s.ex.failNext.set('listCricketMatches', 1);
    const [r] = await run(s, () => false, undefined, 1);
    expect(r!.failures).toBe(1);
    // A ball's score fails to publish: the ball is bowled again on the next tick.
    await run(s, () => outcomes(s.ex.calls).length >= 3);
    s.ex.failNext.set('publishScore', 1);
    const n = outcomes(s.ex.calls).length;
    await run(s, () => outcomes(s.ex.calls).length > n + 1);
    expect(s.warnings.some((w) => w.msg === 'cricket feed: match step failed')).toBe(true);
    // A suspension fails at a ball start: the ball does not start until all are suspended.
    s.ex.failNext.set('setFancyStatus', 1);
    await run(s, () => s.ex.score(1)!.ball_running_until_ms !== null);
    expect(s.ex.fanciesOf(1).filter((f) => !f.settled && f.status !== 'BALL_RUNNING')).toEqual([]);
    // Every call failing for a while: nothing throws, the game carries on afterwards.
    for (const op of ['publishScore', 'setFancyStatus', 'quoteFancy', 'setBookmakerStatus'] as const) {
      s.ex.failNext.set(op, 5);
    }
    await run(s, () => false, undefined, 20);
    await run(s, complete(s));
    for (const f of s.ex.fanciesOf(1)) expect(f.settled, f.name).toBe(true);
  });

  it('a settlement that failed holds the game until it goes through, on the right value', async () => {
    const s = setup(2);
    s.ex.addMatch({ match_id: 1 });
    const f = s.ex.fancyNamed('6 over runs AUS');
    await run(s, () => (s.ex.score(1)?.totals[0]?.balls ?? 0) >= 35);
    s.ex.failNext.set('settleFancy', 1_000);
    await run(s, () => s.ex.score(1)!.totals[0]!.balls >= 36 || s.ex.score(1)!.status !== 'IN_PROGRESS');
    const at = structuredClone(s.ex.score(1)!);
    // While it fails: retried every tick, no ball.
    const held = await run(s, () => false, undefined, 6);
    expect(held.every((r) => r.balls_started.length === 0 && r.balls.length === 0 && r.failures > 0)).toBe(
      true,
    );
    expect(s.ex.score(1)).toEqual(at);
    s.ex.failNext.clear();
    const reports = await run(s, () => false, undefined, 3);
    expect(f).toMatchObject({ settled: true, result: at.totals[0]!.runs });
    expect(reports[0]!.settled.map((x) => x.fancy_id)).toContain(f.fancy_id);
    expect(reports[1]!.balls_started).toEqual([1]);
  });

  it('a fancy whose quote fails stays suspended (never open on a stale line) while the game goes on', async () => {
    const s = setup(4);
    s.ex.addMatch({ match_id: 1 });
    const f = s.ex.fancyNamed('15 over runs AUS');
    s.ex.failQuotes.add(f.fancy_id);
    await run(
      s,
      () => (s.ex.score(1)?.totals[0]?.balls ?? 0) >= 30,
      () => {
        const score = s.ex.score(1);
        // Up to the first ball it shows the seed's quote; from then on it is never open again.
        if (score && outcomes(s.ex.calls).length > 0) expect(f.status).toBe('BALL_RUNNING');
      },
    );
    expect(f).toMatchObject({ no_line: 30, yes_line: 31 });
    s.ex.failQuotes.clear();
    // The next upkeep (after the next ball, or a tick between balls) quotes and opens it.
    await run(s, () => f.status === 'ACTIVE');
    expect(s.ex.score(1)!.ball_running_until_ms).toBeNull();
    expect(f.no_line!).toBeGreaterThan(s.ex.score(1)!.totals[0]!.runs);
  });

  it('a refused settlement leaves the fancy suspended to the operator, is not tried again; the game goes on', async () => {
    const s = setup(2);
    s.ex.addMatch({ match_id: 1 });
    const f = s.ex.fancyNamed('6 over runs AUS');
    const lambi = s.ex.fancyNamed('AUS lambi');
    s.ex.refuse.add(f.fancy_id);
    s.ex.refuse.add(lambi.fancy_id);
    await run(s, () => (s.ex.score(1)?.totals[0]?.balls ?? 0) >= 40);
    expect(f).toMatchObject({ settled: false, status: 'SUSPENDED' });
    expect(s.warnings).toHaveLength(1);
    expect(s.warnings[0]!.msg).toMatch(
      /^cricket feed: fancy left to the operator: settlement on \d+ refused/,
    );
    // The first innings' total stays decided through the second: refused once, not at every ball.
    await run(s, () => (s.ex.score(1)?.totals[1]?.balls ?? 0) >= 12);
    expect(lambi).toMatchObject({ settled: false, status: 'SUSPENDED' });
    for (const x of [f, lambi]) {
      expect(s.ex.calls.filter((c) => c.op === 'settleFancy' && c.fancy_id === x.fancy_id)).toHaveLength(1);
    }
  });

  it('a scoreboard stopped with no result: the fancies go to the incomplete rules, never settled as if the innings had finished', async () => {
    const s = setup(1);
    s.ex.addMatch(
      {
        match_id: 1,
        score: {
          innings: 1,
          batting: 0,
          totals: [{ runs: 120, wickets: 4, balls: 84 }],
          recent: ['1'],
          target: null,
          status: 'COMPLETE',
          ball_running_until_ms: null,
          result_text: 'No result',
        },
      },
      [
        ...standardFancies(['AUS', 'IND']),
        {
          name: '20 over meter AUS',
          variant: 'METER',
          event: { innings: 1, kind: 'RUNS_AT_OVER', over: 20 },
          no_line: 160,
          yes_line: 161,
        },
      ],
    );
    await run(s, () => false, undefined, 3);
    // "No result" at 14.0 overs, 120/4: the Lambi was never played out. It is not settled at 120
    // (as it was before issue 32): the rules text decides (the fake voids it; the server averages
    // or voids it, the engine's rules), on the facts of the stop.
    const lambi = s.ex.fancyNamed('AUS lambi');
    expect(lambi).toMatchObject({ settled: true, result: null, decision: 'VOID' });
    expect(s.ex.calls.filter((c) => c.op === 'settleFancy' && c.fancy_id === lambi.fancy_id)).toEqual([]);
    expect(s.ex.calls).toContainEqual({
      op: 'settleFancyIncomplete',
      fancy_id: lambi.fancy_id,
      facts: { overs_bowled: 14, abandoned_or_reduced: true, result: 120 },
    });
    // Sessions never reached: the rules (void here); the 20-over Meter on its midpoint, 160.
    expect(s.ex.fancyNamed('15 over runs AUS')).toMatchObject({
      settled: true,
      result: null,
      decision: 'VOID',
    });
    expect(s.ex.fancyNamed('20 over meter AUS')).toMatchObject({
      settled: true,
      result: 160,
      decision: 'MIDPOINT',
    });
    // A score that kept no per-over record: the 6-over runs (84 > 36 balls) cannot be read, the operator's.
    expect(s.ex.fancyNamed('6 over runs AUS')).toMatchObject({ settled: false, status: 'SUSPENDED' });
    // The innings never played: the incomplete rules too (facts: nothing reached).
    for (const f of s.ex.fanciesOf(1).filter((x) => x.event.innings === 2)) {
      expect(f, f.name).toMatchObject({ settled: true });
      expect(s.ex.calls).toContainEqual({
        op: 'settleFancyIncomplete',
        fancy_id: f.fancy_id,
        facts: { overs_bowled: 14, abandoned_or_reduced: true, result: 0 },
      });
    }
    expect(s.ex.bookmakers.get(101)!.status).toBe('CLOSED');
    expect(s.ex.calls.filter((c) => c.op === 'publishScore')).toEqual([]);
  });

  it('a tick called while the previous one runs does nothing', async () => {
    const s = setup(1);
    s.ex.addMatch({ match_id: 1 });
    const [a, b] = await Promise.all([s.feed.tick(), s.feed.tick()]);
    expect(a!.skipped).toBe(false);
    expect(b!.skipped).toBe(true);
  });
});

describe('cricket feed: when it ticks (issue 48)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('each tick says when a match is next due: its ball, its end, its start; nothing once wrapped up', async () => {
    const s = setup(3, {}); // the defaults: a ball every 5 s, running 2 s
    s.ex.addMatch({ match_id: 1 });
    s.ex.addMatch({ match_id: 2, in_play: false, start_time_ms: T0 + 60_000 });
    // First sight of match 1: upkeep, then its first ball is due at once.
    let r = await s.feed.tick();
    expect(r.next_due_ms).toBe(T0);
    r = await s.feed.tick();
    expect(r.balls_started).toEqual([1]);
    expect(r.next_due_ms).toBe(T0 + 2_000); // the ball's end
    s.clock.t = T0 + 1_000;
    r = await s.feed.tick(); // nothing due: the ball still runs
    expect(r.balls_started).toEqual([]);
    expect(r.balls).toEqual([]);
    expect(r.next_due_ms).toBe(T0 + 2_000);
    s.clock.t = T0 + 2_000;
    r = await s.feed.tick();
    expect(r.balls).toHaveLength(1);
    expect(r.next_due_ms).toBe(T0 + 5_000); // the next ball
    // Only the matches with work due were read in full.
    expect(s.ex.reads.every((ids) => ids.length === 1 && ids[0] === 1)).toBe(true);
    expect(s.ex.listings).toBe(4);
    expect(s.ex.reads).toHaveLength(3);
    // With match 1 over, match 2's start is what comes next; and after it, nothing.
    s.ex.matches.get(1)!.score = { ...s.ex.score(1)!, status: 'COMPLETE', result_text: 'Abandoned' };
    s.clock.t = T0 + 3_000;
    r = await s.feed.tick(); // match 1 wrapped up
    expect(r.next_due_ms).toBe(T0 + 60_000);
    s.ex.matches.delete(2);
    r = await s.feed.tick();
    expect(r.next_due_ms).toBeNull();
  });

  it('after a ball, the open fancies a match quotes again are written in one call; a refused one stays suspended', async () => {
    const s = setup(6);
    s.ex.addMatch({ match_id: 1 });
    const refused = s.ex.fancyNamed('10 over runs AUS');
    s.ex.failQuotes.add(refused.fancy_id);
    await run(s, () => outcomes(s.ex.calls).length >= 12);
    const balls = outcomes(s.ex.calls).length;
    // One quote call per upkeep (the first sight, then one per ball), several fancies in each.
    expect(s.ex.quoteBatches.length).toBeLessThanOrEqual(balls + 1);
    expect(s.ex.quoteBatches.filter((b) => b.length > 1).length).toBeGreaterThan(balls / 2);
    expect(s.ex.quoteBatches.every((b) => new Set(b).size === b.length)).toBe(true);
    expect(refused.status).toBe('BALL_RUNNING');
    expect(s.ex.fancyNamed('6 over runs AUS').status).not.toBe('BALL_RUNNING');
  });

  it('started, it reads the matches only when a ball is due, and every ball still starts and ends on time', async () => {
    vi.useFakeTimers({ now: T0 });
    const clock = { now: () => new Date(Date.now()) };
    const ex = new FakeCricketApi();
    ex.addMatch({ match_id: 1 });
    const starts: number[] = [];
    const ends: number[] = [];
    const publish = ex.publishScore.bind(ex);
    ex.publishScore = async (match_id, score) => {
      (score.ball_running_until_ms === null ? ends : starts).push(Date.now());
      if (score.ball_running_until_ms !== null) expect(score.ball_running_until_ms).toBe(Date.now() + 2_000);
      await publish(match_id, score);
    };
    const feed = createCricketFeed(ex, clock, mulberry32(5), quiet, {}); // a 500 ms tick, a ball every 5 s
    feed.start();
    await vi.advanceTimersByTimeAsync(60_000);
    await feed.stop();
    // A ball every 5 s from the first, each ended 2 s after it started (within the margin).
    expect(starts.length).toBeGreaterThanOrEqual(11);
    starts.slice(1).forEach((t, i) => expect(t - starts[i]!).toBeGreaterThanOrEqual(5_000));
    starts.slice(1).forEach((t, i) => expect(t - starts[i]!).toBeLessThanOrEqual(5_000 + 10));
    ends.forEach((t, i) => expect(t - starts[i]!).toBeGreaterThanOrEqual(2_000));
    ends.forEach((t, i) => expect(t - starts[i]!).toBeLessThanOrEqual(2_000 + 10));
    // Two listings a ball (its start, its end) and the first sight: not one every 500 ms (120).
    expect(ex.listings).toBeLessThanOrEqual(2 * starts.length + 3);
    // Stopped: no more ticks.
    const listed = ex.listings;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(ex.listings).toBe(listed);
  });

  it('started, with no match in play it looks every idle_tick_ms, and a match turned in play is bowled to', async () => {
    vi.useFakeTimers({ now: T0 });
    const clock = { now: () => new Date(Date.now()) };
    const ex = new FakeCricketApi();
    // Not in play, its start long past (no match-odds market turns it): the operator will.
    ex.addMatch({ match_id: 1, in_play: false, start_time_ms: T0 - 3_600_000 });
    const feed = createCricketFeed(ex, clock, mulberry32(5), quiet, {});
    feed.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(ex.listings).toBeGreaterThanOrEqual(5);
    expect(ex.listings).toBeLessThanOrEqual(7); // every 5 s, not every 500 ms
    expect(ex.reads).toEqual([]);
    ex.matches.get(1)!.in_play = true;
    await vi.advanceTimersByTimeAsync(6_000);
    await feed.stop();
    expect(ex.calls.some((c) => c.op === 'publishScore')).toBe(true);
  });
});

describe('cricket feed: players and their lines (issue 25)', () => {
  const TEAMS = ['Australia', 'India'] as const;

  function withElevens(seed: number, extra: FancySpec[] = []) {
    const s = setup(seed);
    const elevens = demoElevens(TEAMS);
    s.ex.addMatch({ match_id: 1, teams: TEAMS, elevens }, [...standardFancies(TEAMS), ...extra]);
    return { ...s, elevens };
  }

  it('every batter who comes in gets a "{batter} runs" line, settled on the score when out or at the innings end', async () => {
    const s = withElevens(3);
    await run(s, complete(s));
    const score = s.ex.score(1)!;
    for (const innings of [1, 2] as const) {
      const batters = score.totals[innings - 1]!.players!.batters;
      const names = s.elevens[innings - 1]!.players;
      for (const b of batters) {
        const name = `${names.find((p) => p.player_id === b.player_id)!.name} runs`;
        const f = s.ex.fanciesOf(1).find((x) => x.name === name && x.event.innings === innings)!;
        expect(f, name).toBeDefined();
        expect(f.event).toEqual({ innings, kind: 'PLAYER_RUNS', player_id: b.player_id });
        expect(f.settled).toBe(true);
        expect(f.result).toBe(b.runs);
      }
      // Only those who batted have a line.
      const lines = s.ex
        .fanciesOf(1)
        .filter((x) => x.event.kind === 'PLAYER_RUNS' && x.event.innings === innings);
      expect(lines).toHaveLength(batters.length);
    }
  });

  it('a batter out is settled before the next ball, and the line is suspended while each ball runs', async () => {
    const s = withElevens(5);
    const bad: string[] = [];
    await run(s, complete(s), () => {
      const sc = s.ex.score(1);
      if (!sc || sc.ball_running_until_ms === null) return;
      for (const f of s.ex.fanciesOf(1)) {
        if (f.event.kind !== 'PLAYER_RUNS' || f.settled) continue;
        if (f.status === 'ACTIVE') bad.push(`${f.name} active while a ball ran`);
        const b = sc.totals[f.event.innings - 1]?.players?.batters.find(
          (x) => x.player_id === (f.event as { player_id: number }).player_id,
        );
        if (b?.out) bad.push(`${f.name} not settled after the batter was out`);
      }
    });
    expect(bad).toEqual([]);
  });

  it('Top batsman: 1 for the innings top scorer, 0 for the rest; a tie for the top is a dead heat of that many', async () => {
    const elevens = demoElevens(TEAMS);
    const tops: FancySpec[] = elevens[0].players.map((p) => ({
      name: `Top batsman ${TEAMS[0]}: ${p.name}`,
      variant: 'FANCY1' as const,
      event: { innings: 1 as const, kind: 'TOP_BATSMAN' as const, player_id: p.player_id },
    }));
    for (const seed of [1, 2, 3]) {
      const s = setup(seed);
      s.ex.addMatch({ match_id: 1, teams: TEAMS, elevens }, tops);
      await run(s, complete(s));
      const batters = s.ex.score(1)!.totals[0]!.players!.batters;
      const top = Math.max(...batters.map((b) => b.runs));
      const winners = batters.filter((b) => b.runs === top).map((b) => b.player_id);
      for (const p of elevens[0].players) {
        const f = s.ex.fancyNamed(`Top batsman ${TEAMS[0]}: ${p.name}`);
        const call = s.ex.calls.find(
          (c): c is Extract<CricketCall, { op: 'settleFancy' }> =>
            c.op === 'settleFancy' && c.fancy_id === f.fancy_id,
        )!;
        expect(call.result).toBe(winners.includes(p.player_id) ? 1 : 0);
        expect(call.dead_heat_count).toBe(
          call.result === 1 && winners.length > 1 ? winners.length : undefined,
        );
      }
    }
  });

  it("a player line is quoted: a batter's No line at or above the runs so far, Top batsman rates below 100 for a favourite", async () => {
    const s = withElevens(9);
    let checked = 0;
    await run(
      s,
      () => checked > 200 || statusOf(s) === 'COMPLETE',
      () => {
        const sc = s.ex.score(1);
        if (!sc || sc.ball_running_until_ms !== null || sc.status !== 'IN_PROGRESS') return;
        for (const f of s.ex.fanciesOf(1)) {
          if (f.event.kind !== 'PLAYER_RUNS' || f.settled || f.event.innings !== sc.innings) continue;
          const b = sc.totals[sc.innings - 1]!.players!.batters.find(
            (x) => x.player_id === (f.event as { player_id: number }).player_id,
          )!;
          expect(f.no_line!).toBeGreaterThanOrEqual(b.runs);
          expect(f.yes_line).toBe(f.no_line! + 1);
          checked += 1;
        }
      },
    );
    expect(checked).toBeGreaterThan(50);
  });
});
