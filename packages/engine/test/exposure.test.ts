import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  backWinPaise,
  betRiskPaise,
  layLiabilityPaise,
  marketExposurePaise,
  marketPosition,
  whatIf,
  exposureWithUnmatchedPaise,
  positionsIfMatchedPaise,
} from '../src/index.ts';
import { bruteForcePosition } from './brute-force.ts';
import { bet, betArb } from './position-bets.ts';

const R3 = ['A', 'B', 'DRAW'];
const pnl = (p: ReturnType<typeof marketPosition>): number[] => p.runners.map((r) => r.pnl_paise);
const worst = (p: ReturnType<typeof marketPosition>): number[] => p.runners.map((r) => r.worst_paise);

describe('position and exposure: hand-computed examples', () => {
  it('a back wins stake·(odds−1) on its runner and loses its stake on the others', () => {
    const p = marketPosition(R3, { matched: [bet('A', 'BACK', 250, 10000)] });
    expect(pnl(p)).toEqual([15000, -10000, -10000]);
    expect(p.exposure_paise).toBe(10000);
    expect(p.matched_exposure_paise).toBe(10000);
  });

  it('a lay loses stake·(odds−1) on its runner and wins the stake on the others', () => {
    const p = marketPosition(R3, { matched: [bet('A', 'LAY', 250, 10000)] });
    expect(pnl(p)).toEqual([-15000, 10000, 10000]);
    expect(p.exposure_paise).toBe(15000);
  });

  it('nets matched bets across runners (a back at 3.0 traded out with a lay at 2.5)', () => {
    const p = marketPosition(R3, { matched: [bet('A', 'BACK', 300, 10000), bet('A', 'LAY', 250, 10000)] });
    expect(pnl(p)).toEqual([5000, 0, 0]);
    expect(p.exposure_paise).toBe(0);
    const q = marketPosition(R3, { matched: [bet('A', 'BACK', 200, 10000), bet('B', 'BACK', 300, 10000)] });
    expect(pnl(q)).toEqual([0, 10000, -20000]);
    expect(q.exposure_paise).toBe(20000);
  });

  it('counts unmatched bets only where they lose, never netted as if matched', () => {
    const p = marketPosition(R3, {
      matched: [bet('A', 'LAY', 200, 10000)],
      unmatched: [bet('A', 'BACK', 400, 5000), bet('B', 'LAY', 500, 1000)],
    });
    expect(pnl(p)).toEqual([-10000, 10000, 10000]);
    // the unmatched back takes 5000 from B and DRAW; the unmatched lay takes 4000 from B
    expect(worst(p)).toEqual([-10000, 1000, 5000]);
    expect(p.exposure_paise).toBe(10000);
    expect(p.matched_exposure_paise).toBe(10000);
    // a lone unmatched back risks its stake
    expect(marketExposurePaise(R3, { matched: [], unmatched: [bet('B', 'BACK', 1000, 777)] })).toBe(777);
  });

  it('is zero with no bets, and when every outcome is a profit', () => {
    expect(marketPosition(R3, { matched: [] })).toEqual({
      winners: 1,
      runners: R3.map((selection_id) => ({ selection_id, pnl_paise: 0, worst_paise: 0, worst_rest: 0 })),
      exposure_paise: 0,
      matched_exposure_paise: 0,
    });
    const p = marketPosition(['A', 'B'], {
      matched: [bet('A', 'BACK', 300, 100), bet('B', 'BACK', 300, 100)],
    });
    expect(pnl(p)).toEqual([100, 100]);
    expect(p.exposure_paise).toBe(0);
  });

  it('rounds a back win down and a lay liability up, per bet', () => {
    expect(backWinPaise(333, 101)).toBe(3); // 3.33
    expect(layLiabilityPaise(333, 101)).toBe(4);
    expect(backWinPaise(1, 150)).toBe(0); // 0.5
    expect(layLiabilityPaise(1, 150)).toBe(1);
    expect(backWinPaise(10000, 101)).toBe(100); // exact: no rounding
    expect(layLiabilityPaise(10000, 101)).toBe(100);
    expect(betRiskPaise('BACK', 500, 1000)).toBe(500);
    expect(betRiskPaise('LAY', 500, 1000)).toBe(4500);
  });

  it('sums each outcome exactly and rounds it once, down: however the bets are split', () => {
    // Two 1-paisa lays at 1.50 lose 0.5 paisa each: 1 paisa in all (per bet it was 2).
    const p = marketPosition(['A', 'B'], { matched: [bet('A', 'LAY', 150, 1), bet('A', 'LAY', 150, 1)] });
    expect(pnl(p)).toEqual([-1, 2]);
    // One 1-paisa lay at 1.50 alone still loses a whole paisa (rounded down, against the bettor).
    expect(pnl(marketPosition(['A', 'B'], { matched: [bet('A', 'LAY', 150, 1)] }))).toEqual([-1, 1]);
    // A lay of ₹200 at 1.50 risks exactly ₹100, matched in two parts of ₹100.01 and ₹99.99 or not.
    const whole = marketPosition(['A', 'B'], { matched: [bet('A', 'LAY', 150, 20000)] });
    const split = marketPosition(['A', 'B'], {
      matched: [bet('A', 'LAY', 150, 10001)],
      unmatched: [bet('A', 'LAY', 150, 9999)],
    });
    expect(whole.exposure_paise).toBe(10000);
    expect(split.exposure_paise).toBe(10000);
    // The O(runners) what-if keeps the exact rest too.
    const part = marketPosition(['A', 'B'], { matched: [bet('A', 'LAY', 150, 10001)] });
    expect(exposureWithUnmatchedPaise(part, bet('A', 'LAY', 150, 9999))).toBe(10000);
  });

  it('stays exact past 2^53 intermediate products', () => {
    expect(backWinPaise(1e12, 100000)).toBe(999_000_000_000_000);
    // (1e12 + 1) × 998.99 = 998_990_000_000_998.99 paise
    expect(backWinPaise(1e12 + 1, 99999)).toBe(998_990_000_000_998);
    expect(layLiabilityPaise(1e12 + 1, 99999)).toBe(998_990_000_000_999);
    expect(() => layLiabilityPaise(1e14, 100000)).toThrow(RangeError);
  });

  it('refuses bets on unknown selections and bad prices', () => {
    expect(() => marketPosition(R3, { matched: [bet('Z', 'BACK', 200, 1)] })).toThrow(/not a runner/);
    expect(() => marketPosition(R3, { matched: [bet('A', 'BACK', 100, 1)] })).toThrow(RangeError);
    expect(() => marketPosition(R3, { matched: [bet('A', 'BACK', 250.5, 1)] })).toThrow(RangeError);
    expect(() => marketPosition(R3, { matched: [bet('A', 'BACK', 250, -1)] })).toThrow(RangeError);
  });
});

