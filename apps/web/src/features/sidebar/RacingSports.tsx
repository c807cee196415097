import { Link } from 'react-router';
import { Spinner } from '../../components/index.ts';
import { msgId } from '../../lib/i18n/catalog.ts';
import { SPORT_ID } from '../../lib/constants.ts';
import { displayDay, formatTime } from '@backlay/ui/time';
import { useVenues } from './api/venues.ts';
import { Disclosure } from './Disclosure.tsx';
import { useT } from './i18n.ts';

const RACING = [
  { id: SPORT_ID.HORSE_RACING, name: msgId('sidebar.racing.horse') },
  { id: SPORT_ID.GREYHOUND_RACING, name: msgId('sidebar.racing.greyhound') },
];

function VenueList({ sportId, onNavigate }: { sportId: number; onNavigate: () => void }) {
  const t = useT();
  const date = displayDay();
  const venues = useVenues({ sport_id: sportId, date, country: '' }, true);
  if (venues.isPending) return <Spinner label={t('sidebar.racing.loading')} />;
  const list = venues.data ?? [];
  if (list.length === 0) return <p className="sidebar__empty">{t('sidebar.racing.none')}</p>;
  return (
    <ul className="sidebar__list">
      {list.map((v) => (
        <li key={`${v.country}-${v.venue}`}>
          <Disclosure level="sub" label={`${v.venue} (${v.country})`}>
            {() => (
              <ul className="sidebar__races">
                {v.races.map((r) => (
                  <li key={r.match_id}>
                    <Link to={`/horse-racing/${r.match_id}/${date}`} onClick={onNavigate} className="race">
                      <time className="race__time" dateTime={r.time}>
                        {formatTime(r.time)}
                      </time>
                      <span className="race__name">{r.match_name}</span>
                      <span className="race__country">{r.country}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Disclosure>
        </li>
      ))}
    </ul>
  );
}

export function RacingSports({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  return (
    <ul className="sidebar__list">
      {RACING.map((s) => (
        <li key={s.id}>
          <Disclosure level="item" label={t(s.name)}>
            {() => <VenueList sportId={s.id} onNavigate={onNavigate} />}
          </Disclosure>
        </li>
      ))}
    </ul>
  );
}
