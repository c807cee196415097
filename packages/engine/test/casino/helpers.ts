// Shared by the game tests: settle one bet of 100 rupees on each option and read the profits.
import { expect } from 'vitest';
import { cards, type CasinoGame } from '../../src/index.ts';

export const STAKE = 10_000; // ₹100 in paise

/** Profit in paise of ₹100 on every option of `game` for the dealt `codes`. */
export function profits(game: CasinoGame, codes: string): Record<string, number> {
  const result = game.result(cards(codes));
  const bets = game.options.map((o) => ({ option_id: o.id, stake_paise: STAKE }));
  const p = game.settle(bets, result);
  return Object.fromEntries(game.options.map((o, i) => [o.id, p[i]!]));
}

/** Each option's profit on ₹100: `winners` (id → payout hundredths, or 'half'/'push'), all others −₹100. */
export function expectProfits(
  game: CasinoGame,
  codes: string,
  winners: Record<string, number | 'half' | 'push'>,
) {
  const want = Object.fromEntries(
    game.options.map((o) => {
      const w = winners[o.id];
      const v =
        w === undefined ? -STAKE : w === 'half' ? -STAKE / 2 : w === 'push' ? 0 : (STAKE * (w - 100)) / 100;
      return [o.id, v];
    }),
  );
  for (const id of Object.keys(winners)) expect(game.options.map((o) => o.id)).toContain(id);
  expect(profits(game, codes)).toEqual(want);
}
