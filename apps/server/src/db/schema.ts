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
  primaryKey,
  serial,
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
    role: text('role', { enum: ['bettor', 'operator', 'master', 'agent'] })
      .notNull()
      .default('bettor'),
    /** The account above in the tree (docs/hierarchy.md): the operator, a master or an agent. */
    parentId: integer('parent_id'),
    /** A master's or an agent's share of the result under it, basis points (applied at settlement). */
    shareBp: integer('share_bp'),
    /**
     * Betting locked by an upline (issue 41): the account that locked it, null when not locked. The
     * stake gate refuses every stake of this account and of every account below it; only the
     * locker or an account above it unlocks.
     */
    betLockedBy: integer('bet_locked_by'),
    /** What the parent lent this account (set by the parent), shown beside its balance. */
    creditReferencePaise: bigint('credit_reference_paise', { mode: 'number' }).notNull().default(0),
    isChangePassword: boolean('is_change_password').notNull().default(false),
    isSignupUser: boolean('is_signup_user').notNull().default(false),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    failedLoginWindowStart: tstz('failed_login_window_start'),
    lockedUntil: tstz('locked_until'),
    passwordChangedAt: tstz('password_changed_at'),
    /** Sign-up: the mobile number (E.164), and when its OTP was verified. */
    mobile: text('mobile'),
    mobileVerifiedAt: tstz('mobile_verified_at'),
    /**
     * Bumped (in the same transaction) by everything that ends all of a user's sessions: lock,
     * unlock, password change or reset, time-out, self-exclusion. Sessions and login challenges
     * carry the generation they began under; one from an older generation is dead
     * (docs/security.md).
     */
    sessionGeneration: integer('session_generation').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_name_lower_key').on(sql`lower(${t.userName})`),
    // One verified account per mobile number.
    uniqueIndex('users_verified_mobile_key')
      .on(t.mobile)
      .where(sql`${t.mobileVerifiedAt} is not null`),
    check('users_role_check', sql`${t.role} in ('operator', 'master', 'agent', 'bettor')`),
    check('users_share_bp_check', sql`${t.shareBp} is null or ${t.shareBp} between 0 and 10000`),
    check('users_credit_reference_check', sql`${t.creditReferencePaise} >= 0`),
    index('users_parent_idx').on(t.parentId),
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
    /** When a call last used it (moved at most once a minute): the console's "bettors online". */
    lastSeenAt: tstz('last_seen_at'),
    /** users.session_generation when it was issued: live only while they are equal. */
    generation: integer('generation').notNull().default(0),
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

// ---------------------------------------------------------------- exchange: cash outs

export { exchangeCashOuts } from '../modules/exchange/schema.ts';

// ---------------------------------------------------------------- settings

export { globalSettings } from '../modules/settings/schema.ts';

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
    /**
     * Still on the book (remaining > 0), kept by PostgreSQL. The resting index's predicate names
     * this column and not remaining_paise, so a partial fill (remaining changes, resting does not)
     * touches no indexed column and is a HOT update: no new entry in any of the table's indexes.
     */
    resting: boolean('resting')
      .notNull()
      .generatedAlwaysAs(sql`remaining_paise > 0`),
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
      .where(sql`${t.resting}`),
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
 * Exposure holds: a user's exposure (worst loss, ≥ 0) in one market of any kind — the market's
 * kind is its product, its id the reference. Owned by the wallet module: every kind writes its
 * holds through app.wallet.holds in the transaction that changed them, and the balance check,
 * getUserBalance.liability, My Market and the ledger check read this one source.
 */
export const exposureHolds = pgTable(
  'exposure_holds',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.marketId),
    exposurePaise: paise('exposure_paise').notNull(),
    updatedAt: tstz('updated_at').notNull(),
    /** When the user's first hold on the market was written (their first stake on it), by the store's clock. */
    firstAt: tstz('first_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exposure_holds_pk').on(t.userId, t.marketId),
    index('exposure_holds_market_idx').on(t.marketId),
    check('exposure_holds_nonneg', sql`${t.exposurePaise} >= 0`),
  ],
);

/**
 * Exposure reservations: a bet's worst case taken off its user's available balance by a short
 * transaction under the wallet lock, before the market's batch; the batch deletes it when it turns
 * the bet into the market's hold (the unused part is released with it). Left behind only by a
 * node that died between the two: a sweep deletes reservations older than a timeout. Available
 * balance = balance − Σ exposure_holds − Σ exposure_reservations (docs/decisions.md).
 */
