// Teen Patti 20-20: six cards dealt alternately, Player A first (A B A B A B), from one 52-card
// deck. Hands rank trio > pure sequence > sequence > colour > pair > high card; within a class by
// the cards (Ace high; sequences rank A-K-Q, then A-2-3, then K-Q-J … 2-3-4; a pair by its rank,
// then the odd card; otherwise the cards from the highest). Hands equal in every rank (only the
// suits differ) are a tie: Player A and Player B bets are returned (push).
// Pair Plus A / B is a side bet on that player's own hand, whatever the other's:
// pair 1:1, colour 3:1, sequence 6:1, pure sequence 30:1, trio 40:1 (decimal 2, 4, 7, 31, 41);
// a high card loses.
import { standardDeck, type Card } from './deck.ts';
import {
  defineGame,
  expectCards,
  firstCards,
  PUSH,
  win,
  wins,
  type CasinoOption,
  type OptionOutcome,
} from './game.ts';

export const TEEN_PATTI_OPTIONS: readonly CasinoOption[] = [
  { id: 'player_a', label: 'Player A', payout: 195 },
  { id: 'player_b', label: 'Player B', payout: 195 },
  // The payout shown is a pair's; the side table is TEEN_PATTI_PAIR_PLUS_PAYOUTS.
  { id: 'pair_plus_a', label: 'Pair Plus A', payout: 200 },
  { id: 'pair_plus_b', label: 'Pair Plus B', payout: 200 },
];

export type TeenPattiClass = 'high_card' | 'pair' | 'colour' | 'sequence' | 'pure_sequence' | 'trio';
export const TEEN_PATTI_CLASSES: readonly TeenPattiClass[] = [
  'high_card',
  'pair',
  'colour',
  'sequence',
  'pure_sequence',
  'trio',
];
/** Pair Plus decimal payouts (hundredths) by class; 0 = the bet loses. */
export const TEEN_PATTI_PAIR_PLUS_PAYOUTS: Readonly<Record<TeenPattiClass, number>> = {
  high_card: 0,
  pair: 200,
  colour: 400,
  sequence: 700,
  pure_sequence: 3100,
  trio: 4100,
};

export interface TeenPattiHand {
  readonly class: TeenPattiClass;
  /** Compares hands: higher is better, equal is a tie. */
  readonly score: number;
}

const high = (rank: number): number => (rank === 1 ? 14 : rank);

/** The class and score of a three-card hand. */
export function teenPattiHand(hand: readonly Card[]): TeenPattiHand {
  if (hand.length !== 3) throw new Error(`a Teen Patti hand has 3 cards, got ${hand.length}`);
  const r = hand.map((c) => high(c.rank)).sort((a, b) => b - a) as [number, number, number];
  const flush = hand[0]!.suit === hand[1]!.suit && hand[1]!.suit === hand[2]!.suit;
  const key = (cls: number, a: number, b = 0, c = 0): number => cls * 1_000_000 + a * 10_000 + b * 100 + c;
  if (r[0] === r[2]) return { class: 'trio', score: key(5, r[0]) };
  // A-K-Q = 15 (top), A-2-3 = 14, otherwise the top card (K-Q-J = 13 … 2-3-4 = 4).
  let seq = 0;
  if (r[0] === r[1] + 1 && r[1] === r[2] + 1) seq = r[0] === 14 ? 15 : r[0];
  else if (r[0] === 14 && r[1] === 3 && r[2] === 2) seq = 14;
  if (seq > 0)
    return flush ? { class: 'pure_sequence', score: key(4, seq) } : { class: 'sequence', score: key(3, seq) };
  if (flush) return { class: 'colour', score: key(2, r[0], r[1], r[2]) };
  if (r[0] === r[1]) return { class: 'pair', score: key(1, r[0], r[2]) };
  if (r[1] === r[2]) return { class: 'pair', score: key(1, r[1], r[0]) };
  return { class: 'high_card', score: key(0, r[0], r[1], r[2]) };
}

/** The outcomes for a winner (or a tie) and each player's hand class. */
export function teenPattiOutcomes(
  winner: 'a' | 'b' | 'tie',
  classA: TeenPattiClass,
  classB: TeenPattiClass,
): Record<string, OptionOutcome> {
  const out: Record<string, OptionOutcome> =
    winner === 'tie' ? { player_a: PUSH, player_b: PUSH } : wins(TEEN_PATTI_OPTIONS, [`player_${winner}`]);
  const a = TEEN_PATTI_PAIR_PLUS_PAYOUTS[classA];
  const b = TEEN_PATTI_PAIR_PLUS_PAYOUTS[classB];
  if (a > 0) out['pair_plus_a'] = win(a);
  if (b > 0) out['pair_plus_b'] = win(b);
  return out;
}

export const teenPatti = defineGame({
  id: 'teen_patti_20',
  name: 'Teen Patti 20-20',
  options: TEEN_PATTI_OPTIONS,
  deck: standardDeck,
  deal: (shuffled) => firstCards(shuffled, 6, 'Teen Patti'),
  result(dealt) {
    expectCards(dealt, 6, 'Teen Patti');
    const a = teenPattiHand([dealt[0]!, dealt[2]!, dealt[4]!]);
    const b = teenPattiHand([dealt[1]!, dealt[3]!, dealt[5]!]);
    const winner = a.score > b.score ? 'a' : b.score > a.score ? 'b' : 'tie';
    return {
      summary: winner === 'a' ? 'Player A' : winner === 'b' ? 'Player B' : 'Tie',
      outcomes: teenPattiOutcomes(winner, a.class, b.class),
    };
  },
});
