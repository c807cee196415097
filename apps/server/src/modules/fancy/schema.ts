// The fancy module's own tables. A module's schema names no other module's table: the foreign
// keys to other modules' tables live in the migrations (apps/server/drizzle/).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz, paise } from '../../db/columns.ts';

/** A fancy (session) line: one markets row of kind FANCY plus this. Owned by the fancy module. */
export const fancies = pgTable(
  'fancies',
  {
    marketId: integer('market_id').primaryKey(),
    matchId: integer('match_id').notNull(),
    variant: text('variant', { enum: ['RUNS', 'LAMBI', 'KHADO', 'METER', 'ODD_EVEN', 'FANCY1'] }).notNull(),
    status: text('status', { enum: ['ACTIVE', 'BALL_RUNNING', 'SUSPENDED', 'CLOSED', 'REMOVED'] }).notNull(),
    noLine: integer('no_line'),
    noRate: integer('no_rate'),
    yesLine: integer('yes_line'),
    yesRate: integer('yes_rate'),
    /** KHADO: the band's width in runs. */
    band: integer('band'),
    /** The most one user may stake on this fancy in all. */
    maxUserStakePaise: paise('max_user_stake_paise').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    /** The largest result the line can take (bounds METER's exposure; runs of an innings). */
    resultMax: integer('result_max').notNull().default(999),
    /** What it settles on, for the feed: {innings, kind, over?} (see packages/feed cricket). */
    event: jsonb('event').notNull(),
    /** Tests: 'SESSION' | 'LAMBI_INNINGS' | 'MATCH_WIDE' | 'FIRST_DAY_SESSION' | 'FIRST_DAY_TOTAL'. */
    eventKind: text('event_kind').notNull().default('SESSION'),
    /** Averages table key (FIRST_OVER_RUNS …) when the rules give this line an average. */
    averageKey: text('average_key'),
    version: integer('version').notNull().default(1),
    /**
     * Moved by every write to this fancy's bets (a batch of bets, a settlement, an unsettle): a node
     * that caches the fancy's open bets (fancy/open-bets.ts) trusts its copy only at the sequence
     * it last wrote, so a write by any other node is seen under the fancy's lock.
     */
    betsSeq: integer('bets_seq').notNull().default(0),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    index('fancies_match_idx').on(t.matchId),
    check(
      'fancies_status_check',
      sql`${t.status} in ('ACTIVE', 'BALL_RUNNING', 'SUSPENDED', 'CLOSED', 'REMOVED')`,
    ),
    check('fancies_rates_check', sql`coalesce(${t.noRate}, 1) > 0 and coalesce(${t.yesRate}, 1) > 0`),
  ],
);

/** A fancy bet: taken whole at the quoted line and rate. Owned by the fancy module. */
export const fancyBets = pgTable(
  'fancy_bets',
  {
    betId: bigserial('bet_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    matchId: integer('match_id').notNull(),
    marketId: integer('market_id').notNull(),
    isYes: boolean('is_yes').notNull(),
    line: integer('line').notNull(),
    /** KHADO: the band's last run (inclusive); null otherwise. */
    lineTo: integer('line_to'),
    rate: integer('rate').notNull(),
    stakePaise: paise('stake_paise').notNull(),
    requestId: text('request_id').notNull(),
    placedAt: tstz('placed_at').notNull(),
    settledStatus: text('settled_status', { enum: ['VOIDED', 'SETTLED'] }),
    result: text('result', { enum: ['WON', 'LOST', 'VOID'] }),
    profitLossPaise: paise('profit_loss_paise'),
    settledAt: tstz('settled_at'),
  },
  (t) => [
    uniqueIndex('fancy_bets_user_request_key').on(t.userId, t.requestId),
    index('fancy_bets_market_user_idx').on(t.marketId, t.userId),
    index('fancy_bets_user_match_idx').on(t.userId, t.matchId),
    check('fancy_bets_rate_check', sql`${t.rate} > 0`),
    check('fancy_bets_stake_check', sql`${t.stakePaise} > 0`),
  ],
);

/** The operator's overrides of the fancy averages table (competition, key) → value. */
export const fancyAverages = pgTable(
  'fancy_averages',
  {
    competition: text('competition').notNull(),
    averageKey: text('average_key').notNull(),
    value: integer('value').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [uniqueIndex('fancy_averages_pk').on(t.competition, t.averageKey)],
);
