import { evaluateGrid, gridAt, type LineWin } from './evaluate.ts';
import type { DrawBelow, Slot } from './types.ts';

/** Highest stake of one spin, in paise (₹10,000): a bound on what a round can move. */
export const STAKE_MAX_PAISE = 1_000_000;

export interface SpinOutcome {
  readonly free: boolean;
  readonly stops: readonly number[];
  /** grid[reel][row], symbol codes. */
  readonly grid: readonly (readonly string[])[];
  readonly line_wins: readonly LineWin[];
  readonly scatter_count: number;
  /** Free spins this spin awarded (0, or the award; less when the round's limit is reached). */
  readonly free_spins_awarded: number;
  readonly win_paise: number;
}

export interface RoundOutcome {
  readonly slot_id: string;
  readonly stake_paise: number;
  readonly spins: readonly SpinOutcome[];
  readonly win_paise: number;
}

/** Why a stake cannot be played, or null: a whole number of paise per line, within the limit. */
export function stakeProblem(slot: Slot, stake_paise: number): string | null {
  if (!Number.isSafeInteger(stake_paise) || stake_paise <= 0)
    return 'stake must be a positive whole number of paise';
  if (stake_paise > STAKE_MAX_PAISE) return `stake is above the limit of ${STAKE_MAX_PAISE} paise`;
  if (stake_paise % slot.lines.length !== 0)
    return `stake must divide into ${slot.lines.length} equal line bets`;
  return null;
}

function spin(
  slot: Slot,
  free: boolean,
  stake_paise: number,
  draw: DrawBelow,
): SpinOutcome & { triggered: boolean } {
  const strips = free ? slot.free_strips : slot.base_strips;
  const stops = strips.map((strip) => draw(strip.length));
  const grid = gridAt(strips, stops);
  const win = evaluateGrid(slot, grid);
  const line_bet_paise = stake_paise / slot.lines.length;
  const multiplier = free ? slot.free_spins.multiplier : 1;
  const win_paise = multiplier * (win.line_units * line_bet_paise + win.scatter_pay * stake_paise);
  return {
    free,
    stops,
    grid: grid.map((reel) => reel.map((s) => slot.symbols[s]!.code)),
    line_wins: win.line_wins,
    scatter_count: win.scatter_count,
    free_spins_awarded: 0,
    win_paise,
    triggered: win.scatter_count >= 3,
  };
}

/** One paid spin and every free spin it leads to: the whole round, one debit and one credit. */
export function playRound(slot: Slot, stake_paise: number, draw: DrawBelow): RoundOutcome {
  const problem = stakeProblem(slot, stake_paise);
  if (problem !== null) throw new Error(problem);
  const { award, per_round_max } = slot.free_spins;
  const spins: SpinOutcome[] = [];
  let awarded = 0;
  let remaining = 0;
  let free = false;
  for (;;) {
    const { triggered, ...outcome } = spin(slot, free, stake_paise, draw);
    const add = triggered ? Math.min(award, per_round_max - awarded) : 0;
    awarded += add;
    remaining += add;
    spins.push({ ...outcome, free_spins_awarded: add });
    if (remaining === 0) break;
    remaining--;
    free = true;
  }
  if (spins.length > per_round_max + 1) throw new Error('a round played more spins than its limit');
  const win_paise = spins.reduce((sum, s) => sum + s.win_paise, 0);
  if (!Number.isSafeInteger(win_paise) || win_paise < 0)
    throw new Error('round win is not a whole number of paise');
  return { slot_id: slot.id, stake_paise, spins, win_paise };
}
