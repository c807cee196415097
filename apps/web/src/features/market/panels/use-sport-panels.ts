import { WS_SUBSCRIBE_MAX } from '../useLive.ts';
import { allSportPanels, panelsServe, type SportPanelContext, type SportPanelState } from './registry.ts';

/**
 * Every registered sport's state for this match; only the sports serving `sportId` are active.
 * The registry is sealed at its first read, so the same hooks run in the same order on every
 * render, also when the sport changes from the route's to the match's.
 */
export function useSportPanels(
  sportId: number,
  valid: boolean,
  ctx: Omit<SportPanelContext, 'active'>,
): SportPanelState[] {
  const states: SportPanelState[] = [];
  for (const panels of allSportPanels()) {
    states.push(panels.useMatch({ ...ctx, active: valid && panelsServe(panels, sportId) }));
  }
  return states;
}

/**
 * Follows the sports' own markets live. One subscribe message carries at most WS_SUBSCRIBE_MAX
 * ids and the exchange markets come first; a sport's markets past that rely on its own poll.
 */
export function useSportLive(
  matchId: number,
  valid: boolean,
  states: readonly SportPanelState[],
  exchangeCount: number,
): void {
  let budget = Math.max(0, WS_SUBSCRIBE_MAX - exchangeCount);
  allSportPanels().forEach((panels, i) => {
    const ids = valid ? (states[i]?.marketIds ?? []).slice(0, budget) : [];
    budget -= ids.length;
    panels.useLive(matchId, ids);
  });
}
