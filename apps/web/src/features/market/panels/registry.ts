import type { MarketDetail } from '@backlay/contract';
import type { ReactNode } from 'react';
import type { OneClickSettings } from '../OneClick.tsx';
import type { SlipSelection } from '../slip.ts';

/**
 * The exchange's own betting, for a sport that lays exchange markets out itself (racing's WIN and
 * PLACE side by side): the same pick (slip or one-click), the same slip and the same what-if as the
 * screen's ladders — a sport never writes a second exchange betting path.
 */
export interface ExchangeBetting {
  /** A price cell was picked: opens the exchange slip there, or places at once with one-click on. */
  onPick(market: MarketDetail): (sel: SlipSelection) => void;
  /** Every runner's position after the bet in the exchange slip, when the slip is on this market. */
  whatIf(market: MarketDetail): Map<number, number> | undefined;
  /** The exchange slip, when it is open on this market's selection (else null). */
  slipFor(market: MarketDetail, selectionId: number): ReactNode;
  /** The Cash Out button of this market, when the caller has a matched position on it (else null). */
  cashOutFor(market: MarketDetail): ReactNode;
  /** The live connection is quiet or down: prices may be behind. */
  stale: boolean;
}

/** What game-details hands a sport's contribution on every render. */
export interface SportPanelContext {
  matchId: number;
  /** The match id is a real one and the match (or, until it loads, the route) is of this sport. */
  active: boolean;
  oneClick: OneClickSettings;
  /** Closes the exchange slip: a sport's own slip is opening (one slip on screen at a time). */
  closeExchangeSlip: () => void;
  /** The exchange's slip, pick and what-if, for exchange markets a sport shows in its own panels. */
  exchange: ExchangeBetting;
}

/** What a sport adds to game-details for one match (all empty while it is not active). */
export interface SportPanelState {
  /** Markets this sport shows in its own panels: left out of the exchange ladders, followed live. */
  marketIds: readonly number[];
  /** Its data is still loading: the screen does not yet say "no markets". */
  pending: boolean;
  /** Closes this sport's own slip: an exchange slip is opening. */
  closeSlip: () => void;
  /** Above the one-click bar (a scoreboard, a race card header). */
  top?: ReactNode;
  /** Below the exchange markets, in the markets column. */
  markets?: ReactNode;
  /** In the side column, below My Bets. */
  side?: ReactNode;
}

/**
 * One sport's contribution to game-details. Both hooks are called on every render for every
 * registered sport (so the hook order never changes when the match's sport becomes known);
 * `useMatch` loads nothing and returns no ids while `ctx.active` is false.
 */
export interface SportPanels {
  /** Unique; registering the same name again replaces the entry in place (hot reload). */
  name: string;
  sportIds: readonly number[];
  useMatch(ctx: SportPanelContext): SportPanelState;
  /** Follows `ids` (this sport's markets that fit the screen's live budget) over the live connection. */
  useLive(matchId: number, ids: readonly number[]): void;
}

const entries: SportPanels[] = [];
let sealed = false;

/**
 * Adds a sport's contribution. Only at module load: once game-details has read the registry a new
 * entry would change the number of hooks it calls, so that throws.
 */
export function registerSportPanels(panels: SportPanels): void {
  const at = entries.findIndex((e) => e.name === panels.name);
  if (at >= 0) {
    entries[at] = panels;
    return;
  }
  if (sealed)
    throw new Error(`sport panels "${panels.name}" registered after game-details read the registry`);
  entries.push(panels);
}

/** Every registered contribution, in registration order (fixed from the first read on). */
export function allSportPanels(): readonly SportPanels[] {
  sealed = true;
  return entries;
}

/** Whether `panels` contributes to a match of `sportId`. */
export function panelsServe(panels: SportPanels, sportId: number): boolean {
  return panels.sportIds.includes(sportId);
}

/** The contribution for a sport, if any. */
export function sportPanelsFor(sportId: number): SportPanels | undefined {
  return allSportPanels().find((p) => panelsServe(p, sportId));
}
