// 32 Cards: the deck is 6 … K of each suit (32 cards, card value 6 … 10, J = 11, Q = 12, K = 13).
// Players 8, 9, 10 and 11 get one card each in that order, score = player number + card value;
// the highest score wins. Players tied on the highest score get one more card each (in player
// order) and the highest of these cards' values wins among them, again until one is alone. If
// the deck runs out before every tied player has his card, the round is void: all bets returned.
import { standardDeck, type Card } from './deck.ts';
import { defineGame, PUSH, wins, type CasinoOption, type OptionOutcome } from './game.ts';

export const THIRTY_TWO_CARDS_PLAYERS = [8, 9, 10, 11] as const;
export type ThirtyTwoCardsPlayer = (typeof THIRTY_TWO_CARDS_PLAYERS)[number];

export const THIRTY_TWO_CARDS_OPTIONS: readonly CasinoOption[] = [
  { id: 'player_8', label: 'Player 8', payout: 1200 },
  { id: 'player_9', label: 'Player 9', payout: 575 },
  { id: 'player_10', label: 'Player 10', payout: 320 },
  { id: 'player_11', label: 'Player 11', payout: 200 },
];

export const thirtyTwoCardsDeck = (): Card[] => standardDeck().filter((c) => c.rank >= 6);

/** Who wins `cards` dealt in order (null = void), and how many cards the round used. */
export function thirtyTwoCardsPlay(cards: readonly Card[]): {
  winner: ThirtyTwoCardsPlayer | null;
  used: number;
} {
  let used = 0;
  let players: { player: ThirtyTwoCardsPlayer; score: number }[] = THIRTY_TWO_CARDS_PLAYERS.map((p) => ({
    player: p,
    score: p,
  }));
  for (;;) {
    for (const p of players) {
      const c = cards[used];
      if (!c) return { winner: null, used };
      used++;
      p.score += c.rank;
    }
    const top = Math.max(...players.map((p) => p.score));
    players = players.filter((p) => p.score === top).map((p) => ({ player: p.player, score: 0 }));
    if (players.length === 1) return { winner: players[0]!.player, used };
  }
}

export const thirtyTwoCardsOutcomes = (winner: ThirtyTwoCardsPlayer | null): Record<string, OptionOutcome> =>
  winner === null
    ? Object.fromEntries(THIRTY_TWO_CARDS_OPTIONS.map((o) => [o.id, PUSH]))
    : wins(THIRTY_TWO_CARDS_OPTIONS, [`player_${winner}`]);

export const thirtyTwoCards = defineGame({
  id: 'thirty_two_cards',
  name: '32 Cards',
  options: THIRTY_TWO_CARDS_OPTIONS,
  deck: thirtyTwoCardsDeck,
  deal(shuffled) {
    return shuffled.slice(0, thirtyTwoCardsPlay(shuffled).used);
  },
  result(dealt) {
    if (dealt.some((c) => c.rank < 6)) throw new Error('32 Cards deals only 6 … K');
    const { winner, used } = thirtyTwoCardsPlay(dealt);
    if (used !== dealt.length) throw new Error('32 Cards: cards dealt after the round was decided');
    if (winner === null && dealt.length < 32) throw new Error('32 Cards: the deal is unfinished');
    return {
      summary: winner === null ? 'Void' : `Player ${winner}`,
      outcomes: thirtyTwoCardsOutcomes(winner),
    };
  },
});
