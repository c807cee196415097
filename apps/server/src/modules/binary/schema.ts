// The binary module's own tables: the instruments (matches of sport
// −17), their sessions (one per instrument and trading day, each a BINARY-kind market with its
// line pair), the bets on them, the feed's ticks (bounded) and the operator's holiday calendar.
// Foreign keys (match_id → matches, market_id → markets, user_id → users) live in migrations 0020
// and 0021: a module's schema names no other module's table.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { paise, tstz } from '../../db/columns.ts';

/** An instrument: its catalog match and its spec code (engine BINARY_INSTRUMENTS holds the rest). */
export const binaryInstruments = pgTable(
  'binary_instruments',
  {
    matchId: integer('match_id').primaryKey(),
    code: text('code').notNull(),
  },
  (t) => [uniqueIndex('binary_instruments_code_key').on(t.code)],
);

export const BINARY_SESSION_STATES = ['LIVE', 'SETTLED', 'VOID'] as const;
/** The line's state: ACTIVE takes bets at the quoted pair; SUSPENDED and CLOSED refuse them. */
export const BINARY_LINE_STATUSES = ['ACTIVE', 'SUSPENDED', 'CLOSED'] as const;

/**
 * A session: an instrument's trading day, its BINARY-kind market (market_id, the session id on
 * the wire), its hours, its first and last feed price (hundredths: 24,350.05 = 2435005), its line
 * pair (hundredths, moved with the price), the operator's override, the price it settled on, and
 * why the operator voided it. LIVE until settled or voided.
 */
export const binarySessions = pgTable(
  'binary_sessions',
  {
    marketId: integer('market_id').primaryKey(),
    matchId: integer('match_id').notNull(),
    code: text('code').notNull(),
    tradingDay: text('trading_day').notNull(),
    opensAt: tstz('opens_at').notNull(),
    closesAt: tstz('closes_at').notNull(),
    firstPriceC: integer('first_price_c'),
    lastPriceC: integer('last_price_c'),
    lastTickAt: tstz('last_tick_at'),
    overridePriceC: integer('override_price_c'),
    settlementPriceC: integer('settlement_price_c'),
    state: text('state', { enum: BINARY_SESSION_STATES }).notNull().default('LIVE'),
    lineStatus: text('line_status', { enum: BINARY_LINE_STATUSES }).notNull().default('SUSPENDED'),
    noLineC: integer('no_line_c'),
    noRate: integer('no_rate'),
    yesLineC: integer('yes_line_c'),
    yesRate: integer('yes_rate'),
    /** Most one user may stake on the session in all (paise). */
    maxUserStakePaise: paise('max_user_stake_paise').notNull(),
    voidReason: text('void_reason'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('binary_sessions_match_day_key').on(t.matchId, t.tradingDay),
    index('binary_sessions_state_idx').on(t.state, t.closesAt),
    check('binary_sessions_state_check', sql`${t.state} in ('LIVE', 'SETTLED', 'VOID')`),
    check('binary_sessions_line_status_check', sql`${t.lineStatus} in ('ACTIVE', 'SUSPENDED', 'CLOSED')`),
    check(
      'binary_sessions_prices_check',
      sql`coalesce(${t.overridePriceC}, 1) > 0 and coalesce(${t.lastPriceC}, 1) > 0`,
    ),
  ],
);

/**
 * A bet on a session: Yes (closes at or above line_c) or No (below it), at the quoted rate, taken
 * whole. line_c is hundredths of a price point (71.25 = 7125): the fancy arithmetic's result is
 * the settlement price in hundredths, so every comparison is exact.
 */
export const binaryBets = pgTable(
  'binary_bets',
  {
    betId: bigserial('bet_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    matchId: integer('match_id').notNull(),
    marketId: integer('market_id').notNull(),
    isYes: boolean('is_yes').notNull(),
    lineC: integer('line_c').notNull(),
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
    uniqueIndex('binary_bets_user_request_key').on(t.userId, t.requestId),
    index('binary_bets_market_user_idx').on(t.marketId, t.userId),
    index('binary_bets_user_settled_idx').on(t.userId, t.settledAt),
    check('binary_bets_rate_check', sql`${t.rate} > 0`),
    check('binary_bets_stake_check', sql`${t.stakePaise} > 0`),
    check('binary_bets_line_check', sql`${t.lineC} > 0`),
  ],
);

/** The feed's prices of a session as stored for the chart: at most one per BINARY_TICK_STORE_MS. */
export const binaryTicks = pgTable(
  'binary_ticks',
  {
    marketId: integer('market_id').notNull(),
    at: tstz('at').notNull(),
    priceC: integer('price_c').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.marketId, t.at] }),
    check('binary_ticks_price_check', sql`${t.priceC} > 0`),
  ],
);

/** The operator's calendar: a day (India) on which a group (or ALL) does not trade. */
export const binaryHolidays = pgTable(
  'binary_holidays',
  {
    day: text('day').notNull(),
    grp: text('grp', { enum: ['EQUITY', 'COMMODITY', 'EVENING', 'ALL'] }).notNull(),
    reason: text('reason').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.grp] }),
    check('binary_holidays_grp_check', sql`${t.grp} in ('EQUITY', 'COMMODITY', 'EVENING', 'ALL')`),
  ],
);
