import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { vacuumStore } from '../src/db/maintenance.ts';
import {
  createBettor,
  createMarket,
  expectExchangeInvariants,
  insertPreviousVersionReservation,
} from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';

type TableStats = { n_dead_tup: number; last_vacuum: string | null; last_analyze: string | null };

describeStores(
  'store maintenance: PGlite has no autovacuum, so the node vacuums it',
  (ctx) => {
    const stats = async (table: string): Promise<TableStats> => {
      const res = (await ctx.app.db.execute(
        sql`select n_dead_tup::int as n_dead_tup, last_vacuum::text as last_vacuum,
              last_analyze::text as last_analyze
            from pg_stat_user_tables where relname = ${table}`,
      )) as unknown as { rows: TableStats[] };
      return res.rows[0]!;
    };
    const until = async (what: () => Promise<boolean>, ms: number) => {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        if (await what()) return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    };

    it('deleted rows past autovacuum’s threshold: the periodic vacuum removes them (PGlite)', async () => {
      const m = await createMarket(ctx.app);
      const u = await createBettor(ctx.app, 1_000_000);
      // Past autovacuum's threshold of 50 dead rows (+ 20% of the live ones: none): 60 reservations
      // a node of the previous version made and the sweep deleted (a rolling upgrade's churn;
      // updated rows would not do, PostgreSQL prunes their old versions as it reads the page).
      for (let i = 0; i < 60; i++) {
        const r = await ctx.app.exchange.placeBet(
          u.userId,
          {
            market_id: m.marketId,
            selection_id: m.selectionIds[0]!,
            side: i % 2 === 0 ? 'BACK' : 'LAY',
            price: 200 + (i % 2) * 10,
            size_paise: 1_000,
            request_id: `maint-${i}`,
          },
          { staker: SYSTEM_STAKER },
        );
        expect(r.ok).toBe(true);
        await insertPreviousVersionReservation(ctx.app, u.userId, m.marketId, 1_000);
        expect((await ctx.app.wallet.sweepReservations({ olderThanMs: 0 })).count).toBe(1);
      }
      if (ctx.store === 'postgres') {
        // PostgreSQL has autovacuum; the node never vacuums it.
        await expect(vacuumStore(ctx.app.store)).rejects.toThrow(/autovacuum/);
        expect((await stats('exposure_reservations')).last_vacuum).toBeNull();
        return;
      }
      // A pass every 200 ms here (pgliteVacuumMs): the reservations and bets are past their thresholds.
      const vacuumed = await until(async () => {
        const s = await stats('exposure_reservations');
        return s.last_vacuum !== null && s.n_dead_tup === 0;
      }, 10_000);
      expect(vacuumed, JSON.stringify(await stats('exposure_reservations'))).toBe(true);
      expect(await until(async () => (await stats('bets')).last_analyze !== null, 10_000)).toBe(true);
      await expectExchangeInvariants(ctx.app);
    });

    // PostgreSQL keeps its server's own setting.
    it.skipIf(ctx.store !== 'pglite')(
      'an in-memory PGlite store runs on a 16MB buffer pool (its open zeroes the pool)',
      async () => {
        const res = (await ctx.app.db.execute(
          sql`select current_setting('shared_buffers') as shared_buffers`,
        )) as unknown as { rows: { shared_buffers: string }[] };
        expect(res.rows[0]!.shared_buffers).toBe('16MB');
      },
    );
  },
  { pgliteVacuumMs: 200 },
);
