// The store's schema. Money is integer paise (bigint), timestamps are timestamptz.
// `drizzle-kit generate` turns changes here into SQL migrations under apps/server/drizzle/.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  jsonb,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const paise = (name: string) => bigint(name, { mode: 'number' });

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  'users',
  {
    userId: serial('user_id').primaryKey(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['bettor', 'operator'] })
      .notNull()
      .default('bettor'),
    parentId: integer('parent_id'),
    isChangePassword: boolean('is_change_password').notNull().default(false),
    isSignupUser: boolean('is_signup_user').notNull().default(false),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    failedLoginWindowStart: tstz('failed_login_window_start'),
    lockedUntil: tstz('locked_until'),
    passwordChangedAt: tstz('password_changed_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_name_lower_key').on(sql`lower(${t.userName})`),
    check('users_role_check', sql`${t.role} in ('bettor', 'operator')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    sessionId: bigserial('session_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    /** SHA-256 of the token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

export const buttonValues = pgTable(
  'button_values',
  {
    buttonId: serial('button_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    type: text('type', { enum: ['Game', 'Casino'] }).notNull(),
    sortOrder: integer('sort_order').notNull(),
    buttonName: text('button_name').notNull(),
    /** The stake the button puts in the bet slip (whole rupees on the wire). */
    stakePaise: paise('stake_paise').notNull(),
  },
  (t) => [
    uniqueIndex('button_values_user_type_order_key').on(t.userId, t.type, t.sortOrder),
    check('button_values_stake_check', sql`${t.stakePaise} > 0`),
  ],
);

// ---------------------------------------------------------------- ledger

/**
 * A ledger account: one cash account per user, plus house accounts (code 'HOUSE_CASH', …).
 * balance_paise caches the sum of its transfers (credits minus debits), updated in the same
 * transaction as every transfer; tests assert they agree.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    accountId: serial('account_id').primaryKey(),
    kind: text('kind', { enum: ['user_cash', 'house'] }).notNull(),
    userId: integer('user_id').references(() => users.userId),
    code: text('code'),
    balancePaise: paise('balance_paise').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_kind_key').on(t.userId, t.kind),
    uniqueIndex('ledger_accounts_code_key').on(t.code),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.kind} = 'user_cash' and ${t.userId} is not null) or (${t.kind} = 'house' and ${t.code} is not null)`,
    ),
  ],
);

