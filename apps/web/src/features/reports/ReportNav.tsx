import { NavLink } from 'react-router';
import { msgId } from '../../lib/i18n/catalog.ts';
import { useT } from './i18n.ts';

const LINKS = [
  { to: '/report/account-statement', label: msgId('reports.nav.accountStatement') },
  { to: '/report/current-bet', label: msgId('reports.nav.currentBets') },
  { to: '/report/profit-loss', label: msgId('reports.nav.profitLoss') },
  { to: '/report/bet-history', label: msgId('reports.nav.betHistory') },
] as const;

/** The bar at the top of every report screen, so each report is one click from the others. */
export function ReportNav() {
  const t = useT();
  return (
    <nav className="report-nav" aria-label={t('reports.nav.label')}>
      <ul>
        {LINKS.map((l) => (
          <li key={l.to}>
            <NavLink
              to={l.to}
              className={({ isActive }) => `report-nav__link${isActive ? ' is-active' : ''}`}
            >
              {t(l.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
