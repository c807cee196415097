// Properties of settlement over random markets (fast-check). Kept small: the whole file runs in well under a second or two.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  betShares,
  betProfitPaise,
  reducePlacePrice,
  reduceWinPrice,
  settleMarket,
  type SettleBet,
  type SettleMarketInput,
} from '../../src/index.ts';
import { EXACT_ZERO, addExact, betProfitExact, type ExactPaise } from '../../src/settlement/money.ts';

const USERS = ['u1', 'u2', 'u3', 'u4'];
const SELECTIONS = ['A', 'B', 'C', 'D'];
const T0 = 1_800_000_000_000;

const priceArb = fc.oneof(fc.integer({ min: 101, max: 1_000 }), fc.integer({ min: 101, max: 100_000 }));
const stakeArb = fc.oneof(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: 10_000_000_000 }));

const betArb = fc.record({
  user_id: fc.constantFrom(...USERS),
  selection_id: fc.constantFrom(...SELECTIONS),
  side: fc.constantFrom('BACK' as const, 'LAY' as const),
  price: priceArb,
  stake_paise: stakeArb,
  placed_at_ms: fc.integer({ min: T0, max: T0 + 1_000 }),
});

const betsArb = fc
  .array(betArb, { maxLength: 25 })
  .map((bs): SettleBet[] => bs.map((b, i) => ({ ...b, bet_id: `b${i}` })));

/** A back and a lay by two users at the same price and stake: what one wins the other loses. */
const pairsArb = fc
  .array(
    fc.record({
      backer: fc.constantFrom(...USERS),
      layer: fc.constantFrom(...USERS),
      selection_id: fc.constantFrom(...SELECTIONS),
      price: priceArb,
      stake_paise: stakeArb,
    }),
    { maxLength: 12 },
  )
  .map((ps): SettleBet[] =>
    ps.flatMap((p, i) => [
      {
        bet_id: `p${i}b`,
        user_id: p.backer,
        selection_id: p.selection_id,
        side: 'BACK',
        price: p.price,
        stake_paise: p.stake_paise,
        placed_at_ms: T0,
      },
      {
        bet_id: `p${i}l`,
        user_id: p.layer,
        selection_id: p.selection_id,
        side: 'LAY',
        price: p.price,
        stake_paise: p.stake_paise,
        placed_at_ms: T0,
      },
    ]),
  );

/** A result: one winner, or a dead heat among 2–3 runners. */
const resultArb = fc.oneof(
  fc.constantFrom(...SELECTIONS).map((w) => ({ winners: [w] })),
  fc
    .subarray(SELECTIONS, { minLength: 2, maxLength: 3 })
    .map((ws) => ({ winners: ws, dead_heat_count: ws.length })),
);

const marketArb = fc.record({
  market_id: fc.constant('m'),
  kind: fc.constantFrom('MATCH_ODDS' as const, 'PLACE' as const),
  commission_bp: fc.integer({ min: 0, max: 1_000 }),
});

/** Optional extra facts: voided runner, window, conduct, removal of D (never a winner here unless not removed). */
const inputArb = fc
  .record({
    market: marketArb,
    bets: betsArb,
    result: resultArb,
    voidSel: fc.option(fc.constantFrom(...SELECTIONS), { nil: undefined }),
    window: fc.option(fc.integer({ min: T0, max: T0 + 1_000 }), { nil: undefined }),
    conductUser: fc.option(fc.constantFrom(...USERS), { nil: undefined }),
    rf: fc.option(fc.integer({ min: 0, max: 9_000 }), { nil: undefined }),
  })
  .map(({ market, bets, result, voidSel, window, conductUser, rf }): SettleMarketInput => {
    const removeD = rf !== undefined && !result.winners.includes('D');
    return {
      market,
      bets,
      result,
      void_selections: voidSel ? [voidSel] : [],
      void_windows: window !== undefined ? [{ from_ms: window, to_ms: window + 100 }] : [],
      conduct_voids: conductUser ? { user_ids: [conductUser] } : {},
      removals: removeD ? [{ selection_id: 'D', removed_at_ms: T0 + 500, reduction_factor_bp: rf }] : [],
    };
  });

const opts = { numRuns: 200 };

