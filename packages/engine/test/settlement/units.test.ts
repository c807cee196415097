// Rounding of the building blocks and the inputs settlement refuses.
import { describe, expect, it } from 'vitest';
import {
  SettlementError,
  betProfitPaise,
  commissionPaise,
  reducePlacePrice,
  reduceWinPrice,
  reducedPrice,
  settleMarket,
} from '../../src/index.ts';
import { bet } from './helpers.ts';

const FULL = { num: 1, den: 1 };
const LOSE = { num: 0, den: 1 };

describe('betProfitPaise rounding (toward zero)', () => {
  it('back winnings round down: 1 paisa @ 1.99 wins 0 (exact 0.99); 101 @ 1.01 wins 1 (exact 1.01)', () => {
    expect(betProfitPaise('BACK', 199, 1, FULL)).toBe(0);
    expect(betProfitPaise('BACK', 101, 101, FULL)).toBe(1);
  });
  it('a losing lay pays the rounded-down liability: 1 paisa @ 1.99 pays 0, 3 @ 1.50 pays 1', () => {
    expect(betProfitPaise('LAY', 199, 1, FULL)).toBe(0);
    expect(betProfitPaise('LAY', 150, 3, FULL)).toBe(-1);
  });
  it("a losing back loses exactly its stake; a winning lay wins exactly the backer's stake", () => {
    expect(betProfitPaise('BACK', 1_000, 777, LOSE)).toBe(-777);
    expect(betProfitPaise('LAY', 1_000, 777, LOSE)).toBe(777);
  });
  it('dead heat 3-way at 2.00, stake 100: exact 100×2/3 − 100 = −33.3 → −33 (toward zero)', () => {
    expect(betProfitPaise('BACK', 200, 100, { num: 1, den: 3 })).toBe(-33);
    expect(betProfitPaise('LAY', 200, 100, { num: 1, den: 3 })).toBe(33);
  });
  it('large amounts stay exact: 10^10 paise @ 1000.00 wins 999 × 10^10', () => {
    expect(betProfitPaise('BACK', 100_000, 10_000_000_000, FULL)).toBe(9_990_000_000_000);
  });
});

describe('commissionPaise', () => {
  it('floors: 2% of 199 = 3 (exact 3.98); 2% of 49 = 0', () => {
    expect(commissionPaise(199, 200)).toBe(3);
    expect(commissionPaise(49, 200)).toBe(0);
  });
  it('zero on zero and on a loss', () => {
    expect(commissionPaise(0, 200)).toBe(0);
    expect(commissionPaise(-1_000, 200)).toBe(0);
  });
});

describe('reduction factor prices', () => {
  it('win: 8.00 at 25% → 6.00; 5.30 at 12.3% → 4.64 (rounded down, not snapped to the ladder)', () => {
    expect(reduceWinPrice(800, 2_500)).toBe(600);
    expect(reduceWinPrice(530, 1_230)).toBe(464);
  });
  it('win: exactly 2.5% applies (4.00 → 3.90), 2.49% does not', () => {
    expect(reduceWinPrice(400, 250)).toBe(390);
    expect(reduceWinPrice(400, 249)).toBe(400);
  });
  it('place: 8.00 at 25% → 6.25; 1.01 at any RF stays 1.01', () => {
    expect(reducePlacePrice(800, 2_500)).toBe(625);
    expect(reducePlacePrice(101, 5_000)).toBe(101);
  });
  it('reducedPrice: a removal at the very ms the bet matched does not reduce it (strictly before only); own removal ignored', () => {
    const removals = [{ selection_id: 'C', removed_at_ms: 1_000, reduction_factor_bp: 2_500 }];
    expect(
      reducedPrice('MATCH_ODDS', { selection_id: 'A', price: 800, matched_at_ms: 1_000 }, removals),
    ).toBe(800);
    expect(reducedPrice('MATCH_ODDS', { selection_id: 'A', price: 800, matched_at_ms: 999 }, removals)).toBe(
      600,
    );
  });
  it('reducedPrice applies removals in time order whatever the input order', () => {
    const r1 = { selection_id: 'C', removed_at_ms: 1_000, reduction_factor_bp: 3_300 };
    const r2 = { selection_id: 'D', removed_at_ms: 2_000, reduction_factor_bp: 1_700 };
    const bet_ = { selection_id: 'A', price: 730, matched_at_ms: 0 };
    expect(reducedPrice('MATCH_ODDS', bet_, [r2, r1])).toBe(reducedPrice('MATCH_ODDS', bet_, [r1, r2]));
  });
  it('matched_at_ms (not placed_at_ms) decides whether a bet was matched before the removal', () => {
    const s = settleMarket({
      market: { market_id: 'm' },
      bets: [bet('a', 'BACK', 'A', 800, 100, { placed_at_ms: 0, matched_at_ms: 2_000 })],
      result: { winners: ['A'] },
      removals: [{ selection_id: 'C', removed_at_ms: 1_000, reduction_factor_bp: 2_500 }],
    });
    expect(s.bets[0]?.settled_price).toBe(800);
  });
});

describe('refused input', () => {
  const market = { market_id: 'm' };
  const ok = [bet('a', 'BACK', 'A', 200, 100)];
  it.each([
    ['no result and no market void', { market, bets: ok }],
    ['empty winners', { market, bets: ok, result: { winners: [] } }],
    ['duplicate bet ids', { market, bets: [ok[0]!, ok[0]!], result: { winners: ['A'] } }],
    ['price off range', { market, bets: [bet('a', 'BACK', 'A', 100, 100)], result: { winners: ['A'] } }],
    ['fractional stake', { market, bets: [bet('a', 'BACK', 'A', 200, 1.5)], result: { winners: ['A'] } }],
    ['zero stake', { market, bets: [bet('a', 'BACK', 'A', 200, 0)], result: { winners: ['A'] } }],
    [
      'commission over 100%',
      { market: { market_id: 'm', commission_bp: 10_001 }, bets: ok, result: { winners: ['A'] } },
    ],
    ['dead_heat_count 0', { market, bets: ok, result: { winners: ['A'], dead_heat_count: 0 } }],
    [
      'removed runner as winner',
      {
        market,
        bets: ok,
        result: { winners: ['A'] },
        removals: [{ selection_id: 'A', removed_at_ms: 0, reduction_factor_bp: 100 }],
      },
    ],
    [
      'window from after to',
      { market, bets: ok, result: { winners: ['A'] }, void_windows: [{ from_ms: 2, to_ms: 1 }] },
    ],
    ['two winners in match odds without a dead heat', { market, bets: ok, result: { winners: ['A', 'B'] } }],
    [
      'three winners in a 2-way dead heat',
      { market, bets: ok, result: { winners: ['A', 'B', 'C'], dead_heat_count: 2 } },
    ],
    [
      'dead_heats groups on match odds',
      {
        market,
        bets: ok,
        result: { winners: ['A', 'B'], dead_heats: [{ selection_ids: ['A', 'B'], places: 1 }] },
      },
    ],
    [
      'dead-heat group runner not a winner',
      {
        market: { market_id: 'p', kind: 'PLACE' as const },
        bets: ok,
        result: { winners: ['A'], dead_heats: [{ selection_ids: ['B', 'C'], places: 1 }] },
      },
    ],
  ])('%s → SettlementError', (_name, input) => {
    expect(() => settleMarket(input)).toThrow(SettlementError);
  });
});
