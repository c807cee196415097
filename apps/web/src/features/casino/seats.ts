// Where each dealt card sits on a card table, per game: pure functions of the steps revealed so
// far (docs/casino.md, the engine's deal order). The registry (renderers.ts) pairs each game with
// its seating; nothing else on the table knows a game. Seat names are read from the catalogue at each
// call (the table re-renders when the language changes).
import { cardFace } from '../../components/card-codes.ts';
import { t } from './i18n.ts';

export type Seat = {
  label: string;
  /** Card codes, and null for a card still to come (shown face down). */
  cards: (string | null)[];
  /** A running figure under the seat (32 Cards' totals). */
  note?: string;
};

const at = (steps: readonly string[], i: number): string | null => steps[i] ?? null;

/** Dragon Tiger: the first card is Dragon's, the second Tiger's. */
export const dragonTigerSeats = (steps: readonly string[]): Seat[] => [
  { label: t('casino.seat.dragon'), cards: [at(steps, 0)] },
  { label: t('casino.seat.tiger'), cards: [at(steps, 1)] },
];

/** Lucky 7, Amar Akbar Anthony: one card decides. */
export const oneCardSeats = (steps: readonly string[]): Seat[] => [
  { label: t('casino.seat.card'), cards: [at(steps, 0)] },
];

/** Teen Patti: dealt A B A B A B, three cards each. */
export const teenPattiSeats = (steps: readonly string[]): Seat[] => [
  { label: t('casino.seat.playerA'), cards: [at(steps, 0), at(steps, 2), at(steps, 4)] },
  { label: t('casino.seat.playerB'), cards: [at(steps, 1), at(steps, 3), at(steps, 5)] },
];

/** Andar Bahar: the joker, then Andar (1st, 3rd, … card after it) and Bahar (2nd, 4th, …). */
export function andarBaharSeats(steps: readonly string[]): Seat[] {
  const rest = steps.slice(1);
  return [
    { label: t('casino.seat.joker'), cards: [at(steps, 0)] },
    { label: t('casino.seat.andar'), cards: rest.filter((_, k) => k % 2 === 0) },
    { label: t('casino.seat.bahar'), cards: rest.filter((_, k) => k % 2 === 1) },
  ];
}

const THIRTY_TWO_PLAYERS = [8, 9, 10, 11] as const;

/**
 * 32 Cards: players 8, 9, 10, 11 get a card each in turn; score = player number + card value. Those
 * tied on the top score get one more card each (in player order), the highest card among them wins,
 * again until one is alone. Each seat shows its cards and its running figures ("17", then "17 · 12"
 * after a tie-break card).
 */
export function thirtyTwoCardsSeats(steps: readonly string[]): Seat[] {
  const seats = THIRTY_TWO_PLAYERS.map((p) => ({ player: p, cards: [] as string[], totals: [] as number[] }));
  let inPlay = seats;
  let i = 0;
  let first = true;
  while (i < steps.length && inPlay.length > 1) {
    for (const seat of inPlay) {
      const code = steps[i];
      if (code === undefined) break;
      i++;
      seat.cards.push(code);
      seat.totals.push((first ? seat.player : 0) + (cardFace(code)?.value ?? 0));
    }
    const round = inPlay.filter((s) => s.totals.length === inPlay[0]!.totals.length);
    if (round.length < inPlay.length) break; // the round is still being dealt
    const top = Math.max(...round.map((s) => s.totals.at(-1)!));
    inPlay = round.filter((s) => s.totals.at(-1) === top);
    first = false;
  }
  return seats.map((s) => ({
    label: t('casino.seat.player', { player: s.player }),
    cards: s.cards.length > 0 ? s.cards : [null],
    note: s.totals.length > 0 ? s.totals.join(' · ') : String(s.player),
  }));
}
