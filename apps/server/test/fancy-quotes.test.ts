// Several fancies' quotes in one write (`app.fancy.quoteMany`, the cricket feed's upkeep after a
// ball, issue 48): each quote checked exactly as `quote` checks it alone — a closed or removed
// fancy, a Yes line below the No line, a line past the fancy's largest result and an unknown id are
// refused with quote's own words, the others written whatever the refusals — each written fancy's
// version and its market's version move (the generic status is left alone), and each is published.
import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { fancies } from '../src/modules/fancy/schema.ts';
import { markets } from '../src/modules/markets/schema.ts';
import { cricketTestMatch } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

describeStores('fancy quotes in one write', (ctx) => {
  it('quotes each as quote would, refuses what quote refuses in its words, publishes the written', async () => {
    const c = await cricketTestMatch(ctx.app);
    const rows = await ctx.app.db.select().from(fancies).where(inArray(fancies.marketId, c.fancyIds));
    const runs = rows.filter((f) => f.variant === 'RUNS').map((f) => f.marketId);
    const [a, b, removed, badLine, tooHigh] = runs as [number, number, number, number, number];
    expect((await ctx.app.fancy.setStatus(removed, 'REMOVED')).ok).toBe(true);
    const suspended = c.fancyIds.find((id) => !runs.includes(id))!;
    expect((await ctx.app.fancy.setStatus(suspended, 'SUSPENDED')).ok).toBe(true);
    const unknown = 2_000_000_000;
    const max = rows.find((f) => f.marketId === tooHigh)!.resultMax;
    const q = (no: number, yes: number) => ({ no_line: no, no_rate: 100, yes_line: yes, yes_rate: 100 });
    const quotes = [
      { fancy_id: b, quote: q(41, 42) },
      { fancy_id: unknown, quote: q(40, 41) },
      { fancy_id: a, quote: q(50, 52) },
      { fancy_id: removed, quote: q(40, 41) },
      { fancy_id: badLine, quote: q(45, 44) },
      { fancy_id: tooHigh, quote: q(max, max + 1) },
      { fancy_id: suspended, quote: { no_line: 0, no_rate: 90, yes_line: 0, yes_rate: 110 } },
    ];
    const ids = quotes.map((x) => x.fancy_id).filter((id) => id !== unknown);
    const read = async () => {
      const fs = await ctx.app.db.select().from(fancies).where(inArray(fancies.marketId, ids));
      const ms = await ctx.app.db.select().from(markets).where(inArray(markets.marketId, ids));
      return new Map(
        ids.map((id) => {
          const f = fs.find((x) => x.marketId === id)!;
          const m = ms.find((x) => x.marketId === id)!;
          return [
            id,
            {
              lines: [f.noLine, f.noRate, f.yesLine, f.yesRate],
              status: f.status,
              version: f.version,
              market: m.status,
              marketVersion: m.version,
            },
          ];
        }),
      );
    };
    const before = await read();
    const published: number[] = [];
    const off = ctx.app.bus.subscribe('market', (m) => {
      if (ids.includes(m.market_id)) published.push(m.market_id);
    });
    const refused = await ctx.app.fancy.quoteMany(quotes);
    off();
    // Refused in quote's own words.
    const alone = async (id: number) => {
      const r = await ctx.app.fancy.quote(id, quotes.find((x) => x.fancy_id === id)!.quote);
      return r.ok ? 'written' : r.message;
    };
    const byId = (x: number, y: number) => x - y;
    expect(refused.map((r) => r.fancy_id).sort(byId)).toEqual(
      [removed, badLine, tooHigh, unknown].sort(byId),
    );
    const after = await read();
    for (const r of refused) {
      if (r.fancy_id !== unknown) expect(after.get(r.fancy_id)).toEqual(before.get(r.fancy_id));
      expect(r.message).toBe(await alone(r.fancy_id));
    }
    expect(refused.find((r) => r.fancy_id === unknown)!.message).toBe(`Unknown fancy ${unknown}`);
    // Written: the lines, both versions moved, the generic status left as it was (a suspended
    // fancy is quoted and stays suspended).
    for (const [id, quote] of [
      [a, q(50, 52)],
      [b, q(41, 42)],
      [suspended, { no_line: 0, no_rate: 90, yes_line: 0, yes_rate: 110 }],
    ] as const) {
      expect(after.get(id)).toEqual({
        lines: [quote.no_line, quote.no_rate, quote.yes_line, quote.yes_rate],
        status: before.get(id)!.status,
        version: before.get(id)!.version + 1,
        market: before.get(id)!.market,
        marketVersion: before.get(id)!.marketVersion + 1,
      });
    }
    expect(published.sort(byId)).toEqual([a, b, suspended].sort(byId));
    expect(await ctx.app.fancy.quoteMany([])).toEqual([]);
  });
});
