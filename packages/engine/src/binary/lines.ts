// The line pair of a binary session and what a bettor's bets make by settlement price: the fancy
// arithmetic (../fancy) with whole price points in place of runs. Yes at L wins when the
// settlement price ≥ L; No at L when it is < L. A settlement price p counts as the result
// floor(p): for a whole line L, p ≥ L exactly when floor(p) ≥ L.
import {
  fancyBetProfitPaise,
  fancyExposurePaise,
  settleFancyBetsPaise,
  type FancyBet,
} from '../fancy/index.ts';

/** Every binary line and result is below this (the fancy arithmetic's result_max). */
export const BINARY_RESULT_MAX = 10_000_000;
export const BINARY_RATE = 100;

export type BinaryLinePair = { no_line: number; no_rate: number; yes_line: number; yes_rate: number };

/**
 * The pair around a price: Yes at the first multiple of `step` above the price, No one step
 * below it ("No 24,340 @100 / Yes 24,350 @100" at 24,345.60). Both lose when the session closes
 * in [no_line, yes_line): the house's margin. A price on a multiple moves the pair up (24,350.00:
 * No 24,350 / Yes 24,360), so the price is always inside the gap.
 */
export function binaryLinePair(price: number, step: number, rate = BINARY_RATE): BinaryLinePair {
  if (!(price > 0) || !Number.isFinite(price)) throw new RangeError('price must be a positive number');
  if (!Number.isSafeInteger(step) || step < 1) throw new RangeError('step must be a positive whole number');
  const yes = (Math.floor(price / step) + 1) * step;
  return { no_line: yes - step, no_rate: rate, yes_line: yes, yes_rate: rate };
}

/** The result a settlement price stands for in the fancy arithmetic. */
export function binaryResult(price: number): number {
  if (!(price > 0) || price >= BINARY_RESULT_MAX) throw new RangeError('price out of range');
  // 2 decimals at most: floor after removing float noise (24349.999999 is 24350).
  return Math.floor(Math.round(price * 100) / 100);
}

/** A user's exposure on a session (paise): the fancy's, over results 0 … BINARY_RESULT_MAX. */
export function binaryExposurePaise(bets: readonly FancyBet[]): number {
  return bets.length === 0 ? 0 : fancyExposurePaise('RUNS', bets, BINARY_RESULT_MAX);
}

/** Each bet's amount (paise, − a loss) when the session settles on `price` (one rounding per user). */
export function settleBinaryBetsPaise(bets: readonly FancyBet[], price: number | 'VOID'): number[] {
  return settleFancyBetsPaise(
    'RUNS',
    bets,
    price === 'VOID' ? { kind: 'VOID' } : { kind: 'RESULT', value: binaryResult(price) },
  );
}

/**
 * The book by settlement price: one row per band [from, to) between consecutive distinct lines
 * (from null: below the lowest line; to null: at or above the highest), with the position there.
 * A user's total is flat between lines, so these rows are the whole table, never a scan.
 */
export function binaryBook(
  bets: readonly FancyBet[],
): { from: number | null; to: number | null; profit_paise: number }[] {
  if (bets.length === 0) return [];
  const lines = [...new Set(bets.map((b) => b.line))].sort((a, b) => a - b);
  const at = (r: number) =>
    settleFancyBetsPaise('RUNS', bets, { kind: 'RESULT', value: r }).reduce((s, v) => s + v, 0);
  const rows: { from: number | null; to: number | null; profit_paise: number }[] = [
    { from: null, to: lines[0]!, profit_paise: at(Math.max(0, lines[0]! - 1)) },
  ];
  lines.forEach((l, i) => rows.push({ from: l, to: lines[i + 1] ?? null, profit_paise: at(l) }));
  return rows;
}

export { fancyBetProfitPaise as binaryBetProfitPaise };
