// Dragon Tiger 20-20: one card to Dragon, then one to Tiger, from one 52-card deck. The higher
// value wins (A = 1 low … K = 13). On a tie (same rank) Dragon and Tiger bets lose half the stake
// (the common rule), Tie wins; Pair wins when the two cards are also the same colour. Even/Odd and
// Red/Black are read on each side's own card.
import { isEven, isRed, standardDeck, type Card } from './deck.ts';
import {
  defineGame,
  expectCards,
  firstCards,
  HALF_LOSE,
  wins,
  type CasinoOption,
  type OptionOutcome,
} from './game.ts';

export const DRAGON_TIGER_OPTIONS: readonly CasinoOption[] = [
  { id: 'dragon', label: 'Dragon', payout: 198 },
  { id: 'tiger', label: 'Tiger', payout: 198 },
  { id: 'tie', label: 'Tie', payout: 1600 },
  { id: 'pair', label: 'Pair', payout: 4800 },
  { id: 'dragon_even', label: 'Dragon Even', payout: 210 },
  { id: 'dragon_odd', label: 'Dragon Odd', payout: 179 },
  { id: 'dragon_red', label: 'Dragon Red', payout: 197 },
  { id: 'dragon_black', label: 'Dragon Black', payout: 197 },
  { id: 'tiger_even', label: 'Tiger Even', payout: 210 },
  { id: 'tiger_odd', label: 'Tiger Odd', payout: 179 },
  { id: 'tiger_red', label: 'Tiger Red', payout: 197 },
  { id: 'tiger_black', label: 'Tiger Black', payout: 197 },
];

function side(name: 'dragon' | 'tiger', card: Card): string[] {
  return [`${name}_${isEven(card) ? 'even' : 'odd'}`, `${name}_${isRed(card) ? 'red' : 'black'}`];
}

export const dragonTiger = defineGame({
  id: 'dragon_tiger_20',
  name: 'Dragon Tiger 20-20',
  options: DRAGON_TIGER_OPTIONS,
  deck: standardDeck,
  deal: (shuffled) => firstCards(shuffled, 2, 'Dragon Tiger'),
  result(dealt) {
    expectCards(dealt, 2, 'Dragon Tiger');
    const [d, t] = dealt as [Card, Card];
    const winning = [...side('dragon', d), ...side('tiger', t)];
    let summary: string;
    if (d.rank > t.rank) {
      winning.push('dragon');
      summary = 'Dragon';
    } else if (t.rank > d.rank) {
      winning.push('tiger');
      summary = 'Tiger';
    } else {
      winning.push('tie');
      if (isRed(d) === isRed(t)) winning.push('pair');
      summary = 'Tie';
    }
    const outcomes: Record<string, OptionOutcome> = wins(DRAGON_TIGER_OPTIONS, winning);
    if (d.rank === t.rank) {
      outcomes['dragon'] = HALF_LOSE;
      outcomes['tiger'] = HALF_LOSE;
    }
    return { summary, outcomes };
  },
});
