// The binary module's own tables (re-exported by db/schema.ts): the instruments (matches of sport
// −17), their sessions (one per instrument and trading day, each a fancy-kind market), the feed's
// ticks (bounded) and the operator's holiday calendar. Foreign keys (match_id → matches, market_id
// → markets) live in migration 0020: naming those tables here would import db/schema.ts back.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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

/**
 * A session: an instrument's trading day, its fancy-kind market (market_id, the session id on the
 * wire), its hours, its first and last feed price (hundredths: 24,350.05 = 2435005), the
 * operator's override and the price it settled on. LIVE until settled or voided.
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
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('binary_sessions_match_day_key').on(t.matchId, t.tradingDay),
    index('binary_sessions_state_idx').on(t.state, t.closesAt),
    check('binary_sessions_state_check', sql`${t.state} in ('LIVE', 'SETTLED', 'VOID')`),
    check(
      'binary_sessions_prices_check',
      sql`coalesce(${t.overridePriceC}, 1) > 0 and coalesce(${t.lastPriceC}, 1) > 0`,
    ),
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
