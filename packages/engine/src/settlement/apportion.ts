// Each bet's share of its user's market result, for the bet history (issue 47): a bet is settled
// as one or more fills, each exact; the money moves by the user's net, rounded down once
// (settleMarket). A bet shows its own exact result rounded down, and the paise that rounding the
// user once leaves over go one each to the bets with the largest fractions dropped, so every bet
// shows its own result to the paisa (never a ₹100 stake lost as −99.99) and the bets add up to the
// money moved.
import { SettlementError } from './errors.ts';
import { addExact, betProfitExact, EXACT_ZERO, floorExact, type ExactPaise } from './money.ts';
import type { MarketSettlement, SettledBet } from './types.ts';

export interface BetShare {
  readonly user_id: string;
  /** VOID when every fill of the bet is void. */
  readonly outcome: SettledBet['outcome'];
  readonly profit_paise: number;
}

/** The exact profit of one settled fill (0 for a void one). */
function exactOf(b: SettledBet): ExactPaise {
  if (b.outcome === 'VOID') return EXACT_ZERO;
  const runnerWon = (b.outcome === 'WON') === (b.side === 'BACK');
  const share = runnerWon ? (b.dead_heat ?? { num: 1, den: 1 }) : { num: 0, den: 1 };
  return betProfitExact(b.side, b.settled_price, b.stake_paise, share);
}

/** a − floor(a), as a comparable fraction (numerator over a's denominator). */
const fractionOf = (x: ExactPaise, floor: number): ExactPaise => ({
  num: x.num - BigInt(floor) * x.den,
  den: x.den,
});
const larger = (a: ExactPaise, b: ExactPaise) => a.num * b.den > b.num * a.den;

/**
 * Each bet's result (`groupOf` names the bet a fill belongs to), adding up for every user to the
 * user's `net_paise`. Throws if they cannot (a settlement this function was not given whole).
 */
export function betShares(
  settlement: MarketSettlement,
  groupOf: (fill: SettledBet) => string,
): Map<string, BetShare> {
  const bets = new Map<string, { user_id: string; outcome: SettledBet['outcome']; exact: ExactPaise }>();
  for (const f of settlement.bets) {
    const key = groupOf(f);
    const cur = bets.get(key);
    const x = exactOf(f);
    if (!cur) bets.set(key, { user_id: f.user_id, outcome: f.outcome, exact: x });
    else {
      if (cur.user_id !== f.user_id) throw new SettlementError(`bet ${key} has fills of two users`);
      cur.exact = addExact(cur.exact, x);
      // Fills of one bet share runner, side and placing time: they agree unless one is void.
      if (cur.outcome === 'VOID') cur.outcome = f.outcome;
    }
  }
  const out = new Map<string, BetShare>();
  const byUser = new Map<string, { key: string; floor: number; frac: ExactPaise }[]>();
  for (const [key, b] of bets) {
    const floor = floorExact(b.exact);
    out.set(key, { user_id: b.user_id, outcome: b.outcome, profit_paise: floor });
    if (b.outcome === 'VOID') continue;
    const list = byUser.get(b.user_id) ?? [];
    list.push({ key, floor, frac: fractionOf(b.exact, floor) });
    byUser.set(b.user_id, list);
  }
  for (const u of settlement.users) {
    const list = byUser.get(u.user_id) ?? [];
    const floors = list.reduce((s, e) => s + e.floor, 0);
    const left = u.net_paise - floors;
    // Σ floor(x_i) ≤ floor(Σ x_i) < Σ floor(x_i) + n.
    if (left < 0 || left > Math.max(0, list.length - 1))
      throw new SettlementError(
        `user ${u.user_id}: bets round to ${floors}, the market result is ${u.net_paise}`,
      );
    const order = [...list].sort((a, b) =>
      larger(a.frac, b.frac) ? -1 : larger(b.frac, a.frac) ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
    );
    for (const e of order.slice(0, left)) {
      const s = out.get(e.key)!;
      out.set(e.key, { ...s, profit_paise: s.profit_paise + 1 });
    }
  }
  return out;
}
