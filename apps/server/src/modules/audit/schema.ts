// The audit module's own table: every operator call, recorded by audit.ts. A module's schema names no other module's table: the foreign
// keys to other modules' tables live in the migrations (apps/server/drizzle/).
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns.ts';

/**
 * Every operator call: who, when, what was asked and what was answered. A repeated
 * (operator, action, request_id) returns the stored answer and changes nothing.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    actionId: bigserial('action_id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id').notNull(),
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
