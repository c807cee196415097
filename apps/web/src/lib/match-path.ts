import { PRODUCT_SPORT_ID } from './constants.ts';

/**
 * The sports whose matches have a screen of their own (the in-house casino's tables, binary's
 * instruments); every other sport's match is on game-details/{sportId}/{matchId}. One table, so
 * that a link built anywhere (a list, the search, the sidebar, My Market, match/matchdetail/{id})
 * opens the screen that shows the match, never an empty match page (issue 47).
 */
const OWN_SCREENS: Readonly<Record<number, (matchId: number) => string>> = {
  [PRODUCT_SPORT_ID.CASINO]: (matchId) => `/casino/match/${matchId}`,
  [PRODUCT_SPORT_ID.BINARY]: (matchId) => `/binary/${matchId}`,
};

/** The client path of a match's screen. */
export function matchPath(sportId: number, matchId: number): string {
  return OWN_SCREENS[sportId]?.(matchId) ?? `/game-details/${sportId}/${matchId}`;
}