describe('what-if', () => {
  it('shows the position a bet would make, matched, and the worst case it must be covered for', () => {
    const bets = { matched: [bet('A', 'BACK', 250, 10000)] };
    const w = whatIf(R3, bets, bet('A', 'LAY', 200, 10000));
    expect(w.before.exposure_paise).toBe(10000);
    expect(pnl(w.if_matched)).toEqual([5000, 0, 0]);
    expect(w.if_matched.exposure_paise).toBe(0);
    // unmatched, the lay risks its 10000 liability on A and wins nothing yet
    expect(worst(w.if_unmatched)).toEqual([5000, -10000, -10000]);
    expect(w.if_unmatched.exposure_paise).toBe(10000);
    expect(w.exposure_change_paise).toBe(0);
  });

  it('a new back on another runner adds its stake to the worst case', () => {
    const w = whatIf(R3, { matched: [bet('A', 'BACK', 250, 10000)] }, bet('B', 'BACK', 400, 2000));
    expect(pnl(w.if_matched)).toEqual([13000, -4000, -12000]);
    expect(w.if_matched.exposure_paise).toBe(12000);
    expect(w.if_unmatched.exposure_paise).toBe(12000);
    expect(w.exposure_change_paise).toBe(2000);
  });
});

describe('position and exposure: properties', () => {
  const runnersArb = fc.integer({ min: 1, max: 6 }).map((n) => Array.from({ length: n }, (_, i) => `s${i}`));

  it('equals a brute-force recomputation from the list of bets', () => {
    fc.assert(
      fc.property(
        runnersArb.chain((rs) =>
          fc.tuple(
            fc.constant(rs),
            fc.array(betArb(rs), { maxLength: 30 }),
            fc.array(betArb(rs), { maxLength: 15 }),
          ),
        ),
        ([rs, matched, unmatched]) => {
          expect(marketPosition(rs, { matched, unmatched })).toEqual(
            bruteForcePosition(rs, matched, unmatched),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  /** Runners, matched and unmatched bets on them, and one more bet. */
  const positionAndBetArb = runnersArb.chain((rs) =>
    fc.tuple(
      fc.constant(rs),
      fc.array(betArb(rs), { maxLength: 10 }),
      fc.array(betArb(rs), { maxLength: 5 }),
      betArb(rs),
    ),
  );

  it('a bet counted unmatched is never less exposure than the same bet matched at its price', () => {
    fc.assert(
      fc.property(positionAndBetArb, ([rs, matched, unmatched, b]) => {
        const w = whatIf(rs, { matched, unmatched }, b);
        expect(w.if_unmatched.exposure_paise).toBeGreaterThanOrEqual(w.if_matched.exposure_paise);
        expect(w.before.matched_exposure_paise).toBeLessThanOrEqual(w.before.exposure_paise);
        for (let i = 0; i < rs.length; i++) {
          expect(w.if_unmatched.runners[i]!.worst_paise).toBeLessThanOrEqual(
            w.if_matched.runners[i]!.worst_paise,
          );
        }
      }),
      { numRuns: 200 },
    );
  });

  it('exposureWithUnmatchedPaise equals recomputing the position with the bet added as unmatched', () => {
    fc.assert(
      fc.property(positionAndBetArb, ([rs, matched, unmatched, b]) => {
        const before = marketPosition(rs, { matched, unmatched });
        expect(exposureWithUnmatchedPaise(before, b)).toBe(
          marketPosition(rs, { matched, unmatched: [...unmatched, b] }).exposure_paise,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('positionsIfMatchedPaise from the exact matched positions equals recomputing with the bet matched', () => {
    fc.assert(
      fc.property(positionAndBetArb, ([rs, matched, , b]) => {
        // Matched bets alone: worst_rest is the rest of pnl_paise.
        const now = marketPosition(rs, { matched }).runners.map((r) => ({
          selection_id: r.selection_id,
          pnl_paise: r.pnl_paise,
          rest: r.worst_rest,
        }));
        expect(positionsIfMatchedPaise(now, b)).toEqual(
          marketPosition(rs, { matched: [...matched, b] }).runners.map((r) => r.pnl_paise),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('positionsIfMatchedPaise: the held fractions and the new bet add up (rounded sum is a paisa short)', () => {
    // Backs at 1.99 for 333.33 win 329.9967 each: two hold 659.9934, three 989.9901.
    const two = marketPosition(['A', 'B'], {
      matched: [bet('A', 'BACK', 199, 33333), bet('A', 'BACK', 199, 33333)],
    });
    const now = two.runners.map((r) => ({
      selection_id: r.selection_id,
      pnl_paise: r.pnl_paise,
      rest: r.worst_rest,
    }));
    expect(now[0]).toMatchObject({ pnl_paise: 65999, rest: 34 });
    expect(positionsIfMatchedPaise(now, bet('A', 'BACK', 199, 33333))).toEqual([98999, -99999]);
    // Without the remainder (rest 0): the rounded sum.
    expect(
      positionsIfMatchedPaise(
        now.map((r) => ({ ...r, rest: 0 })),
        bet('A', 'BACK', 199, 33333),
      )[0],
    ).toBe(98998);
    expect(() => positionsIfMatchedPaise(now, bet('Z', 'BACK', 200, 100))).toThrow(RangeError);
  });

  it('exposureWithUnmatchedPaise refuses a bet on a selection that is not a runner', () => {
    const before = marketPosition(R3, { matched: [] });
    expect(() => exposureWithUnmatchedPaise(before, bet('Z', 'BACK', 200, 100))).toThrow(RangeError);
  });
});
