// Bookmaker markets by hand: DOMAIN.md "Bookmaker markets" (rate 45: a back of 100 wins 45, a lay
// of 100 risks 45), the rounding rule, dead heats and the spec's over-comparison for unfinished matches.
import { describe, expect, it } from 'vitest';
import {
  BOOKMAKER_COMPARISON_OVERS,
  MARKET_KINDS,
  bookmakerBetProfitPaise,
  bookmakerIncompleteResult,
  bookmakerPosition,
  marketPosition as rootMarketPosition,
  settleBookmakerBetPaise,
  settleBookmakerBetsPaise,
  type BookmakerBet,
  type MarketKind,
} from '../../src/index.ts';
import * as matchOdds from '../../src/match-odds/index.ts';

const bet = (selection_id: string, is_back: boolean, rate: number, stake_paise: number): BookmakerBet => ({
  selection_id,
  is_back,
  rate,
  stake_paise,
});
const R3 = ['IND', 'AUS', 'TIE'];

describe('bookmakerBetProfitPaise: DOMAIN.md rate 45', () => {
  it('a back of 100 at 45 wins 45 (decimal 1.45) or loses the 100', () => {
    expect(bookmakerBetProfitPaise(bet('IND', true, 45, 10_000), true)).toBe(4_500);
    expect(bookmakerBetProfitPaise(bet('IND', true, 45, 10_000), false)).toBe(-10_000);
  });
  it('a lay of 100 at 45 risks 45 and wins the backer’s 100', () => {
    expect(bookmakerBetProfitPaise(bet('IND', false, 45, 10_000), true)).toBe(-4_500);
    expect(bookmakerBetProfitPaise(bet('IND', false, 45, 10_000), false)).toBe(10_000);
  });
  it('rounding: a win rounds down, a loss rounds up (3 paise at 50: exact 1.5 → wins 1, loses 2)', () => {
    expect(bookmakerBetProfitPaise(bet('IND', true, 50, 3), true)).toBe(1);
    expect(bookmakerBetProfitPaise(bet('IND', false, 50, 3), true)).toBe(-2);
    expect(bookmakerBetProfitPaise(bet('IND', true, 45, 1), true)).toBe(0);
    expect(bookmakerBetProfitPaise(bet('IND', false, 45, 1), true)).toBe(-1);
  });
  it('stays exact past 2^53 in the product: 10^15 paise at 900 wins 9·10^15', () => {
    expect(bookmakerBetProfitPaise(bet('IND', true, 900, 1e15), true)).toBe(9e15);
    expect(() => bookmakerBetProfitPaise(bet('IND', true, 1_000, 1e15), true)).toThrow(/safe integer/);
  });
  it('throws on a bet that cannot exist: rate ≤ 0, non-integer rate or stake, stake 0', () => {
    expect(() => bookmakerBetProfitPaise(bet('IND', true, 0, 100), true)).toThrow(/rate/);
    expect(() => bookmakerBetProfitPaise(bet('IND', true, -5, 100), true)).toThrow(/rate/);
    expect(() => bookmakerBetProfitPaise(bet('IND', true, 45.5, 100), true)).toThrow(/rate/);
    expect(() => bookmakerBetProfitPaise(bet('IND', true, 45, 100.5), true)).toThrow(/stake_paise/);
    expect(() => bookmakerBetProfitPaise(bet('IND', true, 45, 0), true)).toThrow(/stake_paise/);
  });
});

describe('bookmakerPosition', () => {
  it('a back at 45 on IND: +45 on IND, −100 on the others; exposure 100', () => {
    const p = bookmakerPosition(R3, [bet('IND', true, 45, 10_000)]);
    expect(p.profit_paise).toEqual({ IND: 4_500, AUS: -10_000, TIE: -10_000 });
    expect(p.exposure_paise).toBe(10_000);
  });
  it('a lay at 45 on IND: −45 on IND, +100 on the others; exposure 45', () => {
    const p = bookmakerPosition(R3, [bet('IND', false, 45, 10_000)]);
    expect(p.profit_paise).toEqual({ IND: -4_500, AUS: 10_000, TIE: 10_000 });
    expect(p.exposure_paise).toBe(4_500);
  });
  it('backed at 50, laid at 45: a sure 5 on IND and nothing lost elsewhere; exposure 0 (not −0)', () => {
    const p = bookmakerPosition(R3, [bet('IND', true, 50, 10_000), bet('IND', false, 45, 10_000)]);
    expect(p.profit_paise).toEqual({ IND: 500, AUS: 0, TIE: 0 });
    expect(Object.is(p.exposure_paise, 0)).toBe(true);
  });
  it('no bets: all zero', () => {
    expect(bookmakerPosition(['A', 'B'], [])).toEqual({ profit_paise: { A: 0, B: 0 }, exposure_paise: 0 });
  });
  it('a runner id like "__proto__" is an ordinary key', () => {
    const p = bookmakerPosition(['__proto__', 'B'], [bet('__proto__', true, 100, 100)]);
    expect(Object.keys(p.profit_paise)).toEqual(['__proto__', 'B']);
    expect(p.profit_paise['__proto__']).toBe(100);
  });
  it('throws on a bet off the market, a runner listed twice, no runners', () => {
    expect(() => bookmakerPosition(R3, [bet('ENG', true, 45, 100)])).toThrow(/not a runner/);
    expect(() => bookmakerPosition(['A', 'A'], [])).toThrow(/twice/);
    expect(() => bookmakerPosition([], [])).toThrow(/at least one/);
  });
});

