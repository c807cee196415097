// Whole rounds at random, for every game: a provably fair shuffle of a random seed, the deal, the
// result and the settlement of random bets. Every card is dealt at most once; every bet gets back
// nothing, half its stake, its stake, or its stake times the option's payout (rounded down to the
// paisa), never more; the house's result is exactly what the bettors lose.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amarAkbarAnthony,
  andarBahar,
  cardCode,
  dragonTiger,
  lucky7,
  shuffle,
  teenPatti,
  thirtyTwoCards,
  type CasinoGame,
} from '../../src/index.ts';
import { hmac } from './crypto.ts';

const GAMES: readonly CasinoGame[] = [
  dragonTiger,
  lucky7,
  teenPatti,
  andarBahar,
  thirtyTwoCards,
  amarAkbarAnthony,
];

describe('casino rounds at random: the deal and the money', () => {
  for (const game of GAMES) {
    it(`${game.name}: each card dealt once, each bet paid by its option's rule, the house gets what bettors lose`, () => {
      const optionIds = game.options.map((o) => o.id);
      const payoutOf = new Map(game.options.map((o) => [o.id, o.payout]));
      fc.assert(
        fc.property(
          fc.string({ minLength: 1, maxLength: 32 }),
          fc.integer({ min: 1, max: 1_000_000 }),
          fc.array(
            fc.record({
              option_id: fc.constantFrom(...optionIds),
              stake_paise: fc.integer({ min: 1, max: 10_000_000 }),
            }),
            { minLength: 1, maxLength: 20 },
          ),
          (seed, roundId, bets) => {
            const dealt = game.deal(shuffle(seed, roundId, game.deck(), hmac));
            const codes = dealt.map(cardCode);
            expect(new Set(codes).size).toBe(codes.length);
            const result = game.result(dealt);
            const profits = game.settle(bets, result);
            expect(profits).toHaveLength(bets.length);
            let staked = 0;
            let returned = 0;
            bets.forEach((b, i) => {
              const p = profits[i]!;
              expect(Number.isSafeInteger(p)).toBe(true);
              const back = b.stake_paise + p;
              const outcome = result.outcomes[b.option_id];
              const allowed = [0];
              if (outcome?.kind === 'half-lose') allowed.push(b.stake_paise - Math.ceil(b.stake_paise / 2));
              if (outcome?.kind === 'push') allowed.push(b.stake_paise);
              if (outcome?.kind === 'win') allowed.push(Math.floor((b.stake_paise * outcome.payout) / 100));
              expect(allowed).toContain(back);
              // A win never pays more than the option's best payout anywhere in the game.
              const best = Math.max(payoutOf.get(b.option_id)!, outcome?.kind === 'win' ? outcome.payout : 0);
              expect(back).toBeLessThanOrEqual(Math.floor((b.stake_paise * best) / 100));
              staked += b.stake_paise;
              returned += back;
            });
            const house = staked - returned;
            // Added, not negated: -0 and +0 differ under Object.is when nobody wins or loses.
            expect(house + profits.reduce((s, p) => s + p, 0)).toBe(0);
          },
        ),
        { numRuns: 200 },
      );
    });
  }
});
