// The providers module's own tables: the configured game providers
// (the operator's switch), their games (synced from the provider), launch tokens and game
// sessions, the rounds, and every wallet call a provider made with the answer it got. Foreign keys
// to users live in migration 0023 (a module's schema names no other module's table).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { paise, tstz } from '../../db/columns.ts';

/** A configured provider (its URL and secret come from the configuration, never the store). */
export const gameProviders = pgTable('game_providers', {
  providerId: text('provider_id').primaryKey(),
  name: text('name').notNull(),
  baseUrl: text('base_url').notNull(),
  /** The operator's switch. */
  enabled: boolean('enabled').notNull().default(true),
  syncedAt: tstz('synced_at'),
  syncError: text('sync_error'),
});

/** A game of a provider's catalog. `listed`: the provider's last list had it; `enabled`: the operator's switch. */
export const providerGames = pgTable(
  'provider_games',
  {
    gameId: serial('game_id').primaryKey(),
    providerId: text('provider_id')
      .notNull()
      .references(() => gameProviders.providerId),
    providerGameId: text('provider_game_id').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    enabled: boolean('enabled').notNull().default(true),
    listed: boolean('listed').notNull().default(true),
  },
  (t) => [
    uniqueIndex('provider_games_provider_game_key').on(t.providerId, t.providerGameId),
    index('provider_games_lobby_idx').on(t.category, t.name),
    check(
      'provider_games_category_check',
      sql`${t.category} in ('LIVE', 'SLOTS', 'TABLE', 'CRASH', 'INSTANT', 'OTHER')`,
    ),
  ],
);

/**
 * A one-time launch token (only its SHA-256 is kept): bound to a user and a game, short-lived,
 * single use, and to the site session it was launched from (its id and generation: a logout of it,
 * or anything that bumps users.session_generation, makes the token worthless, issue 40).
 */
export const providerLaunchTokens = pgTable(
  'provider_launch_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => providerGames.gameId),
    /** sessions.session_id of the site session that launched the game. */
    siteSessionId: bigint('site_session_id', { mode: 'number' }).notNull(),
    /** users.session_generation when it was issued. */
    generation: integer('generation').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('provider_launch_tokens_expiry_idx').on(t.expiresAt),
    index('provider_launch_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A game session a token was exchanged for (only the session id's SHA-256 is kept): live while
 * its site session is (not revoked, not expired), its generation is the user's, and it was used in
 * the last SESSION_IDLE_TTL_S; good for its one game only.
 */
export const providerSessions = pgTable(
  'provider_sessions',
  {
    sessionHash: text('session_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => providerGames.gameId),
    /** The launch token's site session and generation. */
    siteSessionId: bigint('site_session_id', { mode: 'number' }).notNull(),
    generation: integer('generation').notNull(),
    createdAt: tstz('created_at').notNull(),
    lastSeenAt: tstz('last_seen_at').notNull(),
  },
  (t) => [
    index('provider_sessions_user_idx').on(t.userId),
    index('provider_sessions_seen_idx').on(t.lastSeenAt),
  ],
);

export const PROVIDER_ROUND_STATES = ['OPEN', 'CLOSED', 'CANCELLED'] as const;

/** A provider's round for one player: its net stake and its wins, paise. */
export const providerRounds = pgTable(
  'provider_rounds',
  {
    roundKey: bigserial('round_key', { mode: 'number' }).primaryKey(),
    providerId: text('provider_id')
      .notNull()
      .references(() => gameProviders.providerId),
    roundId: text('round_id').notNull(),
    userId: integer('user_id').notNull(),
    /** Our game, when the provider's game id is in the catalog. */
    gameId: integer('game_id').references(() => providerGames.gameId),
    providerGameId: text('provider_game_id').notNull(),
    status: text('status').notNull().default('OPEN'),
    /** Debits less their rollbacks. */
    stakePaise: paise('stake_paise').notNull().default(0),
    winPaise: paise('win_paise').notNull().default(0),
    startedAt: tstz('started_at').notNull(),
    closedAt: tstz('closed_at'),
  },
  (t) => [
    uniqueIndex('provider_rounds_round_key').on(t.providerId, t.roundId, t.userId),
    index('provider_rounds_user_idx').on(t.userId, t.startedAt),
    index('provider_rounds_provider_idx').on(t.providerId, t.startedAt),
    check('provider_rounds_status_check', sql`${t.status} in ('OPEN', 'CLOSED', 'CANCELLED')`),
    check('provider_rounds_money_check', sql`${t.stakePaise} >= 0 and ${t.winPaise} >= 0`),
  ],
);

export const PROVIDER_TX_TYPES = ['DEBIT', 'CREDIT', 'ROLLBACK'] as const;
export type ProviderTxType = (typeof PROVIDER_TX_TYPES)[number];

/**
 * Every debit, credit and rollback a provider sent, by its transaction id, with the answer it got
 * (the exact bytes: a repeat is answered with them). `moved_paise` is what the ledger moved for it
 * (0 for a refusal, a credit of 0 or a rollback of nothing); `transfer_id` its transfer.
 */
export const providerTransactions = pgTable(
  'provider_transactions',
  {
    providerId: text('provider_id')
      .notNull()
      .references(() => gameProviders.providerId),
    transactionId: text('transaction_id').notNull(),
    type: text('type').notNull(),
    /** The caller's player id as sent (a refusal may name no user of ours). */
    playerId: text('player_id').notNull(),
    userId: integer('user_id'),
    roundId: text('round_id').notNull(),
    roundKey: bigint('round_key', { mode: 'number' }).references(() => providerRounds.roundKey),
    providerGameId: text('provider_game_id').notNull(),
    /** A rollback's debit. */
    referenceId: text('reference_id'),
    amountPaise: paise('amount_paise').notNull(),
    movedPaise: paise('moved_paise').notNull().default(0),
    code: text('code').notNull(),
    /** Set on a debit when a rollback cancelled it (the rollback's transaction id). */
    rolledBackBy: text('rolled_back_by'),
    transferId: bigint('transfer_id', { mode: 'number' }),
    /** What makes a repeat the same call: type, player, round, game, amount, reference. */
    fingerprint: text('fingerprint').notNull(),
    answer: text('answer').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.transactionId] }),
    index('provider_transactions_reference_idx').on(t.providerId, t.referenceId),
    index('provider_transactions_round_idx').on(t.roundKey),
    index('provider_transactions_day_idx').on(t.providerId, t.createdAt),
    check('provider_transactions_type_check', sql`${t.type} in ('DEBIT', 'CREDIT', 'ROLLBACK')`),
    check(
      'provider_transactions_money_check',
      sql`${t.amountPaise} >= 0 and ${t.movedPaise} >= 0 and ${t.movedPaise} <= ${t.amountPaise}`,
    ),
  ],
);