describe('settleBookmakerBetPaise', () => {
  it('one winner: the bet’s profit for that runner; VOID: 0', () => {
    const b = bet('IND', true, 45, 10_000);
    expect(settleBookmakerBetPaise(b, { winners: ['IND'] })).toBe(4_500);
    expect(settleBookmakerBetPaise(b, { winners: ['AUS'] })).toBe(-10_000);
    expect(settleBookmakerBetPaise(b, 'VOID')).toBe(0);
    expect(settleBookmakerBetPaise(bet('IND', false, 45, 10_000), { winners: ['AUS'] })).toBe(10_000);
  });
  it('dead heat (DOMAIN.md): half of 1000 wins at 45, the other half is lost → −275; the lay +275', () => {
    expect(settleBookmakerBetPaise(bet('IND', true, 45, 1_000), { winners: ['IND', 'AUS'] })).toBe(-275);
    expect(settleBookmakerBetPaise(bet('IND', false, 45, 1_000), { winners: ['IND', 'AUS'] })).toBe(275);
    // a runner outside the dead heat loses as usual
    expect(settleBookmakerBetPaise(bet('TIE', true, 45, 1_000), { winners: ['IND', 'AUS'] })).toBe(-1_000);
  });
  it('a dead heat settles the exact mean once, down: 100 at 45 → exact −27.5 → −28; the lay 27.5 → 27', () => {
    expect(settleBookmakerBetPaise(bet('IND', true, 45, 100), { winners: ['IND', 'AUS'] })).toBe(-28);
    expect(settleBookmakerBetPaise(bet('IND', false, 45, 100), { winners: ['IND', 'AUS'] })).toBe(27);
  });
  it("a user's bets are rounded once together: two lays of 1.01 at 50 lose 1.01 in all, not 0.51 + 0.51", () => {
    const lays = [bet('IND', false, 50, 101), bet('IND', false, 50, 101)];
    expect(settleBookmakerBetsPaise(lays, { winners: ['IND'] })).toEqual([-50, -51]);
    expect(bookmakerPosition(['IND', 'AUS'], lays).exposure_paise).toBe(101);
  });
  it('three-way dead heat at 200 (decimal 3.0): a third wins 200·⅓, two thirds lost → 0', () => {
    expect(settleBookmakerBetPaise(bet('A', true, 200, 300), { winners: ['A', 'B', 'C'] })).toBe(0);
    expect(settleBookmakerBetPaise(bet('A', true, 100, 300), { winners: ['A', 'B', 'C'] })).toBe(-100);
  });
  it('throws on no winners or a winner twice', () => {
    expect(() => settleBookmakerBetPaise(bet('A', true, 45, 100), { winners: [] })).toThrow(/winners/);
    expect(() => settleBookmakerBetPaise(bet('A', true, 45, 100), { winners: ['A', 'A'] })).toThrow(/twice/);
  });
});

describe('bookmakerIncompleteResult: spec §9 "ODI 25-over comparison, T20 10-over comparison"', () => {
  const teams = (
    a: number | null,
    b: number | null,
  ): [{ runs_at_mark: number | null }, { runs_at_mark: number | null }] => [
    { runs_at_mark: a },
    { runs_at_mark: b },
  ];
  it('the marks are 10 overs (T20) and 25 (ODI)', () => {
    expect(BOOKMAKER_COMPARISON_OVERS).toEqual({ T20: 10, ODI: 25 });
  });
  it('more runs at the mark wins; equal is a tie', () => {
    expect(bookmakerIncompleteResult({ format: 'T20', teams: teams(82, 75) })).toBe(0);
    expect(bookmakerIncompleteResult({ format: 'ODI', teams: teams(120, 131) })).toBe(1);
    expect(bookmakerIncompleteResult({ format: 'T20', teams: teams(70, 70) })).toBe('TIE');
  });
  it('void when either innings did not reach the mark, and always for a Test', () => {
    expect(bookmakerIncompleteResult({ format: 'T20', teams: teams(82, null) })).toBe('VOID');
    expect(bookmakerIncompleteResult({ format: 'ODI', teams: teams(null, null) })).toBe('VOID');
    expect(bookmakerIncompleteResult({ format: 'TEST', teams: teams(300, 200) })).toBe('VOID');
  });
  it('throws on negative or fractional runs and an unknown format', () => {
    expect(() => bookmakerIncompleteResult({ format: 'T20', teams: teams(-1, 5) })).toThrow(/runs_at_mark/);
    expect(() => bookmakerIncompleteResult({ format: 'T20', teams: teams(5.5, 5) })).toThrow(/runs_at_mark/);
    expect(() => bookmakerIncompleteResult({ format: 'T10' as 'T20', teams: teams(5, 5) })).toThrow(/format/);
  });
});

describe('market kinds', () => {
  it('MARKET_KINDS lists the three kinds, each with its folder; match-odds re-exports the exchange', () => {
    const kinds: readonly MarketKind[] = MARKET_KINDS;
    expect(kinds).toEqual(['EXCHANGE', 'BOOKMAKER', 'FANCY']);
    expect(matchOdds.marketPosition).toBe(rootMarketPosition);
    for (const name of ['settleMarket', 'placeOrder', 'marketExposurePaise', 'isValidPrice'] as const)
      expect(typeof matchOdds[name]).toBe('function');
  });
});
