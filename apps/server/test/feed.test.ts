// The demo feed against the real exchange and store: a few ticks give every open demo match-odds
// market three levels each side, through the bettors' code path, with the ledger still balanced.
import type { FeedOptions } from '@backlay/feed';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { cricketMatches, markets, matches } from '../src/db/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import {
  BETTOR_FLOAT_PAISE,
  createExchangeFeedApi,
  createServerFeed,
  ensureFeedAccounts,
  MAKER_FLOAT_PAISE,
} from '../src/plugins/feed.ts';
import { FENCED_ORDER_MESSAGE } from '../src/modules/exchange/service.ts';
import { createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { describeStores } from './helpers/stores.ts';

describeStores(
  'demo feed on the exchange',
  (ctx) => {
    it('creates its accounts once and funds them by deposits from the house', async () => {
      const names = { makers: ['mm_t1', 'mm_t2'], bettors: ['sim_t1'] };
      const first = await ensureFeedAccounts(ctx.app, names);
      const again = await ensureFeedAccounts(ctx.app, names);
      expect([...again]).toEqual([...first]);
      expect(await ctx.app.wallet.balancePaise(first.get('mm_t1')!)).toBe(MAKER_FLOAT_PAISE);
      expect(await ctx.app.wallet.balancePaise(first.get('sim_t1')!)).toBe(BETTOR_FLOAT_PAISE);
      await expectLedgerBalanced(ctx.app);
    });

    it('the float top-up is keyed by the leader term, not the clock: twice at once deposits once; a deposed term deposits nothing', async () => {
      const names = { makers: ['mm_fence'], bettors: [] };
      let fence = ctx.app.leader.fence();
      for (let i = 0; i < 250 && !fence; i++) {
        await new Promise((r) => setTimeout(r, 20));
        fence = ctx.app.leader.fence();
      }
      const id = (await ensureFeedAccounts(ctx.app, names, fence!)).get('mm_fence')!;
      const spend = async (key: string) => {
        const r = await ctx.app.wallet.withdraw(id, MAKER_FLOAT_PAISE * 0.6, `${key}-${Date.now()}`);
        expect(r.ok).toBe(true);
      };
      // Below the top-up line; then two leaders top up at once (a takeover's overlap): one deposit.
      await spend('fence-spend-1');
      await Promise.all([
        ensureFeedAccounts(ctx.app, names, fence!),
        ensureFeedAccounts(ctx.app, names, fence!),
        ensureFeedAccounts(ctx.app, names, fence!),
      ]);
      expect(await ctx.app.wallet.balancePaise(id)).toBe(MAKER_FLOAT_PAISE);
      // A term that is over tops up nothing (its write is refused in its own transaction).
      await spend('fence-spend-2');
      const deposed = { lease: fence!.lease, generation: fence!.generation - 1 };
      await expect(ensureFeedAccounts(ctx.app, names, deposed)).rejects.toThrow(/leader-only write/);
      expect(await ctx.app.wallet.balancePaise(id)).toBe(MAKER_FLOAT_PAISE * 0.4);
      await expectLedgerBalanced(ctx.app);
    });

    it('a market maker’s order of a deposed leader term is refused in the batch’s own transaction; the current term’s is placed', async () => {
      const names = { makers: ['mm_order'], bettors: [] };
      let fence = ctx.app.leader.fence();
      for (let i = 0; i < 250 && !fence; i++) {
        await new Promise((r) => setTimeout(r, 20));
        fence = ctx.app.leader.fence();
      }
      const accounts = await ensureFeedAccounts(ctx.app, names, fence!);
      const m = await createMarket(ctx.app);
      const order = {
        market_id: m.marketId,
        selection_id: m.selectionIds[0]!,
        side: 'BACK' as const,
        price: 200,
        size_paise: 10_000,
      };
      const deposed = { lease: fence!.lease, generation: fence!.generation - 1 };
      const before = await ctx.app.wallet.balancePaise(accounts.get('mm_order')!);
      expect(await createExchangeFeedApi(ctx.app, accounts, deposed).placeBet('mm_order', order)).toEqual({
        ok: false,
        message: FENCED_ORDER_MESSAGE,
      });
      expect(await ctx.app.wallet.balancePaise(accounts.get('mm_order')!)).toBe(before);
      expect(
        await createExchangeFeedApi(ctx.app, accounts, fence!).placeBet('mm_order', order),
      ).toMatchObject({
        ok: true,
      });
      await expectExchangeInvariants(ctx.app);
      expect((await checkLedger(ctx.app)).problems).toEqual([]);
    });

    it('a few ticks quote every open demo match-odds market three deep each side; invariants hold', async () => {
      const feed = await createServerFeed(ctx.app, {
        seed: 42,
        options: { max_markets_per_tick: 100, max_busy_markets: 100, bet_probability: 1 },
      });
      for (let i = 0; i < 3; i++) await feed.tick();
      // A bettor may have just taken a whole level; the next tick quotes that market again.
      (feed.options as FeedOptions).bet_probability = 0;
      await feed.tick();

      const open = (await ctx.app.exchange.listMarkets({ status: 'OPEN' })).filter(
        (m) => m.market_type === 'MATCH_ODDS',
      );
      expect(open.length).toBeGreaterThan(5);
      for (const m of open) {
        const img = (await ctx.app.exchange.getMarketImage(m.market_id))!;
        for (const r of img.runners) {
          expect(
            r.back.length,
            `${m.market_name} ${m.market_id}/${r.selection_id} back`,
          ).toBeGreaterThanOrEqual(3);
          expect(r.lay.length, `${m.market_id}/${r.selection_id} lay`).toBeGreaterThanOrEqual(3);
          expect(r.back[0]!.price).toBeLessThan(r.lay[0]!.price);
        }
        const overround = img.runners.reduce((s, r) => s + 1 / r.back[0]!.price, 0);
        expect(overround).toBeGreaterThan(1);
        expect(overround).toBeLessThan(1.1);
      }
      // Simulated bettors traded.
      const traded = await Promise.all(
        open.map(async (m) =>
          (await ctx.app.exchange.getMarketImage(m.market_id))!.runners.reduce(
            (s, r) => s + r.traded_volume,
            0,
          ),
        ),
      );
      expect(traded.some((t) => t > 0)).toBe(true);

      await expectLedgerBalanced(ctx.app);
      await expectExchangeInvariants(ctx.app);
    });

    it('settles a finished match through the settlement service: a winner, money moved, invariants hold', async () => {
      const feed = await createServerFeed(ctx.app, {
        seed: 7,
        options: { max_markets_per_tick: 100, max_busy_markets: 100, bet_probability: 1 },
      });
      for (let i = 0; i < 2; i++) await feed.tick();
      // The busiest quoted market's match "started" ten hours ago: the next tick closes and settles it.
      // Only a match without a scoreboard ends on the clock (a cricket match ends by its scoreboard:
      // feed-scoreboard.test.ts).
      const scored = new Set(
        (await ctx.app.db.select({ id: cricketMatches.matchId }).from(cricketMatches)).map((r) => r.id),
      );
      const open = (await ctx.app.exchange.listMarkets({ status: 'OPEN' })).filter(
        (m) => m.market_type === 'MATCH_ODDS' && !scored.has(m.match_id),
      );
      const volume = async (id: number) =>
        (await ctx.app.exchange.getMarketImage(id))!.runners.reduce((s, r) => s + r.traded_volume, 0);
      const volumes = await Promise.all(open.map((m) => volume(m.market_id)));
      const target = open[volumes.indexOf(Math.max(...volumes))]!;
      expect(Math.max(...volumes)).toBeGreaterThan(0);
      const tenHoursAgo = new Date(Date.now() - 10 * 3_600_000);
      await ctx.app.db
        .update(markets)
        .set({ startTime: tenHoursAgo })
        .where(eq(markets.marketId, target.market_id));
      await ctx.app.db
        .update(matches)
        .set({ startTime: tenHoursAgo })
        .where(eq(matches.matchId, target.match_id));
      const report = await feed.tick();
      expect(report.closed).toContain(target.market_id);
      const settled = report.settled.find((x) => x.market_id === target.market_id);
      expect(target.runners.map((r) => r.selection_id)).toContain(settled?.winner_selection_id);
      const view = await ctx.app.settlement.view(target.market_id);
      expect(view).toMatchObject({
        state: 'SETTLED',
        generation: 1,
        winners: [settled!.winner_selection_id],
      });
      expect((await checkLedger(ctx.app)).problems).toEqual([]);
      await expectExchangeInvariants(ctx.app);
    });
  },
  { exchange: { sleep: async () => {} } },
);
