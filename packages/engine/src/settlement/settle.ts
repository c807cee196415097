// settleMarket: the whole settlement of one market as one pure, deterministic function.
import type {
  BetVoidReason,
  MarketSettlement,
  SettleMarketInput,
  SettleMarketKind,
  SettledBet,
  SettledUser,
  SettlementMovement,
  StakeFraction,
} from './types.ts';
import { SettlementError, assertBp, assertPrice, assertSafeInt, assertTime } from './errors.ts';
import {
  DEFAULT_COMMISSION_BP,
  EXACT_ZERO,
  addExact,
  betProfitExact,
  commissionPaise,
  floorExact,
  truncExact,
  type ExactPaise,
} from './money.ts';
import { reducedPrice } from './reduction.ts';

const LOSER: StakeFraction = { num: 0, den: 1 };
const FULL: StakeFraction = { num: 1, den: 1 };

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The share of the stake settled as winning, per winning selection (dead heats included). */
function winShares(input: SettleMarketInput, kind: SettleMarketKind): Map<string, StakeFraction> {
  const result = input.result;
  if (result == null) throw new SettlementError('a result is required unless the whole market is void');
  if (result.winners.length === 0) throw new SettlementError('result.winners is empty');
  const count = result.dead_heat_count ?? 1;
  assertSafeInt(count, 'dead_heat_count', 1, 1000);
  if (count > 1 && result.dead_heats && result.dead_heats.length > 0)
    throw new SettlementError('give dead_heat_count or dead_heats, not both');
  const shares = new Map<string, StakeFraction>();
  for (const w of result.winners) {
    if (shares.has(w)) throw new SettlementError(`winner ${w} listed twice`);
    shares.set(w, count === 1 ? FULL : { num: 1, den: count });
  }
  if (count > 1 && result.winners.length > count)
    throw new SettlementError(`${result.winners.length} winners in a ${count}-way dead heat`);
  if (kind === 'MATCH_ODDS') {
    if (result.dead_heats && result.dead_heats.length > 0)
      throw new SettlementError('dead_heats is for place markets; use dead_heat_count');
    if (count === 1 && result.winners.length !== 1)
      throw new SettlementError('a match-odds market has one winner unless dead_heat_count says otherwise');
  }
  const grouped = new Set<string>();
  for (const g of result.dead_heats ?? []) {
    const n = g.selection_ids.length;
    assertSafeInt(g.places, 'dead_heats.places', 1, Math.max(1, n));
    for (const id of g.selection_ids) {
      if (!shares.has(id)) throw new SettlementError(`dead-heat runner ${id} is not among the winners`);
      if (grouped.has(id)) throw new SettlementError(`runner ${id} is in two dead-heat groups`);
      grouped.add(id);
      shares.set(id, { num: g.places, den: n });
    }
  }
  for (const r of input.removals ?? []) {
    if (shares.has(r.selection_id)) throw new SettlementError(`removed runner ${r.selection_id} cannot win`);
  }
  return shares;
}

function validate(input: SettleMarketInput): void {
  const seen = new Set<string>();
  for (const b of input.bets) {
    if (seen.has(b.bet_id)) throw new SettlementError(`bet ${b.bet_id} given twice`);
    seen.add(b.bet_id);
    if (b.side !== 'BACK' && b.side !== 'LAY') throw new SettlementError(`bet ${b.bet_id}: bad side`);
    assertPrice(b.price, `bet ${b.bet_id} price`);
    assertSafeInt(b.stake_paise, `bet ${b.bet_id} stake_paise`, 1);
    assertTime(b.placed_at_ms, `bet ${b.bet_id} placed_at_ms`);
    if (b.matched_at_ms !== undefined) assertTime(b.matched_at_ms, `bet ${b.bet_id} matched_at_ms`);
  }
  const removed = new Set<string>();
  for (const r of input.removals ?? []) {
    if (removed.has(r.selection_id)) throw new SettlementError(`runner ${r.selection_id} removed twice`);
    removed.add(r.selection_id);
    assertBp(r.reduction_factor_bp, 'reduction_factor_bp');
    assertTime(r.removed_at_ms, 'removed_at_ms');
  }
  for (const w of input.void_windows ?? []) {
    assertTime(w.from_ms, 'void window from_ms');
    assertTime(w.to_ms, 'void window to_ms');
    if (w.from_ms > w.to_ms) throw new SettlementError('void window from_ms is after to_ms');
  }
}

