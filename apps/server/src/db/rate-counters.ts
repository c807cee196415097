// Sliding-window counters in the store (table rate_counters): a limit that holds across nodes,
// with or without Redis, in the caller's transaction (so a refusal that rolls back also takes its
// count back, and a count the caller commits stays).
//
// A window is cut into WINDOW_SLOTS slots (one row per bucket and slot); an event counts in its
// slot, and the window's count is the sum of the slots begun within the last `windowMs`. So a
// limit of N an hour allows at most N in any 59 minutes (one slot short of the hour), however the
// events fall around a clock hour; a fixed clock-hour window allowed 2N around its boundary.
// Events of one bucket are counted one at a time (a transaction advisory lock on the bucket), so
// concurrent callers on any node never both see room for the last one.
import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { rateCounters } from './schema.ts';
import type { Executor } from './store.ts';

export type Window = { bucket: string; max: number; windowMs: number };

/** Slots a window is cut into: its precision (a minute of an hour, 15 s of 15 minutes). */
export const WINDOW_SLOTS = 60;
/** First key of the counters' two-int advisory locks (others: 74_142_260/261 migrations, seed, leases; 263 a provider's transaction; 264 a bettor's request_id). */
const COUNTER_LOCK_NAMESPACE = 74_142_262;

/** The longest window a counter may have: older slots are never read and are deleted. */
export const MAX_WINDOW_MS = 24 * 3_600_000;
/** Every this many counts, slots older than MAX_WINDOW_MS of every bucket are deleted too. */
export const PRUNE_EVERY_COUNTS = 128;
let countsSincePrune = 0;

const slotMsOf = (w: Window) => Math.max(1_000, Math.floor(w.windowMs / WINDOW_SLOTS));

/**
 * Counts `points` events in a window now; the window's count with them, and — when it is over
 * `max` — when enough of it will have slid out for `points` more to fit.
 */
export async function countInWindow(
  tx: Executor,
  w: Window,
  now: Date,
  points = 1,
): Promise<{ count: number; resetsAt: Date | null }> {
  if (!(w.windowMs > 0 && w.windowMs <= MAX_WINDOW_MS))
    throw new Error(`rate counter window ${w.windowMs} ms`);
  const slotMs = slotMsOf(w);
  await tx.execute(sql`select pg_advisory_xact_lock(${COUNTER_LOCK_NAMESPACE}, hashtext(${w.bucket}))`);
  const start = new Date(Math.floor(now.getTime() / slotMs) * slotMs);
  // A bucket keeps only the slots its window still reads (at most WINDOW_SLOTS + 1 rows), and now
  // and then the slots of buckets nobody counts any more go too: the table stays bounded.
  const since = new Date(now.getTime() - w.windowMs);
  await tx
    .delete(rateCounters)
    .where(and(eq(rateCounters.bucket, w.bucket), lte(rateCounters.windowStart, since)));
  if (++countsSincePrune >= PRUNE_EVERY_COUNTS) {
    countsSincePrune = 0;
    await pruneCounters(tx, new Date(now.getTime() - MAX_WINDOW_MS));
  }
  if (points > 0) {
    await tx
      .insert(rateCounters)
      .values({ bucket: w.bucket, windowStart: start, count: points })
      .onConflictDoUpdate({
        target: [rateCounters.bucket, rateCounters.windowStart],
        set: { count: sql`${rateCounters.count} + ${points}` },
      });
  }
  const slots = await tx
    .select({ windowStart: rateCounters.windowStart, count: rateCounters.count })
    .from(rateCounters)
    .where(and(eq(rateCounters.bucket, w.bucket), gt(rateCounters.windowStart, since)))
    .orderBy(rateCounters.windowStart);
  const count = slots.reduce((s, r) => s + r.count, 0);
  if (count <= w.max) return { count, resetsAt: null };
  // The oldest slots leave first: the moment enough have left for this event to fit.
  let left = count;
  for (const s of slots) {
    left -= s.count;
    if (left <= w.max) return { count, resetsAt: new Date(s.windowStart.getTime() + w.windowMs) };
  }
  return { count, resetsAt: new Date(now.getTime() + w.windowMs) };
}

/**
 * Counts one event in each window (in the caller's transaction); the first window that is over
 * its max, with the time it has room again, or null when all are within.
 */
export async function countEvent(
  tx: Executor,
  windows: readonly Window[],
  now: Date,
): Promise<null | { window: Window; resetsAt: Date }> {
  for (const w of windows) {
    const r = await countInWindow(tx, w, now);
    if (r.resetsAt) return { window: w, resetsAt: r.resetsAt };
  }
  return null;
}

/** Drops one bucket's counts (a lock that was served starts its count again). */
export async function clearBucket(tx: Executor, bucket: string) {
  await tx.delete(rateCounters).where(eq(rateCounters.bucket, bucket));
}

/** Drops counters of windows that ended before `before`. */
export async function pruneCounters(tx: Executor, before: Date) {
  await tx.delete(rateCounters).where(lt(rateCounters.windowStart, before));
}
