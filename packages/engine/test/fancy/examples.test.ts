// Fancy markets by hand: DOMAIN.md's example (No 45 / Yes 46 @100), each variant's table, the
// rounding rule, the book and the Top batsman dead heat.
import { describe, expect, it } from 'vitest';
import {
  deadHeatRateFactor,
  fancyBetProfitPaise,
  fancyBook,
  fancyExposurePaise,
  settleFancyBetPaise,
  settleFancyBetsPaise,
  type FancyBet,
} from '../../src/index.ts';

const yes = (line: number, rate: number, stake_paise: number, line_to?: number): FancyBet =>
  line_to === undefined
    ? { is_yes: true, line, rate, stake_paise }
    : { is_yes: true, line, line_to, rate, stake_paise };
const no = (line: number, rate: number, stake_paise: number): FancyBet => ({
  is_yes: false,
  line,
  rate,
  stake_paise,
});

describe('DOMAIN.md example: 1000 on No 45 and 1000 on Yes 46, both @100', () => {
  const bets = [no(45, 100, 1_000), yes(46, 100, 1_000)];
  it('book: r ≤ 44 → 0, r = 45 → −2000, r ≥ 46 → 0, shown from 43 to 48', () => {
    expect(fancyBook('RUNS', bets, 999)).toEqual([
      { result: 43, profit_paise: 0 },
      { result: 44, profit_paise: 0 },
      { result: 45, profit_paise: -2_000 },
      { result: 46, profit_paise: 0 },
      { result: 47, profit_paise: 0 },
      { result: 48, profit_paise: 0 },
    ]);
  });
  it('exposure 2000', () => {
    expect(fancyExposurePaise('RUNS', bets, 999)).toBe(2_000);
    expect(fancyExposurePaise('LAMBI', bets, 999)).toBe(2_000);
  });
  it('each bet by the table: Yes wins stake·R/100 at r ≥ L, No wins the stake at r < L', () => {
    expect(fancyBetProfitPaise('RUNS', yes(46, 100, 1_000), 46)).toBe(1_000);
    expect(fancyBetProfitPaise('RUNS', yes(46, 100, 1_000), 45)).toBe(-1_000);
    expect(fancyBetProfitPaise('RUNS', no(45, 100, 1_000), 44)).toBe(1_000);
    expect(fancyBetProfitPaise('RUNS', no(45, 100, 1_000), 45)).toBe(-1_000);
  });
});

describe('RUNS / LAMBI rates and rounding', () => {
  it('No 45 @ 90 loses 900 per 1000; Yes 46 @ 110 wins 1100', () => {
    expect(fancyBetProfitPaise('LAMBI', no(45, 90, 1_000), 50)).toBe(-900);
    expect(fancyBetProfitPaise('LAMBI', yes(46, 110, 1_000), 46)).toBe(1_100);
  });
  it('a win floors and a loss ceils: 1 paisa @ 45 wins 0 on Yes and loses 1 on No', () => {
    expect(fancyBetProfitPaise('RUNS', yes(10, 45, 1), 10)).toBe(0);
    expect(fancyBetProfitPaise('RUNS', no(10, 45, 1), 10)).toBe(-1);
  });
  it('one rounding per outcome, not per bet: a hedge at one rate costs nothing, the bet check and settlement agree', () => {
    // Yes 45 and No 45, ₹1.01 each @33: at r ≥ 45 the Yes wins 33.33 and the No loses 33.33.
    const hedge = [yes(45, 33, 101), no(45, 33, 101)];
    expect(fancyExposurePaise('RUNS', hedge, 999)).toBe(0);
    expect(fancyBook('RUNS', hedge, 999).every((r) => r.profit_paise === 0)).toBe(true);
    expect(settleFancyBetsPaise('RUNS', hedge, { kind: 'RESULT', value: 50 })).toEqual([33, -33]);
    // Three Nos @ 45 of 1 paisa each lose 1.35 paise at r ≥ 10: held and taken 2, not 3.
    const nos = [no(10, 45, 1), no(10, 45, 1), no(10, 45, 1)];
    expect(fancyExposurePaise('RUNS', nos, 999)).toBe(2);
    const settled = settleFancyBetsPaise('RUNS', nos, { kind: 'RESULT', value: 10 });
    expect(settled).toEqual([0, -1, -1]);
  });
  it('a line of 0: Yes always wins, No always loses', () => {
    expect(fancyBetProfitPaise('RUNS', yes(0, 100, 500), 0)).toBe(500);
    expect(fancyExposurePaise('RUNS', [no(0, 100, 500)], 10)).toBe(500);
  });
  it('no bets: exposure 0 and an empty book', () => {
    expect(fancyExposurePaise('RUNS', [], 999)).toBe(0);
    expect(fancyBook('RUNS', [], 999)).toEqual([]);
  });
  it('the book is clamped to [0, result_max]', () => {
    expect(fancyBook('RUNS', [yes(1, 100, 100)], 2).map((r) => r.result)).toEqual([0, 1, 2]);
    expect(fancyBook('RUNS', [yes(1, 100, 100)], 999).map((r) => r.result)).toEqual([0, 1, 2, 3]);
  });
  it('finds the minimum between far-apart lines without scanning: result_max 10^15', () => {
    const bets = [no(1_000_000_000, 100, 100), yes(1_000_000_001, 100, 100)];
    expect(fancyExposurePaise('RUNS', bets, 1e15)).toBe(200);
  });
});

