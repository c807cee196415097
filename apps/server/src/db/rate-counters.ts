// Fixed-window counters in the store (table rate_counters): a limit that holds across nodes. One
// upsert increments and reads the count, so concurrent callers on any node are all counted.
import { lt, sql } from 'drizzle-orm';
import { rateCounters } from './schema.ts';
import type { Executor } from './store.ts';

export type Window = { bucket: string; max: number; windowMs: number };

/**
 * Counts one event in each window (in the caller's transaction); the first window that is over
 * its max, with the time its window ends, or null when all are within.
 */
export async function countEvent(
  tx: Executor,
  windows: readonly Window[],
  now: Date,
): Promise<null | { window: Window; resetsAt: Date }> {
  for (const w of windows) {
    const start = new Date(Math.floor(now.getTime() / w.windowMs) * w.windowMs);
    const [row] = await tx
      .insert(rateCounters)
      .values({ bucket: w.bucket, windowStart: start, count: 1 })
      .onConflictDoUpdate({
        target: [rateCounters.bucket, rateCounters.windowStart],
        set: { count: sql`${rateCounters.count} + 1` },
      })
      .returning({ count: rateCounters.count });
    if ((row?.count ?? 0) > w.max) return { window: w, resetsAt: new Date(start.getTime() + w.windowMs) };
  }
  return null;
}

/** Drops counters of windows that ended before `before`. */
export async function pruneCounters(tx: Executor, before: Date) {
  await tx.delete(rateCounters).where(lt(rateCounters.windowStart, before));
}
