import { describe, expect, it } from 'vitest';
import {
  applyBall,
  bookmakerRates,
  DEFAULT_CRICKET_MODEL as M,
  drawBall,
  entryRuns,
  eventState,
  fancyQuote,
  isLegal,
  mulberry32,
  projectRuns,
  rainsAfter,
  reduceOvers,
  resultText,
  startBall,
  stopMatch,
  winProbability,
  type CricketFormat,
  type Scoreboard,
} from '../src/index.ts';

const TEAMS = ['AUS', 'IND'] as const;

function inn1(runs: number, wickets: number, balls: number, recent: string[] = ['1']): Scoreboard {
  return {
    innings: 1,
    batting: 0,
    totals: [{ runs, wickets, balls }],
    recent,
    target: null,
    status: 'IN_PROGRESS',
    ball_running_until_ms: null,
    result_text: null,
  };
}

function chase(
  first: number,
  runs: number,
  wickets: number,
  balls: number,
  recent: string[] = ['1'],
): Scoreboard {
  return {
    innings: 2,
    batting: 1,
    totals: [
      { runs: first, wickets: 10, balls: 110 },
      { runs, wickets, balls },
    ],
    recent,
    target: first + 1,
    status: 'IN_PROGRESS',
    ball_running_until_ms: null,
    result_text: null,
  };
}

describe('cricket model: deliveries', () => {
  it('strip entries: legal balls and the runs they add', () => {
    expect(['0', '1', '4', '6', 'W'].every(isLegal)).toBe(true);
    expect(['wd', 'nb', 'nb4'].some(isLegal)).toBe(false);
    expect(['0', '1', '2', '3', '4', '6', 'W', 'wd', 'nb', 'nb4', 'nb6'].map(entryRuns)).toEqual([
      0, 1, 2, 3, 4, 6, 0, 1, 1, 5, 7,
    ]);
  });

  it.each([
    ['T20', 7.2, 8.8, 0.035, 0.06],
    ['ODI', 4.8, 5.9, 0.02, 0.032],
    ['TEST', 2.8, 3.6, 0.013, 0.021],
  ] as const)(
    '%s: a plausible run rate and wicket rate',
    (format: CricketFormat, minRpo, maxRpo, minW, maxW) => {
      const rnd = mulberry32(42);
      // Early-innings situation: the base distribution, no death overs or chase.
      const s = inn1(10, 0, 6);
      let runs = 0;
      let legal = 0;
      let wickets = 0;
      for (let i = 0; i < 60_000; i++) {
        const e = drawBall(format, s, rnd, M);
        runs += entryRuns(e);
        if (isLegal(e)) legal += 1;
        if (e === 'W') wickets += 1;
      }
      expect((6 * runs) / legal).toBeGreaterThan(minRpo);
      expect((6 * runs) / legal).toBeLessThan(maxRpo);
      expect(wickets / legal).toBeGreaterThan(minW);
      expect(wickets / legal).toBeLessThan(maxW);
    },
  );

  it('applies a ball: totals, strip of 12, extras are not legal balls', () => {
    let s = startBall(null, 1_000);
    expect(s).toMatchObject({ innings: 1, batting: 0, status: 'IN_PROGRESS', ball_running_until_ms: 1_000 });
    for (const e of ['4', 'wd', 'nb4', 'W', '6', '0', '1', '2', '3', '0', '0', '1', '1']) {
      s = applyBall('T20', TEAMS, startBall(s, 5), e, M);
    }
    expect(s.totals[0]).toEqual({
      runs: 4 + 1 + 5 + 6 + 1 + 2 + 3 + 1 + 1,
      wickets: 1,
      balls: 11,
      // The runs after the first over's sixth legal ball (the '2'): 4, W, 6, 0, 1, 2 and two extras.
      over_runs: [4 + 1 + 5 + 6 + 1 + 2],
      end: null,
      reduced_overs: null,
    });
    expect(s.recent).toHaveLength(12);
    expect(s.recent[11]).toBe('1');
    expect(s.ball_running_until_ms).toBeNull();
  });

  it('ends the first innings on 10 wickets or the last over, and sets the target', () => {
    const allOut = applyBall('T20', TEAMS, inn1(97, 9, 80), 'W', M);
    expect(allOut).toMatchObject({ status: 'INNINGS_BREAK', target: 98 });
    const overs = applyBall('T20', TEAMS, inn1(170, 5, 119), '6', M);
    expect(overs).toMatchObject({ status: 'INNINGS_BREAK', target: 177 });
    expect(applyBall('ODI', TEAMS, inn1(170, 5, 119), '6', M).status).toBe('IN_PROGRESS');
    const second = startBall(overs, 9);
    expect(second).toMatchObject({ innings: 2, batting: 1, target: 177, recent: [], status: 'IN_PROGRESS' });
    // A score from before the per-over record: the overs before are unknown (null), the last kept.
    expect(second.totals).toEqual([
      { runs: 176, wickets: 5, balls: 120, over_runs: [...Array<null>(19).fill(null), 176], end: 'OVERS' },
      { runs: 0, wickets: 0, balls: 0, over_runs: [], end: null, reduced_overs: null },
    ]);
    expect(allOut.totals[0]!.end).toBe('ALL_OUT');
  });

  it('ends the match with its result', () => {
    expect(applyBall('T20', TEAMS, chase(150, 148, 5, 100), '4', M)).toMatchObject({
      status: 'COMPLETE',
      result_text: 'IND won by 5 wickets',
    });
    expect(applyBall('T20', TEAMS, chase(150, 149, 9, 100), 'wd', M).status).toBe('IN_PROGRESS');
    expect(applyBall('T20', TEAMS, chase(150, 150, 9, 100), 'wd', M).result_text).toBe('IND won by 1 wicket');
    expect(applyBall('T20', TEAMS, chase(150, 140, 9, 100), 'W', M).result_text).toBe('AUS won by 10 runs');
    expect(applyBall('T20', TEAMS, chase(150, 149, 3, 119), '0', M).result_text).toBe('AUS won by 1 run');
    expect(applyBall('T20', TEAMS, chase(150, 149, 3, 119), '1', M).result_text).toBe('Match tied');
    const test = {
      ...chase(300, 250, 6, 539),
      totals: [
        { runs: 300, wickets: 10, balls: 500 },
        { runs: 250, wickets: 6, balls: 539 },
      ],
    };
    expect(applyBall('TEST', TEAMS, test, '0', M).result_text).toBe('Match drawn');
    expect(
      resultText('TEST', TEAMS, {
        ...test,
        totals: [test.totals[0]!, { runs: 280, wickets: 10, balls: 400 }],
      }),
    ).toBe('AUS won by 20 runs');
  });
});