describe('KHADO: a band of runs, back only', () => {
  const band = yes(20, 400, 1_000, 24);
  it('wins stake·R/100 inside [line, line_to] (inclusive), loses the stake outside', () => {
    expect([19, 20, 22, 24, 25].map((r) => fancyBetProfitPaise('KHADO', band, r))).toEqual([
      -1_000, 4_000, 4_000, 4_000, -1_000,
    ]);
  });
  it('book from line − 2 to line_to + 2; exposure the stake', () => {
    expect(fancyBook('KHADO', [band], 999).map((r) => r.profit_paise)).toEqual([
      -1_000, -1_000, 4_000, 4_000, 4_000, 4_000, 4_000, -1_000, -1_000,
    ]);
    expect(fancyExposurePaise('KHADO', [band], 999)).toBe(1_000);
  });
  it('two overlapping bands: the gap between them is where both lose', () => {
    const bets = [yes(20, 100, 1_000, 22), yes(30, 100, 500, 31)];
    expect(fancyExposurePaise('KHADO', bets, 999)).toBe(1_500);
    expect(fancyBetProfitPaise('KHADO', yes(5, 100, 100, 5), 5)).toBe(100); // a band of one run
  });
  it('throws on a No, a missing line_to, or line_to below the line', () => {
    expect(() => fancyBetProfitPaise('KHADO', { ...band, is_yes: false }, 20)).toThrow(/back/);
    expect(() => fancyBetProfitPaise('KHADO', yes(20, 400, 1_000), 20)).toThrow(/line_to/);
    expect(() => fancyBetProfitPaise('KHADO', yes(20, 400, 1_000, 19), 20)).toThrow(/line_to/);
  });
});

