// The one ladder (ladder-view.ts) as bettors see it, with more levels resting than are shown:
// the match page (getMatchDetail), the WebSocket image and its deltas, and the home list's
// main_odds. Each side shows exactly LADDER_DEPTH = 3 levels, best first: `back` (the resting
// lays, what a bettor can back at) highest price first, `lay` (the resting backs) lowest first.
// The other ladder tests have one level per side, so an order or depth mistake passes them.
import type { MainOdds, MatchDetail, PriceSize, WsServerMessage } from '@backlay/contract';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bestPricesBySelection,
  LADDER_DEPTH,
  ladderOf,
  laddersBySelection,
  type RestingLevel,
} from '../src/modules/exchange/ladder-view.ts';
import type { Api } from './helpers/api.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';
import { isType, settle, WsClient } from './helpers/ws-client.ts';

type Image = Extract<WsServerMessage, { type: 'image' }>;
type Delta = Extract<WsServerMessage, { type: 'delta' }>;
type Ladder = { back: PriceSize[]; lay: PriceSize[] };

const ps = (price: number, size: number): PriceSize => ({ price, size });

describe('ladder-view pure functions', () => {
  const lv = (selectionId: number, side: 'BACK' | 'LAY', price: number, total: number): RestingLevel => ({
    selectionId,
    side,
    price,
    total,
  });

  it('shows three levels a side', () => {
    expect(LADDER_DEPTH).toBe(3);
  });

  it('back = resting lays highest first, lay = resting backs lowest first, three each, in rupees', () => {
    // Given in no particular order, as the query returns them.
    const levels = [
      lv(7, 'LAY', 204, 1_200),
      lv(7, 'BACK', 242, 2_400),
      lv(7, 'LAY', 216, 2_025),
      lv(7, 'BACK', 230, 2_100),
      lv(7, 'LAY', 200, 1_100),
      lv(7, 'BACK', 246, 2_500),
      lv(7, 'LAY', 212, 1_400),
      lv(7, 'BACK', 234, 2_200),
      lv(7, 'LAY', 208, 1_300),
      lv(7, 'BACK', 238, 2_300),
      lv(8, 'BACK', 1_000, 1),
    ];
    const ladders = laddersBySelection(levels);
    expect(ladders.get(7)).toEqual({
      back: [ps(2.16, 20.25), ps(2.12, 14), ps(2.08, 13)],
      lay: [ps(2.3, 21), ps(2.34, 22), ps(2.38, 23)],
    });
    // One side only; a size of one paisa.
    expect(ladders.get(8)).toEqual({ back: [], lay: [ps(10, 0.01)] });
    expect([...ladders.keys()].sort()).toEqual([7, 8]);
    expect(ladderOf(ladders, 7)).toBe(ladders.get(7));
    expect(ladderOf(ladders, 99)).toEqual({ back: [], lay: [] });
    expect(laddersBySelection([]).size).toBe(0);
  });

  it('fewer than three levels are all shown, still best first', () => {
    const ladders = laddersBySelection([
      lv(1, 'LAY', 150, 500),
      lv(1, 'LAY', 160, 600),
      lv(1, 'BACK', 180, 800),
      lv(1, 'BACK', 170, 700),
    ]);
    expect(ladders.get(1)).toEqual({
      back: [ps(1.6, 6), ps(1.5, 5)],
      lay: [ps(1.7, 7), ps(1.8, 8)],
    });
  });

  it('best prices: the highest resting lay to back at, the lowest resting back to lay at', () => {
    const best = bestPricesBySelection([
      lv(1, 'LAY', 200, 100),
      lv(1, 'LAY', 216, 100),
      lv(1, 'LAY', 204, 100),
      lv(1, 'LAY', 212, 100),
      lv(1, 'BACK', 246, 100),
      lv(1, 'BACK', 230, 100),
      lv(1, 'BACK', 238, 100),
      lv(1, 'BACK', 250, 100),
      lv(2, 'LAY', 300, 100),
      lv(3, 'BACK', 101, 100),
    ]);
    expect(best.get(1)).toEqual({ back: 2.16, lay: 2.3 });
    expect(best.get(2)).toEqual({ back: 3, lay: null });
    expect(best.get(3)).toEqual({ back: null, lay: 1.01 });
    expect(best.get(4)).toBeUndefined();
  });
});

let rid = 0;

