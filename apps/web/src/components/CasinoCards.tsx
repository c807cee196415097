// Card codes of the in-house tables ("TH" = ten of hearts, docs/casino.md) as faces a person reads:
// "10♥" on screen, "Ten of hearts" to a screen reader; shared by the casino screens, the result
// modal and the Casino Result report. Kept apart from the engine so none of them loads its games
// to show a card (the engine comes with Verify, in a chunk of its own).
import './CasinoCards.css';

const RANKS: Record<string, { face: string; name: string }> = {
  A: { face: 'A', name: 'Ace' },
  '2': { face: '2', name: 'Two' },
  '3': { face: '3', name: 'Three' },
  '4': { face: '4', name: 'Four' },
  '5': { face: '5', name: 'Five' },
  '6': { face: '6', name: 'Six' },
  '7': { face: '7', name: 'Seven' },
  '8': { face: '8', name: 'Eight' },
  '9': { face: '9', name: 'Nine' },
  T: { face: '10', name: 'Ten' },
  J: { face: 'J', name: 'Jack' },
  Q: { face: 'Q', name: 'Queen' },
  K: { face: 'K', name: 'King' },
};

const SUITS: Record<string, { symbol: string; name: string; red: boolean }> = {
  S: { symbol: '♠', name: 'spades', red: false },
  H: { symbol: '♥', name: 'hearts', red: true },
  C: { symbol: '♣', name: 'clubs', red: false },
  D: { symbol: '♦', name: 'diamonds', red: true },
};

const CARD_CODE = /^([A2-9TJQK])([SHCD])$/;

export interface CardFace {
  /** "10♥" */
  readonly face: string;
  /** "Ten of hearts" */
  readonly name: string;
  readonly red: boolean;
}

/** The face of a card code, or null when `code` is not one (a virtual game's step). */
export function cardFace(code: string): CardFace | null {
  const m = CARD_CODE.exec(code);
  if (!m) return null;
  const rank = RANKS[m[1]!]!;
  const suit = SUITS[m[2]!]!;
  return { face: `${rank.face}${suit.symbol}`, name: `${rank.name} of ${suit.name}`, red: suit.red };
}

/** True when every step is a card code: the round is a card table's (else a virtual game's). */
export const areCards = (steps: readonly string[]): boolean =>
  steps.length > 0 && steps.every((s) => CARD_CODE.test(s));

/** A card (or, for anything else, the code as it is), named for screen readers. */
export function CasinoCard({ code, small = false }: { code: string; small?: boolean }) {
  const face = cardFace(code);
  if (!face) return <span className="casino-card casino-card--step">{code}</span>;
  return (
    <span
      className={`casino-card${face.red ? ' casino-card--red' : ''}${small ? ' casino-card--small' : ''}`}
      title={face.name}
    >
      <span aria-hidden="true">{face.face}</span>
      <span className="visually-hidden">{face.name}</span>
    </span>
  );
}

/** The steps of a round in order: card faces in a row, or a virtual game's steps as a numbered list. */
export function CasinoSteps({
  steps,
  label,
  small = false,
}: {
  steps: readonly string[];
  label: string;
  small?: boolean;
}) {
  if (steps.length === 0) return <p className="casino-cards__none">None yet.</p>;
  if (areCards(steps)) {
    return (
      <ol className="casino-cards" aria-label={label}>
        {steps.map((code, k) => (
          <li key={k}>
            <CasinoCard code={code} small={small} />
          </li>
        ))}
      </ol>
    );
  }
  return (
    <ol className="casino-steps" aria-label={label}>
      {steps.map((step, k) => (
        <li key={k}>{step}</li>
      ))}
    </ol>
  );
}
