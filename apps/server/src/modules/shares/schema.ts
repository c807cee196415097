// The shares module's own tables: each master's and agent's share over time, and the chain each
// bettor's result in a market is split along, pinned at its first settlement. A module's schema
// names no other module's table: the foreign keys live in the migrations (apps/server/drizzle/).
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns.ts';

/**
 * The history of each master's and agent's share (issue 41, docs/hierarchy.md "Changing a
 * share"): the share from `from_at` on. A settlement reads each bettor's chain as it was when the
 * bettor first staked on the market (shares/history.ts). An account whose share never
 * changed has no row: its `users.share_bp` is the share it always had.
 */
export const shareHistory = pgTable(
  'share_history',
  {
    userId: integer('user_id').notNull(),
    shareBp: integer('share_bp').notNull(),
    fromAt: tstz('from_at').notNull(),
    setBy: integer('set_by'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.fromAt] }),
    check('share_history_share_check', sql`${t.shareBp} between 0 and 10000`),
  ],
);

/**
 * The chain of uplines each bettor's result in a market is split along (issue 41,
 * docs/hierarchy.md): its masters and agents with their shares, nearest first, pinned when the
 * market is first settled, so an unsettle and a re-settlement move the very same shares back and
 * forth whatever changed in the tree since.
 */
export const settlementShareChains = pgTable(
  'settlement_share_chains',
  {
    marketId: integer('market_id').notNull(),
    userId: integer('user_id').notNull(),
    /** 0: the nearest upline (the bettor's agent), 1: the next one up, … */
    position: integer('position').notNull(),
    uplineId: integer('upline_id').notNull(),
    shareBp: integer('share_bp').notNull(),
  },
  (t) => [
    uniqueIndex('settlement_share_chains_pk').on(t.marketId, t.userId, t.position),
    check('settlement_share_chains_share_check', sql`${t.shareBp} between 0 and 10000`),
  ],
);