describeStores(
  'ladders with more levels than shown',
  (ctx) => {
    let url = '';
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      url = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ws`;
    });

    async function bettor(): Promise<Api> {
      const u = await createBettor(ctx.app, 10_000_000);
      const api = ctx.api.fork();
      await api.login(u.userName, u.password);
      return api;
    }

    type M = Awaited<ReturnType<typeof createMarket>>;
    const place = async (api: Api, m: M, runner: number, isBack: boolean, odds: number, stack: number) => {
      const r = await api.call('placeMarketBet', {
        match_id: m.matchId,
        market_id: m.marketId,
        selection_id: m.selectionIds[runner]!,
        is_back: isBack ? '1' : '0',
        odds,
        stack,
        request_id: `ladder-${++rid}-${Math.random().toString(36).slice(2, 8)}`,
      });
      expect(r.body.status, r.body.message).toBe(true);
      return r.body.data as { status: string; size_matched: number; size_remaining: number };
    };

    const detailLadders = async (api: Api, m: M): Promise<Ladder[]> => {
      const r = await api.call('getMatchDetail', { match_id: m.matchId });
      expect(r.body.status, r.body.message).toBe(true);
      const market = (r.body.data as MatchDetail).markets.find((x) => x.market_id === m.marketId)!;
      expect(market.runners.map((x) => x.selection_id)).toEqual(m.selectionIds);
      return market.runners.map(({ back, lay }) => ({ back, lay }));
    };

    const mainOdds = async (api: Api, m: M): Promise<MainOdds[] | undefined> => {
      const r = await api.call('getMatches', {});
      expect(r.body.status, r.body.message).toBe(true);
      return (r.body.data as { match_id: number; main_odds?: MainOdds[] }[]).find(
        (x) => x.match_id === m.matchId,
      )?.main_odds;
    };

    const runner1: Ladder = {
      back: [ps(2.16, 20.25), ps(2.12, 14), ps(2.08, 13)],
      lay: [ps(2.3, 21), ps(2.34, 22), ps(2.38, 23)],
    };
    const runner2: Ladder = {
      back: [ps(3.5, 35), ps(3.4, 34), ps(3.3, 33)],
      lay: [ps(4, 40), ps(4.2, 42), ps(4.4, 44)],
    };
    const empty: Ladder = { back: [], lay: [] };

    let m: M;
    let viewer: Api;
    let layer2: Api;
    let taker: Api;

    // One market, three runners. Runner 1: lays (what one can back at) at five prices and backs
    // (to lay at) at five prices, each side placed out of order, and ₹5.25 more at 2.16 from a
    // second layer that adds to that level. Runner 2: six lays, five backs. Runner 3: nothing.
    beforeAll(async () => {
      m = await createMarket(ctx.app);
      const layer = await bettor();
      const backer = await bettor();
      [layer2, taker, viewer] = [await bettor(), await bettor(), await bettor()];
      const rest = async (api: Api, runner: number, isBack: boolean, levels: [number, number][]) => {
        for (const [odds, stack] of levels) {
          expect((await place(api, m, runner, isBack, odds, stack)).status).toBe('UNMATCHED');
        }
      };
      await rest(layer, 0, false, [
        [2.08, 13],
        [2.16, 15],
        [2.0, 11],
        [2.12, 14],
        [2.04, 12],
      ]);
      await rest(layer2, 0, false, [[2.16, 5.25]]);
      await rest(backer, 0, true, [
        [2.38, 23],
        [2.46, 25],
        [2.3, 21],
        [2.42, 24],
        [2.34, 22],
      ]);
      await rest(layer, 1, false, [
        [3.3, 33],
        [3.0, 30],
        [3.5, 35],
        [3.1, 31],
        [3.4, 34],
        [3.2, 32],
      ]);
      await rest(backer, 1, true, [
        [4.4, 44],
        [4.8, 48],
        [4.0, 40],
        [4.6, 46],
        [4.2, 42],
      ]);
    });

    it('getMatchDetail: exact prices and sizes, three levels a side, best first', async () => {
      expect(await detailLadders(viewer, m)).toEqual([runner1, runner2, empty]);
    });

    it('main_odds in getMatches: the best price to back at and to lay at', async () => {
      expect(await mainOdds(viewer, m)).toEqual([
        { selection_id: m.selectionIds[0], name: 'Runner 1', back: 2.16, lay: 2.3 },
        { selection_id: m.selectionIds[1], name: 'Runner 2', back: 3.5, lay: 4 },
        { selection_id: m.selectionIds[2], name: 'Runner 3', back: null, lay: null },
      ]);
    });

    it('WebSocket image on subscribe: exact prices and sizes, three levels a side, best first', async () => {
      const ws = await WsClient.open(url);
      ws.send({ op: 'subscribe', market_ids: [m.marketId] });
      const img = await ws.next<Image>(isType('image', m.marketId));
      expect(img.market.runners.map((r) => r.selection_id)).toEqual(m.selectionIds);
      expect(img.market.runners.map(({ back, lay }) => ({ back, lay }))).toEqual([runner1, runner2, empty]);
      expect(img.market.runners.map((r) => r.traded_volume)).toEqual([0, 0, 0]);
      await ws.close();
    });

    it('WebSocket deltas after more bets, and the match page and main_odds after them', async () => {
      const ws = await WsClient.open(url);
      ws.send({ op: 'subscribe', market_ids: [m.marketId] });
      const img = await ws.next<Image>(isType('image', m.marketId));

      // A lay at a better price (2.2) for ₹30 tops the back ladder; 2.08 drops out of view.
      expect((await place(layer2, m, 0, false, 2.2, 30)).status).toBe('UNMATCHED');
      const d1 = await ws.next<Delta>(isType('delta', m.marketId));
      expect(d1.seq).toBe(img.seq + 1);
      const after1: Ladder = { back: [ps(2.2, 30), ps(2.16, 20.25), ps(2.12, 14)], lay: runner1.lay };
      // Only the runner that changed, whole.
      expect(d1.market.runners).toEqual([
        { selection_id: m.selectionIds[0], status: 'ACTIVE', ...after1, traded_volume: 0 },
      ]);
      expect(await detailLadders(viewer, m)).toEqual([after1, runner2, empty]);
      expect((await mainOdds(viewer, m))?.[0]).toMatchObject({ back: 2.2, lay: 2.3 });

      // A back at 2.16 for ₹40 takes all of 2.2 (₹30), then ₹10 of 2.16: 2.08 comes back into view.
      const taken = await place(taker, m, 0, true, 2.16, 40);
      expect(taken).toMatchObject({ status: 'MATCHED', size_matched: 40, size_remaining: 0 });
      const d2 = await ws.next<Delta>(isType('delta', m.marketId));
      expect(d2.seq).toBe(img.seq + 2);
      const after2: Ladder = { back: [ps(2.16, 10.25), ps(2.12, 14), ps(2.08, 13)], lay: runner1.lay };
      expect(d2.market.runners).toEqual([
        { selection_id: m.selectionIds[0], status: 'ACTIVE', ...after2, traded_volume: 40 },
      ]);
      expect(await detailLadders(viewer, m)).toEqual([after2, runner2, empty]);
      expect((await mainOdds(viewer, m))?.[0]).toMatchObject({ back: 2.16, lay: 2.3 });

      // Runner 2: a back at 3.9, under the lowest resting back (4), tops its lay ladder; 4.4 drops
      // out of view.
      expect((await place(taker, m, 1, true, 3.9, 39)).status).toBe('UNMATCHED');
      const d3 = await ws.next<Delta>(isType('delta', m.marketId));
      expect(d3.seq).toBe(img.seq + 3);
      const after3: Ladder = { back: runner2.back, lay: [ps(3.9, 39), ps(4, 40), ps(4.2, 42)] };
      expect(d3.market.runners).toEqual([
        { selection_id: m.selectionIds[1], status: 'ACTIVE', ...after3, traded_volume: 0 },
      ]);
      expect(await detailLadders(viewer, m)).toEqual([after2, after3, empty]);
      expect(await mainOdds(viewer, m)).toEqual([
        { selection_id: m.selectionIds[0], name: 'Runner 1', back: 2.16, lay: 2.3 },
        { selection_id: m.selectionIds[1], name: 'Runner 2', back: 3.5, lay: 3.9 },
        { selection_id: m.selectionIds[2], name: 'Runner 3', back: null, lay: null },
      ]);

      // Asked again, the image has the same ladders at the current seq.
      ws.send({ op: 'image', market_id: m.marketId });
      const fresh = await ws.next<Image>(isType('image', m.marketId));
      expect(fresh.seq).toBe(img.seq + 3);
      expect(fresh.market.runners.map(({ back, lay }) => ({ back, lay }))).toEqual([after2, after3, empty]);

      await settle();
      expect(ws.rest()).toEqual([]);
      await ws.close();
      await expectExchangeInvariants(ctx.app);
    });
  },
  { exchange: { sleep: async () => {} } },
);
