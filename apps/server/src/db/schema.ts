// The infrastructure's own tables, which every module uses through a plugin: leader leases
// (plugins/leader.ts), rate counters (db/rate-counters.ts) and the numbered price images
// (plugins/price-sequence.ts). Every other table lives in its module's schema.ts.
import { bigint, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';

/**
 * Fixed-window counters held in the store, so a limit holds across nodes: one row per bucket
 * (e.g. 'otp:mobile:+91…') and window start, incremented atomically by an upsert.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    bucket: text('bucket').notNull(),
    windowStart: tstz('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [uniqueIndex('rate_counters_pk').on(t.bucket, t.windowStart)],
);

/**
 * The leader leases' fencing tokens (plugins/leader.ts): `generation` is bumped by every takeover;
 * a leader-only write checks, in its own transaction and under FOR SHARE, that it still names the
 * current one, so a deposed leader's late write is refused and a takeover waits for the writes
 * in flight of the term before it.
 */
export const leaderLeases = pgTable('leader_leases', {
  name: text('name').primaryKey(),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  /** Who took it last (application name and pid), for an operator. */
  holder: text('holder'),
  acquiredAt: tstz('acquired_at'),
});

/**
 * The numbered states of a market's WebSocket prices when several nodes serve them
 * (plugins/price-sequence.ts): seq is the message number every node sends for that state, image
 * the MarketImage as JSON text (kept as text so that it reads back key for key). Only markets
 * someone follows are logged, and only their last few states are kept.
 */
export const priceImages = pgTable(
  'price_images',
  {
    marketId: integer('market_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    image: text('image').notNull(),
    /** The market's next_seq the image shows (null: logged before stamps were kept). */
    stamp: bigint('stamp', { mode: 'number' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.seq] })],
);
