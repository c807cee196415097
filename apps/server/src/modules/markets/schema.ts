// The markets module's own tables. A module's schema names no other module's table: the foreign
// keys to other modules' tables live in the migrations (apps/server/drizzle/).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz, paise } from '../../db/columns.ts';

export const markets = pgTable(
  'markets',
  {
    marketId: serial('market_id').primaryKey(),
    matchId: integer('match_id').notNull(),
    marketName: text('market_name').notNull(),
    marketType: text('market_type').notNull(),
    /** Which kind module owns the market's bets and settlement (src/kinds.ts). */
    marketKind: text('market_kind', { enum: ['EXCHANGE', 'BOOKMAKER', 'FANCY', 'CASINO', 'BINARY'] })
      .notNull()
      .default('EXCHANGE'),
    status: text('status', { enum: ['OPEN', 'SUSPENDED', 'CLOSED', 'INACTIVE'] })
      .notNull()
      .default('OPEN'),
    inPlay: boolean('in_play').notNull().default(false),
    betDelayS: integer('bet_delay_s').notNull().default(0),
    /** Moves on every status change, suspension or runner removal. */
    version: integer('version').notNull().default(1),
    minStakePaise: paise('min_stake_paise').notNull().default(10_000),
    maxStakePaise: paise('max_stake_paise').notNull().default(50_000_000),
    /** Commission on net winnings in basis points (200 = 2%). */
    commissionBps: integer('commission_bps').notNull().default(200),
    startTime: tstz('start_time').notNull(),
    /** Time priority (seq) the next resting bet of this market gets. */
    nextSeq: bigint('next_seq', { mode: 'number' }).notNull().default(1),
    /**
     * Its outcome space (engine RunnerOutcomes): how many runners win. 1: one winner of n; a
     * race's place market: the places it pays (any k of n placed). Exposure is the worst outcome.
     */
    winners: integer('winners').notNull().default(1),
  },
  (t) => [
    index('markets_match_idx').on(t.matchId),
    check('markets_status_check', sql`${t.status} in ('OPEN', 'SUSPENDED', 'CLOSED', 'INACTIVE')`),
    check(
      'markets_kind_check',
      sql`${t.marketKind} in ('EXCHANGE', 'BOOKMAKER', 'FANCY', 'CASINO', 'BINARY')`,
    ),
    check('markets_stakes_check', sql`${t.minStakePaise} > 0 and ${t.maxStakePaise} >= ${t.minStakePaise}`),
    check('markets_commission_check', sql`${t.commissionBps} between 0 and 10000`),
    check('markets_bet_delay_check', sql`${t.betDelayS} >= 0`),
    check('markets_winners_check', sql`${t.winners} between 1 and 16`),
  ],
);

export const runners = pgTable(
  'runners',
  {
    selectionId: serial('selection_id').primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.marketId),
    name: text('name').notNull(),
    status: text('status', { enum: ['ACTIVE', 'WINNER', 'LOSER', 'REMOVED'] })
      .notNull()
      .default('ACTIVE'),
    sortOrder: integer('sort_order').notNull(),
    /** Matched stake on this runner, each match counted once (back side), paise. */
    tradedPaise: paise('traded_paise').notNull().default(0),
  },
  (t) => [
    uniqueIndex('runners_market_order_key').on(t.marketId, t.sortOrder),
    check('runners_status_check', sql`${t.status} in ('ACTIVE', 'WINNER', 'LOSER', 'REMOVED')`),
  ],
);
