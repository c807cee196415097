import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { callEndpoint } from '../lib/api.ts';
import { clearSession, readToken, roleOf, useSession } from '../lib/session.ts';

/**
 * The menus. `downline`: a master's and an agent's too (the calls the contract's consoleScopes
 * gives them, on their own subtree); the rest are the operator's alone.
 */
const NAV = [
  { to: '/', label: 'Dashboard', end: true, downline: false },
  { to: '/markets', label: 'Markets', downline: false },
  { to: '/binary', label: 'Binary', downline: false },
  { to: '/casino', label: 'Casino', downline: false },
  { to: '/users', label: 'Users', downline: true },
  { to: '/downline', label: 'Downline', downline: true },
  { to: '/payments', label: 'Payments', downline: false },
  { to: '/providers', label: 'Providers', downline: false },
  { to: '/settings', label: 'Settings', downline: false },
  { to: '/audit', label: 'Audit', downline: true },
] as const;

/** The operator's screens: a master or an agent goes to its Users screen instead. */
export function OperatorOnly({ children }: { children: ReactNode }) {
  const user = useSession();
  return roleOf(user) === 'operator' ? children : <Navigate to="/users" replace />;
}

/** Signed-in console accounts only (operator, master, agent); anyone else goes to the login. */
export function RequireOperator({ children }: { children: ReactNode }) {
  const user = useSession();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

export function PublicOnly({ children }: { children: ReactNode }) {
  const user = useSession();
  return user ? <Navigate to="/" replace /> : children;
}

export function Layout() {
  const user = useSession();
  const client = useQueryClient();
  const location = useLocation();
  // The narrow screens' menu closes when the route changes (it is open for one path only).
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.pathname;
  const setMenuOpen = (toggle: (open: boolean) => boolean) =>
    setMenuOpenAt(toggle(menuOpen) ? location.pathname : null);

  async function logout() {
    if (readToken()) {
      try {
        await callEndpoint('logout', { user_id: user?.user_id ?? 0, token: '' });
      } catch {
        // The session ends here whatever the server answered.
      }
    }
    clearSession();
    client.clear();
  }

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <button
          type="button"
          className="topbar__menu"
          aria-expanded={menuOpen}
          aria-controls="console-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          Menu
        </button>
        <span className="topbar__brand">
          Backlay <span>Console</span>
        </span>
        <span className="topbar__spacer" />
        <a className="topbar__link" href="/" target="_blank" rel="noreferrer">
          Bettor site
        </a>
        <span className="topbar__user" data-testid="operator-name">
          {user?.user_name}
          {roleOf(user) === 'operator' ? null : <span className="topbar__role small"> · {roleOf(user)}</span>}
        </span>
        <button type="button" className="btn btn--small btn--ghost" onClick={() => void logout()}>
          Sign out
        </button>
      </header>
      <nav id="console-nav" className={`sidenav${menuOpen ? ' is-open' : ''}`} aria-label="Console">
        <ul>
          {NAV.filter((n) => n.downline || roleOf(user) === 'operator').map((n) => (
            <li key={n.to}>
              <NavLink to={n.to} end={'end' in n ? n.end : false}>
                {n.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
