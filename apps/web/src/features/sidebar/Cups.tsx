import { Link } from 'react-router';
import { useCups } from './api/cups.ts';
import { useT } from './i18n.ts';

/** The cup menu: each cup opens its sport's page on its competition (all of the sport when it has none). */
export function Cups({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const cups = useCups().data ?? [];
  if (cups.length === 0) return <p className="sidebar__empty">{t('sidebar.cups.none')}</p>;
  return (
    <ul className="sidebar__list sidebar__links">
      {cups.map((c) => (
        <li key={c.cup_id}>
          <Link
            to={`/all-sports/${c.sport_id}${c.series_id === null ? '' : `?series=${c.series_id}`}`}
            onClick={onNavigate}
          >
            {c.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
