// Card codes of the in-house tables ("TH" = ten of hearts, docs/casino.md) as a person reads them:
// rank and suit symbol in text, red or black, and a name a screen reader says ("Ten of hearts").
// The one source for the casino table, the result modal and the Casino Result report
// (CasinoCards.tsx); apart from the engine, so none of them loads its games to show a card. A card's
// name is in the bettor's language at the call (the shared catalogue: "पान का दहला" in Hindi).
import { msgId, t } from './i18n.ts';

export type CardFaceInfo = {
  code: string;
  /** "A", "2" … "10", "J", "Q", "K". */
  rank: string;
  /** Rank and suit together: "10♥". */
  face: string;
  /** ♠ ♥ ♣ ♦ */
  symbol: string;
  red: boolean;
  /** "Ten of hearts", in the language active at the call. */
  name: string;
  /** A = 1 … K = 13 (what 32 Cards adds to a player's number). */
  value: number;
};

const RANKS: Record<string, { label: string; word: string; value: number }> = {
  A: { label: 'A', word: msgId('components.card.rank.ace'), value: 1 },
  '2': { label: '2', word: msgId('components.card.rank.two'), value: 2 },
  '3': { label: '3', word: msgId('components.card.rank.three'), value: 3 },
  '4': { label: '4', word: msgId('components.card.rank.four'), value: 4 },
  '5': { label: '5', word: msgId('components.card.rank.five'), value: 5 },
  '6': { label: '6', word: msgId('components.card.rank.six'), value: 6 },
  '7': { label: '7', word: msgId('components.card.rank.seven'), value: 7 },
  '8': { label: '8', word: msgId('components.card.rank.eight'), value: 8 },
  '9': { label: '9', word: msgId('components.card.rank.nine'), value: 9 },
  T: { label: '10', word: msgId('components.card.rank.ten'), value: 10 },
  '10': { label: '10', word: msgId('components.card.rank.ten'), value: 10 },
  J: { label: 'J', word: msgId('components.card.rank.jack'), value: 11 },
  Q: { label: 'Q', word: msgId('components.card.rank.queen'), value: 12 },
  K: { label: 'K', word: msgId('components.card.rank.king'), value: 13 },
};

const SUITS: Record<string, { symbol: string; word: string; red: boolean }> = {
  S: { symbol: '♠', word: msgId('components.card.suit.spades'), red: false },
  H: { symbol: '♥', word: msgId('components.card.suit.hearts'), red: true },
  C: { symbol: '♣', word: msgId('components.card.suit.clubs'), red: false },
  D: { symbol: '♦', word: msgId('components.card.suit.diamonds'), red: true },
};

const CARD_CODE = /^(A|[2-9]|T|10|J|Q|K)([SHCD])$/;

/** The face of a card code, or null when the step is not a card (a virtual game's step). */
export function cardFace(code: string): CardFaceInfo | null {
  const m = CARD_CODE.exec(code);
  if (!m) return null;
  const rank = RANKS[m[1]!]!;
  const suit = SUITS[m[2]!]!;
  return {
    code,
    rank: rank.label,
    face: `${rank.label}${suit.symbol}`,
    symbol: suit.symbol,
    red: suit.red,
    name: t('components.card.name', { rank: t(rank.word), suit: t(suit.word) }),
    value: rank.value,
  };
}

/** True when every step is a card code: the round is a card table's (else a virtual game's). */
export const areCards = (steps: readonly string[]): boolean =>
  steps.length > 0 && steps.every((s) => CARD_CODE.test(s));
