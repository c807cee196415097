// Properties of bookmaker markets over random bets (fast-check): the position against DOMAIN.md's
// P_i computed bet by bet in BigInt, and settlement against the position (exposure = the worst
// settled loss exactly; a dead heat never takes more than the exposure).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookmakerBetProfitPaise,
  bookmakerPosition,
  settleBookmakerBetPaise,
  settleBookmakerBetsPaise,
  type BookmakerBet,
} from '../../src/index.ts';

const RUNNERS = ['A', 'B', 'C', 'D'];

const betArb: fc.Arbitrary<BookmakerBet> = fc.record({
  selection_id: fc.constantFrom(...RUNNERS),
  is_back: fc.boolean(),
  rate: fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 100_000 })),
  stake_paise: fc.oneof(
    fc.integer({ min: 1, max: 1_000 }),
    fc.integer({ min: 1, max: 100_000 }).map((r) => r * 100), // whole rupees
    fc.integer({ min: 1, max: 10_000_000_000 }),
  ),
});
const betsArb = fc.array(betArb, { maxLength: 30 });

/** DOMAIN.md's P_i with odds = 1 + rate/100, summed exactly (hundredths of a paisa) and floored once, in BigInt. */
function bruteProfit(runner: string, bets: readonly BookmakerBet[]): number {
  let p = 0n;
  for (const b of bets) {
    const s = BigInt(b.stake_paise);
    const odds = s * BigInt(b.rate);
    if (b.is_back) p += b.selection_id === runner ? odds : -100n * s;
    else p += b.selection_id === runner ? -odds : 100n * s;
  }
  const q = p / 100n;
  return Number(p % 100n !== 0n && p < 0n ? q - 1n : q);
}

describe('bookmaker properties', () => {
  it('bookmakerPosition equals the brute force P_i for every runner, and exposure = max(0, −min P_i)', () => {
    fc.assert(
      fc.property(betsArb, (bets) => {
        const pos = bookmakerPosition(RUNNERS, bets);
        const brute = RUNNERS.map((r) => bruteProfit(r, bets));
        expect(RUNNERS.map((r) => pos.profit_paise[r])).toEqual(brute);
        expect(pos.exposure_paise).toBe(Math.max(0, -Math.min(...brute)));
      }),
    );
  });

  it('settling for one winner sums to that runner’s position; exposure = the worst settled loss', () => {
    fc.assert(
      fc.property(betsArb, (bets) => {
        const pos = bookmakerPosition(RUNNERS, bets);
        const settled = RUNNERS.map((w) =>
          settleBookmakerBetsPaise(bets, { winners: [w] }).reduce((s, x) => s + x, 0),
        );
        expect(settled).toEqual(RUNNERS.map((w) => pos.profit_paise[w]));
        expect(pos.exposure_paise).toBe(Math.max(0, -Math.min(...settled)));
        expect(settleBookmakerBetsPaise(bets, 'VOID').every((x) => x === 0)).toBe(true);
        // One bet alone settles to its own figure (a win rounded down, a loss up).
        for (const b of bets.slice(0, 3))
          for (const w of RUNNERS)
            expect(settleBookmakerBetPaise(b, { winners: [w] })).toBe(
              bookmakerBetProfitPaise(b, b.selection_id === w),
            );
      }),
    );
  });

  it('a dead heat settles each bet within a paisa of the exact DOMAIN.md amount, and a user never below −exposure', () => {
    fc.assert(
      fc.property(betsArb, fc.subarray(RUNNERS, { minLength: 2 }), (bets, winners) => {
        const k = BigInt(winners.length);
        let total = 0;
        const each = settleBookmakerBetsPaise(bets, { winners });
        for (const [i, b] of bets.entries()) {
          const got = each[i]!;
          total += got;
          // exact: stake/k wins at the full rate, the rest is lost (a lay: the negation); over 100k
          const s = BigInt(b.stake_paise);
          const back = winners.includes(b.selection_id)
            ? s * BigInt(b.rate) - 100n * s * (k - 1n)
            : -100n * s * k;
          const exact = b.is_back ? back : -back;
          const diff = BigInt(got) * 100n * k - exact;
          expect(diff > -100n * k && diff < 100n * k).toBe(true);
        }
        const pos = bookmakerPosition(RUNNERS, bets);
        expect(total).toBeGreaterThanOrEqual(-pos.exposure_paise);
        // The exact mean of the positions on the tied runners, floored once: never below the worst.
        expect(total).toBeGreaterThanOrEqual(Math.min(...winners.map((w) => pos.profit_paise[w]!)));
      }),
    );
  });

  it('the position does not depend on the order of the bets', () => {
    fc.assert(
      fc.property(betsArb, (bets) => {
        expect(bookmakerPosition(RUNNERS, [...bets].reverse())).toEqual(bookmakerPosition(RUNNERS, bets));
      }),
    );
  });

  it('bookmakerBetProfitPaise: a win is the floor and a loss the ceiling of stake·rate/100', () => {
    fc.assert(
      fc.property(betArb, (b) => {
        const exact = (b.stake_paise * b.rate) / 100; // a float: compare with slack, the brute force is exact
        const win = bookmakerBetProfitPaise({ ...b, is_back: true }, true);
        const loss = -bookmakerBetProfitPaise({ ...b, is_back: false }, true);
        expect(win).toBeLessThanOrEqual(exact + 1e-6 * exact);
        expect(loss).toBeGreaterThanOrEqual(exact - 1e-6 * exact);
        expect(loss - win).toBeLessThanOrEqual(1);
      }),
    );
  });
});
