import { NavLink } from 'react-router';

const LINKS = [
  { to: '/report/account-statement', label: 'Account Statement' },
  { to: '/report/current-bet', label: 'Current Bets' },
  { to: '/report/profit-loss', label: 'Profit & Loss' },
  { to: '/report/bet-history', label: 'Bet History' },
] as const;

/** The bar at the top of every report screen, so each report is one click from the others. */
export function ReportNav() {
  return (
    <nav className="report-nav" aria-label="Reports">
      <ul>
        {LINKS.map((l) => (
          <li key={l.to}>
            <NavLink
              to={l.to}
              className={({ isActive }) => `report-nav__link${isActive ? ' is-active' : ''}`}
            >
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
