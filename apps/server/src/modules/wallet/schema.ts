// The wallet module's own tables. A module's schema names no other module's table: the foreign
// keys to other modules' tables live in the migrations (apps/server/drizzle/).
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz, paise } from '../../db/columns.ts';

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
    userId: integer('user_id'),
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

/**
 * Exposure holds: a user's exposure (worst loss, ≥ 0) in one market of any kind — the market's
 * kind is its product, its id the reference. Owned by the wallet module: every kind writes its
 * holds through app.wallet.holds in the transaction that changed them, and the balance check,
 * getUserBalance.liability, My Market and the ledger check read this one source.
 */
export const exposureHolds = pgTable(
  'exposure_holds',
  {
    userId: integer('user_id').notNull(),
    marketId: integer('market_id').notNull(),
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
 * Exposure reservations, written only by nodes of the previous version (reservations.ts): a bet's
 * worst case taken off its user's available balance before its market's batch. This version grants
 * a bet's money inside its round and writes none; the rows left are still counted (available
 * balance = balance − Σ exposure_holds − Σ exposure_reservations) and swept (docs/decisions.md).
 */
export const exposureReservations = pgTable(
  'exposure_reservations',
  {
    reservationId: bigserial('reservation_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
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