describe('cricket model: fancy events', () => {
  const runs6 = { innings: 1, kind: 'RUNS_AT_OVER', over: 6 } as const;
  it('runs after an over: open before, decided at the over (unless an extra came since), final value if the innings ended first', () => {
    expect(eventState(runs6, null)).toEqual({ state: 'NOT_STARTED' });
    expect(eventState(runs6, inn1(40, 1, 35))).toEqual({ state: 'OPEN' });
    expect(eventState(runs6, inn1(44, 1, 36, ['4']))).toEqual({ state: 'DONE', value: 44 });
    expect(eventState(runs6, inn1(45, 1, 36, ['4', 'wd']))).toEqual({ state: 'UNKNOWN' });
    expect(eventState(runs6, inn1(45, 1, 37))).toEqual({ state: 'UNKNOWN' });
    const allOut = { ...inn1(30, 10, 31), status: 'INNINGS_BREAK' as const, target: 31 };
    expect(eventState(runs6, allOut)).toEqual({ state: 'DONE', value: 30 });
    // The first innings' session is known in the second innings whenever it ended at the over.
    expect(
      eventState(runs6, {
        ...chase(100, 0, 0, 0),
        totals: [
          { runs: 100, wickets: 10, balls: 36 },
          { runs: 0, wickets: 0, balls: 0 },
        ],
      }),
    ).toEqual({
      state: 'DONE',
      value: 100,
    });
    // Second innings: not started during the first.
    expect(eventState({ ...runs6, innings: 2 }, allOut)).toEqual({ state: 'NOT_STARTED' });
    // A chase won by a wide at exactly 6 overs: the runs at 6 overs are not the final runs.
    expect(
      eventState({ ...runs6, innings: 2 }, { ...chase(50, 51, 0, 36, ['1', 'wd']), status: 'COMPLETE' }),
    ).toEqual({
      state: 'UNKNOWN',
    });
  });

  it('innings total: decided at the innings end', () => {
    const lambi = { innings: 1, kind: 'INNINGS_TOTAL' } as const;
    expect(eventState(lambi, inn1(150, 5, 119))).toEqual({ state: 'OPEN' });
    expect(eventState(lambi, { ...inn1(156, 5, 120), status: 'INNINGS_BREAK' })).toEqual({
      state: 'DONE',
      value: 156,
    });
    expect(eventState(lambi, chase(156, 3, 0, 1))).toEqual({ state: 'DONE', value: 156 });
  });

  it('wicket before an over: 1 as soon as one falls, 0 at the over', () => {
    const w3 = { innings: 1, kind: 'WICKET_BEFORE_OVER', over: 3 } as const;
    expect(eventState(w3, inn1(10, 0, 17))).toEqual({ state: 'OPEN' });
    expect(eventState(w3, inn1(10, 1, 18))).toEqual({ state: 'DONE', value: 1 });
    expect(eventState(w3, inn1(10, 1, 4))).toEqual({ state: 'DONE', value: 1 });
    expect(eventState(w3, inn1(10, 0, 18))).toEqual({ state: 'DONE', value: 0 });
    expect(eventState(w3, inn1(10, 1, 19))).toEqual({ state: 'UNKNOWN' });
  });
});

