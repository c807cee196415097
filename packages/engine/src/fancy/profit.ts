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
// ROUNDING (every variant; issue 28): one rounding per outcome, against the bettor. A bet's profit
// at a result is exact in hundredths of a paisa (stake·R/100, METER's runs·stake·R/100: integers
// once multiplied by 100); a bettor's position at a result is the exact sum over their bets,
// rounded once, toward −∞ (a gain down, a loss up). The bet check, recomputeHolds (exposure =
// −the worst rounded position), the book and the settlement (`settleFancyBetsPaise`: the user's
// bets' amounts add up to exactly that rounded position) all use it, so exposure = the worst
// settled loss exactly, and a hedge at one rate costs no paisa per bet.
import {
  assertInt,
  assertRate,
  assertStake,
  floorDivBig,
  safePaise,
  shareRoundedTotal,
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

/** The exact profit of a (checked) bet at result r, in hundredths of a paisa: the rule table above. */
export function exactProfitCenti(variant: FancyVariant, bet: FancyBet, r: number): bigint {
  const stake = BigInt(bet.stake_paise) * 100n;
  const win = BigInt(bet.stake_paise) * BigInt(bet.rate); // stake·R/100 paise, ×100
  switch (variant) {
    case 'RUNS':
    case 'LAMBI':
    case 'FANCY1':
      if (bet.is_yes) return r >= bet.line ? win : -stake;
      return r < bet.line ? stake : -win;
    case 'KHADO':
      return bet.line <= r && r <= bet.line_to! ? win : -stake;
    case 'METER':
      return BigInt(bet.is_yes ? r - bet.line : bet.line - r) * win;
    case 'ODD_EVEN':
      return (r % 2 === 1) === bet.is_yes ? win : -stake;
  }
}

/** The profit of one bet alone at result r, rounded once toward −∞ (its position if it were alone). */
export function profitAt(variant: FancyVariant, bet: FancyBet, r: number): number {
  return safePaise(floorDivBig(exactProfitCenti(variant, bet, r), 100n));
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
 * One user's bets on a fancy settled on `outcome` (the rounding rule above): their total is the
 * exact sum rounded once toward −∞, and each bet gets its exact share rounded down or up so that the
 * amounts add up to that total (the paise left by rounding each share down go to the bets with the
 * largest remainders, earliest first): the bets' history adds up to the ledger's one movement.
 *
 * Dead heat (`dead_heat_count` k ≥ 2; FANCY1 only, where it means the bettor's event happened in a
 * k-way tie, so `value` is 1): the rate is divided by k (`deadHeatRateFactor`) on both sides, so a
 * winning Yes gets 1/k of its win and a losing No pays 1/k of its loss (a Yes and a No at the same
 * rate still cancel exactly). The exact total at 1 divided by k, rounded down, is never below the
 * rounded position at 1, so a dead heat never takes more than the exposure held.
 */
export function settleFancyBetsPaise(
  variant: FancyVariant,
  bets: readonly FancyBet[],
  outcome: FancyOutcome,
): number[] {
  for (const b of bets) checkFancyBet(variant, b);
  if (outcome.kind === 'VOID') return bets.map(() => 0);
  if (outcome.kind !== 'RESULT') throw new RangeError('unknown outcome kind');
  const k = deadHeatRateFactor(outcome.dead_heat_count ?? 1).den;
  checkResult(variant, outcome.value);
  if (k > 1 && variant !== 'FANCY1') throw new RangeError('a dead heat settles FANCY1 (an event) only');
  if (k > 1 && outcome.value !== 1) throw new RangeError('a dead heat means the event happened: value 1');
  const d = 100n * BigInt(k);
  const exact = bets.map((b) => exactProfitCenti(variant, b, outcome.value));
  return shareRoundedTotal(exact, d, 'fancy');
}

/** One bet settled alone (`settleFancyBetsPaise` of that bet): 0 when void, else its rounded profit. */
export function settleFancyBetPaise(variant: FancyVariant, bet: FancyBet, outcome: FancyOutcome): number {
  return settleFancyBetsPaise(variant, [bet], outcome)[0]!;
}
