// Prizes plus rake equal the entry fees exactly, ties split the tied places' prizes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payout, prizeTableRefusal, splitPool, type PrizeTable } from '../../src/index.ts';

/** A table of 1–10 places with falling shares adding up to 10,000. */
const table = fc
  .integer({ min: 1, max: 10 })
  .chain((places) =>
    fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: places, maxLength: places }).chain((weights) => {
      const w = [...weights].sort((a, b) => b - a);
      const total = w.reduce((a, b) => a + b, 0);
      const shares = w.map((x) => Math.max(1, Math.floor((x * 10_000) / total)));
      shares[0]! += 10_000 - shares.reduce((a, b) => a + b, 0);
      return fc.integer({ min: 0, max: 3000 }).map((rake_bp): PrizeTable => ({ rake_bp, shares_bp: shares }));
    }),
  )
  .filter((t) => t.shares_bp.every((s) => s > 0));

describe('fantasy prizes', () => {
  it('prizes plus rake equal the entry fees, to the paisa, whatever the ties', () => {
    fc.assert(
      fc.property(
        table,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 40 }),
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 50, maxLength: 50 }),
        (t, fee, extra, scores) => {
          const entries = t.shares_bp.length + extra;
          expect(prizeTableRefusal(t, Math.max(2, t.shares_bp.length), Math.max(2, entries))).toBeNull();
          const split = splitPool(t, fee, entries);
          const ranked = Array.from({ length: entries }, (_, k) => ({
            entry_id: k + 1,
            points_halves: scores[k]!,
            joined_seq: k,
          }));
          const results = payout(ranked, split.place_prizes_paise);
          const paid = results.reduce((a, r) => a + r.prize_paise, 0);
          expect(paid + split.rake_paise).toBe(fee * entries);
          expect(results.every((r) => r.prize_paise >= 0 && Number.isSafeInteger(r.prize_paise))).toBe(true);
          // Tied entries differ by at most a paisa; more points never earn less.
          const byPoints = new Map<number, number[]>();
          for (const r of results) {
            const pts = ranked[r.entry_id - 1]!.points_halves;
            byPoints.set(pts, [...(byPoints.get(pts) ?? []), r.prize_paise]);
          }
          for (const ps of byPoints.values())
            expect(Math.max(...ps) - Math.min(...ps)).toBeLessThanOrEqual(1);
          const levels = [...byPoints.entries()].sort((a, b) => b[0] - a[0]).map(([, ps]) => Math.min(...ps));
          for (let k = 1; k < levels.length; k += 1)
            expect(levels[k]!).toBeLessThanOrEqual(levels[k - 1]! + 1);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a two-way tie for first shares first and second place; the odd paisa goes to the earlier entry', () => {
    const t: PrizeTable = { rake_bp: 1000, shares_bp: [6000, 4000] };
    const s = splitPool(t, 10_001, 3); // fees 30,003; rake 3,000; pool 27,003
    expect(s).toEqual({
      fees_paise: 30_003,
      rake_paise: 3000,
      pool_paise: 27_003,
      place_prizes_paise: [16_202, 10_801],
    });
    const r = payout(
      [
        { entry_id: 7, points_halves: 100, joined_seq: 2 },
        { entry_id: 5, points_halves: 100, joined_seq: 1 },
        { entry_id: 9, points_halves: 50, joined_seq: 3 },
      ],
      s.place_prizes_paise,
    );
    expect(r).toEqual([
      { entry_id: 5, rank: 1, prize_paise: 13_502 },
      { entry_id: 7, rank: 1, prize_paise: 13_501 },
      { entry_id: 9, rank: 3, prize_paise: 0 },
    ]);
  });

  it('refuses a table that does not add up or pays more places than the minimum', () => {
    expect(prizeTableRefusal({ rake_bp: 1000, shares_bp: [5000, 4000] }, 2, 10)).toBe(
      'The shares must add up to 10,000',
    );
    expect(prizeTableRefusal({ rake_bp: 1000, shares_bp: [5000, 3000, 2000] }, 2, 10)).toBe(
      'The minimum must be at least the number of places paid',
    );
    expect(prizeTableRefusal({ rake_bp: 10_000, shares_bp: [10_000] }, 2, 2)).toBe('rake_bp must be 0–9,999');
  });
});
