// Several fancies' status in one write (`app.fancy.setStatuses`, the cricket feed's ball start and
// reopening): each fancy changes exactly as `setStatus` changes it alone — its version moves, its
// market's generic status follows (a closed market stays closed), a removed fancy is refused and
// an unknown id too, the others written whatever the refusals — and each written one is published.
import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { fancies } from '../src/modules/fancy/schema.ts';
import { markets } from '../src/modules/markets/schema.ts';
import { cricketTestMatch } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

describeStores('fancy statuses in one write', (ctx) => {
  it('sets each as setStatus would, refuses the removed and the unknown, publishes the written', async () => {
    const c = await cricketTestMatch(ctx.app);
    const [a, removed, closed, b] = c.fancyIds.slice(0, 4) as [number, number, number, number];
    expect((await ctx.app.fancy.setStatus(removed, 'REMOVED')).ok).toBe(true);
    await ctx.app.db
      .update(markets)
      .set({ status: 'CLOSED' })
      .where(inArray(markets.marketId, [closed]));
    const ids = [a, removed, closed, b];
    const read = async () => {
      const fs = await ctx.app.db.select().from(fancies).where(inArray(fancies.marketId, ids));
      const ms = await ctx.app.db.select().from(markets).where(inArray(markets.marketId, ids));
      return new Map(
        ids.map((id) => {
          const f = fs.find((x) => x.marketId === id)!;
          const m = ms.find((x) => x.marketId === id)!;
          return [id, { status: f.status, version: f.version, market: m.status, marketVersion: m.version }];
        }),
      );
    };
    const before = await read();
    const published: number[] = [];
    const off = ctx.app.bus.subscribe('market', (m) => {
      if (ids.includes(m.market_id)) published.push(m.market_id);
    });
    const unknown = 2_000_000_000;
    const refused = await ctx.app.fancy.setStatuses([b, unknown, a, removed, closed, a], 'SUSPENDED');
    off();
    expect(refused).toEqual([
      { fancy_id: removed, message: 'A removed fancy cannot be reopened' },
      { fancy_id: unknown, message: `Unknown fancy ${unknown}` },
    ]);
    const after = await read();
    for (const id of [a, b]) {
      expect(after.get(id)).toEqual({
        status: 'SUSPENDED',
        version: before.get(id)!.version + 1,
        market: 'SUSPENDED',
        marketVersion: before.get(id)!.marketVersion + 1,
      });
    }
    // A closed market stays closed; its version still moves (sockets see the fancy's change).
    expect(after.get(closed)).toEqual({
      status: 'SUSPENDED',
      version: before.get(closed)!.version + 1,
      market: 'CLOSED',
      marketVersion: before.get(closed)!.marketVersion + 1,
    });
    expect(after.get(removed)).toEqual(before.get(removed));
    expect(published.sort((x, y) => x - y)).toEqual([a, closed, b].sort((x, y) => x - y));

    // And back: the generic status opens with the fancy (ACTIVE and BALL_RUNNING are both OPEN).
    expect(await ctx.app.fancy.setStatuses([a, b], 'BALL_RUNNING')).toEqual([]);
    const running = await read();
    expect([running.get(a)!.status, running.get(b)!.status]).toEqual(['BALL_RUNNING', 'BALL_RUNNING']);
    expect([running.get(a)!.market, running.get(b)!.market]).toEqual(['OPEN', 'OPEN']);
    expect(await ctx.app.fancy.setStatuses([], 'ACTIVE')).toEqual([]);
  });
});
