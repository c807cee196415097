// Virtual cricket: the round from (seed, round id) through the HMAC stream only, the step codes,
// the exact odds and their margins, and a simulation against the model.
import { describe, expect, it } from 'vitest';
import {
  CRICKET_BALLS,
  CRICKET_DRAW_BOUND,
  CRICKET_MARGIN_BP,
  CRICKET_TEAMS,
  CRICKET_WIDE_WEIGHT,
  cricketBallWeights,
  cricketInningsRuns,
  cricketMatchOptions,
  cricketOvers,
  readCricketSteps,
  virtualCricket,
  virtualCricketRound,
  type CricketTeam,
} from '../../src/index.ts';
import { hmac } from './crypto.ts';
import { countingHmac, fastHmac, scriptedHmac, streamMessages, withinSds } from './virtual-helpers.ts';

const STEP = /^([AB]):([1-5])\.([1-6]):(0|1|2|3|4|6|W|WD)$/;

/** Re-reads the step codes: each side's runs, wickets and legal balls. */
function score(steps: readonly string[]) {
  const sides = { A: { runs: 0, wickets: 0, balls: 0 }, B: { runs: 0, wickets: 0, balls: 0 } };
  for (const s of steps) {
    const m = STEP.exec(s);
    if (!m) throw new Error(`bad step ${s}`);
    const side = sides[m[1] as 'A' | 'B'];
    const code = m[4]!;
    if (code === 'WD') side.runs += 1;
    else {
      expect(Number(m[2]) * 6 + Number(m[3]) - 6).toBe(side.balls + 1); // the ball it says it is
      side.balls++;
      if (code === 'W') side.wickets++;
      else side.runs += Number(code);
    }
  }
  return sides;
}

describe('virtual cricket: a round is a function of (seed, round id) through the stream alone', () => {
  it('the same seed and round give the same round; another seed another one', () => {
    const one = virtualCricket.play('seed-1', '1001', hmac);
    expect(virtualCricket.play('seed-1', '1001', hmac)).toEqual(one);
    expect(virtualCricket.play('seed-2', '1001', hmac).steps).not.toEqual(one.steps);
  });

  it('draws only HMAC(seed, `${roundId}:${counter}`), counter 0, 1, 2 … one per delivery', () => {
    for (let i = 0; i < 50; i++) {
      const seed = `s${i}`;
      const roundId = String(5000 + i);
      const rec = countingHmac();
      const { steps } = virtualCricket.play(seed, roundId, rec.hmac);
      expect(rec.calls.map(([k]) => k).every((k) => k === seed)).toBe(true);
      expect(rec.calls.map(([, m]) => m)).toEqual(streamMessages(roundId, rec.calls.length));
      // One draw per delivery shown (a wide and its re-bowl are two deliveries, two draws).
      expect(rec.calls.length).toBe(steps.length);
    }
  });

  it('the teams and odds come from the round id, the same whatever the seed', () => {
    const before = virtualCricket.options('77');
    virtualCricket.play('any seed', '77', hmac);
    virtualCricket.play('another', '77', hmac);
    expect(virtualCricket.options('77')).toEqual(before);
    const { team_a, team_b } = virtualCricketRound('77');
    expect(team_a).not.toBe(team_b);
    expect(before.map((o) => o.label).slice(0, 2)).toEqual([team_a.name, team_b.name]);
  });
});

