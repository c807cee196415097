// The payments module's own table. Its foreign keys (payment_id →
// payment_requests, resolved_by → users) live in migration 0011: a module's schema names no
// other module's table.
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { tstz, paise } from '../../db/columns.ts';

export const DISCREPANCY_KINDS = ['AMOUNT_DIFFERS', 'SUCCEEDED_AFTER_REJECT', 'FAILED_AFTER_PAID'] as const;
export const DISCREPANCY_STATUSES = ['OPEN', 'RESOLVED', 'DISMISSED', 'SUPERSEDED'] as const;

/**
 * A gateway event that disagrees with the payment's state (the "Needs attention" queue): raised by
 * the event, resolved by an operator (money moved to follow the gateway, `moved_paise` signed to
 * the user) or dismissed with a note; a later disagreeing event about the same payment supersedes
 * an open one. At most one is open per payment.
 */
export const paymentDiscrepancies = pgTable(
  'payment_discrepancies',
  {
    discrepancyId: bigserial('discrepancy_id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: DISCREPANCY_KINDS }).notNull(),
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    gatewayAmountPaise: paise('gateway_amount_paise').notNull(),
    status: text('status', { enum: DISCREPANCY_STATUSES }).notNull().default('OPEN'),
    movedPaise: paise('moved_paise'),
    note: text('note'),
    resolvedBy: integer('resolved_by'),
    resolvedAt: tstz('resolved_at'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_discrepancies_event_key').on(t.gateway, t.eventId),
    uniqueIndex('payment_discrepancies_open_key')
      .on(t.paymentId)
      .where(sql`${t.status} = 'OPEN'`),
    index('payment_discrepancies_status_idx').on(t.status, t.createdAt),
    check(
      'payment_discrepancies_kind_check',
      sql`${t.kind} in ('AMOUNT_DIFFERS', 'SUCCEEDED_AFTER_REJECT', 'FAILED_AFTER_PAID')`,
    ),
    check(
      'payment_discrepancies_status_check',
      sql`${t.status} in ('OPEN', 'RESOLVED', 'DISMISSED', 'SUPERSEDED')`,
    ),
  ],
);

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
    userId: integer('user_id').notNull(),
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
    userId: integer('user_id').notNull(),
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
    decidedBy: integer('decided_by'),
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
