import {
  getGameListRequest,
  getLiveCasinoBetsRequest,
  liveCasinoBets,
  userAuthenticationRequest,
  worldCasinoGameList,
  worldCasinoLaunch,
  worldCasinoProviders,
} from '../providers.ts';
import { defineEndpoints } from '../endpoint.ts';

/** Live Casino and Slot Game: providers, games, the launch and the Live Casino Bets report. */
export const worldCasinoEndpoints = defineEndpoints({
  getProvidersList: {
    method: 'GET',
    path: 'worldCasino/getProvidersList',
    access: 'user',
    summary: "The enabled game providers with how many enabled games each has (the lobby's provider filter).",
    response: worldCasinoProviders,
  },
  getGameList: {
    method: 'POST',
    path: 'worldCasino/getGameList',
    access: 'user',
    summary:
      "Enabled games of enabled providers, by provider, category (LIVE, SLOTS, TABLE, CRASH, INSTANT, OTHER) and name search, by name; paged (48 a page), with the categories that have games (the lobby's tabs).",
    request: getGameListRequest,
    response: worldCasinoGameList,
  },
  userAuthentication: {
    method: 'POST',
    path: 'worldCasino/userAuthentication',
    access: 'user',
    summary:
      'Launch a game: a one-time token (120 s, single use, bound to the caller and the game) is given to the provider, whose game page URL is answered. Refused when the game or provider is off or the provider does not answer.',
    request: userAuthenticationRequest,
    response: worldCasinoLaunch,
  },
  getLiveCasinoBets: {
    method: 'POST',
    path: 'report/getLiveCasinoBets',
    access: 'user',
    summary:
      "The caller's provider game rounds over IST days (Live Casino Bets), newest first: game, provider, round id, status, stake, win, profit/loss and each provider transaction id; totals over the range; paged.",
    request: getLiveCasinoBetsRequest,
    response: liveCasinoBets,
  },
});