export const exposureReservations = pgTable(
  'exposure_reservations',
  {
    reservationId: bigserial('reservation_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    /** The market whose batch will convert it (for the operator; nothing joins on it). */
    marketId: integer('market_id').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    /** The node that reserved it (which batch will take it). */
    nodeId: text('node_id').notNull(),
    /** The database's now() when reserved (never a node's clock: the sweep compares it with its own now()). */
    createdAt: tstz('created_at').notNull(),
    /**
     * One per reserve call: a reserving transaction whose commit's outcome was unknown is retried
     * by it and finds the reservation it already made (never reserves twice).
     */
    requestKey: text('request_key'),
  },
  (t) => [
    index('exposure_reservations_user_idx').on(t.userId),
    uniqueIndex('exposure_reservations_request_key').on(t.requestKey),
    index('exposure_reservations_created_idx').on(t.createdAt),
    check('exposure_reservations_positive', sql`${t.amountPaise} > 0`),
  ],
);

// ---------------------------------------------------------------- cricket: bookmaker and fancy

/** A cricket match's format and teams, for its bookmaker and fancy markets and the scoreboard. */
export const cricketMatches = pgTable('cricket_matches', {
  matchId: integer('match_id')
    .primaryKey()
    .references(() => matches.matchId),
  format: text('format', { enum: ['T20', 'ODI', 'TEST'] }).notNull(),
  /** Competition for the fancy averages table (IPL, BBL, CPL, T20, ODI). */
  competition: text('competition').notNull(),
  teamA: text('team_a').notNull(),
  teamB: text('team_b').notNull(),
  /** The scoreboard as the feed (or an operator) last published it. */
  score: jsonb('score'),
  scoreUpdatedAt: tstz('score_updated_at'),
  /**
   * Bumped by every score write, which names the one it continues (compare-and-set): two feeds
   * ticking one match (a deposed leader finishing its step) cannot fork the game.
   */
  scoreSeq: integer('score_seq').notNull().default(0),
});

/** The house's quote on one bookmaker runner. Owned by the bookmaker module. */
export const bookmakerQuotes = pgTable(
  'bookmaker_quotes',
  {
    selectionId: integer('selection_id')
      .primaryKey()
      .references(() => runners.selectionId),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.marketId),
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
    marketId: integer('market_id')
      .primaryKey()
      .references(() => markets.marketId),
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

/** A fancy (session) line: one markets row of kind FANCY plus this. Owned by the fancy module. */
export const fancies = pgTable(
  'fancies',
  {
    marketId: integer('market_id')
      .primaryKey()
      .references(() => markets.marketId),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.matchId),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.matchId),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.marketId),
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

// ---------------------------------------------------------------- settlement and operations

export { marketSettlements, marketVoids, settlementShareChains } from '../modules/settlement/schema.ts';
export { downlineLimits, shareHistory } from '../modules/hierarchy/schema.ts';

/**
 * Images an operator uploaded for the settings (logo, favicon, welcome banner), served at
 * /api/upload/image/{sha256}.{ext} by every node. Content-addressed: the same file is kept once.
 */
export const uploads = pgTable(
  'uploads',
  {
    sha256: text('sha256').primaryKey(),
    contentType: text('content_type').notNull(),
    /** The file, base64 (images of at most 512 KiB). */
    dataBase64: text('data_base64').notNull(),
    bytes: integer('bytes').notNull(),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [check('uploads_bytes_check', sql`${t.bytes} > 0`)],
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

// ---------------------------------------------------------------- sign-up, messages, Security Auth

/** A parent account's referral code (the sign-up route's third segment), stored lower-case. */
export const referralCodes = pgTable('referral_codes', {
  code: text('code').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.userId),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: tstz('created_at').notNull(),
});

/**
 * The half-signed-in state between a right password and its second step (OTP of an unverified
 * sign-up, or the TOTP code): a token (only its SHA-256 kept) that the second-step calls accept
 * and nothing else does. Expires; dies after too many wrong codes; used once.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    challengeId: bigserial('challenge_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: ['otp', 'totp'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    ip: text('ip'),
    /** users.session_generation when the password was checked: the session gate compares it. */
    generation: integer('generation').notNull().default(0),
  },
  (t) => [
    uniqueIndex('login_challenges_token_key').on(t.tokenHash),
    index('login_challenges_user_idx').on(t.userId),
    check('login_challenges_purpose_check', sql`${t.purpose} in ('otp', 'totp')`),
  ],
);

