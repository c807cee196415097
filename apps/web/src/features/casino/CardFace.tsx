import { cardFace } from '../../components/card-codes.ts';

/** One card face up (rank and suit in text, red or black, named for screen readers), or face down. */
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
      <span className="ccard__rank">{face.rank}</span>
      <span className="ccard__suit">{face.symbol}</span>
    </span>
  );
}
