import { eq, sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { bets } from '../src/modules/exchange/schema.ts';
import { markets, runners } from '../src/modules/markets/schema.ts';
import type { Api } from './helpers/api.ts';
import { snapshotStore } from './helpers/api.ts';
import { createExchangeService } from '../src/modules/exchange/service.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';

/** The in-play bet delay: tests decide when a sleeping bet wakes up. */
let onSleep: (ms: number) => Promise<void> = async () => {};
const sleep = (ms: number) => onSleep(ms);

let rid = 0;
const nextRequestId = () => `req-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

type M = Awaited<ReturnType<typeof createMarket>>;

const bet = (m: M, runner: number, isBack: boolean, odds: number, stack: number, extra: object = {}) => ({
  match_id: m.matchId,
  market_id: m.marketId,
  selection_id: m.selectionIds[runner]!,
  is_back: isBack ? '1' : '0',
  odds,
  stack,
  request_id: nextRequestId(),
  ...extra,
});

describeStores(
  'exchange',
  (ctx) => {
    async function bettor(balanceRupees = 10_000): Promise<Api & { userId: number }> {
      const u = await createBettor(ctx.app, balanceRupees * 100);
      const api = ctx.api.fork();
      await api.login(u.userName, u.password);
      return Object.assign(api, { userId: u.userId });
    }

    it('a partial fill writes no indexed column of bets; `resting` follows the remainder', async () => {
      // What matching writes to a resting bet. No index of bets may name one of these (as a key
      // or in its predicate), or every partial fill becomes a non-HOT update with a new entry in
      // each of the table's seven indexes (docs/decisions.md, "Resting bets and HOT updates").
      const written = ['matched_paise', 'remaining_paise', 'matched_value', 'cancelled_paise', 'updated_at'];
      const defs = (
        (await ctx.app.db.execute(
          sql`select pg_get_indexdef(indexrelid) as def from pg_index where indrelid = 'bets'::regclass`,
        )) as unknown as { rows: { def: string }[] }
      ).rows.map((r) => r.def);
      expect(defs.length).toBeGreaterThanOrEqual(7);
      for (const def of defs) for (const col of written) expect(def, def).not.toContain(col);
      expect(
        defs.some((d) => /bets_resting_idx .*\(market_id\) WHERE resting$/.test(d)),
        defs.join('\n'),
      ).toBe(true);

      const m = await createMarket(ctx.app);
      const layer = await bettor();
      const backer = await bettor();
      const lay = await layer.call('placeMarketBet', bet(m, 0, false, 2, 100));
      const layId = (lay.body.data as { bet_id: number }).bet_id;
      const row = async () => (await ctx.app.db.select().from(bets).where(eq(bets.betId, layId)))[0]!;
      await backer.call('placeMarketBet', bet(m, 0, true, 2, 40));
      expect(await row()).toMatchObject({ remainingPaise: 6_000, resting: true });
      const ladder = async () =>
        (
          (await backer.call('getMatchDetail', { match_id: m.matchId })).body.data as {
            markets: { runners: { back: unknown[] }[] }[];
          }
        ).markets[0]!.runners[0]!.back;
      expect(await ladder()).toEqual([{ price: 2, size: 60 }]);
      await backer.call('placeMarketBet', bet(m, 0, true, 2, 60));
      expect(await row()).toMatchObject({ remainingPaise: 0, resting: false });
      expect(await ladder()).toEqual([]);
      await expectExchangeInvariants(ctx.app);
    });

    it('a back meets a resting lay: fills, ladder, positions and exposure', async () => {
      const m = await createMarket(ctx.app);
      const layer = await bettor();
      const backer = await bettor();
      const lay = await layer.call('placeMarketBet', bet(m, 0, false, 2, 100));
      expect(lay.body).toMatchObject({
        status: true,
        data: { status: 'UNMATCHED', size_matched: 0, size_remaining: 100, average_price_matched: 0 },
      });
      const back = await backer.call('placeMarketBet', bet(m, 0, true, 1.9, 60));
      // Best execution: the back at 1.9 matches the resting lay at 2.
      expect(back.body).toMatchObject({
        status: true,
        data: { status: 'MATCHED', size_matched: 60, size_remaining: 0, average_price_matched: 2 },
      });
      const detail = await backer.call('getMatchDetail', { match_id: m.matchId });
      const market = (
        detail.body.data as { markets: { runners: { back: unknown; lay: unknown; position: number }[] }[] }
      ).markets[0]!;
      expect(market.runners[0]).toMatchObject({ back: [{ price: 2, size: 40 }], lay: [], position: 60 });
      expect(market.runners[1]).toMatchObject({ back: [], lay: [], position: -60 });
      // Layer: matched lay 60 at 2 (−60 on runner 1, +60 elsewhere) plus unmatched 40 (−40 worst).
      expect((await layer.call('getUserBalance')).body.data).toEqual({
        total_balance: 10_000,
        liability: 100,
      });
      expect((await backer.call('getUserBalance')).body.data).toEqual({
        total_balance: 10_000,
        liability: 60,
      });
      const exposure = (await layer.call('getExposureDetail')).body.data as { data: unknown[] };
      expect(exposure.data).toEqual([
        expect.objectContaining({
          match_id: m.matchId,
          market_id: m.marketId,
          match_name: m.matchName,
          market_details: [{ sub_type: 'Match Odds', bet_count: 1 }],
        }),
      ]);
      const layerBets = (await layer.call('getMatchBets', { match_id: m.matchId })).body.data as {
        matched: { status: string; size_matched: number }[];
        unmatched: { size_remaining: number }[];
      };
      expect(layerBets.matched).toMatchObject([{ status: 'PARTIAL', size_matched: 60 }]);
      expect(layerBets.unmatched).toMatchObject([{ size_remaining: 40 }]);
      const image = await ctx.app.exchange.getMarketImage(m.marketId);
      expect(image?.runners[0]).toMatchObject({ back: [{ price: 2, size: 40 }], traded_volume: 60 });
      await expectExchangeInvariants(ctx.app);
    });

    it('reads a market image in one statement: its version and its book are one snapshot (issue 48)', async () => {
      const m = await createMarket(ctx.app);
      const maker = await bettor();
      expect((await maker.call('placeMarketBet', bet(m, 1, true, 2.1, 10))).body.status).toBe(true);
      expect((await maker.call('placeMarketBet', bet(m, 2, false, 3.5, 20))).body.status).toBe(true);
      const db = ctx.app.db;
      const spies = [vi.spyOn(db, 'execute'), vi.spyOn(db, 'select'), vi.spyOn(db, 'transaction')];
      let image;
      try {
        image = await ctx.app.exchange.getMarketImage(m.marketId);
        expect(spies.map((s) => s.mock.calls.length)).toEqual([1, 0, 0]);
      } finally {
        for (const s of spies) s.mockRestore();
      }
      expect(image).toMatchObject({
        market_id: m.marketId,
        status: 'OPEN',
        runners: [
          { status: 'ACTIVE', back: [], lay: [], traded_volume: 0 },
          { status: 'ACTIVE', back: [], lay: [{ price: 2.1, size: 10 }], traded_volume: 0 },
          { status: 'ACTIVE', back: [{ price: 3.5, size: 20 }], lay: [], traded_volume: 0 },
        ],
      });
      expect(image!.runners.map((r) => r.selection_id)).toEqual(m.selectionIds);
      expect(await ctx.app.exchange.getMarketImage(987_654_321)).toBeNull();
    });

    it('walks the book across prices, best price first, and rests the rest', async () => {
      const m = await createMarket(ctx.app);
      const maker = await bettor();
      const taker = await bettor();
      for (const [odds, size] of [
        [2.1, 10],
        [2.2, 10],
        [2.3, 10],
      ] as const) {
        expect((await maker.call('placeMarketBet', bet(m, 1, true, odds, size))).body.status).toBe(true);
      }
      const r = await taker.call('placeMarketBet', bet(m, 1, false, 2.2, 30));
      expect(r.body.data).toMatchObject({ status: 'PARTIAL', size_matched: 20, size_remaining: 10 });
      expect((r.body.data as { average_price_matched: number }).average_price_matched).toBeCloseTo(2.15, 2);
      const image = await ctx.app.exchange.getMarketImage(m.marketId);
      expect(image?.runners[1]).toMatchObject({
        back: [{ price: 2.2, size: 10 }],
        lay: [{ price: 2.3, size: 10 }],
      });
      await expectExchangeInvariants(ctx.app);
    });

    it('refusals change nothing and say why', async () => {
      const m = await createMarket(ctx.app, { minStakePaise: 10_000, maxStakePaise: 100_000 });
      const u = await bettor(500);
      const before = await snapshotStore(ctx.app);
      const cases: [object, RegExp][] = [
        [bet(m, 0, true, 2.01, 100), /valid price/],
        [bet(m, 0, true, 1000.5, 100), /valid price/],
        [bet(m, 0, true, 2, 50), /Minimum stake is 100/],
        [bet(m, 0, true, 2, 1_001), /Maximum stake is 1000/],
        [bet(m, 0, true, 2, 600), /Insufficient balance/],
        [bet(m, 0, false, 3, 300), /Insufficient balance/],
        [{ ...bet(m, 0, true, 2, 100), market_id: 999_999 }, /Unknown market/],
        [{ ...bet(m, 0, true, 2, 100), match_id: m.matchId + 100_000 }, /Unknown market/],
        [{ ...bet(m, 0, true, 2, 100), selection_id: 999_999 }, /Unknown runner/],
        [bet(m, 0, true, 2, 100, { version: 99 }), /changed/],
      ];
      for (const [body, message] of cases) {
        const r = await u.call('placeMarketBet', body);
        expect(r.statusCode, JSON.stringify(body)).toBe(200);
        expect(r.body.status, JSON.stringify(body)).toBe(false);
        expect(r.body.message).toMatch(message);
      }
      await ctx.app.exchange.setMarketStatus(m.marketId, 'SUSPENDED');
      const suspendedSnapshot = await snapshotStore(ctx.app);
      expect((await u.call('placeMarketBet', bet(m, 0, true, 2, 100))).body).toEqual({
        status: false,
        message: 'Market is suspended',
      });
      await ctx.app.exchange.setMarketStatus(m.marketId, 'CLOSED');
      expect((await u.call('placeMarketBet', bet(m, 0, true, 2, 100))).body.message).toMatch(/not open/);
      expect(await snapshotStore(ctx.app)).not.toBe(before); // the status changes themselves
      expect(suspendedSnapshot).not.toBe(before);

      const m2 = await createMarket(ctx.app);
      await ctx.app.db
        .update(runners)
        .set({ status: 'REMOVED' })
        .where(eq(runners.selectionId, m2.selectionIds[2]!));
      const snap2 = await snapshotStore(ctx.app);
      expect((await u.call('placeMarketBet', bet(m2, 2, true, 2, 100))).body.message).toMatch(/not active/);
      // Bad shapes are 400s naming the field.
      const bad = await u.call('placeMarketBet', { ...bet(m2, 0, true, 2, 100), request_id: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body.message).toMatch(/request_id/);
      expect(
        (await u.call('placeMarketBet', { ...bet(m2, 0, true, 2, 100), is_back: 'yes' })).statusCode,
      ).toBe(400);
      expect(await snapshotStore(ctx.app)).toBe(snap2);
    });

    it('the same request_id twice returns the first result and places nothing', async () => {
      const m = await createMarket(ctx.app);
      const maker = await bettor();
      const u = await bettor();
      await maker.call('placeMarketBet', bet(m, 0, false, 3, 50));
      const body = bet(m, 0, true, 3, 80);
      const first = await u.call('placeMarketBet', body);
      expect(first.body.data).toMatchObject({ status: 'PARTIAL', size_matched: 50, size_remaining: 30 });
      const snap = await snapshotStore(ctx.app);
      const again = await u.call('placeMarketBet', { ...body, odds: 5, stack: 999 });
      expect(again.body.data).toEqual(first.body.data);
      expect(again.body.message).toBe('Bet already placed');
      expect(await snapshotStore(ctx.app)).toBe(snap);
      // Concurrent duplicates: one bet.
      const dup = bet(m, 1, true, 4, 10);
      const answers = await Promise.all(Array.from({ length: 6 }, () => u.call('placeMarketBet', dup)));
      const ids = new Set(answers.map((a) => (a.body.data as { bet_id: number }).bet_id));
      expect(ids.size).toBe(1);
      // Another user may use the same request_id.
      expect((await maker.call('placeMarketBet', { ...dup })).body.data).toMatchObject({
        status: 'UNMATCHED',
      });
      await expectExchangeInvariants(ctx.app);
    });

    it('cancels one bet or all of a market, and lists current bets by kind', async () => {
      const m = await createMarket(ctx.app);
      const u = await bettor();
      const other = await bettor();
      const a = (await u.call('placeMarketBet', bet(m, 0, true, 5, 100))).body.data as { bet_id: number };
      await u.call('placeMarketBet', bet(m, 1, true, 6, 100));
      await u.call('placeMarketBet', bet(m, 2, false, 1.5, 100));
      expect((await u.call('getUserBalance')).body.data).toMatchObject({ liability: 250 });
      expect((await other.call('cancelBet', { bet_id: a.bet_id })).body).toEqual({
        status: false,
        message: 'Unknown bet',
      });
      expect((await u.call('cancelBet', { bet_id: a.bet_id })).body.data).toEqual({
        cancelled: 1,
        size_cancelled: 100,
      });
      expect((await u.call('cancelBet', { bet_id: a.bet_id })).body.message).toMatch(/nothing left/);
      const unmatched = (await u.call('getCurrentBets', { bet_type: 'U', page: 1 })).body.data as {
        total: number;
      };
      expect(unmatched.total).toBe(2);
      expect((await u.call('cancelBet', { market_id: m.marketId })).body.data).toEqual({
        cancelled: 2,
        size_cancelled: 200,
      });
      expect((await u.call('getUserBalance')).body.data).toMatchObject({ liability: 0 });
      const done = (await u.call('getCurrentBets', { bet_type: 'D', page: 1 })).body.data as {
        bets: { status: string }[];
        total: number;
        page_size: number;
      };
      expect(done.total).toBe(3);
      expect(done.bets.every((b) => b.status === 'CANCELLED')).toBe(true);
      const search = (await u.call('getCurrentBets', { bet_type: 'D', page: 1, search: 'runner 3' })).body
        .data as {
        total: number;
      };
      expect(search.total).toBe(1);
      expect(
        ((await u.call('getCurrentBets', { bet_type: 'M', page: 1 })).body.data as { total: number }).total,
      ).toBe(0);
      expect((await u.call('getCurrentBets', { bet_type: 'X', page: 1 })).statusCode).toBe(400);
      await expectExchangeInvariants(ctx.app);
    });

    it('going in play lapses LAPSE bets and keeps PERSIST ones; closing lapses all', async () => {
      const m = await createMarket(ctx.app);
      const u = await bettor();
      await u.call('placeMarketBet', bet(m, 0, true, 5, 100));
      await u.call('placeMarketBet', bet(m, 1, true, 5, 100, { keep_in_play: true }));
      const seen: unknown[] = [];
      const off = ctx.app.bus.subscribe('user', (msg) => seen.push(msg));
      await ctx.app.exchange.setInPlay(m.marketId, 0);
      off();
      expect(seen).toContainEqual({ user_id: u.userId, market_id: m.marketId });
      const bets1 = (await u.call('getMatchBets', { match_id: m.matchId })).body.data as {
        unmatched: { persistence: string }[];
      };
      expect(bets1.unmatched.map((b) => b.persistence)).toEqual(['PERSIST']);
      expect((await u.call('getUserBalance')).body.data).toMatchObject({ liability: 100 });
      const lapsed = (await u.call('getCurrentBets', { bet_type: 'D', page: 1 })).body.data as {
        bets: { status: string }[];
      };
      expect(lapsed.bets.map((b) => b.status)).toEqual(['LAPSED']);
      const image = await ctx.app.exchange.getMarketImage(m.marketId);
      expect(image).toMatchObject({ in_play: true, status: 'OPEN' });
      await ctx.app.exchange.setMarketStatus(m.marketId, 'CLOSED');
      expect((await u.call('getUserBalance')).body.data).toMatchObject({ liability: 0 });
      expect((await ctx.app.exchange.listMarkets({ status: 'CLOSED' })).map((x) => x.market_id)).toContain(
        m.marketId,
      );
      await expectExchangeInvariants(ctx.app);
    });

    it('a bet waiting its in-play delay past the request deadline (PostgreSQL: 1.8 s) is answered with its outcome, not a 503', async () => {
      const m = await createMarket(ctx.app, { inPlay: true, betDelayS: 3 });
      const u = await bettor();
      onSleep = () => new Promise((r) => setTimeout(r, 2_500));
      const r = await u.call('placeMarketBet', bet(m, 0, true, 2, 100));
      expect(r.statusCode).toBe(200);
      expect(r.body.status).toBe(true);
      expect(r.body.data).toMatchObject({ status: 'UNMATCHED', size_remaining: 100 });
    });

    it('in play, a bet waits the delay, then matches the book as it is then', async () => {
      const m = await createMarket(ctx.app, { inPlay: true, betDelayS: 5 });
      const maker = await bettor();
      const u = await bettor();
      const waits: number[] = [];
      onSleep = async (ms) => {
        waits.push(ms);
      };
      await maker.call('placeMarketBet', bet(m, 0, false, 2, 50, { keep_in_play: true }));
      // During the delay more liquidity arrives: the bet sees it.
      let added = false;
      onSleep = async (ms) => {
        waits.push(ms);
        if (added) return;
        added = true;
        await ctx.app.exchange.placeBet(
          maker.userId,
          {
            market_id: m.marketId,
            selection_id: m.selectionIds[0]!,
            side: 'LAY',
            price: 200,
            size_paise: 5_000,
            request_id: nextRequestId(),
          },
          { staker: SYSTEM_STAKER },
        );
      };
      const r = await u.call('placeMarketBet', bet(m, 0, true, 2, 100));
      expect(r.body.data).toMatchObject({ status: 'MATCHED', size_matched: 100 });
      expect(waits).toEqual([5_000, 5_000, 5_000]);
      // Suspended during the delay: refused, nothing placed.
      onSleep = async () => {
        await ctx.app.exchange.setMarketStatus(m.marketId, 'SUSPENDED');
        await ctx.app.exchange.setMarketStatus(m.marketId, 'OPEN');
      };
      const before = (await u.call('getCurrentBets', { bet_type: 'M', page: 1 })).body.data as {
        total: number;
      };
      const refused = await u.call('placeMarketBet', bet(m, 0, true, 2, 100));
      expect(refused.body).toEqual({
        status: false,
        message: 'Market changed during the bet delay; the bet was not placed',
      });
      const after = (await u.call('getCurrentBets', { bet_type: 'M', page: 1 })).body.data as {
        total: number;
      };
      expect(after.total).toBe(before.total);
      onSleep = async () => {};
      await expectExchangeInvariants(ctx.app);
    });

    it('the home list carries the first back/lay prices of the main market', async () => {
      const m = await createMarket(ctx.app);
      const u = await bettor();
      await u.call('placeMarketBet', bet(m, 0, true, 2.5, 100));
      await u.call('placeMarketBet', bet(m, 0, false, 2.2, 100));
      const list = (await u.call('getMatches', {})).body.data as {
        match_id: number;
        main_odds: { back: number | null; lay: number | null }[];
      }[];
      const mine = list.find((x) => x.match_id === m.matchId);
      expect(mine?.main_odds[0]).toMatchObject({ back: 2.2, lay: 2.5 });
      expect(mine?.main_odds[1]).toMatchObject({ back: null, lay: null });
    });

    it('two nodes (two services with their own book caches) on one store see each other', async () => {
      const m = await createMarket(ctx.app);
      const a = await createBettor(ctx.app, 1_000_000);
      const b = await createBettor(ctx.app, 1_000_000);
      const nodeA = ctx.app.exchange;
      const nodeB = createExchangeService(ctx.app);
      const order = (user: number, side: 'BACK' | 'LAY', price: number, size: number) => ({
        market_id: m.marketId,
        selection_id: m.selectionIds[0]!,
        side,
        price,
        size_paise: size,
        request_id: nextRequestId(),
      });
      // A caches the book with a resting lay; B places a lay and cancels on its own node.
      await nodeA.placeBet(a.userId, order(a.userId, 'LAY', 300, 10_000), { staker: SYSTEM_STAKER });
      await nodeB.placeBet(b.userId, order(b.userId, 'LAY', 320, 10_000), { staker: SYSTEM_STAKER });
      // A's cached book is stale: the back must meet B's better lay at 3.2 first.
      const r = await nodeA.placeBet(a.userId, order(a.userId, 'BACK', 300, 15_000), {
        staker: SYSTEM_STAKER,
      });
      expect(r).toMatchObject({ ok: true, status: 'MATCHED', size_matched_paise: 15_000 });
      expect(r.ok && r.average_price_matched).toBeCloseTo((10_000 * 320 + 5_000 * 300) / 15_000, 6);
      // a cancels through node B; node A must not match the cancelled rest.
      expect(await nodeB.cancelBets(a.userId, { market_id: m.marketId })).toMatchObject({
        ok: true,
        cancelled: 1,
        size_cancelled_paise: 5_000,
      });
      const r2 = await nodeA.placeBet(b.userId, order(b.userId, 'BACK', 300, 1_000), {
        staker: SYSTEM_STAKER,
      });
      expect(r2).toMatchObject({ ok: true, status: 'UNMATCHED' });
      await expectExchangeInvariants(ctx.app);
    });

    it('many concurrent bets from several users on one market keep every invariant', async () => {
      const m = await createMarket(ctx.app, { minStakePaise: 100 });
      const people = await Promise.all(
        Array.from({ length: 6 }, (_, i) => createBettor(ctx.app, (i + 1) * 60_000)),
      );
      const prices = [190, 196, 200, 204, 210];
      let seed = 42;
      const rnd = (n: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed % n;
      };
      const jobs = Array.from({ length: 150 }, (_, i) => {
        const p = people[rnd(people.length)]!;
        const kind = rnd(10);
        if (kind === 0) return () => ctx.app.exchange.cancelBets(p.userId, { market_id: m.marketId });
        return () =>
          ctx.app.exchange.placeBet(
            p.userId,
            {
              market_id: m.marketId,
              selection_id: m.selectionIds[rnd(3)]!,
              side: rnd(2) === 0 ? 'BACK' : 'LAY',
              price: prices[rnd(prices.length)]!,
              size_paise: 100 * (1 + rnd(200)),
              request_id: `c-${i}`,
            },
            { staker: SYSTEM_STAKER },
          );
      });
      const results = await Promise.all(jobs.map((j) => j()));
      const placed = results.filter((r) => r.ok && 'bet_id' in r).length;
      const refused = results.filter((r) => !r.ok);
      expect(refused.filter((r) => !r.ok && !/Insufficient balance/.test(r.message))).toEqual([]);
      expect(placed).toBeGreaterThan(50);
      const counts = await expectExchangeInvariants(ctx.app);
      expect(counts.fills).toBeGreaterThan(0);
      const [row] = await ctx.app.db.select().from(markets).where(eq(markets.marketId, m.marketId));
      expect(row!.nextSeq).toBeGreaterThan(placed);
    });
  },
  { exchange: { sleep } },
);