/** Immutable double-entry transfers (a trigger refuses UPDATE and DELETE). */
export const transfers = pgTable(
  'transfers',
  {
    transferId: bigserial('transfer_id', { mode: 'number' }).primaryKey(),
    debitAccountId: integer('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.accountId),
    creditAccountId: integer('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.accountId),
    amountPaise: paise('amount_paise').notNull(),
    /** deposit, withdrawal, bet_settlement, commission, … */
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    memo: text('memo'),
    /** The market a settlement transfer (or its reversal) belongs to; null for cash movements. */
    marketId: integer('market_id'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transfers_idempotency_key_key').on(t.idempotencyKey),
    index('transfers_market_idx').on(t.marketId),
    index('transfers_debit_idx').on(t.debitAccountId),
    index('transfers_credit_idx').on(t.creditAccountId),
    check('transfers_amount_positive', sql`${t.amountPaise} > 0`),
    check('transfers_distinct_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);

// ---------------------------------------------------------------- settings

/** One row (id = 1): every global-setting field of spec §3. */
export const globalSettings = pgTable(
  'global_settings',
  {
    id: smallint('id').primaryKey().default(1),
    logo: text('logo').notNull().default(''),
    siteMessage: text('site_message').notNull().default(''),
    paymentGateway: boolean('payment_gateway').notNull().default(false),
    isShowApk: boolean('is_show_apk').notNull().default(false),
    welcomeBanner: text('welcome_banner').notNull().default(''),
    siteTitle: text('site_title').notNull().default('Backlay'),
    favicon: text('favicon').notNull().default(''),
    bgPrimaryColor: text('bg_primary_color').notNull().default('#0b3d2e'),
    bgSecondryColor: text('bg_secondry_color').notNull().default('#145c43'),
    textPrimaryColor: text('text_primary_color').notNull().default('#ffffff'),
    textSecondryColor: text('text_secondry_color').notNull().default('#f5c518'),
    otherColor: text('other_color').notNull().default('#72bbef'),
    fbLink: text('fb_link').notNull().default(''),
    instaLink: text('insta_link').notNull().default(''),
    telegramLink: text('telegram_link').notNull().default(''),
    twiterLink: text('twiter_link').notNull().default(''),
    whatsappLink: text('whatsapp_link').notNull().default(''),
  },
  (t) => [check('global_settings_single_row', sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------- catalog

export const sports = pgTable('sports', {
  /** The spec's ids (1 Football, 4 Cricket, …), not generated. */
  sportId: integer('sport_id').primaryKey(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  isRacing: boolean('is_racing').notNull().default(false),
});

export const series = pgTable(
  'series',
  {
    seriesId: serial('series_id').primaryKey(),
    sportId: integer('sport_id')
      .notNull()
      .references(() => sports.sportId),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('series_sport_idx').on(t.sportId)],
);

export const matches = pgTable(
  'matches',
  {
    matchId: serial('match_id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.seriesId),
    sportId: integer('sport_id')
      .notNull()
      .references(() => sports.sportId),
    matchName: text('match_name').notNull(),
    /** Two-letter country code, null when the event has none. */
    country: text('country'),
    /** Racing venue (meeting), null otherwise. */
    venue: text('venue'),
    startTime: tstz('start_time').notNull(),
    openDate: tstz('open_date').notNull(),
    inPlay: boolean('in_play').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('matches_series_idx').on(t.seriesId),
    index('matches_sport_start_idx').on(t.sportId, t.startTime),
  ],
);

export const markets = pgTable(
  'markets',
  {
    marketId: serial('market_id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.matchId),
    marketName: text('market_name').notNull(),
    marketType: text('market_type').notNull(),
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
  },
  (t) => [
    index('markets_match_idx').on(t.matchId),
    check('markets_status_check', sql`${t.status} in ('OPEN', 'SUSPENDED', 'CLOSED', 'INACTIVE')`),
    check('markets_stakes_check', sql`${t.minStakePaise} > 0 and ${t.maxStakePaise} >= ${t.minStakePaise}`),
    check('markets_commission_check', sql`${t.commissionBps} between 0 and 10000`),
    check('markets_bet_delay_check', sql`${t.betDelayS} >= 0`),
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

export const cups = pgTable('cups', {
  cupId: serial('cup_id').primaryKey(),
  name: text('name').notNull(),
  sportId: integer('sport_id')
    .notNull()
    .references(() => sports.sportId),
  seriesId: integer('series_id').references(() => series.seriesId),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const casinoSports = pgTable(
  'casino_sports',
  {
    sportId: text('sport_id').primaryKey(),
    name: text('name').notNull(),
    category: text('category', { enum: ['indian', 'world'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [check('casino_sports_category_check', sql`${t.category} in ('indian', 'world')`)],
);

// ---------------------------------------------------------------- exchange

/**
 * A bet (an order): requested size and price, and how much of it is matched, still on the book
 * (remaining) or cancelled/lapsed. size = matched + remaining + cancelled. Money paise, price
 * hundredths. `seq` is its time priority in the market's book.
 */
export const bets = pgTable(
  'bets',
  {
    betId: bigserial('bet_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.matchId),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.marketId),
    selectionId: integer('selection_id')
      .notNull()
      .references(() => runners.selectionId),
    side: text('side', { enum: ['BACK', 'LAY'] }).notNull(),
    price: integer('price').notNull(),
    sizePaise: paise('size_paise').notNull(),
    matchedPaise: paise('matched_paise').notNull().default(0),
    remainingPaise: paise('remaining_paise').notNull(),
    cancelledPaise: paise('cancelled_paise').notNull().default(0),
    /** Σ fill size × fill price (paise × hundredths): average price = matched_value / matched. */
    matchedValue: bigint('matched_value', { mode: 'number' }).notNull().default(0),
    /** What placing it matched at once (the answer a repeated request_id gets). */
    placedMatchedPaise: paise('placed_matched_paise').notNull().default(0),
    placedMatchedValue: bigint('placed_matched_value', { mode: 'number' }).notNull().default(0),
    persistence: text('persistence', { enum: ['LAPSE', 'PERSIST'] })
      .notNull()
      .default('LAPSE'),
    /** How the unmatched rest ended, when it did not match: cancelled by the bettor or lapsed. */
    endReason: text('end_reason', { enum: ['CANCELLED', 'LAPSED'] }),
    /** VOIDED / SETTLED once the market is settled; null while open. */
    settledStatus: text('settled_status', { enum: ['VOIDED', 'SETTLED'] }),
    /** The settled bet's result (all its fills together): WON, LOST or VOID; null until settled. */
    result: text('result', { enum: ['WON', 'LOST', 'VOID'] }),
    /** Σ of its fills' settled profit (negative for a loss) before commission, paise; null until settled. */
    profitLossPaise: paise('profit_loss_paise'),
    settledAt: tstz('settled_at'),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    requestId: text('request_id').notNull(),
    placedAt: tstz('placed_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('bets_user_request_key').on(t.userId, t.requestId),
    uniqueIndex('bets_market_seq_key').on(t.marketId, t.seq),
    index('bets_resting_idx')
      .on(t.marketId)
      .where(sql`${t.remainingPaise} > 0`),
    index('bets_user_placed_idx').on(t.userId, t.placedAt),
    index('bets_user_match_idx').on(t.userId, t.matchId),
    index('bets_user_settled_idx').on(t.userId, t.settledAt),
    check('bets_side_check', sql`${t.side} in ('BACK', 'LAY')`),
    check('bets_price_check', sql`${t.price} between 101 and 100000`),
    check(
      'bets_amounts_check',
      sql`${t.sizePaise} > 0 and ${t.matchedPaise} >= 0 and ${t.remainingPaise} >= 0 and ${t.cancelledPaise} >= 0 and ${t.matchedPaise} + ${t.remainingPaise} + ${t.cancelledPaise} = ${t.sizePaise}`,
    ),
  ],
);

/** One match between a back bet and a lay bet at the maker's price. */
export const fills = pgTable(
  'fills',
  {
    fillId: bigserial('fill_id', { mode: 'number' }).primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.marketId),
    selectionId: integer('selection_id').notNull(),
    price: integer('price').notNull(),
    sizePaise: paise('size_paise').notNull(),
    backBetId: bigint('back_bet_id', { mode: 'number' })
      .notNull()
      .references(() => bets.betId),
    layBetId: bigint('lay_bet_id', { mode: 'number' })
      .notNull()
      .references(() => bets.betId),
    backUserId: integer('back_user_id').notNull(),
    layUserId: integer('lay_user_id').notNull(),
    /** The bet that arrived and took the resting one. */
    takerBetId: bigint('taker_bet_id', { mode: 'number' }).notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('fills_market_back_user_idx').on(t.marketId, t.backUserId),
    index('fills_market_lay_user_idx').on(t.marketId, t.layUserId),
    check('fills_size_check', sql`${t.sizePaise} > 0`),
  ],
);

/**
 * A user's exposure in one market (DOMAIN.md: unmatched counted at worst), kept up to date by
 * every bet, fill, cancel and lapse so the balance call is one sum; tests recompute it from bets.
 */
export const marketExposures = pgTable(
  'market_exposures',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.marketId),
    exposurePaise: paise('exposure_paise').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('market_exposures_pk').on(t.userId, t.marketId),
    check('market_exposures_nonneg', sql`${t.exposurePaise} >= 0`),
  ],
);

// ---------------------------------------------------------------- settlement and operations

/**
 * The settlement state of a market. `generation` counts settlements: the ledger transfers of
 * generation g carry `/g{g}` in their idempotency keys, so an unsettle reverses exactly them and
 * a re-settlement writes new ones. `result` is the declared result (null while none is declared
 * or after an unsettle); `void_market` voids every bet.
 */
export const marketSettlements = pgTable(
  'market_settlements',
  {
    marketId: integer('market_id')
      .primaryKey()
      .references(() => markets.marketId),
    state: text('state', { enum: ['SETTLED', 'UNSETTLED'] }).notNull(),
    generation: integer('generation').notNull(),
    result: jsonb('result').$type<{ winners: number[]; dead_heat_count: number } | null>(),
    voidMarket: boolean('void_market').notNull().default(false),
    settledAt: tstz('settled_at'),
    settledBy: integer('settled_by').references(() => users.userId),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    check('market_settlements_state_check', sql`${t.state} in ('SETTLED', 'UNSETTLED')`),
    check('market_settlements_generation_check', sql`${t.generation} >= 0`),
  ],
);

/**
 * Management voids of part of a market, applied whenever it is settled: one runner
 * (selection_id) or the bets placed in a time window [from_at, to_at] (the "wrong rate" rule).
 */
export const marketVoids = pgTable(
  'market_voids',
  {
    voidId: serial('void_id').primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.marketId),
    kind: text('kind', { enum: ['SELECTION', 'WINDOW'] }).notNull(),
    selectionId: integer('selection_id').references(() => runners.selectionId),
    fromAt: tstz('from_at'),
    toAt: tstz('to_at'),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('market_voids_market_idx').on(t.marketId),
    check(
      'market_voids_shape_check',
      sql`(${t.kind} = 'SELECTION' and ${t.selectionId} is not null) or (${t.kind} = 'WINDOW' and ${t.fromAt} is not null and ${t.toAt} is not null and ${t.fromAt} <= ${t.toAt})`,
    ),
  ],
);

/**
 * Every operator call: who, when, what was asked and what was answered. A repeated
 * (operator, action, request_id) returns the stored answer and changes nothing.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    actionId: bigserial('action_id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.userId),
    action: text('action').notNull(),
    requestId: text('request_id'),
    request: jsonb('request').notNull(),
    /** The envelope answered: { status, message?, data? }. */
    response: jsonb('response').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('admin_actions_request_key').on(t.operatorId, t.action, t.requestId),
    index('admin_actions_created_idx').on(t.createdAt),
  ],
);