/** A one-time code sent to a mobile number: only its argon2id hash is kept. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    otpId: bigserial('otp_id', { mode: 'number' }).primaryKey(),
    challengeId: bigint('challenge_id', { mode: 'number' })
      .notNull()
      .references(() => loginChallenges.challengeId),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    /** Used, or replaced by a newer code. */
    consumedAt: tstz('consumed_at'),
  },
  (t) => [index('otp_codes_challenge_idx').on(t.challengeId)],
);

/**
 * Fixed-window counters held in the store, so a limit holds across nodes: one row per bucket
 * (e.g. 'otp:mobile:+91…') and window start, incremented atomically by an upsert.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    bucket: text('bucket').notNull(),
    windowStart: tstz('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [uniqueIndex('rate_counters_pk').on(t.bucket, t.windowStart)],
);

/**
 * Messages to send (SMS), written in the transaction that needs them and delivered after it by
 * the configured sender: retried with backoff under a short lease, idempotent on the key.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    messageId: bigserial('message_id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ['PENDING', 'SENT', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull(),
    leaseUntil: tstz('lease_until'),
    sender: text('sender'),
    providerId: text('provider_id'),
    lastError: text('last_error'),
    createdAt: tstz('created_at').notNull(),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    uniqueIndex('outbox_messages_key').on(t.idempotencyKey),
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'PENDING'`),
    index('outbox_messages_created_idx').on(t.createdAt),
    check('outbox_messages_status_check', sql`${t.status} in ('PENDING', 'SENT', 'FAILED')`),
  ],
);

/** Security Auth: the TOTP secret (and one being set up), and the last time step accepted. */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabledAt: tstz('enabled_at'),
  /** A code's time step is accepted once: a later code must be of a later step. */
  lastStep: bigint('last_step', { mode: 'number' }),
  updatedAt: tstz('updated_at').notNull(),
});

/** Security Auth recovery codes: argon2id hashes; each signs in once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    codeId: serial('code_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------- payments

/** Where bettors send deposits: bank transfer or UPI details (the operator's payment settings). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    methodId: serial('method_id').primaryKey(),
    kind: text('kind', { enum: ['BANK', 'UPI'] }).notNull(),
    label: text('label').notNull(),
    details: jsonb('details').notNull().$type<Record<string, string>>(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [check('payment_methods_kind_check', sql`${t.kind} in ('BANK', 'UPI')`)],
);

/** A bettor's saved bank accounts for withdrawals. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    bankAccountId: serial('bank_account_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    ifsc: text('ifsc').notNull(),
    bankName: text('bank_name').notNull(),
    createdAt: tstz('created_at').notNull(),
    removedAt: tstz('removed_at'),
  },
  (t) => [index('bank_accounts_user_idx').on(t.userId)],
);

/**
 * A deposit or withdrawal request. Money moves only by ledger transfers keyed on the payment:
 * an approved deposit `payment/{id}/deposit` (house → user); a withdrawal's hold
 * `payment/{id}/hold` (user → HOUSE_WITHDRAWALS, at request), then `payment/{id}/paid`
 * (HOUSE_WITHDRAWALS → HOUSE_CASH) or `payment/{id}/release` (back to the user).
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    paymentId: bigserial('payment_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    type: text('type', { enum: ['DEPOSIT', 'WITHDRAW'] }).notNull(),
    amountPaise: paise('amount_paise').notNull(),
    methodId: integer('method_id').references(() => paymentMethods.methodId),
    bankAccountId: integer('bank_account_id').references(() => bankAccounts.bankAccountId),
    /** What the statement shows as the method (kept as it was when asked). */
    methodLabel: text('method_label').notNull(),
    /** Deposit: the payment reference (UTR / UPI id) as typed; reference_key is it upper-cased. */
    reference: text('reference'),
    referenceKey: text('reference_key'),
    requestId: text('request_id').notNull(),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'PAID', 'REJECTED'] })
      .notNull()
      .default('PENDING'),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.userId),
    /** 'operator' or the gateway's name. */
    decidedVia: text('decided_via'),
    decidedAt: tstz('decided_at'),
    payoutReference: text('payout_reference'),
    /** What the gateway really moved, when the operator settled a disagreement at its amount. */
    settledPaise: paise('settled_paise'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_requests_user_request_key').on(t.userId, t.requestId),
    // A payment reference counts once, unless the request carrying it was rejected.
    uniqueIndex('payment_requests_reference_key')
      .on(t.referenceKey)
      .where(sql`${t.type} = 'DEPOSIT' and ${t.status} <> 'REJECTED'`),
    index('payment_requests_user_created_idx').on(t.userId, t.createdAt),
    index('payment_requests_status_idx').on(t.status, t.createdAt),
    check('payment_requests_amount_check', sql`${t.amountPaise} > 0`),
    check('payment_requests_type_check', sql`${t.type} in ('DEPOSIT', 'WITHDRAW')`),
    check('payment_requests_status_check', sql`${t.status} in ('PENDING', 'APPROVED', 'PAID', 'REJECTED')`),
  ],
);

