// The oracle of the fancy tests: each variant's profit straight from the rule table (DOMAIN.md and
// the brief), in BigInt, and sums by brute force over every result. Nothing here is shared with src.
import type { FancyBet, FancyVariant } from '../../src/index.ts';

const floor100 = (n: bigint): bigint => n / 100n; // n ≥ 0
const ceil100 = (n: bigint): bigint => (n + 99n) / 100n; // n ≥ 0

/** One bet's profit at result r: a winning stake·rate/100 floored, a losing one ceiled (METER: per run). */
export function referenceProfit(variant: FancyVariant, b: FancyBet, r: number): bigint {
  const s = BigInt(b.stake_paise);
  const sr = s * BigInt(b.rate);
  const win = floor100(sr);
  const loss = ceil100(sr);
  switch (variant) {
    case 'RUNS':
    case 'LAMBI':
    case 'FANCY1':
      if (b.is_yes) return r >= b.line ? win : -s;
      return r < b.line ? s : -loss;
    case 'KHADO':
      return r >= b.line && r <= b.line_to! ? win : -s;
    case 'METER': {
      const d = BigInt(b.is_yes ? r - b.line : b.line - r);
      return d >= 0n ? d * win : d * loss;
    }
    case 'ODD_EVEN':
      return (r % 2 === 1) === b.is_yes ? win : -s;
  }
}

export function referenceSum(variant: FancyVariant, bets: readonly FancyBet[], r: number): number {
  return Number(bets.reduce((t, b) => t + referenceProfit(variant, b, r), 0n));
}

/** The largest result of the variant: FANCY1 is an event (0 or 1). */
export const topOf = (variant: FancyVariant, result_max: number): number =>
  variant === 'FANCY1' ? Math.min(1, result_max) : result_max;

export function bruteExposure(variant: FancyVariant, bets: readonly FancyBet[], result_max: number): number {
  let min = 0;
  for (let r = 0; r <= topOf(variant, result_max); r++) min = Math.min(min, referenceSum(variant, bets, r));
  return -min || 0;
}
