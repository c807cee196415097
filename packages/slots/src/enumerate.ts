// Brute force over every stop combination of the base game (L^5 windows, each evaluated by the
// same evaluateGrid that plays a live spin). It checks the closed forms of math.ts and gives
// what they do not: the hit frequency and the variance of a paid spin's base-game win.
import { evaluateGrid, gridAt } from './evaluate.ts';
import { REELS, type Slot } from './types.ts';

/** Most windows one enumeration may visit (the longest strips allowed give 64^5, too many). */
export const ENUMERATION_STOPS_MAX = 50_000_000;

export interface BaseEnumeration {
  readonly stops: number;
  /** Σ base win over all windows, in line bets (scatter pays counted as lines × their pay). */
  readonly win_units: number;
  /** Σ (win in line bets)^2. */
  readonly win_units_squared: number;
  /** Windows with any win. */
  readonly hits: number;
  /** Windows with 3 or more scatters. */
  readonly triggers: number;
}

export function enumerateBase(slot: Slot): BaseEnumeration {
  const strips = slot.base_strips;
  const stops = strips.reduce((p, s) => p * s.length, 1);
  if (stops > ENUMERATION_STOPS_MAX) throw new Error(`${stops} windows: above the enumeration limit`);
  const lines = slot.lines.length;
  const at = new Array<number>(REELS).fill(0);
  let win_units = 0;
  let win_units_squared = 0;
  let hits = 0;
  let triggers = 0;
  for (let n = 0; n < stops; n++) {
    const win = evaluateGrid(slot, gridAt(strips, at));
    const units = win.line_units + win.scatter_pay * lines;
    win_units += units;
    win_units_squared += units * units;
    if (units > 0) hits++;
    if (win.scatter_count >= 3) triggers++;
    // Odometer: reel 5 turns fastest.
    for (let reel = REELS - 1; reel >= 0; reel--) {
      at[reel]!++;
      if (at[reel]! < strips[reel]!.length) break;
      at[reel] = 0;
    }
  }
  return { stops, win_units, win_units_squared, hits, triggers };
}
