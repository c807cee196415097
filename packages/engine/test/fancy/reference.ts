// The oracle of the fancy tests: each variant's profit straight from the rule table (DOMAIN.md and
// the brief), exact in BigInt, a user's sum rounded once per result, and the brute force over
// every result. Nothing here is shared with src.
import type { FancyBet, FancyVariant } from '../../src/index.ts';

/** floor(n / d), d > 0, for any sign of n (BigInt division truncates toward zero). */
export const floorBig = (n: bigint, d: bigint): bigint => (n >= 0n ? n / d : -((-n + d - 1n) / d));

/** One bet's exact profit at result r, ×100 (hundredths of a paisa): stake·rate/100 unrounded (METER: per run). */
export function referenceProfit(variant: FancyVariant, b: FancyBet, r: number): bigint {
  const s = BigInt(b.stake_paise) * 100n;
  const win = BigInt(b.stake_paise) * BigInt(b.rate);
  switch (variant) {
    case 'RUNS':
    case 'LAMBI':
    case 'FANCY1':
      if (b.is_yes) return r >= b.line ? win : -s;
      return r < b.line ? s : -win;
    case 'KHADO':
      return r >= b.line && r <= b.line_to! ? win : -s;
    case 'METER':
      return BigInt(b.is_yes ? r - b.line : b.line - r) * win;
    case 'ODD_EVEN':
      return (r % 2 === 1) === b.is_yes ? win : -s;
  }
}

/** A user's position at r: the exact sum of their bets' profits, rounded once toward −∞ (issue 28). */
export function referenceSum(variant: FancyVariant, bets: readonly FancyBet[], r: number): number {
  return Number(
    floorBig(
      bets.reduce((t, b) => t + referenceProfit(variant, b, r), 0n),
      100n,
    ),
  );
}

/** The largest result of the variant: FANCY1 is an event (0 or 1). */
export const topOf = (variant: FancyVariant, result_max: number): number =>
  variant === 'FANCY1' ? Math.min(1, result_max) : result_max;

export function bruteExposure(variant: FancyVariant, bets: readonly FancyBet[], result_max: number): number {
  let min = 0;
  for (let r = 0; r <= topOf(variant, result_max); r++) min = Math.min(min, referenceSum(variant, bets, r));
  return -min || 0;
}
