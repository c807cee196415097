// One set of card faces for every place a card of the in-house tables is shown (issue 47): the
// table, the result strip and modal, and the Casino Result report. Drawn here as SVG (made for
// the project: corner indices, the pips of a number card in their standard places, a framed court
// card, a large ace), a few hundred bytes of markup per card and no image to load. The rank and
// suit are written once as text (corner), every repeat is a <use> of it, so the card's text is
// "10♥" and a screen reader hears the name the caller gives.
import { useId } from 'react';
import type { CardFaceInfo } from './card-codes.ts';

const W = 60;
const H = 84;

/**
 * The pips of a number card, [x, y] in the card's box (upright; those below the middle are drawn
 * upside down, as printed cards are).
 */
const PIPS: Record<string, readonly (readonly [number, number])[]> = {
  '2': [
    [30, 22],
    [30, 62],
  ],
  '3': [
    [30, 22],
    [30, 42],
    [30, 62],
  ],
  '4': [
    [21, 22],
    [39, 22],
    [21, 62],
    [39, 62],
  ],
  '5': [
    [21, 22],
    [39, 22],
    [30, 42],
    [21, 62],
    [39, 62],
  ],
  '6': [
    [21, 22],
    [39, 22],
    [21, 42],
    [39, 42],
    [21, 62],
    [39, 62],
  ],
  '7': [
    [21, 22],
    [39, 22],
    [30, 32],
    [21, 42],
    [39, 42],
    [21, 62],
    [39, 62],
  ],
  '8': [
    [21, 22],
    [39, 22],
    [30, 32],
    [21, 42],
    [39, 42],
    [30, 52],
    [21, 62],
    [39, 62],
  ],
  '9': [
    [21, 20],
    [39, 20],
    [21, 34],
    [39, 34],
    [30, 42],
    [21, 50],
    [39, 50],
    [21, 64],
    [39, 64],
  ],
  '10': [
    [21, 20],
    [39, 20],
    [30, 27],
    [21, 34],
    [39, 34],
    [21, 50],
    [39, 50],
    [30, 57],
    [21, 64],
    [39, 64],
  ],
};

/** A card face up, drawn. `className` sizes it (the SVG fills its box). */
export function PlayingCard({ face, className }: { face: CardFaceInfo; className?: string }) {
  const id = useId().replace(/:/g, '');
  const colour = face.red ? '#c62828' : '#111';
  const rankId = `${id}-rank`;
  const suitId = `${id}-suit`;
  const corner = `${id}-corner`;
  const pips = PIPS[face.rank];
  const court = face.rank === 'J' || face.rank === 'Q' || face.rank === 'K';
  return (
    <svg className={className} viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
      <rect
        x="0.75"
        y="0.75"
        width={W - 1.5}
        height={H - 1.5}
        rx="5"
        fill="#fff"
        stroke="#9aa5b1"
        strokeWidth="1.5"
      />
      <g id={corner} fill={colour} fontFamily="Georgia, 'Times New Roman', serif" fontWeight="700">
        <text id={rankId} x="8" y="15" fontSize={face.rank === '10' ? 11 : 13} textAnchor="middle">
          {face.rank}
        </text>
        <text id={suitId} x="8" y="26" fontSize="11" textAnchor="middle">
          {face.symbol}
        </text>
      </g>
      <use href={`#${corner}`} transform={`rotate(180 ${W / 2} ${H / 2})`} />
      {pips
        ? pips.map(([x, y], k) => (
            <use
              key={k}
              href={`#${suitId}`}
              // The corner suit sits at (8, 26) at 11 px: move it to the pip, larger; flip the lower half.
              transform={`translate(${x} ${y}) scale(1.25)${y > H / 2 ? ' rotate(180)' : ''} translate(-8 -22)`}
            />
          ))
        : null}
      {/* i18n-exempt: the rank's code (card-codes.ts), not a word */}
      {face.rank === 'A' ? (
        <use href={`#${suitId}`} transform={`translate(${W / 2} ${H / 2}) scale(3.2) translate(-8 -22)`} />
      ) : null}
      {court ? (
        <>
          <rect
            x="13"
            y="15"
            width={W - 26}
            height={H - 30}
            rx="3"
            fill="none"
            stroke={colour}
            strokeWidth="1.2"
          />
          <rect x="16" y="18" width={W - 32} height={H - 36} rx="2" fill={face.red ? '#fdecea' : '#eceff1'} />
          <use
            href={`#${rankId}`}
            transform={`translate(${W / 2} ${H / 2 + 3}) scale(1.9) translate(-8 -10)`}
          />
          <use
            href={`#${suitId}`}
            transform={`translate(${W / 2} ${H / 2 - 16}) scale(0.9) translate(-8 -22)`}
          />
          <use
            href={`#${suitId}`}
            transform={`translate(${W / 2} ${H / 2 + 16}) scale(0.9) rotate(180) translate(-8 -22)`}
          />
        </>
      ) : null}
    </svg>
  );
}
