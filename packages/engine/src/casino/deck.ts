// Cards of the in-house casino tables (DOMAIN.md "In-house casino games"): a 52-card deck in a
// fixed canonical order (the order the provably fair shuffle starts from), and the card facts
// the games read: value (A = 1 … K = 13), colour, parity.

export const SUITS = ['S', 'H', 'C', 'D'] as const; // spades, hearts, clubs, diamonds
export type Suit = (typeof SUITS)[number];
/** 1 = Ace, 11 = Jack, 12 = Queen, 13 = King. */
export type Rank = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;
export const RANKS: readonly Rank[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

export interface Card {
  readonly rank: Rank;
  readonly suit: Suit;
}

const RANK_CODES = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;

/** The canonical 52-card deck: suits S, H, C, D, each A, 2 … K ("AS", "2S", … "KD"). */
export function standardDeck(): Card[] {
  return SUITS.flatMap((suit) => RANKS.map((rank) => ({ rank, suit })));
}

/** A two-character code: rank A 2–9 T J Q K, then suit S H C D ("TH" = ten of hearts). */
export function cardCode(card: Card): string {
  return `${RANK_CODES[card.rank]}${card.suit}`;
}

/** The card of a code ("AS", "TD", also "10D"); throws on anything else. */
export function parseCard(code: string): Card {
  const m = /^(A|[2-9]|T|10|J|Q|K)([SHCD])$/.exec(code);
  if (!m) throw new Error(`not a card: ${code}`);
  const r = m[1] === '10' ? 'T' : m[1]!;
  return { rank: RANK_CODES.indexOf(r as (typeof RANK_CODES)[number]) as Rank, suit: m[2] as Suit };
}

export const cards = (codes: string): Card[] => codes.trim().split(/\s+/).map(parseCard);

export const isRed = (card: Card): boolean => card.suit === 'H' || card.suit === 'D';
/** Parity of the value A = 1 … K = 13: even = 2 4 6 8 10 Q. */
export const isEven = (card: Card): boolean => card.rank % 2 === 0;
