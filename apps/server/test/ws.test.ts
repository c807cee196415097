// Live prices end to end: bets placed over HTTP on the real exchange reach subscribed WebSockets
// as deltas with the next seq, and as `bets` notices on the bettors' own sockets.
import type { WsServerMessage } from '@backlay/contract';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import type { Api } from './helpers/api.ts';
import { createBettor, createMarket } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';
import { isType, settle, WsClient } from './helpers/ws-client.ts';

type Image = Extract<WsServerMessage, { type: 'image' }>;
type Delta = Extract<WsServerMessage, { type: 'delta' }>;

let rid = 0;

describeStores(
  'live prices over /ws',
  (ctx) => {
    let url = '';
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      url = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ws`;
    });

    async function bettor(): Promise<Api & { userId: number; token: string }> {
      const u = await createBettor(ctx.app, 1_000_000);
      const api = ctx.api.fork();
      const token = await api.login(u.userName, u.password);
      return Object.assign(api, { userId: u.userId, token });
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
        request_id: `ws-${++rid}`,
      });
      expect(r.body.status, r.body.message).toBe(true);
      return r.body.data as { bet_id: number; status: string };
    };

    it('image on subscribe, a delta with seq + 1 after each bet, bets notices to both bettors', async () => {
      const m = await createMarket(ctx.app);
      const layer = await bettor();
      const backer = await bettor();
      const watcher = await WsClient.open(url);
      const layerWs = await WsClient.open(url);
      const backerWs = await WsClient.open(url);
      layerWs.send({ op: 'auth', token: layer.token });
      backerWs.send({ op: 'auth', token: backer.token });

      watcher.send({ op: 'subscribe', market_ids: [m.marketId] });
      const img = await watcher.next<Image>(isType('image', m.marketId));
      expect(img.seq).toBe(1);
      expect(img.market.status).toBe('OPEN');
      expect(img.market.runners.map((r) => r.selection_id)).toEqual(m.selectionIds);
      expect(img.market.runners.every((r) => r.back.length === 0 && r.lay.length === 0)).toBe(true);

      // A lay at 2.5 for ₹100 rests: it is what a backer can back at.
      await place(layer, m, 0, false, 2.5, 100);
      const d1 = await watcher.next<Delta>(isType('delta', m.marketId));
      expect(d1.seq).toBe(2);
      expect(d1.market.runners).toEqual([
        {
          selection_id: m.selectionIds[0],
          status: 'ACTIVE',
          back: [{ price: 2.5, size: 100 }],
          lay: [],
          traded_volume: 0,
        },
      ]);
      expect(await layerWs.next(isType('bets'))).toEqual({ type: 'bets', market_id: m.marketId });

      // A back at 2.5 for ₹40 matches part of it.
      const res = await place(backer, m, 0, true, 2.5, 40);
      expect(res.status).toBe('MATCHED');
      const d2 = await watcher.next<Delta>(isType('delta', m.marketId));
      expect(d2.seq).toBe(3);
      expect(d2.market.runners![0]!.back).toEqual([{ price: 2.5, size: 60 }]);
      expect(d2.market.runners![0]!.traded_volume).toBe(40);
      expect(await backerWs.next(isType('bets'))).toEqual({ type: 'bets', market_id: m.marketId });
      expect(await layerWs.next(isType('bets'))).toEqual({ type: 'bets', market_id: m.marketId });

      // Cancel the rest: the level goes.
      const c = await layer.call('cancelBet', { market_id: m.marketId });
      expect(c.body.status, c.body.message).toBe(true);
      const d3 = await watcher.next<Delta>(isType('delta', m.marketId));
      expect(d3.seq).toBe(4);
      expect(d3.market.runners![0]!.back).toEqual([]);

      // A gap (say seq 4 was lost): ask again, get the image as it is now at the current seq.
      watcher.send({ op: 'image', market_id: m.marketId });
      const fresh = await watcher.next<Image>(isType('image', m.marketId));
      expect(fresh.seq).toBe(4);
      expect(fresh.market).toEqual(await ctx.app.exchange.getMarketImage(m.marketId));

      await settle();
      expect(backerWs.rest()).toEqual([]); // nothing about others' bets, no prices it did not ask for
      await Promise.all([watcher.close(), layerWs.close(), backerWs.close()]);
    });

    it('status changes reach subscribers; unsubscribed sockets hear nothing more', async () => {
      const m = await createMarket(ctx.app);
      const a = await WsClient.open(url);
      const b = await WsClient.open(url);
      for (const c of [a, b]) {
        c.send({ op: 'subscribe', market_ids: [m.marketId] });
        await c.next(isType('image', m.marketId));
      }
      b.send({ op: 'unsubscribe', market_ids: [m.marketId] });
      b.send({ op: 'image', market_id: m.marketId });
      await b.next(isType('error'));

      await ctx.app.exchange.setMarketStatus(m.marketId, 'SUSPENDED');
      const d = await a.next<Delta>(isType('delta', m.marketId));
      expect(d.seq).toBe(2);
      expect(d.market.status).toBe('SUSPENDED');
      expect(d.market.version).toBeGreaterThan(0);
      await ctx.app.exchange.setInPlay(m.marketId, 5);
      const d2 = await a.next<Delta>(isType('delta', m.marketId));
      expect(d2.seq).toBe(3);
      expect(d2.market.in_play).toBe(true);
      await settle();
      expect(b.rest()).toEqual([]);
      await Promise.all([a.close(), b.close()]);
    });

    it('a socket subscribing where the market is already followed gets the state the store holds, not the node’s late copy', async () => {
      const m = await createMarket(ctx.app);
      const a = await WsClient.open(url);
      a.send({ op: 'subscribe', market_ids: [m.marketId] });
      expect((await a.next<Image>(isType('image', m.marketId))).market.status).toBe('OPEN');
      // The change's notice is still on its way over the bus (as to a node a socket has just moved
      // to from one that had sent it): this node's copy of the market is behind the store.
      const publish = ctx.app.bus.publish.bind(ctx.app.bus);
      ctx.app.bus.publish = (channel, message) => {
        if (channel !== 'market') publish(channel, message);
      };
      try {
        await ctx.app.exchange.setMarketStatus(m.marketId, 'SUSPENDED');
        const b = await WsClient.open(url);
        b.send({ op: 'subscribe', market_ids: [m.marketId] });
        const img = await b.next<Image>(isType('image', m.marketId));
        expect(img.market.status).toBe('SUSPENDED');
        expect(img.seq).toBe(2);
        // The socket that was here already hears the change as the next delta.
        const d = await a.next<Delta>(isType('delta', m.marketId));
        expect(d.seq).toBe(2);
        await Promise.all([a.close(), b.close()]);
      } finally {
        ctx.app.bus.publish = publish;
      }
    });
  },
  { exchange: { sleep: async () => {} } },
);
