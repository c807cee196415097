// What the server's round scheduler runs: one round of any in-house table, card game or virtual
// game alike. A round is a list of public steps revealed one by one (card codes, balls, the running
// order of a race) and a result, both a pure function of (server seed, round id) through the
// provably fair HMAC stream, so anyone recomputes them once the seed is revealed.
import { cardCode, type Card } from './deck.ts';
import { shuffle, type HmacSha256 } from './fair.ts';
import type { CasinoBet, CasinoGame, CasinoOption, CasinoResult } from './game.ts';

export type CasinoSeriesId = 'ourcasino' | 'virtual';

export interface RoundPlay {
  /** What the table shows, in order: card codes ("TH"), or a virtual game's step codes. */
  readonly steps: readonly string[];
  readonly result: CasinoResult;
}

export interface RoundGame {
  readonly id: string;
  readonly name: string;
  readonly series: CasinoSeriesId;
  /**
   * The options and payouts of round `roundId`, fixed when its window opens. Card games answer
   * the same list for every round; a virtual game's field (and so its odds) may change per round,
   * but only from public facts (the round id), never from the seed.
   */
  options(roundId: string): readonly CasinoOption[];
  /** The whole round from its seed: what the table reveals and the result. */
  play(seed: string, roundId: string, hmac: HmacSha256): RoundPlay;
  /** Per bet, in order: the profit in paise (negative for a loss). */
  settle(bets: readonly CasinoBet[], result: CasinoResult): number[];
  /**
   * A card game's deck in canonical order, before the shuffle (absent for a virtual game): what a
   * verifier shuffles step by step to show how the cards came out (verify.ts `shuffleTrace`).
   */
  readonly deck?: () => Card[];
}

/** A card game as a round game: shuffle the game's deck, deal, read the result. */
export function cardRoundGame(game: CasinoGame, series: CasinoSeriesId = 'ourcasino'): RoundGame {
  return {
    id: game.id,
    name: game.name,
    series,
    options: () => game.options,
    play(seed, roundId, hmac) {
      const dealt = game.deal(shuffle(seed, roundId, game.deck(), hmac));
      return { steps: dealt.map(cardCode), result: game.result(dealt) };
    },
    settle: (bets, result) => game.settle(bets, result),
    deck: () => game.deck(),
  };
}
