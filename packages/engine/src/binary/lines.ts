// The line pair of a binary session and what a bettor's bets make by settlement price: the fancy
// arithmetic (../fancy) with price levels in place of runs. Every line and price here is in
// HUNDREDTHS of a price point (an integer: 24,350.05 is 2435005), so a line step finer than a
// whole point (COMEX crude's $0.25) stays exact and no money is ever computed from a float.
// Yes at L wins when the settlement price ≥ L; No at L when it is < L; the result in the fancy
// arithmetic is the settlement price in hundredths itself.
import {
  fancyBetProfitPaise,
  fancyExposurePaise,
  settleFancyBetsPaise,
  type FancyBet,
} from '../fancy/index.ts';

/** Every binary line and result (hundredths) is at most this: 10,000,000.00 price points. */
export const BINARY_RESULT_MAX = 1_000_000_000;
export const BINARY_RATE = 100;

export type BinaryLinePair = { no_line: number; no_rate: number; yes_line: number; yes_rate: number };

/** A price (at most two decimals) in hundredths; throws on a third decimal or a non-positive one. */
export function toHundredths(price: number): number {
  if (!(price > 0) || !Number.isFinite(price)) throw new RangeError('price must be a positive number');
  const c = Math.round(price * 100);
  // Float noise (71.25 * 100 = 7124.999…) is forgiven; a real third decimal is not.
  if (Math.abs(c - price * 100) > 1e-6 * Math.max(1, c)) throw new RangeError('at most two decimals');
  if (c > BINARY_RESULT_MAX) throw new RangeError('price out of range');
  return c;
}

/**
 * The pair around a price (all hundredths): Yes at the first multiple of `step_c` above the
 * price, No one step below it ("No 24,340 @100 / Yes 24,350 @100" at 24,345.60). Both lose when
 * the session closes in [no_line, yes_line): the house's margin. A price on a multiple moves the
 * pair up (24,350.00: No 24,350 / Yes 24,360), so the price is always inside the gap.
 */
export function binaryLinePair(price_c: number, step_c: number, rate = BINARY_RATE): BinaryLinePair {
  if (!Number.isSafeInteger(price_c) || price_c < 1)
    throw new RangeError('price_c must be a positive integer');
  if (!Number.isSafeInteger(step_c) || step_c < 1) throw new RangeError('step_c must be a positive integer');
  const yes = (Math.floor(price_c / step_c) + 1) * step_c;
  if (yes > BINARY_RESULT_MAX) throw new RangeError('price out of range');
  return { no_line: yes - step_c, no_rate: rate, yes_line: yes, yes_rate: rate };
}

/** The result a settlement price (hundredths) stands for in the fancy arithmetic: itself. */
export function binaryResult(price_c: number): number {
  if (!Number.isSafeInteger(price_c) || price_c < 1 || price_c > BINARY_RESULT_MAX)
    throw new RangeError('price_c out of range');
  return price_c;
}

/** A user's exposure on a session (paise): the fancy's, over results 0 … BINARY_RESULT_MAX. */
export function binaryExposurePaise(bets: readonly FancyBet[]): number {
  return bets.length === 0 ? 0 : fancyExposurePaise('RUNS', bets, BINARY_RESULT_MAX);
}

/** Each bet's amount (paise, − a loss) when the session settles on `price_c` (one rounding per user). */
export function settleBinaryBetsPaise(bets: readonly FancyBet[], price_c: number | 'VOID'): number[] {
  return settleFancyBetsPaise(
    'RUNS',
    bets,
    price_c === 'VOID' ? { kind: 'VOID' } : { kind: 'RESULT', value: binaryResult(price_c) },
  );
}

/**
 * The book by settlement price (hundredths): one row per band [from, to) between consecutive
 * distinct lines (from null: below the lowest line; to null: at or above the highest), with the
 * position there. A user's total is flat between lines, so these rows are the whole table.
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
