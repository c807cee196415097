// Issue 32, "results that follow the match": a cricket match's match-odds market closes for
// betting the moment its scoreboard says the match is over and settles on the scoreboard's result
// (a winner, a dead heat on a tie, void on no result), never on the demo feed's clock and drifting
// draw; a market whose match is still playing is not closed on the clock. Through the real
// exchange, settlement and ledger, on both stores.
import type { Scoreboard } from '@backlay/feed';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { matches } from '../src/modules/catalog/schema.ts';
import { markets } from '../src/modules/markets/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { createCricketFeedApi } from '../src/feeds/cricket-port.ts';
import { setUpCricketMatch } from '../src/seed/cricket-match.ts';
import { createServerFeed } from '../src/feeds/feed.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';

let rid = 0;
const requestId = () => `fs-${++rid}-${Math.random().toString(36).slice(2, 8)}`;
const HOUR_MS = 3_600_000;

describeStores(
  'match odds follow the scoreboard',
  (ctx) => {
    /**
     * An in-play T20 whose teams are its match-odds runners ("Runner 1" v "Runner 2"), started ten
     * hours ago (past the demo's four-hour cricket duration), with a matched bet on Runner 1:
     * ₹1000 backed at 2.0 against a lay.
     */
    async function matchWithBet() {
      const m = await createMarket(ctx.app, { runners: 2, inPlay: true });
      const started = new Date(Date.now() - 10 * HOUR_MS);
      await ctx.app.db.update(markets).set({ startTime: started }).where(eq(markets.marketId, m.marketId));
      await ctx.app.db.update(matches).set({ startTime: started }).where(eq(matches.matchId, m.matchId));
      await ctx.app.db.transaction((tx) =>
        setUpCricketMatch(tx, {
          matchId: m.matchId,
          format: 'T20',
          competition: 'IPL',
          teams: ['Runner 1', 'Runner 2'],
          startTime: started,
          inPlay: true,
          at: new Date(),
        }),
      );
      const backer = await createBettor(ctx.app, 10_000_00);
      const layer = await createBettor(ctx.app, 10_000_00);
      const [r1] = m.selectionIds;
      const lay = await ctx.app.exchange.placeBet(
        layer.userId,
        {
          market_id: m.marketId,
          selection_id: r1!,
          side: 'LAY',
          price: 200,
          size_paise: 1000_00,
          request_id: requestId(),
        },
        { staker: SYSTEM_STAKER },
      );
      expect(lay.ok).toBe(true);
      const back = await ctx.app.exchange.placeBet(
        backer.userId,
        {
          market_id: m.marketId,
          selection_id: r1!,
          side: 'BACK',
          price: 200,
          size_paise: 1000_00,
          request_id: requestId(),
        },
        { staker: SYSTEM_STAKER },
      );
      expect(back).toMatchObject({ ok: true, size_remaining_paise: 0 });
      return { ...m, backer, layer };
    }

    const finalScore = (result_text: string, chase: { runs: number; wickets: number; balls: number }) =>
      ({
        innings: 2,
        batting: 1,
        totals: [{ runs: 160, wickets: 6, balls: 120 }, chase],
        recent: ['1', 'W'],
        target: 161,
        status: 'COMPLETE',
        ball_running_until_ms: null,
        result_text,
      }) satisfies Scoreboard;

    /** The demo feed on this store, closing and settling as many markets as are due in one tick. */
    const demoFeed = (seed: number) =>
      createServerFeed(ctx.app, {
        seed,
        options: { max_lifecycle_per_tick: 1_000, max_markets_per_tick: 0, bet_probability: 0 },
      });

    it('"Runner 1 won by 50 runs": a back on Runner 1 is refused at once; the feed settles on Runner 1, the backer wins', async () => {
      const m = await matchWithBet();
      const [r1] = m.selectionIds;
      await createCricketFeedApi(ctx.app).publishScore(
        m.matchId,
        finalScore('Runner 1 won by 50 runs', { runs: 110, wickets: 10, balls: 100 }),
      );
      // The moment the score says so, before any feed tick: no bet on a decided match.
      const late = await createBettor(ctx.app, 10_000_00);
      const refused = await ctx.app.exchange.placeBet(
        late.userId,
        {
          market_id: m.marketId,
          selection_id: r1!,
          side: 'BACK',
          price: 101,
          size_paise: 1000_00,
          request_id: requestId(),
        },
        { staker: SYSTEM_STAKER },
      );
      expect(refused).toMatchObject({ ok: false, message: 'Market is suspended' });

      // Before this change the clock closed it (ten hours after the start) on a drawn winner.
      const feed = await demoFeed(3);
      const report = await feed.tick();
      expect(report.closed).toContain(m.marketId);
      expect(report.settled.map((s) => s.market_id)).not.toContain(m.marketId);
      expect(report.settled_from_score).toContainEqual({
        market_id: m.marketId,
        outcome: { kind: 'WINNER', selection_id: r1 },
      });
      expect(await ctx.app.settlement.view(m.marketId)).toMatchObject({
        state: 'SETTLED',
        winners: [r1],
        void_market: false,
      });
      // ₹1000 at 2.0 won ₹1000, less commission; the layer lost ₹1000.
      expect(await ctx.app.wallet.balancePaise(m.backer.userId)).toBeGreaterThan(10_900_00);
      expect(await ctx.app.wallet.balancePaise(m.layer.userId)).toBe(9_000_00);
      expect((await checkLedger(ctx.app)).problems).toEqual([]);
      await expectExchangeInvariants(ctx.app);
    });

    it('"Match tied": a dead heat of the two teams (half the stake wins); "No result": every bet void', async () => {
      const tied = await matchWithBet();
      const nr = await matchWithBet();
      const api = createCricketFeedApi(ctx.app);
      await api.publishScore(tied.matchId, finalScore('Match tied', { runs: 160, wickets: 8, balls: 120 }));
      const rain = finalScore('No result', { runs: 40, wickets: 1, balls: 30 });
      await api.publishScore(nr.matchId, rain);
      const report = await (await demoFeed(5)).tick();
      expect(report.closed).toEqual(expect.arrayContaining([tied.marketId, nr.marketId]));
      expect(await ctx.app.settlement.view(tied.marketId)).toMatchObject({
        state: 'SETTLED',
        winners: tied.selectionIds,
        dead_heat_count: 2,
      });
      // Dead heat: ₹500 of the back wins ₹500 at 2.0, ₹500 is lost: the layer is square.
      expect(await ctx.app.wallet.balancePaise(tied.layer.userId)).toBe(10_000_00);
      expect(await ctx.app.settlement.view(nr.marketId)).toMatchObject({
        state: 'SETTLED',
        void_market: true,
      });
      expect(await ctx.app.wallet.balancePaise(nr.backer.userId)).toBe(10_000_00);
      expect(await ctx.app.wallet.balancePaise(nr.layer.userId)).toBe(10_000_00);
      expect((await checkLedger(ctx.app)).problems).toEqual([]);
      await expectExchangeInvariants(ctx.app);
    });

    it('a match still being played is not closed on the clock, however long after its start', async () => {
      const m = await matchWithBet();
      await createCricketFeedApi(ctx.app).publishScore(m.matchId, {
        innings: 2,
        batting: 1,
        totals: [
          { runs: 160, wickets: 6, balls: 120 },
          { runs: 80, wickets: 2, balls: 60 },
        ],
        recent: ['1'],
        target: 161,
        status: 'IN_PROGRESS',
        ball_running_until_ms: null,
        result_text: null,
      });
      const report = await (await demoFeed(3)).tick();
      expect(report.closed).not.toContain(m.marketId);
      expect((await ctx.app.exchange.listMarkets({ status: 'OPEN' })).map((x) => x.market_id)).toContain(
        m.marketId,
      );
      expect((await ctx.app.settlement.view(m.marketId)).state).toBe('OPEN');
    });
  },
  { exchange: { sleep: async () => {} } },
);
