import { defineEndpoints as define } from './endpoint.ts';
import { bettorProviderEndpoints } from './bettor-endpoints.ts';
import {
  adminProviderEnableRequest,
  adminProviderGameEnableRequest,
  adminProviderGames,
  adminProviderGamesRequest,
  adminProviderGame,
  adminProviderReconciliation,
  adminProviderReconciliationRequest,
  adminProviderRounds,
  adminProviderRoundsRequest,
  adminProviderSyncRequest,
  adminProviderView,
  adminProviders,
} from './provider-admin.ts';

/**
 * Live Casino and Slot Game (issue 23): the bettor's lobby, launch and report, the providers'
 * wallet callbacks (bettor-endpoints.ts), and the operator's calls. Part of `endpoints`.
 */
export const providerEndpoints = define({
  ...bettorProviderEndpoints,
  adminProviders: {
    method: 'GET',
    path: 'admin/providers',
    access: 'operator',
    summary:
      'Every configured game provider: enabled, base URL, games (and how many enabled), last catalog sync and its error, rounds still open.',
    response: adminProviders,
  },
  adminProviderEnable: {
    method: 'POST',
    path: 'admin/provider/enable',
    access: 'operator',
    summary:
      'Switch a provider on or off: off hides its games and refuses its launches and debits (PROVIDER_DISABLED); its credits and rollbacks are still taken, so open rounds finish. Audited; idempotent.',
    request: adminProviderEnableRequest,
    response: adminProviderView,
  },
  adminProviderSync: {
    method: 'POST',
    path: 'admin/provider/sync',
    access: 'operator',
    summary:
      "Fetch the provider's game list now (signed POST {base_url}/games) into the catalog: new games come in enabled, the operator's switches are kept, games the provider dropped are disabled. Refused with the reason when the provider does not answer. Audited.",
    request: adminProviderSyncRequest,
    response: adminProviderView,
  },
  adminProviderGames: {
    method: 'POST',
    path: 'admin/provider/games',
    access: 'operator',
    summary: "The games catalog (every provider's, or one's), enabled or not, by name; paged.",
    request: adminProviderGamesRequest,
    response: adminProviderGames,
  },
  adminProviderGameEnable: {
    method: 'POST',
    path: 'admin/provider/game/enable',
    access: 'operator',
    summary:
      'Switch one game on or off: off hides it from the lobby and refuses its launches and debits (GAME_DISABLED); credits and rollbacks are still taken. Audited; idempotent.',
    request: adminProviderGameEnableRequest,
    response: adminProviderGame,
  },
  adminProviderRounds: {
    method: 'POST',
    path: 'admin/provider/rounds',
    access: 'operator',
    summary:
      "A provider's rounds started on a day (UTC+5:30), newest first: player, game, status, stake, win and every transaction with the code it was answered; paged.",
    request: adminProviderRoundsRequest,
    response: adminProviderRounds,
  },
  adminProviderReconciliation: {
    method: 'POST',
    path: 'admin/provider/reconciliation',
    access: 'operator',
    summary:
      "A provider's day (UTC+5:30): debits, credits and rollbacks by its transactions table against the ledger's transfers, refused calls by code, the net, rounds left open, and whether it balances.",
    request: adminProviderReconciliationRequest,
    response: adminProviderReconciliation,
  },
});
