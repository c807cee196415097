// A user's profit on one fancy as a function of the result r, its exposure and its "book" (the
// table of profit by result the bettor is shown).
//
// Σ profits is never scanned over every result. Each bet's profit is a piecewise-linear function
// of r (flat for every variant but METER) whose pieces change only at its breakpoints: its line
// (RUNS, LAMBI, FANCY1, METER), line and line_to + 1 (KHADO); ODD_EVEN is two classes (even, odd).
// Between consecutive breakpoints the sum is flat (steps: every variant but METER) or linear and
// continuous (METER's pieces meet at the line, no jumps), so its minimum over the integers in
// [0, result_max] is at 0, result_max or a breakpoint: sort the breakpoints, sweep once,
// O(bets · log bets). Exact BigInt sums in hundredths of a paisa (a METER line near 999 runs
// times a large stake passes 2^53 quickly), rounded once per result toward −∞ (profit.ts's rule, as
// `settleFancyBetsPaise` settles), so exposure = −(the worst settled total) exactly.
import type { FancyBet, FancyVariant } from './profit.ts';
import { checkFancyBet, exactProfitCenti, variantResultMax } from './profit.ts';
import { floorDivBig, safePaise } from '../bookmaker/house.ts';

/** A position in hundredths of a paisa rounded once, toward −∞, to paise. */
const roundedPaise = (centi: bigint) => safePaise(floorDivBig(centi, 100n));

/** From x on, the sum gains `jump` once and `slope` per result: profit(r) has `slope·(r − x) + jump` for r ≥ x (hundredths of a paisa). */
interface Step {
  readonly x: number;
  readonly jump: bigint;
  readonly slope: bigint;
}

/** Σ exact profit(r) in hundredths of a paisa for a sweep: `at` takes non-decreasing r. `breakpoints` are the x of the pieces. */
interface Profile {
  readonly breakpoints: readonly number[];
  readonly at: (r: number) => bigint;
}

function oddEvenProfile(bets: readonly FancyBet[]): Profile {
  let even = 0n;
  let odd = 0n;
  for (const b of bets) {
    even += exactProfitCenti('ODD_EVEN', b, 0);
    odd += exactProfitCenti('ODD_EVEN', b, 1);
  }
  return { breakpoints: [0, 1], at: (r) => (r % 2 === 1 ? odd : even) };
}

/** Every other variant as base + slope·r at r = 0 and steps (see the rule table in profit.ts). */
function stepProfile(variant: FancyVariant, bets: readonly FancyBet[]): Profile {
  let base = 0n;
  let slope = 0n;
  const steps: Step[] = [];
  for (const b of bets) {
    // Exact, ×100: the stake and stake·R/100 (what a bet at rate R wins or, on a No, loses).
    const stake = BigInt(b.stake_paise) * 100n;
    const win = BigInt(b.stake_paise) * BigInt(b.rate);
    const loss = win;
    const line = BigInt(b.line);
    switch (variant) {
      case 'RUNS':
      case 'LAMBI':
      case 'FANCY1':
        // Yes: −stake below the line, +win from it on. No: +stake below, −loss from it on.
        base += b.is_yes ? -stake : stake;
        steps.push({ x: b.line, jump: b.is_yes ? win + stake : -(stake + loss), slope: 0n });
        break;
      case 'KHADO':
        // −stake outside the band [line, line_to], +win inside it.
        base -= stake;
        steps.push({ x: b.line, jump: win + stake, slope: 0n });
        steps.push({ x: b.line_to! + 1, jump: -(win + stake), slope: 0n });
        break;
      case 'METER':
        // Yes: (r − L)·loss below the line (a loss per run short), (r − L)·win from it (a gain per run
        // over). No: (L − r)·win below, (L − r)·loss from it. Both change slope by win − loss at L.
        base += b.is_yes ? -line * loss : line * win;
        slope += b.is_yes ? loss : -win;
        steps.push({ x: b.line, jump: 0n, slope: win - loss });
        break;
      case 'ODD_EVEN':
        throw new RangeError('ODD_EVEN has no steps');
    }
  }
  steps.sort((p, q) => p.x - q.x);
  let i = 0;
  let jumps = 0n; // Σ jump of the steps at or before r
  let slopes = 0n; // Σ slope of those steps
  let slopeXs = 0n; // Σ slope·x of those steps
  let last = -1;
  return {
    breakpoints: steps.map((s) => s.x),
    at: (r) => {
      if (r < last) throw new RangeError('a profile is swept in order');
      last = r;
      for (; i < steps.length && steps[i]!.x <= r; i++) {
        const s = steps[i]!;
        jumps += s.jump;
        slopes += s.slope;
        slopeXs += s.slope * BigInt(s.x);
      }
      const rb = BigInt(r);
      return base + slope * rb + jumps + slopes * rb - slopeXs;
    },
  };
}

function profile(variant: FancyVariant, bets: readonly FancyBet[]): Profile {
  for (const b of bets) checkFancyBet(variant, b);
  return variant === 'ODD_EVEN' ? oddEvenProfile(bets) : stepProfile(variant, bets);
}

/**
 * Exposure of a user's bets on one fancy = max(0, −min over every integer result in [0, result_max]
 * of Σ profits), from the breakpoints (see the top of this file), never by scanning the range.
 * `result_max` bounds every variant (METER's No loses more per run without end; e.g. 999); FANCY1's
 * results are 0 and 1 whatever it is.
 */
export function fancyExposurePaise(
  variant: FancyVariant,
  bets: readonly FancyBet[],
  result_max: number,
): number {
  const top = variantResultMax(variant, result_max);
  const p = profile(variant, bets);
  const points = [0, top];
  for (const x of p.breakpoints) points.push(x);
  const inRange = [...new Set(points)].filter((r) => r >= 0 && r <= top).sort((a, b) => a - b);
  let min = 0n;
  for (const r of inRange) {
    const v = p.at(r);
    if (v < min) min = v;
  }
  return -roundedPaise(min) || 0;
}

/** The lines a book is shown around: every line (KHADO: and line_to); ODD_EVEN's is 0, FANCY1's 1. */
function shownLines(variant: FancyVariant, b: FancyBet): number[] {
  if (variant === 'ODD_EVEN') return [0];
  return variant === 'KHADO' ? [b.line, b.line_to!] : [b.line];
}

/**
 * The book: profit by result, one row per integer result from (lowest line − 2) to (highest line
 * + 2) clamped to [0, result_max] (DOMAIN.md); [] when there are no bets (or no row in range).
 */
export function fancyBook(
  variant: FancyVariant,
  bets: readonly FancyBet[],
  result_max: number,
): { result: number; profit_paise: number }[] {
  const top = variantResultMax(variant, result_max);
  const p = profile(variant, bets);
  if (bets.length === 0) return [];
  let lo = Infinity;
  let hi = -Infinity;
  for (const b of bets)
    for (const line of shownLines(variant, b)) {
      lo = Math.min(lo, line);
      hi = Math.max(hi, line);
    }
  const from = Math.max(0, lo - 2);
  const to = Math.min(top, hi + 2);
  const rows: { result: number; profit_paise: number }[] = [];
  for (let r = from; r <= to; r++) rows.push({ result: r, profit_paise: roundedPaise(p.at(r)) });
  return rows;
}