/**
 * Settles one market: per-bet outcomes, per-user results with commission on NET market winnings,
 * and the ledger movements (user ↔ house) that carry them out.
 *
 * Order of rules per bet: whole-market void; bet on a removed runner (NON_RUNNER); bet on a
 * voided runner (SELECTION_VOID); named in void_bet_ids (BET_VOID); placed inside a void window
 * (TIME_WINDOW); otherwise settle at the reduced price with the dead-heat share; then a conduct
 * void removes the bet only if its exact profit is positive (spec §6: only winning bets are
 * voided). A user's net is the exact sum of their bets rounded down (against the bettor), once:
 * the rule of the position shown, the exposure held and the cash-out quote (DOMAIN.md), so a
 * market settles to the paisa the bettor was shown. A fill's own `profit_paise` is its exact
 * profit rounded toward zero (never more than it risked), for reading; the money moves by the
 * user's net, and the bet history shows each bet's share of it (exchange/settler.ts).
 *
 * Deterministic: the same input gives the same output, and the per-user numbers and movements do
 * not depend on the order of the bets. Unsettle = reverse the movements (see `reverseMovements`);
 * settling again with the same facts gives the same numbers.
 */
export function settleMarket(input: SettleMarketInput): MarketSettlement {
  const market_id = input.market.market_id;
  const kind: SettleMarketKind = input.market.kind ?? 'MATCH_ODDS';
  if (kind !== 'MATCH_ODDS' && kind !== 'PLACE')
    throw new SettlementError(`unknown market kind ${String(kind)}`);
  const commission_bp = input.market.commission_bp ?? DEFAULT_COMMISSION_BP;
  assertBp(commission_bp, 'commission_bp');
  validate(input);

  const marketVoid = input.void_market ?? null;
  const shares = marketVoid ? new Map<string, StakeFraction>() : winShares(input, kind);
  const removals = input.removals ?? [];
  const removed = new Set(removals.map((r) => r.selection_id));
  const voidSelections = new Set(input.void_selections ?? []);
  const windows = input.void_windows ?? [];
  const voidBets = new Set(input.void_bet_ids ?? []);
  const conductUsers = new Set(input.conduct_voids?.user_ids ?? []);
  const conductBets = new Set(input.conduct_voids?.bet_ids ?? []);

  // The exact (unrounded) profit of every bet, by index; a user's result is rounded once from the sum.
  const exact: ExactPaise[] = [];
  const bets: SettledBet[] = input.bets.map((b) => {
    const base = {
      bet_id: b.bet_id,
      user_id: b.user_id,
      selection_id: b.selection_id,
      side: b.side,
      stake_paise: b.stake_paise,
      price: b.price,
    };
    exact.push(EXACT_ZERO);
    const voided = (reason: BetVoidReason, settled_price = b.price): SettledBet => ({
      ...base,
      settled_price,
      outcome: 'VOID',
      void_reason: reason,
      dead_heat: null,
      profit_paise: 0,
    });
    if (marketVoid) return voided(marketVoid.reason);
    if (removed.has(b.selection_id)) return voided('NON_RUNNER');
    if (voidSelections.has(b.selection_id)) return voided('SELECTION_VOID');
    if (voidBets.has(b.bet_id)) return voided('BET_VOID');
    if (windows.some((w) => w.from_ms <= b.placed_at_ms && b.placed_at_ms <= w.to_ms))
      return voided('TIME_WINDOW');

    const settled_price =
      removals.length > 0
        ? reducedPrice(kind, { ...b, matched_at_ms: b.matched_at_ms ?? b.placed_at_ms }, removals)
        : b.price;
    const share = shares.get(b.selection_id) ?? LOSER;
    const x = betProfitExact(b.side, settled_price, b.stake_paise, share);
    if (x.num > 0n && (conductUsers.has(b.user_id) || conductBets.has(b.bet_id)))
      return voided('CONDUCT', settled_price);
    exact[exact.length - 1] = x;
    const profit_paise = truncExact(x);
    const runnerWon = share.num > 0;
    return {
      ...base,
      settled_price,
      outcome: runnerWon === (b.side === 'BACK') ? 'WON' : 'LOST',
      void_reason: null,
      dead_heat: runnerWon && share.num !== share.den ? share : null,
      profit_paise,
    };
  });

  const acc = new Map<
    string,
    { won: number; lost: number; exact: ExactPaise; voidStake: number; betCount: number; voidCount: number }
  >();
  bets.forEach((b, i) => {
    let a = acc.get(b.user_id);
    if (!a) {
      a = { won: 0, lost: 0, exact: EXACT_ZERO, voidStake: 0, betCount: 0, voidCount: 0 };
      acc.set(b.user_id, a);
    }
    a.betCount += 1;
    if (b.outcome === 'VOID') {
      a.voidCount += 1;
      a.voidStake += b.stake_paise;
      return;
    }
    if (b.profit_paise > 0) a.won += b.profit_paise;
    else a.lost -= b.profit_paise;
    a.exact = addExact(a.exact, exact[i] ?? EXACT_ZERO);
  });

  const users: SettledUser[] = [...acc.keys()].sort(byCodeUnit).map((user_id) => {
    const a = acc.get(user_id)!;
    for (const v of [a.won, a.lost, a.voidStake])
      if (!Number.isSafeInteger(v)) throw new SettlementError('amount out of the safe integer range');
    // One rounding per user and market, down (against the bettor), from the exact sum: the figure
    // the position showed for this outcome, and never more than the exposure held for it (which is
    // that same figure, rounded the same way).
    const net = floorExact(a.exact);
    const commission = commissionPaise(net, commission_bp);
    return {
      user_id,
      won_paise: a.won,
      lost_paise: a.lost,
      rounding_paise: net - (a.won - a.lost),
      net_paise: net,
      commission_paise: commission,
      balance_change_paise: net - commission,
      void_stake_paise: a.voidStake,
      bet_count: a.betCount,
      void_count: a.voidCount,
    };
  });

  const movements: SettlementMovement[] = [];
  for (const u of users) {
    const move = (kind: SettlementMovement['kind'], user_delta_paise: number): void => {
      movements.push({
        key: `${market_id}/${u.user_id}/${kind}`,
        market_id,
        user_id: u.user_id,
        kind,
        user_delta_paise,
      });
    };
    if (u.net_paise > 0) move('MARKET_WIN', u.net_paise);
    else if (u.net_paise < 0) move('MARKET_LOSS', u.net_paise);
    if (u.commission_paise > 0) move('COMMISSION', -u.commission_paise);
  }

  const users_net_paise = users.reduce((s, u) => s + u.net_paise, 0);
  const commission_paise = users.reduce((s, u) => s + u.commission_paise, 0);
  return {
    market_id,
    kind,
    commission_bp,
    bets,
    users,
    movements,
    totals: { users_net_paise, commission_paise, house_paise: commission_paise - users_net_paise },
  };
}

/**
 * Unsettle: the movements that undo a settlement (same amounts, opposite sign, key prefixed
 * `reverse:`). The server books them as new transfers (a correction is never an edit); the market
 * can then be settled again and, with the same facts, produces the same movements as before.
 */
export function reverseMovements(movements: readonly SettlementMovement[]): SettlementMovement[] {
  return movements.map((m) => ({ ...m, key: `reverse:${m.key}`, user_delta_paise: -m.user_delta_paise }));
}
