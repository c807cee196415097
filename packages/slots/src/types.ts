// The shape of a video slot: symbols with their pays, paylines, reel strips and the free-spin
// feature. Every slot of the demo provider is 5 reels × 3 rows. Pays are small integers, so
// every win is an exact number of paise (no rounding anywhere).

export const REELS = 5;
export const ROWS = 3;
/** Longest reel strip a slot may have: keeps the exact enumeration (L^5 stops) within reach. */
export const STRIP_LENGTH_MAX = 64;
/** Most paylines a slot may have. */
export const LINES_MAX = 50;
/** Most free spins one round may award, retriggers included (a bound on a round's length). */
export const FREE_SPINS_PER_ROUND_MAX = 200;

export type SymbolKind = 'regular' | 'wild' | 'scatter';

export interface SlotSymbol {
  /** One to three letters, used in the strips' text and on the wire. */
  readonly code: string;
  readonly name: string;
  readonly kind: SymbolKind;
  /**
   * Pays for 3, 4 and 5 of a kind. A regular symbol or the wild: multiples of the line bet, for a
   * run from the leftmost reel along a payline. The scatter: multiples of the total stake, for
   * that many scatters anywhere in the window.
   */
  readonly pays: readonly [number, number, number];
}

export interface FreeSpinsFeature {
  /** Free spins awarded by 3 or more scatters (again during free spins: a retrigger). */
  readonly award: number;
  /** Every free-spin win (lines and scatters) is multiplied by this. */
  readonly multiplier: number;
  /** Most free spins awarded in one round; retriggers beyond it award nothing. */
  readonly per_round_max: number;
}

/** A slot as written in its game file (symbol codes in the strips). */
export interface SlotSpec {
  readonly id: string;
  readonly name: string;
  readonly symbols: readonly SlotSymbol[];
  /** Each payline: the row (0 top … 2 bottom) on each of the 5 reels. */
  readonly lines: readonly (readonly number[])[];
  /** Each reel strip as space-separated symbol codes, read top to bottom, wrapping around. */
  readonly base_strips: readonly string[];
  readonly free_strips: readonly string[];
  readonly free_spins: FreeSpinsFeature;
}

/** A slot compiled for play: strips as symbol indices, wild and scatter found. */
export interface Slot extends Omit<SlotSpec, 'base_strips' | 'free_strips'> {
  readonly base_strips: readonly (readonly number[])[];
  readonly free_strips: readonly (readonly number[])[];
  readonly wild: number;
  readonly scatter: number;
}

/** The 3 visible rows of each reel: grid[reel][row] is a symbol index. */
export type Grid = readonly (readonly number[])[];

/** Uniform integer in [0, bound): the only randomness a slot uses (injected). */
export type DrawBelow = (bound: number) => number;
