import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { useCasinoSports } from '../../lib/api/casino-sports.ts';
import { TOP_NAV_SPORT_IDS } from '../../lib/constants.ts';
import { useClientStore } from '../../lib/store.ts';
import { useHeaderSeries } from './api/series-header.ts';
import { useT } from './i18n.ts';

/** Top navigation: Home, the sports 4, 1, 2, 998917, 7522 (when present), Binary, and the casino series. */
export function TopNav() {
  const t = useT();
  const header = useHeaderSeries().data;
  const sports = header ?? [];
  const setHeaderList = useClientStore((s) => s.setHeaderList);
  // The header list is client state too (spec §3): other screens read it without another call.
  useEffect(() => {
    if (header) setHeaderList(header);
  }, [header, setHeaderList]);
  const casino = useCasinoSports().data ?? [];
  const navSports = TOP_NAV_SPORT_IDS.flatMap((id) => sports.filter((s) => s.sport_id === id));
  const casinoSeries = casino.filter((c) => c.category === 'indian');
  return (
    <nav className="top-nav" aria-label={t('header.nav.label')}>
      <ul>
        <li>
          <NavLink to="/home">{t('header.nav.home')}</NavLink>
        </li>
        {navSports.map((s) => (
          <li key={s.sport_id}>
            <NavLink to={`/all-sports/${s.sport_id}`}>{s.sport_name}</NavLink>
          </li>
        ))}
        <li>
          <NavLink to="/binary">{t('header.nav.binary')}</NavLink>
        </li>
        {casinoSeries.map((c) => (
          <li key={c.sport_id}>
            <NavLink to={`/casino/list/${encodeURIComponent(c.sport_id)}`}>{c.name}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