describe('virtual cricket: step codes and rules', () => {
  it(
    'steps read back to the result: A bats five overs or ten wickets, B stops once past A',
    { timeout: 60_000 },
    () => {
      for (let i = 0; i < 300; i++) {
        const roundId = String(i);
        const { steps, result } = virtualCricket.play(`seed${i}`, roundId, hmac);
        const { A, B } = score(steps);
        const firstB = steps.findIndex((s) => s.startsWith('B'));
        expect(steps.slice(firstB).every((s) => s.startsWith('B'))).toBe(true);
        expect(A.balls === 30 || A.wickets === 10).toBe(true);
        expect(B.balls === 30 || B.wickets === 10 || B.runs > A.runs).toBe(true);
        // B's last ball, not an earlier one, took it past A.
        if (B.runs > A.runs) expect(score(steps.slice(0, -1)).B.runs).toBeLessThanOrEqual(A.runs);
        const { line_runs } = virtualCricketRound(roundId);
        const winner = A.runs > B.runs ? 'team_a' : B.runs > A.runs ? 'team_b' : 'tie';
        const side = A.runs > line_runs ? 'a_over' : 'a_under';
        expect(Object.keys(result.outcomes).sort()).toEqual([winner, side].sort());
      }
    },
  );

  it('a hand-made round: a wide and a four, 29 dots; B hits a six off the first ball and wins', () => {
    const { team_a, team_b } = virtualCricketRound('9');
    const wA = cricketBallWeights(team_a.bat, team_b.bowl);
    const wB = cricketBallWeights(team_b.bat, team_a.bowl);
    const at = (w: number[], i: number) => w.slice(0, i).reduce((s, x) => s + x, 0); // lowest draw of outcome i
    const four = CRICKET_BALLS.findIndex((b) => b.code === '4');
    const six = CRICKET_BALLS.findIndex((b) => b.code === '6');
    const draws = [CRICKET_DRAW_BOUND - 1, at(wA, four), ...Array<number>(29).fill(0), at(wB, six)];
    const { steps, result } = virtualCricket.play('x', '9', scriptedHmac(draws));
    expect(steps.slice(0, 3)).toEqual(['A:1.1:WD', 'A:1.1:4', 'A:1.2:0']);
    expect(steps.at(-2)).toBe('A:5.6:0');
    expect(steps.at(-1)).toBe('B:1.1:6');
    expect(steps).toHaveLength(32);
    expect(result.summary).toBe(`${team_b.short} won`);
    expect(Object.keys(result.outcomes).sort()).toEqual(['a_under', 'team_b']);
    const bets = virtualCricket.options('9').map((o) => ({ option_id: o.id, stake_paise: 10_000 }));
    const payout = (id: string) => virtualCricket.options('9').find((o) => o.id === id)!.payout;
    expect(virtualCricket.settle(bets, result)).toEqual([
      -10_000,
      Math.floor((10_000 * (payout('team_b') - 100)) / 100),
      -10_000,
      -10_000,
      Math.floor((10_000 * (payout('a_under') - 100)) / 100),
    ]);
  });

  it('ten wickets end A at 0 all out; 30 dots by B tie the match: Tie wins, both teams lose', () => {
    const { team_a, team_b } = virtualCricketRound('12');
    const wA = cricketBallWeights(team_a.bat, team_b.bowl);
    const wicket = wA.slice(0, 6).reduce((s, x) => s + x, 0);
    const { steps, result } = virtualCricket.play(
      'x',
      '12',
      scriptedHmac([...Array<number>(10).fill(wicket), ...Array<number>(30).fill(0)]),
    );
    expect(steps.slice(0, 10).every((s) => s.endsWith(':W'))).toBe(true);
    expect(steps[9]).toBe('A:2.4:W');
    expect(steps.slice(10)).toHaveLength(30);
    expect(result.summary).toBe('Tie');
    expect(Object.keys(result.outcomes).sort()).toEqual(['a_under', 'tie']);
  });

  it('a bet on an option the game never offers is an error, not a loss', () => {
    const { result } = virtualCricket.play('s', '1', hmac);
    expect(() => virtualCricket.settle([{ option_id: 'dragon', stake_paise: 100 }], result)).toThrow(
      /no option/,
    );
  });
});

/** The innings distribution again, in exact BigInt counts over (1000 × 970)^30. */
function exactInnings(bat: number, bowl: number): { counts: bigint[]; denominator: bigint } {
  const w = cricketBallWeights(bat, bowl).map(BigInt);
  const straight = BigInt(CRICKET_DRAW_BOUND - CRICKET_WIDE_WEIGHT);
  const q = BigInt(CRICKET_DRAW_BOUND) * straight;
  const width = 211;
  let cur = new Map<number, bigint>([[0, 1n]]); // key wickets * width + runs
  for (let ball = 0; ball < 30; ball++) {
    const next = new Map<number, bigint>();
    const add = (k: number, v: bigint) => next.set(k, (next.get(k) ?? 0n) + v);
    for (const [k, c] of cur) {
      if (Math.floor(k / width) === 10) {
        add(k, c * q);
        continue;
      }
      CRICKET_BALLS.forEach((o, i) => {
        const to = k + (o.wicket ? width : 0) + o.runs;
        add(to, c * w[i]! * straight);
        add(to + 1, c * BigInt(CRICKET_WIDE_WEIGHT) * w[i]!);
      });
    }
    cur = next;
  }
  const counts = Array<bigint>(width).fill(0n);
  for (const [k, c] of cur) counts[k % width]! += c;
  return { counts, denominator: q ** 30n };
}

