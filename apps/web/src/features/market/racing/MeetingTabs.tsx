import type { RaceCard, RaceMeeting, RaceSummary } from '@backlay/contract';
import { formatTime } from '@backlay/ui/time';
import { Link } from 'react-router';
import { msgId } from '../../../lib/i18n/catalog.ts';
import { useT } from '../i18n.ts';

/** A race's state beside its time, for screen readers (message ids; an open race says none). */
const STATE_WORD: Record<RaceSummary['state'], string | null> = {
  OPEN: null,
  OFF: msgId('market.racing.state.inPlay'),
  FINISHED: msgId('market.racing.state.finished'),
  RESULTED: msgId('market.racing.state.resulted'),
  VOID: msgId('market.racing.state.void'),
};

const raceLink = (matchId: number, date: string) => `/horse-racing/${matchId}/${date}`;

/** Where a meeting's tab leads: its next race still to run, else its last. */
function meetingTarget(meeting: RaceMeeting): RaceSummary | undefined {
  return meeting.races.find((r) => r.state === 'OPEN' || r.state === 'OFF') ?? meeting.races.at(-1);
}

/**
 * The day's meetings of the race's sport, and the race times of the race's meeting, as links
 * (each race is a page of its own: the route changes, the back button works).
 */
export function MeetingTabs({ card, date }: { card: RaceCard; date: string }) {
  const t = useT();
  const current =
    card.meetings.find((m) => m.races.some((r) => r.match_id === card.match_id)) ?? card.meetings[0];
  if (!current) return null;
  return (
    <nav className="meetings" aria-label={t('market.racing.meetings')}>
      <ul className="meetings__venues">
        {card.meetings.map((m) => {
          const target = meetingTarget(m);
          const here = m === current;
          return (
            <li key={`${m.country}-${m.venue}`}>
              {target ? (
                <Link
                  className={`meetings__venue${here ? ' meetings__venue--on' : ''}`}
                  to={raceLink(target.match_id, date)}
                  aria-current={here ? 'true' : undefined}
                >
                  {m.venue} <span className="meetings__country">{m.country}</span>
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ul className="meetings__races" aria-label={t('market.racing.venueRaces', { venue: current.venue })}>
        {current.races.map((r) => {
          const here = r.match_id === card.match_id;
          const word = STATE_WORD[r.state];
          return (
            <li key={r.match_id}>
              <Link
                className={`meetings__race meetings__race--${r.state.toLowerCase()}${here ? ' meetings__race--on' : ''}`}
                to={raceLink(r.match_id, date)}
                aria-current={here ? 'page' : undefined}
                title={r.race_name}
              >
                <time dateTime={r.off_time}>{formatTime(r.off_time)}</time>
                {word ? <span className="visually-hidden"> {t(word)}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
