import { cardFace } from '../../components/card-codes.ts';
import { PlayingCard } from '../../components/PlayingCard.tsx';

/** One card face up (the site's one set of faces, PlayingCard; named for screen readers), or face down. */
export function CardFace({ code, fresh = false }: { code: string | null; fresh?: boolean }) {
  if (code == null) return <span className="ccard ccard--down" aria-hidden="true" />;
  const face = cardFace(code);
  if (!face) {
    return (
      <span className="ccard" role="img" aria-label={code}>
        {code}
      </span>
    );
  }
  return (
    <span
      className={`ccard ccard--${face.red ? 'red' : 'black'}${fresh ? ' ccard--fresh' : ''}`}
      role="img"
      aria-label={face.name}
      data-card={code}
    >
      <PlayingCard face={face} className="ccard__svg" />
    </span>
  );
}
