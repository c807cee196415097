import type { MarketDetail, RaceCard } from '@backlay/contract';
import { formatTime } from '@backlay/ui/time';
import { Countdown } from './Countdown.tsx';
import { finishingPositions, runnerNamed, VOID_REASON } from './format.ts';
import { useT } from '../i18n.ts';

/** The race's state as a bettor reads it: the countdown, in play with the delay, suspended, resulted, void. */
export function RaceState({ card, win }: { card: RaceCard; win: MarketDetail | undefined }) {
  const t = useT();
  switch (card.state) {
    case 'OPEN':
      return <Countdown offTime={card.off_time} />;
    case 'OFF':
      return (
        <span className="race-state race-state--off" data-testid="race-state">
          <span className="badge badge--live">{t('market.racing.inPlay')}</span>
          {win && win.bet_delay > 0 ? (
            <span className="race-state__delay" title={t('market.card.delayTitle')}>
              {t('market.racing.betDelay', { seconds: String(win.bet_delay) })}
            </span>
          ) : null}
        </span>
      );
    case 'FINISHED':
      return (
        <span className="race-state race-state--suspended" data-testid="race-state">
          {t('market.racing.weighIn')}
        </span>
      );
    case 'RESULTED':
      return (
        <span className="race-state race-state--resulted" data-testid="race-state">
          {t('market.racing.resulted')}
        </span>
      );
    case 'VOID':
      return (
        <span className="race-state race-state--void" data-testid="race-state">
          {card.void_reason
            ? t('market.racing.voidedBecause', { reason: t(VOID_REASON[card.void_reason]) })
            : t('market.racing.voided')}
        </span>
      );
  }
}

/** The weighed-in result, best first; a dead heat names every runner sharing the place. */
export function RaceResult({ card }: { card: RaceCard }) {
  const t = useT();
  if (!card.result || card.result.length === 0) return null;
  const labels = finishingPositions(card.result);
  return (
    <section className="race-result" aria-label={t('market.racing.result')}>
      <h2 className="race-result__title">{t('market.racing.result')}</h2>
      <ol className="race-result__list">
        {card.result.map((p) => (
          <li key={p.position}>
            <span className="race-result__pos">{labels.get(p.numbers[0]!)}</span>{' '}
            {p.numbers.map((n, i) => (
              <span key={n}>
                {i > 0 ? ` ${t('market.racing.and')} ` : ''}
                {n}. {runnerNamed(card, n)?.name ?? ''}
              </span>
            ))}
            {p.numbers.length > 1 ? (
              <span className="race-result__dh"> {t('market.racing.deadHeat')}</span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Above the one-click bar: the race, its conditions, places paid and where it is in its day. */
export function RaceHeader({ card, win }: { card: RaceCard; win: MarketDetail | undefined }) {
  const t = useT();
  return (
    <section className="race-head" aria-label={t('market.racing.race')}>
      <div className="race-head__main">
        <h2 className="race-head__name">
          {formatTime(card.off_time)} {card.venue} · {card.race_name}
        </h2>
        <p className="race-head__facts">
          <span>{card.distance}</span>
          <span>{card.going}</span>
          <span>{card.surface}</span>
          <span>
            {t('market.racing.runners', { count: card.runners.filter((r) => !r.non_runner).length })}
          </span>
          {card.place_market_id != null ? (
            <span data-testid="places-paid">
              {t('market.racing.placesPaid', { count: card.places_paid })}
            </span>
          ) : null}
        </p>
      </div>
      <RaceState card={card} win={win} />
    </section>
  );
}
