// The hierarchy module's own tables, written only by
// modules/hierarchy. Their foreign keys (user_id, set_by → users; sport_id → sports) live in
// migration 0032: a module's schema names no other module's table.
import { bigint, check, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns.ts';
import { sql } from 'drizzle-orm';

/**
 * Limits an upline set on an account of its downline, per sport (issue 41, docs/hierarchy.md
 * "Limits down the tree"): the largest stake of one bet and the largest exposure on the sport's
 * markets together. A bettor keeps to the smallest over itself and every account above it
 * (the stake gate, wallet/stake-gate.ts `treeLimitsSql`). Null: no limit set here.
 */
export const downlineLimits = pgTable(
  'downline_limits',
  {
    userId: integer('user_id').notNull(),
    sportId: integer('sport_id').notNull(),
    maxStakePaise: bigint('max_stake_paise', { mode: 'number' }),
    maxExposurePaise: bigint('max_exposure_paise', { mode: 'number' }),
    setBy: integer('set_by').notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sportId] }),
    index('downline_limits_sport_idx').on(t.sportId),
    check('downline_limits_stake_check', sql`${t.maxStakePaise} is null or ${t.maxStakePaise} > 0`),
    check('downline_limits_exposure_check', sql`${t.maxExposurePaise} is null or ${t.maxExposurePaise} > 0`),
  ],
);
