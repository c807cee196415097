import type { MarketDetail, RaceCard } from '@backlay/contract';
import { formatTime } from '@backlay/ui/time';
import { Countdown } from './Countdown.tsx';
import { finishingPositions, runnerNamed, VOID_REASON } from './format.ts';

/** The race's state as a bettor reads it: the countdown, in play with the delay, suspended, resulted, void. */
export function RaceState({ card, win }: { card: RaceCard; win: MarketDetail | undefined }) {
  switch (card.state) {
    case 'OPEN':
      return <Countdown offTime={card.off_time} />;
    case 'OFF':
      return (
        <span className="race-state race-state--off" data-testid="race-state">
          <span className="badge badge--live">In play</span>
          {win && win.bet_delay > 0 ? (
            <span className="race-state__delay" title="In-play bets wait this long before they match">
              Bet delay {win.bet_delay}s
            </span>
          ) : null}
        </span>
      );
    case 'FINISHED':
      return (
        <span className="race-state race-state--suspended" data-testid="race-state">
          Suspended · awaiting the weigh-in
        </span>
      );
    case 'RESULTED':
      return (
        <span className="race-state race-state--resulted" data-testid="race-state">
          Resulted
        </span>
      );
    case 'VOID':
      return (
        <span className="race-state race-state--void" data-testid="race-state">
          VOID{card.void_reason ? ` · ${VOID_REASON[card.void_reason]}` : ''} · all bets void
        </span>
      );
  }
}

/** The weighed-in result, best first; a dead heat names every runner sharing the place. */
export function RaceResult({ card }: { card: RaceCard }) {
  if (!card.result || card.result.length === 0) return null;
  const labels = finishingPositions(card.result);
  return (
    <section className="race-result" aria-label="Result">
      <h2 className="race-result__title">Result</h2>
      <ol className="race-result__list">
        {card.result.map((p) => (
          <li key={p.position}>
            <span className="race-result__pos">{labels.get(p.numbers[0]!)}</span>{' '}
            {p.numbers.map((n, i) => (
              <span key={n}>
                {i > 0 ? ' and ' : ''}
                {n}. {runnerNamed(card, n)?.name ?? ''}
              </span>
            ))}
            {p.numbers.length > 1 ? <span className="race-result__dh"> (dead heat)</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Above the one-click bar: the race, its conditions, places paid and where it is in its day. */
export function RaceHeader({ card, win }: { card: RaceCard; win: MarketDetail | undefined }) {
  return (
    <section className="race-head" aria-label="Race">
      <div className="race-head__main">
        <h2 className="race-head__name">
          {formatTime(card.off_time)} {card.venue} · {card.race_name}
        </h2>
        <p className="race-head__facts">
          <span>{card.distance}</span>
          <span>{card.going}</span>
          <span>{card.surface}</span>
          <span>{card.runners.filter((r) => !r.non_runner).length} runners</span>
          {card.place_market_id != null ? (
            <span data-testid="places-paid">
              {card.places_paid} {card.places_paid === 1 ? 'place' : 'places'} paid
            </span>
          ) : null}
        </p>
      </div>
      <RaceState card={card} win={win} />
    </section>
  );
}