/** Webhook events received from a payment gateway, once each (idempotent on the gateway's id). */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: bigint('payment_id', { mode: 'number' }),
    type: text('type').notNull(),
    outcome: text('outcome').notNull(),
    /** What the gateway says moved (null on events received before 0011). */
    amountPaise: paise('amount_paise'),
    gatewayReference: text('gateway_reference'),
    reason: text('reason'),
    receivedAt: tstz('received_at').notNull(),
  },
  (t) => [
    uniqueIndex('gateway_events_pk').on(t.gateway, t.eventId),
    index('gateway_events_payment_idx').on(t.paymentId, t.receivedAt),
  ],
);
export { paymentDiscrepancies } from '../modules/payments/schema.ts';

// ---------------------------------------------------------------- racing

export { races, raceRunners } from '../modules/racing/schema.ts';
export { casinoTables, casinoRounds, casinoBets } from '../modules/casino/schema.ts';
export {
  binaryInstruments,
  binarySessions,
  binaryBets,
  binaryTicks,
  binaryHolidays,
} from '../modules/binary/schema.ts';

// ---------------------------------------------------------------- responsible gaming

/**
 * Deposit and loss limits per rolling day / week / month. `amount_paise` is in force (null: none);
 * a raise or removal waits in pending_* until pending_from (24 h after it was asked).
 */
export const rgLimits = pgTable(
  'rg_limits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    kind: text('kind', { enum: ['DEPOSIT', 'LOSS'] }).notNull(),
    period: text('period', { enum: ['DAY', 'WEEK', 'MONTH'] }).notNull(),
    amountPaise: paise('amount_paise'),
    pendingAmountPaise: paise('pending_amount_paise'),
    pendingFrom: tstz('pending_from'),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('rg_limits_pk').on(t.userId, t.kind, t.period),
    check('rg_limits_kind_check', sql`${t.kind} in ('DEPOSIT', 'LOSS')`),
    check('rg_limits_period_check', sql`${t.period} in ('DAY', 'WEEK', 'MONTH')`),
  ],
);

/** Reality-check interval and the current time-out or self-exclusion of a user. */
export const rgSettings = pgTable('rg_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId),
  realityCheckMinutes: integer('reality_check_minutes').notNull().default(0),
  excludedUntil: tstz('excluded_until'),
  exclusionKind: text('exclusion_kind', { enum: ['TIME_OUT', 'SELF_EXCLUSION'] }),
  updatedAt: tstz('updated_at').notNull(),
});

// ---------------------------------------------------------------- live prices across nodes

/**
 * The numbered states of a market's WebSocket prices when several nodes serve them
 * (plugins/price-sequence.ts): seq is the message number every node sends for that state, image
 * the MarketImage as JSON text (kept as text so that it reads back key for key). Only markets
 * someone follows are logged, and only their last few states are kept.
 */
export const priceImages = pgTable(
  'price_images',
  {
    marketId: integer('market_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    image: text('image').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.seq] })],
);

// ---------------------------------------------------------------- leader lease

/**
 * The leader leases' fencing tokens (plugins/leader.ts): `generation` is bumped by every takeover;
 * a leader-only write checks, in its own transaction and under FOR SHARE, that it still names the
 * current one, so a deposed leader's late write is refused and a takeover waits for the writes
 * in flight of the term before it.
 */
export const leaderLeases = pgTable('leader_leases', {
  name: text('name').primaryKey(),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  /** Who took it last (application name and pid), for an operator. */
  holder: text('holder'),
  acquiredAt: tstz('acquired_at'),
});
export {
  gameProviders,
  providerGames,
  providerLaunchTokens,
  providerSessions,
  providerRounds,
  providerTransactions,
} from '../modules/providers/schema.ts';
export { cricketBalls, cricketElevens, cricketPlayers } from '../modules/cricket/schema.ts';
export {
  fantasyContests,
  fantasyTeams,
  fantasyEntries,
  fantasyMatchPoints,
} from '../modules/fantasy/schema.ts';
