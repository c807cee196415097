// /healthz says the store is down when it answers but cannot read its tables (issue 48: two servers
// on one data folder left a store where every bet answered 500 while /healthz said ok, because it
// only asked `select 1`). A table the store cannot read is simulated by taking one away.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeStores, type StoreContext } from './helpers/stores.ts';

describeStores('/healthz reads the tables', (ctx: StoreContext) => {
  it('answers 503 naming the store when a money table cannot be read, 200 again once it can', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await ctx.app.db.execute(sql`alter table exposure_holds rename to exposure_holds_away`);
    try {
      const r = await ctx.app.inject({ method: 'GET', url: '/healthz' });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({
        status: false,
        message: 'The store cannot read its tables',
        data: { degraded: ['store'], parts: { store: 'degraded' } },
      });
    } finally {
      await ctx.app.db.execute(sql`alter table exposure_holds_away rename to exposure_holds`);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
