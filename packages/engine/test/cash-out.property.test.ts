// Cash out against a naive oracle: the hedge's bets, applied bet by bet with the position formula
// (DOMAIN.md "Exposure and profit/loss"), leave every outcome level; no other level K (a fine grid,
// exact arithmetic) pays more; liquidity, prices and the minimum stake are respected.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LADDER,
  marketPosition,
  quoteCashOut,
  settleMarket,
  type CashOutRunner,
  type HedgeBet,
} from '../src/index.ts';

/** Each outcome's result after the bets, in hundredths of a paisa, bet by bet (not the quote's formula). */
function oracleOutcomes(runners: readonly CashOutRunner[], bets: readonly HedgeBet[]): number[] {
  return runners.map((r) => {
    let h = r.pnl_paise * 100;
    for (const b of bets) {
      const mine = b.selection_id === r.selection_id;
      if (b.side === 'BACK') h += mine ? b.stake_paise * (b.price - 100) : -b.stake_paise * 100;
      else h += mine ? -b.stake_paise * (b.price - 100) : b.stake_paise * 100;
    }
    return h;
  });
}

/** The level's equal profit with exact (unrounded) stakes, or null when a needed price is missing. */
function exactProfit(runners: readonly CashOutRunner[], k: number): number | null {
  let f = k;
  for (const r of runners) {
    if (r.pnl_paise < k) {
      if (!r.back) return null;
      f -= ((k - r.pnl_paise) * 100) / r.back.price;
    } else if (r.pnl_paise > k) {
      if (!r.lay) return null;
      f += ((r.pnl_paise - k) * 100) / r.lay.price;
    }
  }
  return f;
}

const DEEP = 10 ** 12;
const runnersArb = fc
  .array(
    fc.record({
      pnl: fc.integer({ min: -2_000_000, max: 2_000_000 }),
      backIdx: fc.integer({ min: 0, max: 120 }), // prices up to 10.0: the usual spread of a market
      spreadTicks: fc.integer({ min: 0, max: 3 }),
    }),
    { minLength: 2, maxLength: 8 },
  )
  .map((rs) =>
    rs.map((r, i): CashOutRunner => ({
      selection_id: `r${i}`,
      pnl_paise: r.pnl,
      back: { price: LADDER[r.backIdx + r.spreadTicks]!, size_paise: DEEP },
      lay: { price: LADDER[r.backIdx]!, size_paise: DEEP },
    })),
  )
  // A bettor backs at the best lay offer and lays at the best back offer: back price ≥ lay price.
  .filter((rs) => rs.some((r) => r.pnl_paise !== 0));

