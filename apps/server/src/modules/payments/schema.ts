// The payments module's own table (re-exported by db/schema.ts). Its foreign keys (payment_id →
// payment_requests, resolved_by → users) live in migration 0011: naming those tables here would
// import db/schema.ts back, a cycle.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const paise = (name: string) => bigint(name, { mode: 'number' });

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
