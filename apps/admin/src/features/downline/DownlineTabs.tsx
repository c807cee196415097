import { NavLink } from 'react-router';

/** The downline screens' tabs: P/L, Risk, Bets. */
export function DownlineTabs() {
  return (
    <nav className="tabs" aria-label="Downline">
      <NavLink to="/downline" end>
        P/L
      </NavLink>
      <NavLink to="/downline/risk">Risk</NavLink>
      <NavLink to="/downline/bets">Bets</NavLink>
    </nav>
  );
}

/** A figure coloured by its sign for the reader's side (+ good); the sign is in the text too. */
export const tone = (v: number) => (v > 0 ? 'num pl-up' : v < 0 ? 'num pl-down' : 'num');
