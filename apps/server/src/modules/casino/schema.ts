// The casino module's own tables: the in-house tables, their rounds
// and the bets on them. Their foreign keys (match_id → matches, market_id → markets, user_id →
// users) live in migration 0019: a module's schema names no other module's table.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { paise, tstz } from '../../db/columns.ts';

export const CASINO_ROUND_STATES = ['BETTING', 'CLOSED', 'DEALING', 'RESULT', 'VOID'] as const;
export type StoredRoundState = (typeof CASINO_ROUND_STATES)[number];

/** An option as fixed when its round's window opened (payout in hundredths: 1.98 = 198). */
export type StoredOption = { id: string; label: string; payout: number };
/** A settled round's result: the strip's words, the winning options and each option's outcome. */
export type StoredResult = {
  summary: string;
  winners: string[];
  outcomes: Record<string, { kind: 'win'; payout: number } | { kind: 'half-lose' | 'push' | 'lose' }>;
};

/** A table: the catalog match (sport −1) of one RoundGame of the engine's registry, and its limits. */
export const casinoTables = pgTable(
  'casino_tables',
  {
    matchId: integer('match_id').primaryKey(),
    /** The RoundGame's id (engine ROUND_GAMES): the one name of the game. */
    gameId: text('game_id').notNull(),
    minStakePaise: paise('min_stake_paise').notNull(),
    maxPerOptionPaise: paise('max_per_option_paise').notNull(),
    maxPerRoundPaise: paise('max_per_round_paise').notNull(),
  },
  (t) => [
    uniqueIndex('casino_tables_game_key').on(t.gameId),
    check(
      'casino_tables_limits_check',
      sql`${t.minStakePaise} > 0 and ${t.maxPerOptionPaise} >= ${t.minStakePaise} and ${t.maxPerRoundPaise} >= ${t.maxPerOptionPaise}`,
    ),
  ],
);

/**
 * One round of a table: its seed (secret until the deal ends; its hash published at open), the
 * options fixed at open, the steps revealed so far, the result, and the leader term (fencing
 * generation) that ran it. Its bets are on its own markets row (kind CASINO).
 */
export const casinoRounds = pgTable(
  'casino_rounds',
  {
    roundId: serial('round_id').primaryKey(),
    matchId: integer('match_id').notNull(),
    marketId: integer('market_id').notNull(),
    state: text('state', { enum: CASINO_ROUND_STATES }).notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    options: jsonb('options').$type<StoredOption[]>().notNull(),
    steps: jsonb('steps').$type<string[]>().notNull(),
    result: jsonb('result').$type<StoredResult>(),
    openedAt: tstz('opened_at').notNull(),
    closesAt: tstz('closes_at').notNull(),
    finishedAt: tstz('finished_at'),
    voidReason: text('void_reason'),
    /** Whether the deal had begun (cards shown) when it was voided: then its seed is revealed. */
    dealtBeforeVoid: boolean('dealt_before_void').notNull().default(false),
    /** The lease generation (leader term) that opened and ran it. */
    generation: integer('generation').notNull(),
    /** The table's limits when the round opened: its bets are judged by these (migration 0022). */
    minStakePaise: paise('min_stake_paise').notNull(),
    maxPerOptionPaise: paise('max_per_option_paise').notNull(),
    maxPerRoundPaise: paise('max_per_round_paise').notNull(),
  },
  (t) => [
    uniqueIndex('casino_rounds_market_key').on(t.marketId),
    index('casino_rounds_match_idx').on(t.matchId, t.roundId),
    index('casino_rounds_unfinished_idx')
      .on(t.matchId)
      .where(sql`${t.state} in ('BETTING', 'CLOSED', 'DEALING')`),
    index('casino_rounds_finished_idx').on(t.matchId, t.finishedAt),
    check('casino_rounds_state_check', sql`${t.state} in ('BETTING', 'CLOSED', 'DEALING', 'RESULT', 'VOID')`),
    check('casino_rounds_void_check', sql`(${t.state} = 'VOID') = (${t.voidReason} is not null)`),
    check(
      'casino_rounds_limits_check',
      sql`${t.minStakePaise} > 0 and ${t.maxPerOptionPaise} >= ${t.minStakePaise} and ${t.maxPerRoundPaise} >= ${t.maxPerOptionPaise}`,
    ),
  ],
);

/** A bet on one option of a round, taken whole at the option's payout (a back bet). */
export const casinoBets = pgTable(
  'casino_bets',
  {
    betId: bigserial('bet_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    matchId: integer('match_id').notNull(),
    marketId: integer('market_id').notNull(),
    roundId: integer('round_id').notNull(),
    optionId: text('option_id').notNull(),
    optionLabel: text('option_label').notNull(),
    /** Decimal odds in hundredths (1.98 = 198), as fixed at the round's open. */
    payout: integer('payout').notNull(),
    stakePaise: paise('stake_paise').notNull(),
    requestId: text('request_id').notNull(),
    placedAt: tstz('placed_at').notNull(),
    settledStatus: text('settled_status', { enum: ['VOIDED', 'SETTLED'] }),
    result: text('result', { enum: ['WON', 'LOST', 'VOID'] }),
    profitLossPaise: paise('profit_loss_paise'),
    settledAt: tstz('settled_at'),
  },
  (t) => [
    uniqueIndex('casino_bets_user_request_key').on(t.userId, t.requestId),
    index('casino_bets_market_user_idx').on(t.marketId, t.userId),
    index('casino_bets_user_round_idx').on(t.userId, t.roundId),
    index('casino_bets_user_settled_idx').on(t.userId, t.settledAt),
    check('casino_bets_stake_check', sql`${t.stakePaise} > 0`),
    check('casino_bets_payout_check', sql`${t.payout} > 100`),
  ],
);
