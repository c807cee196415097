// Lucky 7: one card. Low = A–6, High = 8–K, 7 = a seven (a seven loses Low and High); Even/Odd on
// the value (A = 1 … K = 13; even = 2 4 6 8 10 Q); Red/Black on the suit.
import { isEven, isRed, standardDeck, type Card } from './deck.ts';
import { defineGame, expectCards, firstCards, wins, type CasinoOption } from './game.ts';

export const LUCKY7_OPTIONS: readonly CasinoOption[] = [
  { id: 'low', label: 'Low Card (A–6)', payout: 196 },
  { id: 'high', label: 'High Card (8–K)', payout: 196 },
  { id: 'seven', label: 'Lucky 7', payout: 1100 },
  { id: 'even', label: 'Even', payout: 210 },
  { id: 'odd', label: 'Odd', payout: 179 },
  { id: 'red', label: 'Red', payout: 195 },
  { id: 'black', label: 'Black', payout: 195 },
];

export const lucky7 = defineGame({
  id: 'lucky7',
  name: 'Lucky 7',
  options: LUCKY7_OPTIONS,
  deck: standardDeck,
  deal: (shuffled) => firstCards(shuffled, 1, 'Lucky 7'),
  result(dealt) {
    expectCards(dealt, 1, 'Lucky 7');
    const c = dealt[0] as Card;
    const band = c.rank < 7 ? 'low' : c.rank > 7 ? 'high' : 'seven';
    return {
      summary: band === 'low' ? 'Low' : band === 'high' ? 'High' : '7',
      outcomes: wins(LUCKY7_OPTIONS, [band, isEven(c) ? 'even' : 'odd', isRed(c) ? 'red' : 'black']),
    };
  },
});
