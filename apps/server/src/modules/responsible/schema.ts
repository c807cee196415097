// The responsible module's own tables. A module's schema names no other module's table: the foreign
// keys to other modules' tables live in the migrations (apps/server/drizzle/).
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz, paise } from '../../db/columns.ts';

/**
 * Deposit and loss limits per rolling day / week / month. `amount_paise` is in force (null: none);
 * a raise or removal waits in pending_* until pending_from (24 h after it was asked).
 */
export const rgLimits = pgTable(
  'rg_limits',
  {
    userId: integer('user_id').notNull(),
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
  userId: integer('user_id').primaryKey(),
  realityCheckMinutes: integer('reality_check_minutes').notNull().default(0),
  excludedUntil: tstz('excluded_until'),
  exclusionKind: text('exclusion_kind', { enum: ['TIME_OUT', 'SELF_EXCLUSION'] }),
  updatedAt: tstz('updated_at').notNull(),
});
