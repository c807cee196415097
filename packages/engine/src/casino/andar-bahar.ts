// Andar Bahar: the first card is the joker; then cards go to Andar, Bahar, Andar, … (Andar is
// always dealt first) until a card of the joker's rank appears; its side wins. DOMAIN.md: the
// side dealt first pays 1.9, the other 2.0 (Andar's first card is its edge).
import { standardDeck, type Card } from './deck.ts';
import { defineGame, wins, type CasinoOption, type OptionOutcome } from './game.ts';

export const ANDAR_BAHAR_OPTIONS: readonly CasinoOption[] = [
  { id: 'andar', label: 'Andar', payout: 190 },
  { id: 'bahar', label: 'Bahar', payout: 200 },
];

export const andarBaharOutcomes = (side: 'andar' | 'bahar'): Record<string, OptionOutcome> =>
  wins(ANDAR_BAHAR_OPTIONS, [side]);

export const andarBahar = defineGame({
  id: 'andar_bahar',
  name: 'Andar Bahar',
  options: ANDAR_BAHAR_OPTIONS,
  deck: standardDeck,
  deal(shuffled) {
    const joker = shuffled[0];
    if (!joker) throw new Error('Andar Bahar: an empty deck');
    const i = shuffled.findIndex((c, k) => k > 0 && c.rank === joker.rank);
    if (i < 0) throw new Error('Andar Bahar: no card matches the joker');
    return shuffled.slice(0, i + 1);
  },
  result(dealt) {
    const joker = dealt[0];
    const last = dealt[dealt.length - 1];
    if (!joker || !last || dealt.length < 2) throw new Error('Andar Bahar needs the joker and a match');
    const firstMatch = dealt.findIndex((c: Card, k) => k > 0 && c.rank === joker.rank);
    if (firstMatch !== dealt.length - 1) throw new Error('Andar Bahar: the deal must end at the first match');
    // Card k (k ≥ 1) goes to Andar when k is odd: 1 → Andar, 2 → Bahar, …
    const side = firstMatch % 2 === 1 ? 'andar' : 'bahar';
    return { summary: side === 'andar' ? 'Andar' : 'Bahar', outcomes: andarBaharOutcomes(side) };
  },
});