describe('cricket model: quotes', () => {
  it('the projection rises with runs, falls with wickets and balls, and stays within the chase', () => {
    let prev = -1;
    for (let runs = 0; runs <= 120; runs += 5) {
      const p = projectRuns('T20', { runs, wickets: 2, balls: 60 }, 120, null, M);
      expect(p).toBeGreaterThan(prev);
      expect(p).toBeGreaterThanOrEqual(runs);
      prev = p;
    }
    const base = projectRuns('T20', { runs: 60, wickets: 2, balls: 60 }, 120, null, M);
    expect(projectRuns('T20', { runs: 60, wickets: 5, balls: 60 }, 120, null, M)).toBeLessThan(base);
    expect(projectRuns('T20', { runs: 60, wickets: 2, balls: 61 }, 120, null, M)).toBeLessThan(base);
    // Par: a T20 innings from nothing is worth about 160.
    expect(projectRuns('T20', { runs: 0, wickets: 0, balls: 0 }, 120, null, M)).toBeGreaterThan(150);
    expect(projectRuns('T20', { runs: 0, wickets: 0, balls: 0 }, 120, null, M)).toBeLessThan(175);
    expect(projectRuns('T20', { runs: 140, wickets: 2, balls: 90 }, 120, 150, M)).toBe(150);
    // Nine down: a few balls left to face, whatever the overs.
    expect(projectRuns('TEST', { runs: 200, wickets: 9, balls: 300 }, 540, null, M)).toBeLessThan(240);
  });

  it('fancy lines: No = floor(projection), Yes = No + 1 at 100/100; odd/even 98/98; wicket events from the probability', () => {
    const s = inn1(30, 1, 24);
    const q = fancyQuote('T20', 'RUNS', { innings: 1, kind: 'RUNS_AT_OVER', over: 6 }, s, M)!;
    expect(q.no_line).toBe(Math.floor(projectRuns('T20', s.totals[0]!, 36, null, M)));
    expect(q).toMatchObject({ no_rate: 100, yes_line: q.no_line + 1, yes_rate: 100 });
    expect(q.no_line).toBeGreaterThan(40);
    expect(q.no_line).toBeLessThan(52);
    expect(fancyQuote('T20', 'ODD_EVEN', { innings: 1, kind: 'RUNS_AT_OVER', over: 6 }, s, M)).toEqual({
      no_line: 0,
      no_rate: 98,
      yes_line: 0,
      yes_rate: 98,
    });
    const w = { innings: 1, kind: 'WICKET_BEFORE_OVER', over: 10 } as const;
    const early = fancyQuote('T20', 'FANCY1', w, inn1(0, 0, 0), M)!;
    const late = fancyQuote('T20', 'FANCY1', w, inn1(70, 0, 58), M)!;
    // Likely early (a short Yes rate), unlikely with two balls left (a long one); No above Yes.
    expect(early.yes_rate).toBeLessThan(30);
    expect(late.yes_rate).toBeGreaterThan(500);
    for (const x of [early, late]) {
      expect(x.no_rate).toBeGreaterThan(x.yes_rate);
      expect(x).toMatchObject({ no_line: 1, yes_line: 1 });
    }
    // Decided or not started: left alone.
    expect(fancyQuote('T20', 'RUNS', { innings: 1, kind: 'RUNS_AT_OVER', over: 4 }, s, M)).toBeNull();
    expect(fancyQuote('T20', 'RUNS', { innings: 2, kind: 'RUNS_AT_OVER', over: 6 }, s, M)).toBeNull();
  });

  it('win probability follows the chase; bookmaker rates from prices or from it', () => {
    expect(winProbability('T20', null, M)).toBe(0.5);
    const easy = winProbability('T20', chase(120, 110, 1, 90), M);
    const hard = winProbability('T20', chase(200, 60, 6, 90), M);
    expect(easy).toBeLessThan(0.1); // teams[0] (bowling) is losing
    expect(hard).toBeGreaterThan(0.9);
    expect(bookmakerRates([1, 2], [185, 230], 0.5, M)).toEqual([
      { selection_id: 1, back_rate: 85, lay_rate: 87 },
      { selection_id: 2, back_rate: 130, lay_rate: 132 },
    ]);
    // No prices: fair rate 100/p − 100 with the spread around it.
    expect(bookmakerRates([1, 2], [null, null], 0.8, M)).toEqual([
      { selection_id: 1, back_rate: 24, lay_rate: 26 },
      { selection_id: 2, back_rate: 399, lay_rate: 401 },
    ]);
    expect(bookmakerRates([1, 2], [101, null], 0.99, M)[0]).toEqual({
      selection_id: 1,
      back_rate: 1,
      lay_rate: 3,
    });
  });
});

