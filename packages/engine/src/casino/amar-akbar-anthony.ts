// Amar Akbar Anthony: one card. Amar = A–6, Akbar = 7–10, Anthony = J–K; Even/Odd on the value
// (A = 1 … K = 13); Red/Black on the suit. Payouts: the fair 52/24, 52/16, 52/12 less a margin.
import { isEven, isRed, standardDeck, type Card } from './deck.ts';
import { defineGame, expectCards, firstCards, wins, type CasinoOption } from './game.ts';

export const AMAR_AKBAR_ANTHONY_OPTIONS: readonly CasinoOption[] = [
  { id: 'amar', label: 'Amar (A–6)', payout: 212 },
  { id: 'akbar', label: 'Akbar (7–10)', payout: 315 },
  { id: 'anthony', label: 'Anthony (J–K)', payout: 415 },
  { id: 'even', label: 'Even', payout: 210 },
  { id: 'odd', label: 'Odd', payout: 179 },
  { id: 'red', label: 'Red', payout: 197 },
  { id: 'black', label: 'Black', payout: 197 },
];

export const amarAkbarAnthony = defineGame({
  id: 'amar_akbar_anthony',
  name: 'Amar Akbar Anthony',
  options: AMAR_AKBAR_ANTHONY_OPTIONS,
  deck: standardDeck,
  deal: (shuffled) => firstCards(shuffled, 1, 'Amar Akbar Anthony'),
  result(dealt) {
    expectCards(dealt, 1, 'Amar Akbar Anthony');
    const c = dealt[0] as Card;
    const who = c.rank <= 6 ? 'amar' : c.rank <= 10 ? 'akbar' : 'anthony';
    return {
      summary: who === 'amar' ? 'Amar' : who === 'akbar' ? 'Akbar' : 'Anthony',
      outcomes: wins(AMAR_AKBAR_ANTHONY_OPTIONS, [
        who,
        isEven(c) ? 'even' : 'odd',
        isRed(c) ? 'red' : 'black',
      ]),
    };
  },
});
