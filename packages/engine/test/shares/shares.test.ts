import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHARE_BP_MAX, splitResultShares } from '../../src/index.ts';

describe('splitResultShares (issue 41)', () => {
  const chain = [
    { uplineId: 3, shareBp: 2_000 }, // the agent, 20 %
    { uplineId: 2, shareBp: 3_000 }, // its master, 30 %
  ];

  it("the issue's example: a bettor loses ₹100, the agent gets ₹20, the master ₹30; wins ₹100, they pay it", () => {
    expect(splitResultShares(10_000, chain)).toEqual([
      { uplineId: 3, amountPaise: 2_000 },
      { uplineId: 2, amountPaise: 3_000 },
    ]);
    expect(splitResultShares(-10_000, chain)).toEqual([
      { uplineId: 3, amountPaise: -2_000 },
      { uplineId: 2, amountPaise: -3_000 },
    ]);
  });

  it('rounds against the upline: a part paisa is never paid to it, always paid by it', () => {
    // 0.07 × 20 % = 0.014 paise each way.
    expect(splitResultShares(7, chain)).toEqual([
      { uplineId: 3, amountPaise: 1 },
      { uplineId: 2, amountPaise: 2 },
    ]);
    expect(splitResultShares(-7, chain)).toEqual([
      { uplineId: 3, amountPaise: -2 },
      { uplineId: 2, amountPaise: -3 },
    ]);
    expect(splitResultShares(0, chain)).toEqual([]);
  });

  it('refuses a chain over 100 % and a share outside 0–100 %', () => {
    expect(() => splitResultShares(100, [...chain, { uplineId: 1, shareBp: 5_001 }])).toThrow(/over 100 %/);
    expect(() => splitResultShares(100, [{ uplineId: 1, shareBp: -1 }])).toThrow(RangeError);
    expect(() => splitResultShares(0.5, chain)).toThrow(RangeError);
  });

  it('each part is its exact share rounded toward −∞; the house keeps the rest (property)', () => {
    const shares = fc
      .array(fc.integer({ min: 0, max: SHARE_BP_MAX }), { minLength: 0, maxLength: 4 })
      .filter((a) => a.reduce((t, x) => t + x, 0) <= SHARE_BP_MAX);
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), shares, (gain, bps) => {
        const c = bps.map((shareBp, i) => ({ uplineId: i + 1, shareBp }));
        const parts = splitResultShares(gain, c);
        for (const u of c) {
          const got = parts.find((p) => p.uplineId === u.uplineId)?.amountPaise ?? 0;
          const exact = BigInt(gain) * BigInt(u.shareBp); // ×10,000
          expect(BigInt(got) * 10_000n <= exact).toBe(true);
          expect(exact - BigInt(got) * 10_000n < 10_000n).toBe(true);
        }
        // What the uplines take together never exceeds the house's gain in size.
        const sum = parts.reduce((t, p) => t + p.amountPaise, 0);
        expect(gain >= 0 ? sum <= gain : sum >= gain - c.length).toBe(true);
      }),
    );
  });
});
