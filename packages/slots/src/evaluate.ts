import { REELS, ROWS, type Grid, type Slot } from './types.ts';

export interface LineWin {
  /** Payline index (0-based). */
  readonly line: number;
  /** The symbol the line pays for (the wild when wilds alone pay more). */
  readonly symbol: number;
  /** Reels in the run, from the leftmost (3, 4 or 5). */
  readonly count: number;
  /** Multiples of the line bet. */
  readonly pay: number;
}

export interface GridWin {
  readonly line_wins: readonly LineWin[];
  /** Sum of the line wins, in line bets. */
  readonly line_units: number;
  /** Scatters anywhere in the window. */
  readonly scatter_count: number;
  /** The scatter pay, in total stakes. */
  readonly scatter_pay: number;
}

/** The window a reel shows when it stops at `stop`: rows stop, stop+1, stop+2 (wrapping). */
export function gridAt(strips: readonly (readonly number[])[], stops: readonly number[]): number[][] {
  return strips.map((strip, reel) => {
    const stop = stops[reel]!;
    const out: number[] = [];
    for (let row = 0; row < ROWS; row++) out.push(strip[(stop + row) % strip.length]!);
    return out;
  });
}

/**
 * The pay of the symbols on one payline (leftmost reel first), in line bets, and what it pays
 * for. A run starts on reel 1; the wild stands for any regular symbol; a scatter breaks a run.
 * Leading wilds pay as wilds or as the symbol they complete, whichever is more (the usual rule).
 */
export function linePay(
  slot: Slot,
  symbols: readonly number[],
): { symbol: number; count: number; pay: number } {
  let wilds = 0;
  while (wilds < REELS && symbols[wilds] === slot.wild) wilds++;
  const wildPay = wilds >= 3 ? slot.symbols[slot.wild]!.pays[wilds - 3]! : 0;
  const first = symbols[wilds];
  if (first === undefined || first === slot.scatter) return { symbol: slot.wild, count: wilds, pay: wildPay };
  let count = wilds + 1;
  while (count < REELS && (symbols[count] === first || symbols[count] === slot.wild)) count++;
  const symbolPay = count >= 3 ? slot.symbols[first]!.pays[count - 3]! : 0;
  if (wildPay > symbolPay) return { symbol: slot.wild, count: wilds, pay: wildPay };
  return { symbol: first, count, pay: symbolPay };
}

export function scatterPay(slot: Slot, count: number): number {
  if (count < 3) return 0;
  return slot.symbols[slot.scatter]!.pays[Math.min(count, 5) - 3]!;
}

/** Every win a window holds. */
export function evaluateGrid(slot: Slot, grid: Grid): GridWin {
  const line_wins: LineWin[] = [];
  let line_units = 0;
  const on = new Array<number>(REELS);
  slot.lines.forEach((rows, line) => {
    for (let reel = 0; reel < REELS; reel++) on[reel] = grid[reel]![rows[reel]!]!;
    const win = linePay(slot, on);
    if (win.pay > 0) {
      line_wins.push({ line, ...win });
      line_units += win.pay;
    }
  });
  let scatter_count = 0;
  for (const reel of grid) for (const s of reel) if (s === slot.scatter) scatter_count++;
  return { line_wins, line_units, scatter_count, scatter_pay: scatterPay(slot, scatter_count) };
}