describe('cash out', () => {
  it('levels every outcome, as the oracle applies the bets one by one', () => {
    fc.assert(
      fc.property(runnersArb, (runners) => {
        const q = quoteCashOut(runners);
        expect(q.ok).toBe(true);
        if (!q.ok) return;
        const h = oracleOutcomes(runners, q.bets);
        expect(q.outcomes_paise).toEqual(h.map((x) => Math.floor(x / 100)));
        expect(q.profit_paise).toBe(Math.floor(Math.min(...h) / 100));
        // Whole-paisa stakes: each is at most half a paisa off, which moves an outcome by ≤ price/2.
        const slack = q.bets.reduce((s, b) => s + b.price / 2 + 50, 0);
        expect(Math.max(...h) - Math.min(...h)).toBeLessThanOrEqual(2 * slack);
        for (const b of q.bets) {
          const r = runners.find((x) => x.selection_id === b.selection_id)!;
          expect(b.price).toBe(b.side === 'BACK' ? r.back!.price : r.lay!.price);
          expect(b.stake_paise).toBeGreaterThan(0);
        }
      }),
      { numRuns: 400, seed: 21 },
    );
  });

  it('no level pays more: a fine grid of levels, exact arithmetic', () => {
    fc.assert(
      fc.property(runnersArb, (runners) => {
        const q = quoteCashOut(runners);
        if (!q.ok) return;
        const ps = runners.map((r) => r.pnl_paise);
        const lo = Math.min(...ps);
        const hi = Math.max(...ps);
        let best = -Infinity;
        for (let i = 0; i <= 200; i++) {
          const f = exactProfit(runners, lo + ((hi - lo) * i) / 200);
          if (f !== null) best = Math.max(best, f);
        }
        for (const k of ps) best = Math.max(best, exactProfit(runners, k) ?? -Infinity);
        const slack = q.bets.reduce((s, b) => s + b.price / 200 + 1, 1);
        expect(q.profit_paise).toBeGreaterThanOrEqual(best - slack);
      }),
      { numRuns: 400, seed: 22 },
    );
  });

  it('a two-runner match: back ₹100 at 3.0 on A, A shortens to 2.0: laying A (+₹50 both ways) beats backing B at 1.98', () => {
    // Back ₹100 at 3.0 on A: +₹200 if A, −₹100 if B.
    const q = quoteCashOut([
      {
        selection_id: 'A',
        pnl_paise: 20_000,
        back: { price: 202, size_paise: DEEP },
        lay: { price: 200, size_paise: DEEP },
      },
      {
        selection_id: 'B',
        pnl_paise: -10_000,
        back: { price: 198, size_paise: DEEP },
        lay: { price: 196, size_paise: DEEP },
      },
    ]);
    expect(q).toMatchObject({
      ok: true,
      bets: [{ selection_id: 'A', side: 'LAY', price: 200, stake_paise: 15_000 }],
    });
    // Lay ₹150 at 2.0: A wins +200 − 150 = +₹50, B wins −100 + 150 = +₹50.
    expect(q.ok && q.outcomes_paise).toEqual([5_000, 5_000]);
  });

  it('partial liquidity, a missing price and the minimum stake are refused, not half done', () => {
    const at = (size_paise: number) => ({ price: 200, size_paise });
    const pos = (size: number): CashOutRunner[] => [
      { selection_id: 'A', pnl_paise: 20_000, back: at(size), lay: at(size) },
      { selection_id: 'B', pnl_paise: -10_000, back: at(size), lay: at(size) },
    ];
    expect(quoteCashOut(pos(14_999))).toMatchObject({ ok: false, reason: 'NO_LIQUIDITY' });
    expect(quoteCashOut(pos(15_000)).ok).toBe(true);
    expect(
      quoteCashOut([
        { selection_id: 'A', pnl_paise: 20_000, back: null, lay: null },
        { selection_id: 'B', pnl_paise: -10_000, back: null, lay: null },
      ]),
    ).toMatchObject({ ok: false, reason: 'NO_PRICE' });
    expect(quoteCashOut(pos(DEEP), { min_stake_paise: 20_000 })).toMatchObject({
      ok: false,
      reason: 'BELOW_MIN_STAKE',
    });
    expect(
      quoteCashOut([
        { selection_id: 'A', pnl_paise: 0, back: at(DEEP), lay: at(DEEP) },
        { selection_id: 'B', pnl_paise: 0, back: at(DEEP), lay: at(DEEP) },
      ]),
    ).toMatchObject({ ok: false, reason: 'NO_POSITION' });
  });

  // Issue 47, item 2: a cash out quoted and locked at −₹4.15 settled at −₹4.14. The quote works on
  // the exact position and settlement rounds a user's result down once, as the position does: the
  // figure locked is, to the paisa, what each outcome settles at.
  it('what the quote locks is what settlement pays for every winner, to the paisa', () => {
    const betArb = fc.record({
      runner: fc.integer({ min: 0, max: 3 }),
      back: fc.boolean(),
      priceIdx: fc.integer({ min: 0, max: 200 }),
      stake_paise: fc.integer({ min: 100, max: 500_000 }),
    });
    const caseArb = fc.record({
      n: fc.integer({ min: 2, max: 4 }),
      bets: fc.array(betArb, { minLength: 1, maxLength: 6 }),
      prices: fc.array(
        fc.record({ idx: fc.integer({ min: 0, max: 150 }), spread: fc.integer({ min: 0, max: 3 }) }),
        {
          minLength: 4,
          maxLength: 4,
        },
      ),
    });
    fc.assert(
      fc.property(caseArb, ({ n, bets, prices }) => {
        const ids = Array.from({ length: n }, (_, i) => `r${i}`);
        const matched = bets.map((b) => ({
          selection_id: ids[b.runner % n]!,
          side: b.back ? ('BACK' as const) : ('LAY' as const),
          price: LADDER[b.priceIdx]!,
          stake_paise: b.stake_paise,
        }));
        const pos = marketPosition(ids, { matched });
        if (pos.runners.every((r) => r.pnl_paise === 0 && r.worst_rest === 0)) return;
        const runners: CashOutRunner[] = ids.map((id, i) => ({
          selection_id: id,
          pnl_paise: pos.runners[i]!.pnl_paise,
          pnl_rest: pos.runners[i]!.worst_rest,
          back: { price: LADDER[prices[i]!.idx + prices[i]!.spread]!, size_paise: DEEP },
          lay: { price: LADDER[prices[i]!.idx]!, size_paise: DEEP },
        }));
        const q = quoteCashOut(runners);
        if (!q.ok) return;
        const all = [...matched, ...q.bets];
        ids.forEach((winner, w) => {
          const s = settleMarket({
            market: { market_id: 'm', commission_bp: 0 },
            bets: all.map((b, k) => ({ bet_id: `b${k}`, user_id: 'u', placed_at_ms: 0, ...b })),
            result: { winners: [winner] },
          });
          expect(s.users[0]!.net_paise).toBe(q.outcomes_paise[w]);
        });
        expect(q.profit_paise).toBe(Math.min(...q.outcomes_paise));
      }),
      { numRuns: 500, seed: 47 },
    );
  });
});