describe('virtual cricket: the odds', () => {
  it('the double-precision innings distribution matches exact fractions to 1e-15', () => {
    const got = cricketInningsRuns(80, 60);
    const { counts, denominator } = exactInnings(80, 60);
    expect(counts.reduce((s, c) => s + c, 0n)).toBe(denominator);
    let worst = 0;
    counts.forEach((c, r) => {
      const exact = Number((c * 10n ** 30n) / denominator) / 1e30;
      worst = Math.max(worst, Math.abs(got[r]! - exact));
    });
    expect(worst).toBeLessThan(1e-15);
  });

  it('every pairing of the 12 teams: A + B + Tie = 1, over + under = 1, each margin 1 − P × payout is 5 % (+ under P / 100), payouts ≥ 1.01', () => {
    const pairs: [CricketTeam, CricketTeam][] = CRICKET_TEAMS.flatMap((a) =>
      CRICKET_TEAMS.filter((b) => b !== a).map((b) => [a, b] as [CricketTeam, CricketTeam]),
    );
    expect(pairs).toHaveLength(132);
    const m = CRICKET_MARGIN_BP / 10_000;
    for (const [a, b] of pairs) {
      const { options, line_runs } = cricketMatchOptions(a, b);
      const p = Object.fromEntries(options.map((o) => [o.id, o.p]));
      expect(p['team_a']! + p['team_b']! + p['tie']!).toBeCloseTo(1, 12);
      expect(p['a_over']! + p['a_under']!).toBeCloseTo(1, 12);
      expect(Number.isInteger(line_runs - 0.5)).toBe(true);
      for (const o of options) {
        expect(Number.isInteger(o.payout)).toBe(true);
        expect(o.payout).toBeGreaterThanOrEqual(101);
        expect(o.margin).toBe(1 - (o.p * o.payout) / 100);
        expect(o.margin).toBeGreaterThanOrEqual(m - 1e-12);
        expect(o.margin).toBeLessThan(m + o.p / 100);
      }
    }
  });

  it('20,000 plays of one round agree with its odds (each option within 4 sd)', { timeout: 60_000 }, () => {
    const roundId = '31';
    const options = virtualCricketRound(roundId).options;
    const stream = fastHmac(7);
    const N = 20_000;
    const hits = new Map<string, number>();
    for (let i = 0; i < N; i++)
      for (const id of Object.keys(virtualCricket.play('', roundId, stream).result.outcomes))
        hits.set(id, (hits.get(id) ?? 0) + 1);
    for (const o of options) {
      const { ok, z } = withinSds(hits.get(o.id) ?? 0, Array<number>(N).fill(o.p));
      expect({ option: o.id, ok, z }).toEqual({ option: o.id, ok: true, z });
    }
  });

  it(
    '20,000 rounds, each its own teams: the wins of each option agree with the summed odds',
    { timeout: 60_000 },
    () => {
      const stream = fastHmac(11);
      const ps = new Map<string, number[]>();
      const hits = new Map<string, number>();
      for (let i = 0; i < 20_000; i++) {
        const roundId = String(100_000 + i);
        for (const o of virtualCricketRound(roundId).options) {
          if (!ps.has(o.id)) ps.set(o.id, []);
          ps.get(o.id)!.push(o.p);
        }
        for (const id of Object.keys(virtualCricket.play('', roundId, stream).result.outcomes))
          hits.set(id, (hits.get(id) ?? 0) + 1);
      }
      for (const [id, p] of ps)
        expect({ id, ...withinSds(hits.get(id) ?? 0, p) }).toMatchObject({ id, ok: true });
    },
  );
});

describe('reading the steps back (what the renderers use)', () => {
  it('readCricketSteps: scores, overs and when A is done; bad codes throw', () => {
    const steps = ['A:1.1:WD', 'A:1.1:4', 'A:1.2:W', 'A:1.3:6'];
    const r = readCricketSteps(steps);
    expect(r.a).toEqual({ runs: 11, wickets: 1, balls: 3 });
    expect(r.a_done).toBe(false);
    expect(r.deliveries[0]).toEqual({ side: 'A', over: 1, ball: 1, code: 'WD', runs: 1 });
    expect(readCricketSteps([...steps, 'B:1.1:1']).a_done).toBe(true);
    expect(cricketOvers(r.a.balls)).toBe('0.3');
    expect(cricketOvers(30)).toBe('5.0');
    expect(() => readCricketSteps(['A:1.1:5'])).toThrow(/not a virtual cricket step/);
    const { steps: all, result } = virtualCricket.play('s', '4', hmac);
    const { a, b, a_done } = readCricketSteps(all);
    expect(a_done).toBe(true);
    const winner = a.runs > b.runs ? 'team_a' : b.runs > a.runs ? 'team_b' : 'tie';
    expect(result.outcomes[winner]?.kind).toBe('win');
  });
});
