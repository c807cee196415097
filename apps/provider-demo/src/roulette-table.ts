// The European roulette table: a live table (live-table.ts) whose round is a spin. The pocket is
// drawn (crypto.randomInt over the 37 pockets) when the window opens and shown only when the ball
// lands; a slip returns what `slipReturn` of @backlay/slots says for that pocket.
import { randomInt } from 'node:crypto';
import { POCKETS, ROULETTE_BETS_MAX, pocketColour, slipReturn, type PlacedBet } from '@backlay/slots';
import { LiveTable, type TableRules, type TableTiming } from './live-table.ts';
import type { RoundRunner } from './rounds.ts';

export const ROULETTE_GAME_ID = 'european-roulette';
export const ROULETTE_NAME = 'European Roulette';
/** The chips a player bets with, in paise (₹10 … ₹500). */
export const ROULETTE_CHIPS_PAISE = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000] as const;
/** Most one slip may stake (₹10,000). */
export const ROULETTE_SLIP_MAX_PAISE = 1_000_000;

export const rouletteRules: TableRules<PlacedBet, number> = {
  game_id: ROULETTE_GAME_ID,
  round_prefix: 'rt',
  playing_phase: 'SPINNING',
  draw: () => ({ drawn: randomInt(POCKETS), published: {} }),
  slipProblem(bets) {
    if (bets.length === 0 || bets.length > ROULETTE_BETS_MAX)
      return `A slip holds 1 to ${ROULETTE_BETS_MAX} bets.`;
    if (bets.some((b) => !(ROULETTE_CHIPS_PAISE as readonly number[]).includes(b.stake_paise)))
      return 'Each bet is one of the chips offered.';
    const total = bets.reduce((s, b) => s + b.stake_paise, 0);
    if (total > ROULETTE_SLIP_MAX_PAISE)
      return `A slip may stake at most ${ROULETTE_SLIP_MAX_PAISE / 100} rupees.`;
    return null;
  },
  slipReturn: (bets, pocket) => slipReturn(bets, pocket),
  reveal: (pocket) => ({ pocket, colour: pocketColour(pocket) }),
};

export function rouletteTable(runner: RoundRunner, timing: TableTiming) {
  return new LiveTable(runner, rouletteRules, timing);
}