describe('cricket model: how an innings ends (issue 32)', () => {
  const T20 = 'T20' as const;
  /** Bowls `entries` from `s` (each a ball started and bowled). */
  const bowlAll = (s: Scoreboard | null, entries: readonly string[]) =>
    entries.reduce<Scoreboard>((x, e) => applyBall(T20, TEAMS, startBall(x, 1), e, M), startBall(s, 1));
  /** An over of six legal balls scoring `runs` in all (no wickets). */
  const over = (runs: number) => {
    const balls = Array<string>(6).fill('0');
    let left = runs;
    for (let i = 0; i < 6 && left > 0; i++) {
      const r = Math.min(6, left) === 5 ? 4 : Math.min(6, left);
      balls[i] = String(r);
      left -= r;
    }
    if (left !== 0) throw new Error(`over(${runs})`);
    return balls;
  };
  /** The first innings bowled to `overs` overs at 8 runs an over with four wickets in the first four. */
  function first(overs: number): Scoreboard {
    let s: Scoreboard | null = null;
    for (let k = 0; k < overs; k++) {
      const balls = k < 4 ? ['W', ...over(8).slice(1)] : over(8);
      s =
        s === null
          ? bowlAll(null, balls)
          : balls.reduce<Scoreboard>((x, e) => applyBall(T20, TEAMS, startBall(x, 1), e, M), s);
    }
    return s!;
  }
  const lambi = { innings: 1, kind: 'INNINGS_TOTAL' } as const;
  const runs = (innings: 1 | 2, o: number) => ({ innings, kind: 'RUNS_AT_OVER', over: o }) as const;

  it('rain at 14.0 overs, 120/4 ("No result"): the Lambi and 20-over sessions go to the incomplete rules, never settled on 120', () => {
    const s = first(14);
    // 8 an over, but the first four overs each lost a wicket on a dot (7 a run-scoring over after).
    expect(s.totals[0]).toMatchObject({ wickets: 4, balls: 84 });
    const r14 = s.totals[0]!.runs;
    const stopped = stopMatch(s, 'RAIN');
    if (typeof stopped === 'string') throw new Error(stopped);
    expect(stopped).toMatchObject({
      status: 'COMPLETE',
      stopped: 'RAIN',
      result: { kind: 'NO_RESULT', winner: null },
      result_text: 'No result (rain)',
    });
    expect(stopped.totals[0]!.end).toBe('RAIN');
    const facts = { overs_bowled: 14, abandoned_or_reduced: true, result: r14 };
    expect(eventState(lambi, stopped, 20)).toEqual({ state: 'INCOMPLETE', facts });
    expect(eventState(runs(1, 20), stopped, 20)).toEqual({ state: 'INCOMPLETE', facts });
    expect(eventState(runs(1, 15), stopped, 20)).toEqual({ state: 'INCOMPLETE', facts });
    // Played out before the rain: on the per-over record.
    expect(eventState(runs(1, 6), stopped, 20)).toEqual({
      state: 'DONE',
      value: stopped.totals[0]!.over_runs![5],
    });
    // The chase never started.
    expect(eventState(runs(2, 6), stopped, 20)).toEqual({
      state: 'INCOMPLETE',
      facts: { ...facts, result: 0 },
    });
    expect(eventState({ innings: 2, kind: 'WICKET_BEFORE_OVER', over: 3 }, stopped, 20).state).toBe(
      'INCOMPLETE',
    );
    // A complete match cannot be stopped.
    expect(stopMatch(stopped, 'ABANDONED')).toBe('The match is already complete');
    // Stopped before a ball: an innings with nothing in it, ended ABANDONED.
    expect(stopMatch(null, 'ABANDONED')).toMatchObject({
      status: 'COMPLETE',
      totals: [{ runs: 0, end: 'ABANDONED' }],
    });
  });

  it('runs at an over are the score after its last legal ball: a wide after 10.0 does not count', () => {
    const s = first(10);
    const at10 = s.totals[0]!.runs;
    const wide = applyBall(T20, TEAMS, startBall(s, 1), 'wd', M);
    expect(wide.totals[0]).toMatchObject({ runs: at10 + 1, balls: 60 });
    expect(wide.totals[0]!.over_runs![9]).toBe(at10);
    // Before issue 32 this was UNKNOWN (the strip showed the wide): now read from the record.
    expect(eventState(runs(1, 10), wide, 20)).toEqual({ state: 'DONE', value: at10 });
    const on = applyBall(T20, TEAMS, startBall(wide, 1), '4', M);
    expect(eventState(runs(1, 10), on, 20)).toEqual({ state: 'DONE', value: at10 });
  });

  it('natural ends: all out, overs and target recorded with the result; a chase won early settles its sessions on the final score', () => {
    const allOut = applyBall(T20, TEAMS, inn1(97, 9, 80), 'W', M);
    expect(allOut.totals[0]!.end).toBe('ALL_OUT');
    expect(eventState(runs(1, 20), allOut, 20)).toEqual({ state: 'DONE', value: 97 });
    expect(eventState(lambi, allOut, 20)).toEqual({ state: 'DONE', value: 97 });
    const won = applyBall(T20, TEAMS, chase(150, 148, 5, 100), '4', M);
    expect(won.totals[1]!.end).toBe('TARGET');
    expect(won.result).toEqual({ kind: 'WIN', winner: 1 });
    expect(eventState(runs(2, 20), won, 20)).toEqual({ state: 'DONE', value: 152 });
    const lost = applyBall(T20, TEAMS, chase(150, 140, 9, 100), 'W', M);
    expect(lost.result).toEqual({ kind: 'WIN', winner: 0 });
    expect(applyBall(T20, TEAMS, chase(150, 150, 5, 119), '0', M).result).toEqual({
      kind: 'TIE',
      winner: null,
    });
    // A score from before end was recorded: a complete innings short of its overs, not all out, was stopped.
    expect(eventState(lambi, { ...inn1(120, 4, 84), status: 'COMPLETE' }, 20).state).toBe('INCOMPLETE');
    expect(eventState(lambi, { ...inn1(150, 4, 120), status: 'INNINGS_BREAK' }, 20)).toEqual({
      state: 'DONE',
      value: 150,
    });
  });

  it('overs reduced: the innings plays to its new limit, the chase starts with the revised target', () => {
    const s14 = first(14);
    const r14 = s14.totals[0]!.runs;
    expect(reduceOvers(T20, TEAMS, s14, 20, M)).toMatch(/fewer than the 20/);
    const cut = reduceOvers(T20, TEAMS, s14, 15, M);
    if (typeof cut === 'string') throw new Error(cut);
    expect(cut).toMatchObject({ status: 'IN_PROGRESS', target: null });
    expect(cut.totals[0]!.reduced_overs).toBe(15);
    // Sessions beyond the new limit are decided now by the rules; those within it still stand.
    expect(eventState(runs(1, 20), cut, 20)).toEqual({
      state: 'INCOMPLETE',
      facts: { overs_bowled: 14, abandoned_or_reduced: true, result: r14 },
    });
    expect(eventState(runs(1, 15), cut, 20)).toEqual({ state: 'OPEN' });
    const s15 = over(8).reduce((x, e) => applyBall(T20, TEAMS, startBall(x, 1), e, M), cut);
    expect(s15).toMatchObject({ status: 'INNINGS_BREAK', target: r14 + 9 });
    expect(s15.totals[0]).toMatchObject({ end: 'OVERS', reduced_overs: 15 });
    expect(eventState(runs(1, 15), s15, 20)).toEqual({ state: 'DONE', value: r14 + 8 });
    // The Lambi of a reduced innings: the rules (average or void), not the total.
    expect(eventState(lambi, s15, 20).state).toBe('INCOMPLETE');
    // The chase has 15 overs too; cut again at the break to 10: target floor(R × 10 / 15) + 1.
    const chase10 = reduceOvers(T20, TEAMS, s15, 10, M);
    if (typeof chase10 === 'string') throw new Error(chase10);
    expect(chase10.target).toBe(Math.floor(((r14 + 8) * 10) / 15) + 1);
    const started = startBall(chase10, 1);
    expect(started).toMatchObject({ innings: 2, target: chase10.target });
    expect(started.totals[1]).toMatchObject({ balls: 0, reduced_overs: 10 });
    // The operator's own target (a DLS sheet) wins over the simple rule.
    expect((reduceOvers(T20, TEAMS, s15, 10, M, 99) as Scoreboard).target).toBe(99);
    // A chase cut below the balls it has faced ends at once, on the revised target.
    const mid = {
      ...chase(150, 100, 3, 72),
      totals: [
        { runs: 150, wickets: 10, balls: 110, end: 'ALL_OUT' as const },
        { runs: 100, wickets: 3, balls: 72 },
      ],
    };
    const ended = reduceOvers(T20, TEAMS, mid, 12, M);
    if (typeof ended === 'string') throw new Error(ended);
    // 150 all out in 20 overs' allowance: 150 × 12 / 20 = 90 → target 91, reached: IND win.
    expect(ended).toMatchObject({ status: 'COMPLETE', target: 91, result: { kind: 'WIN', winner: 1 } });
  });

  it('the demo rain: only at the end of an over, at the configured chance', () => {
    const s = first(3);
    expect(rainsAfter(1, s, { ...M, rain_chance_per_over: 1 })).toBe(true);
    expect(rainsAfter(1, s, { ...M, rain_chance_per_over: 0 })).toBe(false);
    const mid = applyBall(T20, TEAMS, startBall(s, 1), '1', M);
    expect(rainsAfter(1, mid, { ...M, rain_chance_per_over: 1 })).toBe(false);
    // About rain_chance_per_over of (match, over) pairs.
    let n = 0;
    for (let id = 1; id <= 20_000; id++) if (rainsAfter(id, s, M)) n += 1;
    expect(n / 20_000).toBeGreaterThan(M.rain_chance_per_over / 2);
    expect(n / 20_000).toBeLessThan(M.rain_chance_per_over * 2);
  });
});
