// The one list of in-house tables: a new game (card or virtual) is added here and nowhere else;
// the server seeds a table per entry and the client finds its renderer by `id`.
import { amarAkbarAnthony } from './amar-akbar-anthony.ts';
import { andarBahar } from './andar-bahar.ts';
import { dragonTiger } from './dragon-tiger.ts';
import { lucky7 } from './lucky7.ts';
import { cardRoundGame, type RoundGame } from './round-game.ts';
import { teenPatti } from './teen-patti.ts';
import { thirtyTwoCards } from './thirty-two-cards.ts';
import { virtualCricket } from './virtual/cricket.ts';
import { virtualRacing } from './virtual/racing.ts';

export const ROUND_GAMES: readonly RoundGame[] = [
  cardRoundGame(dragonTiger),
  cardRoundGame(lucky7),
  cardRoundGame(teenPatti),
  cardRoundGame(andarBahar),
  cardRoundGame(thirtyTwoCards),
  cardRoundGame(amarAkbarAnthony),
  // Our Virtual, after the card tables.
  virtualCricket,
  virtualRacing,
];

export function roundGame(id: string): RoundGame | undefined {
  return ROUND_GAMES.find((g) => g.id === id);
}