describe('METER: per run', () => {
  it('Yes at 30 @100, 100 paise: +100 a run over, −100 a run short', () => {
    expect(fancyBetProfitPaise('METER', yes(30, 100, 100), 35)).toBe(500);
    expect(fancyBetProfitPaise('METER', yes(30, 100, 100), 30)).toBe(0);
    expect(fancyBetProfitPaise('METER', yes(30, 100, 100), 27)).toBe(-300);
  });
  it('No at 30 @100: the mirror', () => {
    expect(fancyBetProfitPaise('METER', no(30, 100, 100), 35)).toBe(-500);
    expect(fancyBetProfitPaise('METER', no(30, 100, 100), 27)).toBe(300);
  });
  it('runs × the exact per-run amount, rounded once: 1 paisa @ 50 over 5 runs gains 2 (2.5), short 5 loses 3', () => {
    expect(fancyBetProfitPaise('METER', yes(10, 50, 1), 15)).toBe(2);
    expect(fancyBetProfitPaise('METER', yes(10, 50, 1), 5)).toBe(-3);
  });
  it('exposure: Yes loses most at 0 (30 runs short), No at result_max (20 runs over 30 of 50)', () => {
    expect(fancyExposurePaise('METER', [yes(30, 100, 100)], 50)).toBe(3_000);
    expect(fancyExposurePaise('METER', [no(30, 100, 100)], 50)).toBe(2_000);
    // Yes 30 and No 32 at the same stake: a sure loss of 2 runs… and a gain nowhere
    expect(fancyExposurePaise('METER', [yes(32, 100, 100), no(30, 100, 100)], 50)).toBe(200);
  });
  it('exact near 2^53: exposure 9·10^12 × 999 runs', () => {
    expect(fancyExposurePaise('METER', [no(0, 100, 9_000_000_000_000)], 999)).toBe(8_991_000_000_000_000);
  });
});

describe('ODD_EVEN: Yes = odd, No = even', () => {
  it('each wins stake·R/100 or loses the stake; the line is ignored', () => {
    expect(fancyBetProfitPaise('ODD_EVEN', yes(0, 98, 1_000), 7)).toBe(980);
    expect(fancyBetProfitPaise('ODD_EVEN', yes(0, 98, 1_000), 8)).toBe(-1_000);
    expect(fancyBetProfitPaise('ODD_EVEN', no(0, 98, 1_000), 8)).toBe(980);
    expect(fancyBetProfitPaise('ODD_EVEN', no(17, 98, 1_000), 0)).toBe(980);
  });
  it('both sides at 98: 20 lost whatever happens; the book alternates from 0 to 2', () => {
    const bets = [yes(0, 98, 1_000), no(0, 98, 1_000)];
    expect(fancyExposurePaise('ODD_EVEN', bets, 999)).toBe(20);
    expect(fancyBook('ODD_EVEN', [yes(0, 98, 1_000)], 999)).toEqual([
      { result: 0, profit_paise: -1_000 },
      { result: 1, profit_paise: 980 },
      { result: 2, profit_paise: -1_000 },
    ]);
  });
  it('result_max 0: only even can happen', () => {
    expect(fancyExposurePaise('ODD_EVEN', [no(0, 98, 1_000)], 0)).toBe(0);
  });
});

describe('FANCY1: an event, r ∈ {0, 1}, line 1', () => {
  it('Yes wins stake·R/100 if it happens; No wins the stake if it does not', () => {
    expect(fancyBetProfitPaise('FANCY1', yes(1, 150, 1_000), 1)).toBe(1_500);
    expect(fancyBetProfitPaise('FANCY1', yes(1, 150, 1_000), 0)).toBe(-1_000);
    expect(fancyBetProfitPaise('FANCY1', no(1, 150, 1_000), 0)).toBe(1_000);
    expect(fancyBetProfitPaise('FANCY1', no(1, 150, 1_000), 1)).toBe(-1_500);
  });
  it('exposure and book over 0 and 1 only, whatever result_max', () => {
    expect(fancyExposurePaise('FANCY1', [no(1, 150, 1_000)], 999)).toBe(1_500);
    expect(fancyBook('FANCY1', [no(1, 150, 1_000)], 999)).toEqual([
      { result: 0, profit_paise: 1_000 },
      { result: 1, profit_paise: -1_500 },
    ]);
  });
  it('throws on a result other than 0 or 1 and a line other than 1', () => {
    expect(() => fancyBetProfitPaise('FANCY1', yes(1, 150, 1_000), 2)).toThrow(/result/);
    expect(() => fancyBetProfitPaise('FANCY1', yes(2, 150, 1_000), 1)).toThrow(/line/);
  });
});

