// Card faces of the in-house tables as small drawn cards (PlayingCard, the table's own set): "Ten
// of hearts" to a screen reader (the codes read by card-codes.ts); shared by the result modal,
// Verify and the Casino Result report.
import { useT } from './i18n.ts';
import { areCards, cardFace } from './card-codes.ts';
import { PlayingCard } from './PlayingCard.tsx';
import './CasinoCards.css';

export { areCards } from './card-codes.ts';

/** A card (or, for anything else, the code as it is), named for screen readers. */
export function CasinoCard({ code, small = false }: { code: string; small?: boolean }) {
  // The card's name is read from the catalogue (cardFace): re-rendered when the language changes.
  useT();
  const face = cardFace(code);
  if (!face) return <span className="casino-card casino-card--step">{code}</span>;
  return (
    <span
      className={`casino-card${face.red ? ' casino-card--red' : ''}${small ? ' casino-card--small' : ''}`}
      title={face.name}
    >
      <PlayingCard face={face} className="casino-card__svg" />
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
  const t = useT();
  if (steps.length === 0) return <p className="casino-cards__none">{t('components.casino.noneYet')}</p>;
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
