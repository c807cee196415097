import type { ComponentType } from 'react';
import { cardFace } from '../../components/card-codes.ts';
import { CardFace } from './CardFace.tsx';
import { useT } from './i18n.ts';
import type { RoundRendererProps } from './renderer-types.ts';
import type { Seat } from './seats.ts';

/** Which seat the newest card went to ("Dragon: Ten of hearts"), for the polite live line. */
function lastDealt(seats: Seat[], code: string | undefined): string {
  if (!code) return '';
  const seat = seats.find((s) => s.cards.includes(code));
  const name = cardFace(code)?.name ?? code;
  return seat ? `${seat.label}: ${name}` : name;
}

/**
 * A card table's deal: each seat (Dragon | Tiger, Player A | Player B, the joker and the two
 * piles …) with its cards face up as they are revealed, the newest one turning over. `seatsOf` is
 * the game's seating (seats.ts), chosen by the registry.
 */
export function CardTableView({
  steps,
  seatsOf,
}: RoundRendererProps & { seatsOf: (steps: readonly string[]) => Seat[] }) {
  // The seats' names come from the catalogue: this hook re-renders the table when the language changes.
  const t = useT();
  const seats = seatsOf(steps);
  const newest = steps.at(-1);
  return (
    <div className="deal" data-testid="deal">
      <div className="deal__seats">
        {seats.map((seat) => (
          <section key={seat.label} className="deal__seat" aria-label={seat.label}>
            <h3 className="deal__seat-name">{seat.label}</h3>
            <div className="deal__cards">
              {seat.cards.map((code, i) => (
                <CardFace key={code ?? `down-${i}`} code={code} fresh={code != null && code === newest} />
              ))}
            </div>
            {seat.note != null ? (
              <p className="deal__note">
                <span className="visually-hidden">{t('casino.table.total')} </span>
                {seat.note}
              </p>
            ) : null}
          </section>
        ))}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {lastDealt(seats, newest)}
      </p>
    </div>
  );
}

/** The renderer of one card game: CardTableView with that game's seating. */
export function cardTable(seatsOf: (steps: readonly string[]) => Seat[]): ComponentType<RoundRendererProps> {
  const View = (props: RoundRendererProps) => <CardTableView {...props} seatsOf={seatsOf} />;
  View.displayName = 'CardTable';
  return View;
}

/** A game the registry does not know: its steps in order, as cards where they are cards. */
export function StepsView({ steps }: RoundRendererProps) {
  const t = useT();
  if (steps.length === 0) return <p className="deal deal--empty">{t('casino.table.waitingForDeal')}</p>;
  return (
    <div className="deal" data-testid="deal">
      <div className="deal__cards deal__cards--wrap">
        {steps.map((s, i) =>
          cardFace(s) ? (
            <CardFace key={`${s}-${i}`} code={s} fresh={i === steps.length - 1} />
          ) : (
            <span key={`${s}-${i}`} className="deal__step">
              {s}
            </span>
          ),
        )}
      </div>
    </div>
  );
}
