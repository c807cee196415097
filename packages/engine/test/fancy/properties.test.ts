// Properties of fancy markets over random bets (fast-check), for every variant: the per-bet profit
// against the rule table (reference.ts), exposure and book against a brute force over every result,
// settlement against the book (it conserves) and exposure = the worst settled loss exactly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FANCY_VARIANTS,
  fancyBetProfitPaise,
  fancyBook,
  fancyExposurePaise,
  settleFancyBetsPaise,
  type FancyBet,
  type FancyVariant,
} from '../../src/index.ts';
import { bruteExposure, floorBig, referenceProfit, referenceSum, topOf } from './reference.ts';

const rateArb = fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 2_000 }));
const stakeArb = fc.oneof(
  fc.integer({ min: 1, max: 1_000 }),
  fc.integer({ min: 1, max: 10_000 }).map((r) => r * 100), // whole rupees
  fc.integer({ min: 1, max: 1_000_000_000 }),
);

/** A bet that can exist on the variant: KHADO is Yes with a band, FANCY1's line is 1, ODD_EVEN's 0. */
function betArb(variant: FancyVariant): fc.Arbitrary<FancyBet> {
  return fc
    .record({
      is_yes: fc.boolean(),
      line: fc.integer({ min: 0, max: 50 }),
      width: fc.integer({ min: 0, max: 8 }),
      rate: rateArb,
      stake_paise: stakeArb,
    })
    .map(({ is_yes, line, width, rate, stake_paise }): FancyBet => {
      if (variant === 'KHADO') return { is_yes: true, line, line_to: line + width, rate, stake_paise };
      if (variant === 'FANCY1') return { is_yes, line: 1, rate, stake_paise };
      if (variant === 'ODD_EVEN') return { is_yes, line: 0, rate, stake_paise };
      return { is_yes, line, rate, stake_paise };
    });
}

/** A variant, a user's bets on one fancy of it, and the fancy's result_max (lines may lie past it). */
const caseArb = fc.constantFrom(...FANCY_VARIANTS).chain((variant) =>
  fc.record({
    variant: fc.constant(variant),
    bets: fc.array(betArb(variant), { maxLength: 20 }),
    result_max: fc.oneof(fc.integer({ min: 0, max: 60 }), fc.constant(999)),
  }),
);

