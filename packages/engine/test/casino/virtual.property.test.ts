// Whole virtual rounds at random (as rounds.property.test.ts for the card tables): a random seed
// and round, random bets on the round's options. Every bet gets back nothing or its stake times
// its option's payout (rounded down to the paisa), never more; the house's result is exactly what
// the bettors lose. And the registry: the card tables first, then Our Virtual.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUND_GAMES, roundGame, virtualCricket, virtualRacing, type RoundGame } from '../../src/index.ts';
import { hmac } from './crypto.ts';

const GAMES: readonly RoundGame[] = [virtualCricket, virtualRacing];

describe('virtual rounds at random: the money', () => {
  for (const game of GAMES) {
    it(
      `${game.name}: each bet paid by its option's payout or lost, payouts ≥ 1.01, the house gets what bettors lose`,
      { timeout: 60_000 },
      () => {
        fc.assert(
          fc.property(
            fc.string({ minLength: 1, maxLength: 32 }),
            fc.integer({ min: 1, max: 10_000_000 }),
            fc.array(fc.record({ pick: fc.nat(), stake_paise: fc.integer({ min: 1, max: 10_000_000 }) }), {
              minLength: 1,
              maxLength: 20,
            }),
            (seed, round, picks) => {
              const roundId = String(round);
              const options = game.options(roundId);
              for (const o of options) expect(o.payout).toBeGreaterThanOrEqual(101);
              const bets = picks.map((p) => ({
                option_id: options[p.pick % options.length]!.id,
                stake_paise: p.stake_paise,
              }));
              const { result } = game.play(seed, roundId, hmac);
              // The winners are options of this round, at this round's payouts.
              for (const [id, outcome] of Object.entries(result.outcomes))
                expect(outcome).toEqual({ kind: 'win', payout: options.find((o) => o.id === id)!.payout });
              const profits = game.settle(bets, result);
              expect(profits).toHaveLength(bets.length);
              let staked = 0;
              let returned = 0;
              bets.forEach((b, i) => {
                const back = b.stake_paise + profits[i]!;
                const payout = options.find((o) => o.id === b.option_id)!.payout;
                const won = result.outcomes[b.option_id] !== undefined;
                expect(back).toBe(won ? Math.floor((b.stake_paise * payout) / 100) : 0);
                staked += b.stake_paise;
                returned += back;
              });
              expect(staked - returned + profits.reduce((s, p) => s + p, 0)).toBe(0);
            },
          ),
          { numRuns: 200 },
        );
      },
    );
  }
});

describe('the registry', () => {
  it('lists the six card tables first, then virtual cricket and virtual racing in the virtual series', () => {
    expect(ROUND_GAMES.map((g) => g.series)).toEqual([
      ...Array<string>(6).fill('ourcasino'),
      'virtual',
      'virtual',
    ]);
    expect(ROUND_GAMES.slice(6).map((g) => g.id)).toEqual(['virtual_cricket', 'virtual_racing']);
    expect(roundGame('virtual_racing')).toBe(virtualRacing);
    expect(new Set(ROUND_GAMES.map((g) => g.id)).size).toBe(ROUND_GAMES.length);
  });
});
