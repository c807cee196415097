// The console module's own table: how many bettors were online, sampled by the leader (the
// dashboard's chart of the last 24 hours; sessions keep only each one's last call).
import { sql } from 'drizzle-orm';
import { check, integer, pgTable } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns.ts';

export const onlineSamples = pgTable(
  'online_samples',
  {
    sampledAt: tstz('sampled_at').primaryKey(),
    /** Bettors whose session made a call in the last ONLINE_WINDOW_MINUTES at `sampled_at`. */
    bettorsOnline: integer('bettors_online').notNull(),
  },
  (t) => [check('online_samples_count_check', sql`${t.bettorsOnline} >= 0`)],
);
