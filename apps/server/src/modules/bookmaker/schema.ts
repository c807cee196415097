// The bookmaker module's own tables. A module's schema names no other module's table: the foreign
// keys to other modules' tables live in the migrations (apps/server/drizzle/).
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz, paise } from '../../db/columns.ts';

/** The house's quote on one bookmaker runner. Owned by the bookmaker module. */
export const bookmakerQuotes = pgTable(
  'bookmaker_quotes',
  {
    selectionId: integer('selection_id').primaryKey(),
    marketId: integer('market_id').notNull(),
    backRate: integer('back_rate'),
    layRate: integer('lay_rate'),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    index('bookmaker_quotes_market_idx').on(t.marketId),
    check(
      'bookmaker_quotes_rates_check',
      sql`coalesce(${t.backRate}, 1) > 0 and coalesce(${t.layRate}, 1) > 0`,
    ),
  ],
);

/** Bookmaker state per market (ACTIVE / BALL_RUNNING / SUSPENDED / CLOSED). */
export const bookmakerMarkets = pgTable(
  'bookmaker_markets',
  {
    marketId: integer('market_id').primaryKey(),
    status: text('status', { enum: ['ACTIVE', 'BALL_RUNNING', 'SUSPENDED', 'CLOSED'] }).notNull(),
    /** Moves on every quote or status change: a bet names the rate it saw, this says it moved. */
    version: integer('version').notNull().default(1),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    check(
      'bookmaker_markets_status_check',
      sql`${t.status} in ('ACTIVE', 'BALL_RUNNING', 'SUSPENDED', 'CLOSED')`,
    ),
  ],
);

/** A bookmaker bet: taken whole at the quoted rate. Owned by the bookmaker module. */
export const bookmakerBets = pgTable(
  'bookmaker_bets',
  {
    betId: bigserial('bet_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    matchId: integer('match_id').notNull(),
    marketId: integer('market_id').notNull(),
    selectionId: integer('selection_id').notNull(),
    isBack: boolean('is_back').notNull(),
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
    uniqueIndex('bookmaker_bets_user_request_key').on(t.userId, t.requestId),
    index('bookmaker_bets_market_user_idx').on(t.marketId, t.userId),
    index('bookmaker_bets_user_match_idx').on(t.userId, t.matchId),
    check('bookmaker_bets_rate_check', sql`${t.rate} > 0`),
    check('bookmaker_bets_stake_check', sql`${t.stakePaise} > 0`),
  ],
);