describe('settlement properties', () => {
  it('money conservation: Σ users balance change + house = 0, house = commission − Σ net', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const s = settleMarket(input);
        const change = s.users.reduce((a, u) => a + u.balance_change_paise, 0);
        const moved = s.movements.reduce((a, m) => a + m.user_delta_paise, 0);
        expect(change + s.totals.house_paise).toBe(0);
        expect(moved).toBe(change);
        expect(s.totals.house_paise).toBe(s.totals.commission_paise - s.totals.users_net_paise);
        for (const u of s.users) expect(u.net_paise).toBe(u.won_paise - u.lost_paise + u.rounding_paise);
      }),
      opts,
    );
  });

  it("matched back/lay pairs at the same price: Σ bet P/L is 0; users' nets sum to 0 up to under 1 paisa per user, the rest is the house's", () => {
    fc.assert(
      fc.property(marketArb, pairsArb, resultArb, (market, bets, result) => {
        const s = settleMarket({ market, bets, result });
        expect(s.bets.reduce((a, b) => a + b.profit_paise, 0)).toBe(0);
        expect(Math.abs(s.totals.users_net_paise)).toBeLessThan(Math.max(1, s.users.length));
        expect(s.totals.house_paise).toBe(s.totals.commission_paise - s.totals.users_net_paise);
      }),
      opts,
    );
  });

  it('matched back/lay pairs between two users: before commission their P/L sums to 0 or −1 paisa (each rounded against the bettor once), the house gets that and the commission', () => {
    const twoUsers = pairsArb.map((bs) =>
      bs.map((b) => ({ ...b, user_id: b.side === 'BACK' ? 'backer' : 'layer' })),
    );
    fc.assert(
      fc.property(marketArb, twoUsers, resultArb, (market, bets, result) => {
        const s = settleMarket({ market, bets, result });
        // The exact P/L of the pair sums to 0; each user's is rounded down once, losing under a paisa.
        expect(s.totals.users_net_paise === 0 || s.totals.users_net_paise === -1).toBe(true);
        expect(s.totals.house_paise).toBe(s.totals.commission_paise - s.totals.users_net_paise);
      }),
      opts,
    );
  });

  it("a user's market result is their exact P/L rounded down once (DOMAIN: against the bettor, as the position and the hold): never paid more than the exact win, never charged a paisa more than the exact loss rounded up", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const s = settleMarket(input);
        const share = (sel: string) => {
          const r = input.result!;
          if (!r.winners.includes(sel)) return { num: 0, den: 1 };
          return { num: 1, den: r.dead_heat_count ?? 1 };
        };
        const sums = new Map<string, ExactPaise>();
        for (const b of s.bets) {
          if (b.outcome === 'VOID') continue;
          const x = betProfitExact(b.side, b.settled_price, b.stake_paise, share(b.selection_id));
          sums.set(b.user_id, addExact(sums.get(b.user_id) ?? EXACT_ZERO, x));
        }
        for (const u of s.users) {
          const x = sums.get(u.user_id) ?? EXACT_ZERO;
          const net = BigInt(u.net_paise) * x.den;
          // floor: net ≤ exact < net + 1 paisa.
          expect(net <= x.num && x.num - net < x.den).toBe(true);
        }
      }),
      opts,
    );
  });

  it("each bet shows its own exact result rounded down or up, and a user's bets add up to the user's result (betShares)", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const s = settleMarket(input);
        // Group fills into bets of several fills: one per user, runner and side.
        const groupOf = (b: { user_id: string; selection_id: string; side: string }) =>
          `${b.user_id}|${b.selection_id}|${b.side}`;
        const shares = betShares(s, groupOf);
        const exact = new Map<string, ExactPaise>();
        for (const b of s.bets) {
          if (b.outcome === 'VOID') continue;
          const runnerWon = (b.outcome === 'WON') === (b.side === 'BACK');
          const share = runnerWon ? (b.dead_heat ?? { num: 1, den: 1 }) : { num: 0, den: 1 };
          const x = betProfitExact(b.side, b.settled_price, b.stake_paise, share);
          exact.set(groupOf(b), addExact(exact.get(groupOf(b)) ?? EXACT_ZERO, x));
        }
        for (const u of s.users) {
          const mine = [...shares].filter(([, v]) => v.user_id === u.user_id);
          expect(mine.reduce((t, [, v]) => t + v.profit_paise, 0)).toBe(u.net_paise);
          for (const [k, v] of mine) {
            const x = exact.get(k) ?? EXACT_ZERO;
            const p = BigInt(v.profit_paise) * x.den;
            // Within a paisa of the exact figure: floor or floor + 1 (never −99.99 for −100).
            expect(p - x.num < x.den && x.num - p < x.den).toBe(true);
          }
        }
      }),
      opts,
    );
  });

  it('commission is never charged on a net loss (or zero), and never more than rate × net', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const s = settleMarket(input);
        for (const u of s.users) {
          if (u.net_paise <= 0) expect(u.commission_paise).toBe(0);
          else {
            expect(u.commission_paise).toBeGreaterThanOrEqual(0);
            expect(u.commission_paise * 10_000).toBeLessThanOrEqual(u.net_paise * s.commission_bp);
          }
          expect(u.balance_change_paise).toBe(u.net_paise - u.commission_paise);
        }
        expect(s.movements.every((m) => m.user_delta_paise !== 0)).toBe(true);
      }),
      opts,
    );
  });

  it('void returns exactly zero P/L: a void market moves no money; every void bet has profit 0', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const v = settleMarket({ ...input, void_market: { reason: 'OPERATOR' } });
        expect(v.bets.every((b) => b.outcome === 'VOID' && b.profit_paise === 0)).toBe(true);
        expect(v.movements).toEqual([]);
        expect(v.users.every((u) => u.balance_change_paise === 0 && u.commission_paise === 0)).toBe(true);
        const s = settleMarket(input);
        for (const b of s.bets) if (b.outcome === 'VOID') expect(b.profit_paise).toBe(0);
      }),
      opts,
    );
  });

  it('dead heat with count 1 equals a normal win', () => {
    fc.assert(
      fc.property(marketArb, betsArb, fc.constantFrom(...SELECTIONS), (market, bets, w) => {
        expect(settleMarket({ market, bets, result: { winners: [w], dead_heat_count: 1 } })).toEqual(
          settleMarket({ market, bets, result: { winners: [w] } }),
        );
      }),
      opts,
    );
  });

  it('settlement is deterministic and does not depend on the order of the bets', () => {
    fc.assert(
      fc.property(inputArb, fc.array(fc.nat(), { minLength: 25, maxLength: 25 }), (input, keys) => {
        const a = settleMarket(input);
        expect(settleMarket(input)).toEqual(a);
        const shuffled = input.bets
          .map((b, i) => ({ b, k: keys[i] ?? 0, i }))
          .sort((x, y) => x.k - y.k || x.i - y.i)
          .map(({ b }) => b);
        const c = settleMarket({ ...input, bets: shuffled });
        expect(c.users).toEqual(a.users);
        expect(c.movements).toEqual(a.movements);
        expect(c.totals).toEqual(a.totals);
        const byId = new Map(a.bets.map((b) => [b.bet_id, b]));
        for (const b of c.bets) expect(b).toEqual(byId.get(b.bet_id));
      }),
      opts,
    );
  });

  it('no bettor is charged more than they risked: a back loses at most its stake, a lay at most stake × (price − 1)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const b of settleMarket(input).bets) {
          const risk = b.side === 'BACK' ? b.stake_paise : (b.stake_paise * (b.settled_price - 100)) / 100;
          expect(-b.profit_paise).toBeLessThanOrEqual(risk);
          const win = b.side === 'BACK' ? (b.stake_paise * (b.settled_price - 100)) / 100 : b.stake_paise;
          expect(b.profit_paise).toBeLessThanOrEqual(win);
        }
      }),
      opts,
    );
  });

  it('conduct voids only remove winning bets: every other bet settles as without them', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const plain = settleMarket({ ...input, conduct_voids: {} });
        const all = settleMarket({ ...input, conduct_voids: { user_ids: USERS } });
        plain.bets.forEach((b, i) => {
          const c = all.bets[i];
          if (b.profit_paise > 0)
            expect(c).toMatchObject({ outcome: 'VOID', void_reason: 'CONDUCT', profit_paise: 0 });
          else if (b.profit_paise < 0 || c?.void_reason !== 'CONDUCT') expect(c).toEqual(b);
          // profit 0 after rounding: voided only if the exact profit was positive (a fraction of a paisa)
        });
        expect(all.users.every((u) => u.commission_paise === 0 && u.net_paise <= 0)).toBe(true);
      }),
      opts,
    );
  });

  it('back and lay at the same price, stake and share are exact opposites', () => {
    fc.assert(
      fc.property(
        priceArb,
        stakeArb,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        (p, s, den, n) => {
          const share = { num: Math.min(n, den), den };
          expect(betProfitPaise('BACK', p, s, share) + betProfitPaise('LAY', p, s, share)).toBe(0);
        },
      ),
      opts,
    );
  });

  it('reduction factors never raise a price and never go below 1.01', () => {
    fc.assert(
      fc.property(priceArb, fc.integer({ min: 0, max: 10_000 }), (p, rf) => {
        for (const r of [reduceWinPrice(p, rf), reducePlacePrice(p, rf)]) {
          expect(r).toBeGreaterThanOrEqual(101);
          expect(r).toBeLessThanOrEqual(p);
        }
      }),
      opts,
    );
  });
});