describe('fancy properties (every variant)', () => {
  it('fancyBetProfitPaise follows the rule table: a bet alone is its exact profit rounded toward −∞', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 0, max: 70 }), ({ variant, bets }, r0) => {
        const r = topOf(variant, r0) === r0 ? r0 : r0 % 2; // FANCY1 takes 0 or 1
        for (const b of bets)
          expect(fancyBetProfitPaise(variant, b, r)).toBe(
            Number(floorBig(referenceProfit(variant, b, r), 100n)),
          );
      }),
    );
  });

  it('fancyExposurePaise equals the brute force over every result 0..result_max of Σ profits', () => {
    fc.assert(
      fc.property(caseArb, ({ variant, bets, result_max }) => {
        expect(fancyExposurePaise(variant, bets, result_max)).toBe(bruteExposure(variant, bets, result_max));
      }),
      { numRuns: 300 },
    );
  });

  it('fancyBook has one row per result from lowest line − 2 to highest line + 2 (clamped), each the brute force', () => {
    fc.assert(
      fc.property(caseArb, ({ variant, bets, result_max }) => {
        const rows = fancyBook(variant, bets, result_max);
        if (bets.length === 0) {
          expect(rows).toEqual([]);
          return;
        }
        const lines = bets.flatMap((b) =>
          variant === 'ODD_EVEN' ? [0] : variant === 'KHADO' ? [b.line, b.line_to!] : [b.line],
        );
        const from = Math.max(0, Math.min(...lines) - 2);
        const to = Math.min(topOf(variant, result_max), Math.max(...lines) + 2);
        const want = [];
        for (let r = from; r <= to; r++)
          want.push({ result: r, profit_paise: referenceSum(variant, bets, r) });
        expect(rows).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  it('settlement conserves: Σ settled profits at a result = that result’s book row; exposure = −min settled', () => {
    fc.assert(
      fc.property(caseArb, ({ variant, bets, result_max }) => {
        const top = Math.min(topOf(variant, result_max), 80); // past the lines every variant is flat or linear
        const settled: number[] = [];
        const brute: number[] = [];
        for (let r = 0; r <= top; r++) {
          const each = settleFancyBetsPaise(variant, bets, { kind: 'RESULT', value: r });
          // Each bet's amount is its exact share rounded down or up (within a paisa).
          for (const [i, b] of bets.entries()) {
            const exact = referenceProfit(variant, b, r);
            expect(BigInt(each[i]!) * 100n - exact < 100n && exact - BigInt(each[i]!) * 100n < 100n).toBe(
              true,
            );
          }
          settled.push(each.reduce((s, x) => s + x, 0));
          brute.push(referenceSum(variant, bets, r));
        }
        expect(settled).toEqual(brute);
        for (const row of fancyBook(variant, bets, result_max))
          if (row.result <= top) expect(row.profit_paise).toBe(settled[row.result]);
        if (top === topOf(variant, result_max))
          expect(fancyExposurePaise(variant, bets, result_max)).toBe(-Math.min(0, ...settled) || 0);
        expect(settleFancyBetsPaise(variant, bets, { kind: 'VOID' }).every((x) => x === 0)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('FANCY1 dead heat: each bet gets 1/k of its rate (within a paisa), a user never below −exposure', () => {
    fc.assert(
      fc.property(
        fc.array(betArb('FANCY1'), { maxLength: 20 }),
        fc.integer({ min: 2, max: 4 }),
        (bets, k) => {
          const each = settleFancyBetsPaise('FANCY1', bets, { kind: 'RESULT', value: 1, dead_heat_count: k });
          let exactTotal = 0;
          for (const [i, b] of bets.entries()) {
            const exact = (b.is_yes ? 1 : -1) * b.stake_paise * b.rate; // ×100k
            exactTotal += exact;
            expect(Math.abs(each[i]! * 100 * k - exact)).toBeLessThan(100 * k);
          }
          const total = each.reduce((s, x) => s + x, 0);
          expect(total).toBe(Math.floor(exactTotal / (100 * k))); // one rounding, against the bettor
          expect(total).toBeGreaterThanOrEqual(-fancyExposurePaise('FANCY1', bets, 1));
        },
      ),
    );
  });

  it('exposure and book do not depend on the order of the bets', () => {
    fc.assert(
      fc.property(caseArb, ({ variant, bets, result_max }) => {
        const rev = [...bets].reverse();
        expect(fancyExposurePaise(variant, rev, result_max)).toBe(
          fancyExposurePaise(variant, bets, result_max),
        );
        expect(fancyBook(variant, rev, result_max)).toEqual(fancyBook(variant, bets, result_max));
      }),
    );
  });

  it('O(bets · log bets), no scan: 5,000 bets over results up to 10^9 finish inside the test time-out', () => {
    for (const variant of FANCY_VARIANTS) {
      const bets: FancyBet[] = [];
      for (let i = 0; i < 5_000; i++) {
        const line = variant === 'FANCY1' ? 1 : (i * 7919) % 1_000_000;
        bets.push({
          is_yes: variant === 'KHADO' || i % 2 === 0,
          line,
          line_to: line + (i % 5),
          rate: 90 + (i % 20),
          stake_paise: 100,
        });
      }
      // a scan of the range would be 5,000 × 10^9 profits: no timing assertion is needed to tell
      expect(fancyExposurePaise(variant, bets, variant === 'METER' ? 2_000_000 : 1e9)).toBeGreaterThan(0);
    }
  });
});
