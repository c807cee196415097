// The stakes module's own tables. A module's schema names no other module's table: the foreign
// keys to other modules' tables live in the migrations (apps/server/drizzle/).
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { paise } from '../../db/columns.ts';

export const buttonValues = pgTable(
  'button_values',
  {
    buttonId: serial('button_id').primaryKey(),
    userId: integer('user_id').notNull(),
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
