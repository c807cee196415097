// A place market's outcome space (any k of n placed, dead heats sharing the last places): the
// engine's exposure against a brute force over every set of placed runners, and against what
// settlement then charges for any result, dead heats included (issue 40: a place market held as if
// one runner won, so three lays that all placed were accepted with nothing held).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SettleBet } from '../src/index.ts';
import {
  exposureWithUnmatchedPaise,
  marketPosition,
  positionsIfMatchedPaise,
  settleMarket,
} from '../src/index.ts';
import { bruteForcePlaceExposure } from './brute-force.ts';
import { betArb as anyBet, bet } from './position-bets.ts';

const betArb = (runners: readonly string[]) => anyBet(runners, 5_000_000_000);

const marketArb = fc
  .integer({ min: 1, max: 7 })
  .chain((n) =>
    fc.tuple(fc.constant(Array.from({ length: n }, (_, i) => `s${i}`)), fc.integer({ min: 2, max: 4 })),
  )
  .chain(([rs, k]) =>
    fc.tuple(
      fc.constant(rs),
      fc.constant(k),
      fc.array(betArb(rs), { maxLength: 12 }),
      fc.array(betArb(rs), { maxLength: 6 }),
    ),
  );

describe('place market exposure', () => {
  it('the review scenario: three lays at 3.0 in a 3-place race risk all three liabilities', () => {
    const rs = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const lays = ['a', 'b', 'c'].map((s) => bet(s, 'LAY', 300, 10_000));
    expect(marketPosition(rs, { matched: lays }, { winners: 3 }).exposure_paise).toBe(60_000);
    // Read as one winner of n, the same bets risk one liability less two stakes: nothing.
    expect(marketPosition(rs, { matched: lays }).exposure_paise).toBe(0);
  });

  it('backs on every runner of a field that all place lose nothing', () => {
    const rs = ['a', 'b'];
    const backs = rs.map((s) => bet(s, 'BACK', 150, 10_000));
    expect(marketPosition(rs, { matched: backs }, { winners: 3 }).exposure_paise).toBe(0);
  });

  it('equals the brute force over every set of placed runners', () => {
    fc.assert(
      fc.property(marketArb, ([rs, k, matched, unmatched]) => {
        const p = marketPosition(rs, { matched, unmatched }, { winners: k });
        const oracle = bruteForcePlaceExposure(rs, k, matched, unmatched);
        expect(p.exposure_paise).toBe(oracle.exposure_paise);
        expect(p.matched_exposure_paise).toBe(oracle.matched_exposure_paise);
      }),
      { numRuns: 400 },
    );
  });

  it('covers what settlement charges for any result, dead heats across the last place included', () => {
    const resultArb = marketArb.chain(([rs, k, matched]) =>
      fc.tuple(
        fc.constant(rs),
        fc.constant(k),
        fc.constant(matched),
        fc.shuffledSubarray(rs, { minLength: rs.length, maxLength: rs.length }),
        fc.integer({ min: 0, max: 3 }),
      ),
    );
    fc.assert(
      fc.property(resultArb, ([rs, k, matched, order, extra]) => {
        const places = Math.min(k, rs.length);
        // The first `places` home place; a dead heat takes `extra` more runners into the last place.
        const lastGroup = order.slice(places - 1, Math.min(rs.length, places + extra));
        const winners = order.slice(0, places - 1).concat(lastGroup);
        const result =
          lastGroup.length > 1
            ? { winners, dead_heats: [{ selection_ids: lastGroup, places: 1 }] }
            : { winners };
        const bets: SettleBet[] = matched
          .filter((b) => b.stake_paise > 0)
          .map((b, i) => ({ ...b, bet_id: `b${i}`, user_id: 'u', placed_at_ms: 0 }));
        const settled = settleMarket({ market: { market_id: 'm', kind: 'PLACE' }, bets, result });
        const net = settled.users[0]?.net_paise ?? 0;
        const held = marketPosition(rs, { matched }, { winners: k }).exposure_paise;
        expect(net).toBeGreaterThanOrEqual(-held);
      }),
      { numRuns: 400 },
    );
  });

  it("a bet slip's figures: only the bet's own runner moves, exactly as the position after it", () => {
    fc.assert(
      fc.property(
        marketArb.chain(([rs, k, matched]) =>
          fc.tuple(fc.constant(rs), fc.constant(k), fc.constant(matched), betArb(rs)),
        ),
        ([rs, k, matched, b]) => {
          const now = marketPosition(rs, { matched }, { winners: k });
          const slip = positionsIfMatchedPaise(
            now.runners.map((r) => ({
              selection_id: r.selection_id,
              pnl_paise: r.pnl_paise,
              rest: r.worst_rest,
            })),
            b,
            { winners: k },
          );
          const after = marketPosition(rs, { matched: [...matched, b] }, { winners: k });
          expect(slip).toEqual(after.runners.map((r) => r.pnl_paise));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses the one-winner shortcut on a place position', () => {
    const p = marketPosition(['a', 'b', 'c'], { matched: [] }, { winners: 2 });
    expect(() => exposureWithUnmatchedPaise(p, bet('a', 'LAY', 300, 100))).toThrow(/one-winner/);
  });

  it('refuses an outcome space it cannot price', () => {
    expect(() => marketPosition(['a'], { matched: [] }, { winners: 0 })).toThrow(RangeError);
    expect(() => marketPosition(['a'], { matched: [] }, { winners: 1.5 })).toThrow(RangeError);
  });
});
