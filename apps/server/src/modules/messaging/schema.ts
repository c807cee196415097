// The messaging module's own tables. A module's schema names no other module's table: the foreign
// keys to other modules' tables live in the migrations (apps/server/drizzle/).
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns.ts';

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