describe('settleFancyBetPaise', () => {
  it('VOID → 0; a result → the profit at it', () => {
    expect(settleFancyBetPaise('RUNS', yes(46, 100, 1_000), { kind: 'VOID' })).toBe(0);
    expect(settleFancyBetPaise('RUNS', yes(46, 100, 1_000), { kind: 'RESULT', value: 50 })).toBe(1_000);
    expect(settleFancyBetPaise('RUNS', no(45, 100, 1_000), { kind: 'RESULT', value: 45 })).toBe(-1_000);
  });
  it('Top batsman, dead heat pays 50% on the rate: Yes 1000 @100 wins 500; No loses 500', () => {
    expect(deadHeatRateFactor(2)).toEqual({ num: 1, den: 2 });
    const dh = { kind: 'RESULT', value: 1, dead_heat_count: 2 } as const;
    expect(settleFancyBetPaise('FANCY1', yes(1, 100, 1_000), dh)).toBe(500);
    expect(settleFancyBetPaise('FANCY1', no(1, 100, 1_000), dh)).toBe(-500);
    expect(settleFancyBetPaise('FANCY1', yes(1, 300, 900), { ...dh, dead_heat_count: 3 })).toBe(900);
  });
  it('a dead heat rounds the exact halved figure once, against the bettor: Yes 100 @45 → 22 (22.5), No → −23', () => {
    const dh = { kind: 'RESULT', value: 1, dead_heat_count: 2 } as const;
    expect(settleFancyBetPaise('FANCY1', yes(1, 45, 100), dh)).toBe(22);
    expect(settleFancyBetPaise('FANCY1', no(1, 45, 100), dh)).toBe(-23);
    // Together they cancel exactly: one rounding of the user's sum, not one per bet.
    expect(settleFancyBetsPaise('FANCY1', [yes(1, 45, 100), no(1, 45, 100)], dh)).toEqual([23, -23]);
  });
  it('a dead heat count of 1 is no dead heat; a dead heat is FANCY1 with the event happened only', () => {
    expect(
      settleFancyBetPaise('RUNS', yes(1, 100, 100), { kind: 'RESULT', value: 1, dead_heat_count: 1 }),
    ).toBe(100);
    expect(() =>
      settleFancyBetPaise('RUNS', yes(1, 100, 100), { kind: 'RESULT', value: 1, dead_heat_count: 2 }),
    ).toThrow(/FANCY1/);
    expect(() =>
      settleFancyBetPaise('FANCY1', yes(1, 100, 100), { kind: 'RESULT', value: 0, dead_heat_count: 2 }),
    ).toThrow(/value 1/);
    expect(() => deadHeatRateFactor(0)).toThrow(/dead_heat_count/);
  });
});

describe('impossible input throws', () => {
  it('rate ≤ 0 or fractional, stake fractional or 0, a negative or fractional line, a bad result or variant', () => {
    expect(() => fancyBetProfitPaise('RUNS', yes(10, 0, 100), 10)).toThrow(/rate/);
    expect(() => fancyBetProfitPaise('RUNS', yes(10, 1.5, 100), 10)).toThrow(/rate/);
    expect(() => fancyBetProfitPaise('RUNS', yes(10, 100, 0.5), 10)).toThrow(/stake_paise/);
    expect(() => fancyBetProfitPaise('RUNS', yes(10, 100, 0), 10)).toThrow(/stake_paise/);
    expect(() => fancyBetProfitPaise('RUNS', yes(-1, 100, 100), 10)).toThrow(/line/);
    expect(() => fancyBetProfitPaise('RUNS', yes(4.5, 100, 100), 10)).toThrow(/line/);
    expect(() => fancyBetProfitPaise('RUNS', yes(10, 100, 100), -1)).toThrow(/result/);
    expect(() => fancyBetProfitPaise('RUNS', yes(10, 100, 100), 10.5)).toThrow(/result/);
    expect(() => fancyBetProfitPaise('SESSION' as 'RUNS', yes(10, 100, 100), 10)).toThrow(/variant/);
    expect(() => fancyExposurePaise('RUNS', [yes(10, 100, 100)], -1)).toThrow(/result_max/);
    expect(() => fancyExposurePaise('METER', [no(0, 100, 1e13)], 1_000)).toThrow(/safe integer/);
  });
});
