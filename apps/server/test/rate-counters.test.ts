// Sliding-window counters in the store (db/rate-counters.ts): the table stays bounded, on both stores.
import { eq, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { countInWindow, MAX_WINDOW_MS, PRUNE_EVERY_COUNTS, WINDOW_SLOTS } from '../src/db/rate-counters.ts';
import { rateCounters } from '../src/db/schema.ts';
import { describeStores } from './helpers/stores.ts';

describeStores('rate counters', (ctx) => {
  const tag = () => `rc-test:${Date.now()}:${Math.random().toString(36).slice(2)}`;
  const rowsOf = (bucket: string) =>
    ctx.app.db.select().from(rateCounters).where(eq(rateCounters.bucket, bucket));

  it('a bucket keeps only the slots its window still reads', async () => {
    const bucket = tag();
    const w = { bucket, max: 1_000, windowMs: 60_000 };
    const t0 = Date.parse('2026-11-26T10:00:00.000Z');
    // One count per second for three windows: without the bound, 180 rows.
    for (let s = 0; s < 180; s++) {
      await ctx.app.db.transaction((tx) => countInWindow(tx, w, new Date(t0 + s * 1_000)));
    }
    const rows = await rowsOf(bucket);
    expect(rows.length).toBeLessThanOrEqual(WINDOW_SLOTS + 1);
    const last = await ctx.app.db.transaction((tx) => countInWindow(tx, w, new Date(t0 + 180_000), 0));
    expect(last.count).toBe(59); // the slots begun within the last minute (one short of it) all still count
  });

  it('slots of a bucket nobody counts any more are deleted once they are older than the longest window', async () => {
    const prefix = tag();
    const stale = `${prefix}:stale`;
    const t0 = Date.parse('2026-11-20T10:00:00.000Z');
    await ctx.app.db.transaction((tx) =>
      countInWindow(tx, { bucket: stale, max: 5, windowMs: 3_600_000 }, new Date(t0)),
    );
    expect(await rowsOf(stale)).toHaveLength(1);
    const later = new Date(t0 + MAX_WINDOW_MS + 60_000);
    for (let i = 0; i < PRUNE_EVERY_COUNTS; i++) {
      await ctx.app.db.transaction((tx) =>
        countInWindow(tx, { bucket: `${prefix}:busy`, max: 1_000, windowMs: 3_600_000 }, later),
      );
    }
    expect(await rowsOf(stale)).toHaveLength(0);
    expect(
      await ctx.app.db
        .select()
        .from(rateCounters)
        .where(like(rateCounters.bucket, `${prefix}:busy`)),
    ).toHaveLength(1);
  });

  it('a window longer than the longest is refused', async () => {
    await expect(
      ctx.app.db.transaction((tx) =>
        countInWindow(tx, { bucket: tag(), max: 1, windowMs: MAX_WINDOW_MS + 1 }, new Date()),
      ),
    ).rejects.toThrow(/window/);
  });
});
