// Fancy (session) markets, one bet at a time (DOMAIN.md "Fancy (session) markets"): the house quotes
// No at a line and rate and Yes at a line and rate on a number r (runs, wickets…), a non-negative
// integer. What each variant pays for a result r:
//
//   RUNS, LAMBI  Yes at L wins stake·R/100 if r ≥ L, else loses the stake;
//                No at L wins the stake if r < L, else loses stake·R/100.
//   FANCY1       the same with r ∈ {0, 1} (the event did not / did happen) and L = 1.
//   KHADO        back (Yes) only: wins stake·R/100 if line ≤ r ≤ line_to, else loses the stake.
//   METER        per run: Yes at L makes (r − L)·stake·R/100, No at L makes (L − r)·stake·R/100,
//                a gain if positive and a loss if negative (no cap but the result's range).
//   ODD_EVEN     Yes = odd, No = even, each wins stake·R/100 or loses the stake; the line is ignored.
//
// ROUNDING (every variant; ../bookmaker/house.ts): a winning amount stake·R/100 rounds down to the
// paisa, a losing one rounds up, once per bet; for METER the per-run amount is rounded so (down on
// a gain, up on a loss) and then multiplied by the runs. This one function is both the settlement
// of a bet and its part of the exposure, so exposure = the worst settled loss exactly.
import {
  assertInt,
  assertRate,
  assertStake,
  ceilDiv,
  rateLossPaise,
  rateWinPaise,
  safePaise,
} from '../bookmaker/house.ts';

export type FancyVariant = 'RUNS' | 'LAMBI' | 'KHADO' | 'METER' | 'ODD_EVEN' | 'FANCY1';

export const FANCY_VARIANTS: readonly FancyVariant[] = [
  'RUNS',
  'LAMBI',
  'KHADO',
  'METER',
  'ODD_EVEN',
  'FANCY1',
];

/**
 * is_yes: Yes (back) or No (lay). For KHADO: back only, wins when line <= r <= line_to (line_to
 * required, inclusive). For ODD_EVEN: Yes = odd, No = even, each wins stake·rate/100 or loses stake
 * (line ignored, 0). For METER: Yes at L pays stake·(r−L)·rate/100 (loses when r < L), No at L pays
 * stake·(L−r)·rate/100; per-run amounts rounded per the rule. RUNS, LAMBI and FANCY1 (an event as
 * r ∈ {0,1}, line 1) follow DOMAIN.md's table. `line_to` is ignored by every variant but KHADO.
 */
export type FancyBet = { is_yes: boolean; line: number; line_to?: number; rate: number; stake_paise: number };

/**
 * A result settles bets; `dead_heat_count` (FANCY1 only, with value 1) is spec §9 "Top batsman:
 * dead-heat pays 50% on the rate": see `settleFancyBetPaise`.
 */
export type FancyOutcome = { kind: 'RESULT'; value: number; dead_heat_count?: number } | { kind: 'VOID' };

/** The largest result a variant can take: FANCY1's is 1 (an event), the others' the fancy's result_max. */
export function variantResultMax(variant: FancyVariant, result_max: number): number {
  assertInt(result_max, 'result_max', 0);
  return variant === 'FANCY1' ? Math.min(result_max, 1) : result_max;
}

export function assertVariant(variant: FancyVariant): void {
  if (!FANCY_VARIANTS.includes(variant)) throw new RangeError(`unknown fancy variant ${String(variant)}`);
}

/** Throws on a bet that cannot exist (the refusal turns a bettor's bad numbers away first). */
export function checkFancyBet(variant: FancyVariant, bet: FancyBet): void {
  assertVariant(variant);
  if (typeof bet.is_yes !== 'boolean') throw new RangeError('is_yes must be a boolean');
  assertRate(bet.rate);
  assertStake(bet.stake_paise);
  if (variant === 'ODD_EVEN') return; // the line plays no part
  assertInt(bet.line, 'line', 0);
  if (variant === 'FANCY1' && bet.line !== 1) throw new RangeError('a FANCY1 line is 1 (the event happens)');
  if (variant === 'KHADO') {
    if (!bet.is_yes) throw new RangeError('KHADO is back (Yes) only');
    if (bet.line_to === undefined) throw new RangeError('a KHADO bet needs line_to');
    assertInt(bet.line_to, 'line_to', bet.line);
  }
}

