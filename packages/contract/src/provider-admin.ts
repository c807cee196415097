import { z } from 'zod';
import { adminRequestId } from './admin.ts';
import { idInput, isoDateTime, textInput } from './common.ts';
import { liveCasinoBetRow, providerId, providerRoundStatus, worldCasinoGame } from './providers.ts';
import { page, reportDay } from './reports.ts';
import { rupees } from './wallet.ts';

// Game providers, the operator's side (issue 23, docs/providers.md): the providers and their
// switch, the games catalog, a provider's rounds and its daily reconciliation against the ledger.

export const adminProviderView = z.object({
  provider_id: z.string(),
  name: z.string(),
  base_url: z.string(),
  enabled: z.boolean(),
  games: z.number().int(),
  enabled_games: z.number().int(),
  /** Last catalog sync and what it said (null: never synced). */
  synced_at: isoDateTime.nullable(),
  sync_error: z.string().nullable(),
  /** Rounds still OPEN (a bet with no closing credit). */
  open_rounds: z.number().int(),
});
export const adminProviders = z.array(adminProviderView);
export type AdminProviderView = z.infer<typeof adminProviderView>;

export const adminProviderEnableRequest = z.object({
  provider_id: providerId,
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  request_id: adminRequestId.optional(),
});
export const adminProviderSyncRequest = z.object({
  provider_id: providerId,
  request_id: adminRequestId.optional(),
});

export const adminProviderGamesRequest = z.object({
  provider_id: providerId.optional(),
  search: textInput('search', { max: 60 }).optional(),
  page,
});
export const adminProviderGame = worldCasinoGame.extend({
  provider_game_id: z.string(),
  enabled: z.boolean(),
});
export const adminProviderGames = z.object({
  games: z.array(adminProviderGame),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export const adminProviderGameEnableRequest = z.object({
  game_id: idInput,
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  request_id: adminRequestId.optional(),
});

export const adminProviderRoundsRequest = z.object({
  provider_id: providerId,
  /** A day in UTC+5:30 (rounds started that day); today when absent. */
  date: reportDay.optional(),
  status: providerRoundStatus.optional(),
  user_id: idInput.optional(),
  page,
});
export const adminProviderRound = liveCasinoBetRow.extend({
  user_id: z.number().int(),
  user_name: z.string(),
});
export const adminProviderRounds = z.object({
  rows: z.array(adminProviderRound),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});

export const adminProviderReconciliationRequest = z.object({
  provider_id: providerId,
  /** A day in UTC+5:30; today when absent. */
  date: reportDay.optional(),
});
const reconLine = z.object({
  /** Calls that moved money, and their sum (rupees), by the provider's transactions table. */
  count: z.number().int(),
  amount: rupees,
  /** The same by the ledger's transfers of that kind. */
  ledger_count: z.number().int(),
  ledger_amount: rupees,
});
export const adminProviderReconciliation = z.object({
  provider_id: z.string(),
  date: z.string(),
  debits: reconLine,
  credits: reconLine,
  rollbacks: reconLine,
  /** Calls refused (no money moved), by code. */
  refused: z.array(z.object({ code: z.string(), count: z.number().int() })),
  /** Debits − credits − rollbacks (rupees): the house's gross gaming revenue of the day. */
  net: rupees,
  /** Rounds started that day and still OPEN. */
  open_rounds: z.number().int(),
  /** True when every line's table figures equal the ledger's. */
  balanced: z.boolean(),
});
export type AdminProviderReconciliation = z.infer<typeof adminProviderReconciliation>;
