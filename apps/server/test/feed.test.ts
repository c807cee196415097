// The demo feed against the real exchange and store: a few ticks give every open demo match-odds
// market three levels each side, through the bettors' code path, with the ledger still balanced.
import type { FeedOptions } from '@backlay/feed';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { matches } from '../src/modules/catalog/schema.ts';
import { cricketMatches } from '../src/modules/cricket/schema.ts';
import { bets } from '../src/modules/exchange/schema.ts';
import { markets } from '../src/modules/markets/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import {
  BETTOR_FLOAT_PAISE,
  createExchangeFeedApi,
  createServerFeed,
  ensureFeedAccounts,
  MAKER_FLOAT_PAISE,
} from '../src/feeds/feed.ts';
import { FENCED_ORDER_MESSAGE } from '../src/modules/exchange/rounds.ts';
import { MAX_QUOTE_CANCEL_BETS } from '../src/modules/exchange/place.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
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

    it('a maker’s amend cancels only its own listed bets, after its new orders, in the same batch; a bet already matched and another user’s are untouched (issue 48)', async () => {
      let fence = ctx.app.leader.fence();
      for (let i = 0; i < 250 && !fence; i++) {
        await new Promise((r) => setTimeout(r, 20));
        fence = ctx.app.leader.fence();
      }
      const accounts = await ensureFeedAccounts(
        ctx.app,
        { makers: ['mm_am1', 'mm_am2'], bettors: [] },
        fence!,
      );
      const api = createExchangeFeedApi(ctx.app, accounts, fence!);
      const m = await createMarket(ctx.app, { runners: 2 });
      const [r0, r1] = m.selectionIds as [number, number];
      const order = (selection_id: number, side: 'BACK' | 'LAY', price: number, size_paise = 20_000) => ({
        market_id: m.marketId,
        selection_id,
        side,
        price,
        size_paise,
      });
      /** The 'market' notices of the market while `fn` runs (one per committed batch). */
      const noticesDuring = async <T>(fn: () => Promise<T>) => {
        let n = 0;
        const off = ctx.app.bus.subscribe('market', (msg) => {
          if ((msg as { market_id: number }).market_id === m.marketId) n += 1;
        });
        try {
          return { value: await fn(), notices: n };
        } finally {
          off();
        }
      };
      const bet = async (id: number) => (await ctx.app.db.select().from(bets).where(eq(bets.betId, id)))[0]!;
      const resting = async (actor: string) =>
        (
          await ctx.app.db
            .select()
            .from(bets)
            .where(eq(bets.userId, accounts.get(actor)!))
        )
          .filter((b) => b.resting)
          .map((b) => b.betId)
          .sort((a, b) => a - b);
      const nextSeq = async () =>
        (await ctx.app.db.select().from(markets).where(eq(markets.marketId, m.marketId)))[0]!.nextSeq;

      // Left by an earlier process: an order of each maker.
      expect(await api.placeBet('mm_am1', order(r0, 'LAY', 150))).toMatchObject({ ok: true });
      expect(await api.placeBet('mm_am2', order(r1, 'LAY', 150))).toMatchObject({ ok: true });
      // A full quote by mm_am1: its ladder, then the other maker's orders and its own older one cancelled.
      const ladder = [
        order(r0, 'LAY', 190),
        order(r0, 'LAY', 180),
        order(r0, 'BACK', 210),
        order(r0, 'BACK', 220),
        order(r1, 'LAY', 190),
        order(r1, 'BACK', 210),
      ];
      const full = await noticesDuring(() =>
        api.placeQuote('mm_am1', m.marketId, ladder, { actors: ['mm_am2'], own: 'resting' }),
      );
      expect(full.notices).toBe(1);
      expect(full.value.cancel).toEqual({ ok: true, cancelled: 2 });
      const ids = full.value.placed.map((p) => (p.ok ? p.bet_id : -1));
      expect(ids.every((id) => id > 0)).toBe(true);
      expect(await resting('mm_am1')).toEqual([...ids].sort((a, b) => a - b));
      expect(await resting('mm_am2')).toEqual([]);

      // A bettor takes the 1.90 lay in full; another rests a lay of their own at 1.70.
      const bettor = await createBettor(ctx.app, 10_000_000, 'amend');
      const take = await ctx.app.exchange.placeBet(
        bettor.userId,
        { ...order(r0, 'BACK', 190), request_id: 'amend-take' },
        { staker: SYSTEM_STAKER },
      );
      expect(take).toMatchObject({ ok: true, status: 'MATCHED' });
      const theirs = await ctx.app.exchange.placeBet(
        bettor.userId,
        { ...order(r1, 'LAY', 170), request_id: 'amend-rest' },
        { staker: SYSTEM_STAKER },
      );
      expect(theirs).toMatchObject({ ok: true, status: 'UNMATCHED' });
      const theirId = theirs.ok ? theirs.bet_id : -1;
      const taken = await bet(ids[0]!);

      // The amend: a new 1.85 lay, then mm_am1's matched 1.90, its resting 1.80 and the bettor's
      // bet listed for cancelling: only the 1.80 is cancelled, in the same batch (one change
      // published, the stamp moved once for the placement and once for the cancel).
      const seq = await nextSeq();
      const amend = await noticesDuring(() =>
        api.placeQuote('mm_am1', m.marketId, [order(r0, 'LAY', 185)], {
          actors: ['mm_am2'],
          own: [ids[0]!, ids[1]!, theirId],
        }),
      );
      expect(amend.notices).toBe(1);
      expect(amend.value.cancel).toEqual({ ok: true, cancelled: 1 });
      expect(amend.value.placed).toEqual([
        { ok: true, bet_id: expect.any(Number), size_remaining_paise: 20_000 },
      ]);
      expect(await nextSeq()).toBe(seq + 2);
      const added = amend.value.placed[0]!.ok ? amend.value.placed[0]!.bet_id : -1;
      expect(await resting('mm_am1')).toEqual([...ids.slice(2), added].sort((a, b) => a - b));
      expect(await bet(ids[1]!)).toMatchObject({ resting: false, cancelledPaise: 20_000, matchedPaise: 0 });
      expect(await bet(ids[0]!)).toEqual(taken);
      expect(await bet(theirId)).toMatchObject({ resting: true, cancelledPaise: 0, remainingPaise: 20_000 });
      // Bounded: a quote lists at most MAX_QUOTE_CANCEL_BETS bets of its own.
      await expect(
        ctx.app.exchange.placeQuote(accounts.get('mm_am1')!, m.marketId, [], {
          staker: SYSTEM_STAKER,
          cancel_own: Array.from({ length: MAX_QUOTE_CANCEL_BETS + 1 }, (_, i) => i + 1),
        }),
      ).rejects.toThrow(RangeError);
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