export function checkResult(variant: FancyVariant, result: number): void {
  assertInt(result, 'result', 0, variant === 'FANCY1' ? 1 : Number.MAX_SAFE_INTEGER);
}

/** runs × per-run amount, exactly, or a throw past the safe integer range. */
function times(runs: number, per_run_paise: number): number {
  return safePaise(runs * per_run_paise) || 0; // || 0: no −0 from 0 runs × a loss
}

/** The profit of a bet (a checked one) at result r: the rule table above, rounded per the rule. */
export function profitAt(variant: FancyVariant, bet: FancyBet, r: number): number {
  const win = rateWinPaise(bet.stake_paise, bet.rate);
  const stake = bet.stake_paise;
  switch (variant) {
    case 'RUNS':
    case 'LAMBI':
    case 'FANCY1':
      if (bet.is_yes) return r >= bet.line ? win : -stake;
      return r < bet.line ? stake : -rateLossPaise(stake, bet.rate);
    case 'KHADO':
      return bet.line <= r && r <= bet.line_to! ? win : -stake;
    case 'METER': {
      const runs = bet.is_yes ? r - bet.line : bet.line - r;
      return runs >= 0 ? times(runs, win) : times(runs, rateLossPaise(stake, bet.rate));
    }
    case 'ODD_EVEN':
      return (r % 2 === 1) === bet.is_yes ? win : -stake;
  }
}

/** Profit of one bet (negative: loss) if the fancy's result is `result`. */
export function fancyBetProfitPaise(variant: FancyVariant, bet: FancyBet, result: number): number {
  checkFancyBet(variant, bet);
  checkResult(variant, result);
  return profitAt(variant, bet, result);
}

/** Spec §9 "Top batsman: dead-heat pays 50% on the rate": a k-way dead heat pays 1/k of the rate (k = 2: half). */
export function deadHeatRateFactor(dead_heat_count: number): { num: 1; den: number } {
  assertInt(dead_heat_count, 'dead_heat_count', 1);
  return { num: 1, den: dead_heat_count };
}

/**
 * The settled profit of one bet: 0 when void, else its profit at the result.
 *
 * Dead heat (`dead_heat_count` k ≥ 2; FANCY1 only, where it means the bettor's event happened in a
 * k-way tie, so `value` is 1): the rate is divided by k (`deadHeatRateFactor`) on both sides, so a
 * winning Yes gets 1/k of its win and a losing No pays 1/k of its loss (a Yes and a No at the same
 * rate still cancel exactly). The amount is the bet's rounded result-1 figure divided by k and
 * rounded UP: then a user's dead-heat total is ≥ (their position at 1)/k ≥ −exposure, so a dead
 * heat never takes more than the exposure held (rounding a No's loss up and a Yes's win down could,
 * by a paisa). The house gives up < 1 paisa per bet.
 */
export function settleFancyBetPaise(variant: FancyVariant, bet: FancyBet, outcome: FancyOutcome): number {
  checkFancyBet(variant, bet);
  if (outcome.kind === 'VOID') return 0;
  if (outcome.kind !== 'RESULT') throw new RangeError('unknown outcome kind');
  const k = deadHeatRateFactor(outcome.dead_heat_count ?? 1).den;
  const profit = fancyBetProfitPaise(variant, bet, outcome.value);
  if (k === 1) return profit;
  if (variant !== 'FANCY1') throw new RangeError('a dead heat settles FANCY1 (an event) only');
  if (outcome.value !== 1) throw new RangeError('a dead heat means the event happened: value 1');
  return ceilDiv(profit, k);
}
