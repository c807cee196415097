// The /ws protocol against a real listening app, with market images from a stand-in for
// `app.exchange.liveImages.get` (so every transition is under the test's control). Bets through
// the real exchange are in ws.test.ts.
import type { MarketImage, WsServerMessage } from '@backlay/contract';
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../src/plugins/bus.ts';
import {
  createLiveHub,
  diffImages,
  MAX_MARKETS_PER_SOCKET,
  MAX_SOCKETS_PER_IP,
  SLOW_CLIENT_GRACE_MS,
  SLOW_CLIENT_MAX_BUFFERED_BYTES,
} from '../src/plugins/ws.ts';
import { describeStores, openStore } from './helpers/stores.ts';
import { buildApp } from '../src/app.ts';
import { isType, settle, WsClient } from './helpers/ws-client.ts';

type Image = Extract<WsServerMessage, { type: 'image' }>;
type Delta = Extract<WsServerMessage, { type: 'delta' }>;

const images = new Map<number, MarketImage>();
let reads = 0;

function image(market_id: number, backPrice = 2.0): MarketImage {
  return {
    market_id,
    status: 'OPEN',
    in_play: false,
    version: 1,
    runners: [1, 2].map((selection_id) => ({
      selection_id,
      status: 'ACTIVE' as const,
      back: [{ price: backPrice, size: 100 }],
      lay: [{ price: 2.02, size: 50 }],
      traded_volume: 0,
    })),
  };
}

describe('diffImages', () => {
  it('sends only what changed, whole runners', () => {
    const a = image(1);
    const b = structuredClone(a);
    b.runners[1]!.back[0]!.size = 90;
    expect(diffImages(a, b)).toEqual({ runners: [b.runners[1]] });
    expect(diffImages(a, structuredClone(a))).toBeNull();
    expect(diffImages(a, { ...a, status: 'SUSPENDED', version: 2 })).toEqual({
      status: 'SUSPENDED',
      version: 2,
    });
    expect(diffImages(a, { ...a, runners: a.runners.slice(1) })).toBe('image');
  });
});

describeStores(
  'WebSocket /ws protocol',
  (ctx) => {
    let url = '';
    const open = async () => WsClient.open(url);
    const publish = (market_id: number, next: MarketImage) => {
      images.set(market_id, next);
      ctx.app.bus.publish('market', { market_id });
    };

    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      url = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ws`;
    });

    it('subscribe gives a full image with seq 1, then deltas with seq + 1', async () => {
      images.set(101, image(101));
      const c = await open();
      c.send({ op: 'subscribe', market_ids: [101] });
      const first = await c.next<Image>(isType('image', 101));
      expect(first).toEqual({
        type: 'image',
        market_id: 101,
        seq: 1,
        clk: expect.stringMatching(/^[A-Za-z0-9]+\.1$/),
        market: image(101),
      });

      publish(101, image(101, 1.98));
      const d = await c.next<Delta>(isType('delta', 101));
      expect(d.seq).toBe(2);
      expect(d.clk).toBe(first.clk!.replace(/1$/, '2'));
      expect(d.market.runners?.map((r) => r.back[0]!.price)).toEqual([1.98, 1.98]);
      expect(d.market.status).toBeUndefined();

      // A second subscriber gets the current image at the current seq, then the same deltas.
      const c2 = await open();
      c2.send({ op: 'subscribe', market_ids: [101] });
      const img2 = await c2.next<Image>(isType('image', 101));
      expect(img2.seq).toBe(2);
      expect(img2.market).toEqual(image(101, 1.98));
      publish(101, { ...image(101, 1.98), status: 'SUSPENDED', version: 2 });
      const [a, b] = await Promise.all([
        c.next<Delta>(isType('delta', 101)),
        c2.next<Delta>(isType('delta', 101)),
      ]);
      expect(a).toEqual(b);
      expect(a.seq).toBe(3);
      expect(a.market).toEqual({ status: 'SUSPENDED', version: 2 });
      await Promise.all([c.close(), c2.close()]);
    });

    it('heartbeats go only to sockets that ask: one at once, then one per interval to each', async () => {
      const asker = await open();
      const quiet = await open();
      const before = Date.now();
      asker.send({ op: 'heartbeat' });
      const first = await asker.next(isType('heartbeat'));
      expect(first).toEqual({ type: 'heartbeat', at: expect.any(Number) });
      expect((first as { at: number }).at).toBeGreaterThanOrEqual(before - 1);
      ctx.app.liveHub.liveHeartbeat();
      await asker.next(isType('heartbeat'));
      await settle();
      expect(quiet.rest()).toEqual([]);
      await Promise.all([asker.close(), quiet.close()]);
    });

    it('a notice with no visible change sends nothing; a burst is coalesced into few reads', async () => {
      images.set(102, image(102));
      const c = await open();
      c.send({ op: 'subscribe', market_ids: [102] });
      await c.next(isType('image', 102));
      ctx.app.bus.publish('market', { market_id: 102 });
      await settle();
      expect(c.rest()).toEqual([]);

      const before = reads;
      for (let i = 0; i < 50; i++) publish(102, image(102, 1.5 + i / 100));
      await settle(300);
      // The first notice is read at once, the other 49 in one or two reads after the window.
      expect(reads - before).toBeLessThanOrEqual(3);
      const deltas = c.rest().filter(isType('delta', 102)) as Delta[];
      expect(deltas.length).toBeLessThanOrEqual(3);
      expect(deltas.map((d) => d.seq)).toEqual(deltas.map((_, i) => 2 + i));
      expect(deltas.at(-1)!.market.runners![0]!.back[0]!.price).toBe(1.99);
      await c.close();
    });

    it('after a gap, an image request gives a fresh image at the current seq', async () => {
      images.set(103, image(103));
      const c = await open();
      c.send({ op: 'subscribe', market_ids: [103] });
      await c.next(isType('image', 103));
      publish(103, image(103, 1.9));
      await c.next(isType('delta', 103));
      publish(103, image(103, 1.8));
      const d = await c.next<Delta>(isType('delta', 103));
      expect(d.seq).toBe(3);
      // Pretend seq 3 was missed: ask again.
      c.send({ op: 'image', market_id: 103 });
      const again = await c.next<Image>(isType('image', 103));
      expect(again.seq).toBe(3);
      expect(again.market).toEqual(image(103, 1.8));
      await c.close();
    });

    it('unsubscribe stops the deltas; the node forgets a market nobody follows', async () => {
      images.set(104, image(104));
      const c = await open();
      c.send({ op: 'subscribe', market_ids: [104, 105] });
      images.set(105, image(105));
      await c.next(isType('image', 104));
      await c.next(isType('image', 105));
      c.send({ op: 'unsubscribe', market_ids: [104] });
      c.send({ op: 'image', market_id: 104 });
      expect(await c.next(isType('error'))).toEqual({
        type: 'error',
        message: 'Not subscribed to market 104',
      });
      expect(ctx.app.liveHub.seqOf(104)).toBeNull();
      publish(104, image(104, 1.7));
      publish(105, image(105, 1.7));
      const d = await c.next<Delta>(isType('delta'));
      expect(d.market_id).toBe(105);
      await settle();
      expect(c.rest().filter(isType('delta', 104))).toEqual([]);
      await c.close();
      await settle(50);
      expect(ctx.app.liveHub.seqOf(105)).toBeNull();
    });

    it('bad messages get an error and the socket keeps working', async () => {
      images.set(106, image(106));
      const c = await open();
      const bad: unknown[] = [
        'not json',
        '{"op":"nope"}',
        { op: 'subscribe' },
        { op: 'subscribe', market_ids: ['1'] },
        { op: 'subscribe', market_ids: Array.from({ length: 51 }, (_, i) => i + 1) },
        { op: 'auth', token: '' },
        { op: 'image' },
        [1, 2],
        'null',
      ];
      for (const m of bad) {
        c.send(m);
        const e = await c.next(isType('error'));
        expect(e.type).toBe('error');
      }
      c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
      expect(await c.next(isType('error'))).toEqual({ type: 'error', message: 'Messages must be JSON text' });
      c.send({ op: 'subscribe', market_ids: [999_999] });
      expect(await c.next(isType('error'))).toEqual({ type: 'error', message: 'Unknown market 999999' });
      c.send({ op: 'subscribe', market_ids: [106] });
      expect((await c.next<Image>(isType('image', 106))).seq).toBe(1);
      await c.close();
    });

    it('refuses more markets than a socket may follow', async () => {
      for (let i = 0; i < MAX_MARKETS_PER_SOCKET; i++) images.set(10_000 + i, image(10_000 + i));
      const c = await open();
      for (let i = 0; i < MAX_MARKETS_PER_SOCKET / 50; i++) {
        c.send({ op: 'subscribe', market_ids: Array.from({ length: 50 }, (_, k) => 10_000 + i * 50 + k) });
      }
      c.send({ op: 'subscribe', market_ids: [106, 20_000] });
      const e = await c.next((m) => m.type === 'error' && m.message.startsWith('At most'));
      expect(e).toEqual({
        type: 'error',
        message: `At most ${MAX_MARKETS_PER_SOCKET} markets per connection`,
      });
      expect(c.messages.filter((m) => m.type === 'image')).toHaveLength(MAX_MARKETS_PER_SOCKET);
      await c.close();
    });

    it('at most MAX_SOCKETS_PER_IP sockets per address; the next is closed with 1008', async () => {
      const before = ctx.app.liveHub.counts().sockets;
      const many = await Promise.all(
        Array.from({ length: MAX_SOCKETS_PER_IP - before }, () => WsClient.open(url)),
      );
      const extra = await open();
      const code = await new Promise<number>((r) => extra.ws.once('close', (c) => r(c)));
      expect(code).toBe(1008);
      await many[0]!.close();
      await settle(50);
      const again = await open();
      again.send({ op: 'subscribe', market_ids: [106] });
      await again.next(isType('image', 106));
      await Promise.all([...many.slice(1).map((c) => c.close()), again.close()]);
    });

    it('a message larger than the limit closes the socket (1009), the server stays up', async () => {
      const c = await open();
      const closed = new Promise<number>((r) => c.ws.once('close', (code) => r(code)));
      c.send({ op: 'auth', token: 'x'.repeat(20_000) });
      expect(await closed).toBe(1009);
      const c2 = await open();
      c2.send({ op: 'subscribe', market_ids: [106] });
      await c2.next(isType('image', 106));
      await c2.close();
    });

    it('auth binds the socket to the user: their bets notices arrive, others do not', async () => {
      const api = ctx.api.fork();
      const token = await api.login('demo', 'demo1234');
      const demoId = (await ctx.app.auth.lookup(token))!.userId;
      const c = await open();
      const anon = await open();
      c.send({ op: 'auth', token: 'not-a-token' });
      expect(await c.next(isType('error'))).toEqual({
        type: 'error',
        message: 'Your session has ended; please log in again',
      });
      c.send({ op: 'auth', token });
      // Messages are handled in order: once this error is back, the auth is done.
      c.send({ op: 'image', market_id: 1 });
      await c.next(isType('error'));
      anon.send({ op: 'image', market_id: 1 });
      await anon.next(isType('error'));

      ctx.app.bus.publish('user', { user_id: demoId, market_id: 77 });
      ctx.app.bus.publish('user', { user_id: demoId + 1000, market_id: 78 });
      expect(await c.next(isType('bets'))).toEqual({ type: 'bets', market_id: 77 });
      await settle();
      expect(c.rest()).toEqual([]);
      expect(anon.rest()).toEqual([]);

      // A bad token afterwards unbinds it.
      c.send({ op: 'auth', token: 'not-a-token' });
      await c.next(isType('error'));
      ctx.app.bus.publish('user', { user_id: demoId, market_id: 79 });
      await settle();
      expect(c.rest()).toEqual([]);
      await Promise.all([c.close(), anon.close()]);
    });

    it('heartbeat: a socket that misses a pong is terminated', async () => {
      const c = await open();
      // The test client answers pings by itself; stop it answering.
      (c.ws as unknown as { pong: () => void }).pong = () => {};
      const socketCount = ctx.app.liveHub.counts().sockets;
      const closed = new Promise<void>((r) => c.ws.once('close', () => r()));
      ctx.app.liveHub.heartbeat(); // ping
      await settle(100);
      ctx.app.liveHub.heartbeat(); // no pong since: terminate
      await closed;
      await settle(50);
      expect(ctx.app.liveHub.counts().sockets).toBe(socketCount - 1);

      const ok = await open();
      ctx.app.liveHub.heartbeat();
      await settle(100);
      ctx.app.liveHub.heartbeat();
      await settle(100);
      expect(ok.ws.readyState).toBe(ok.ws.OPEN);
      await ok.close();
    });
  },
  {},
  (app) => {
    app.exchange.liveImages.get = async (id: number) => {
      reads += 1;
      const img = images.get(id);
      return img ? structuredClone(img) : null;
    };
  },
);

describe('slow clients', () => {
  it('a socket whose send buffer stays over the limit for longer than the grace period is terminated', () => {
    let t = 0;
    const hub = createLiveHub({
      bus: createInProcessBus(),
      getImage: async () => null,
      lookupToken: async () => 'ended' as const,
      log: { warn() {}, debug() {}, error() {} },
      now: () => t,
    });
    const fake = () => {
      const s = new EventEmitter() as EventEmitter & {
        readyState: number;
        OPEN: number;
        bufferedAmount: number;
        terminated: boolean;
        send(): void;
        ping(): void;
        terminate(): void;
      };
      Object.assign(s, { readyState: 1, OPEN: 1, bufferedAmount: 0, terminated: false });
      s.send = () => {};
      s.ping = () => {};
      s.terminate = () => {
        s.terminated = true;
        s.emit('close');
      };
      return s;
    };
    const slow = fake();
    const brief = fake();
    hub.connect(slow as never);
    hub.connect(brief as never);
    slow.bufferedAmount = SLOW_CLIENT_MAX_BUFFERED_BYTES + 1;
    brief.bufferedAmount = SLOW_CLIENT_MAX_BUFFERED_BYTES + 1;
    for (; t <= SLOW_CLIENT_GRACE_MS; t += 1_000) {
      hub.checkSlowClients();
      if (t === 2_000) brief.bufferedAmount = 0; // it caught up
    }
    expect(slow.terminated).toBe(false); // exactly at the grace period: not yet
    t += 1;
    hub.checkSlowClients();
    expect(slow.terminated).toBe(true);
    expect(brief.terminated).toBe(false);
    expect(hub.counts().sockets).toBe(1);
    expect(hub.stats.dropped_slow).toBe(1);
    hub.close();
  });
});

describe('shutdown', () => {
  it('open sockets are closed with 1001 (going away) and the app closes promptly', async () => {
    const store = await openStore('pglite');
    const app = await buildApp({ store: store.options, seedDemo: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const c = await WsClient.open(`ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`);
    const code = new Promise<number>((r) => c.ws.once('close', (x) => r(x)));
    await app.close();
    expect(await code).toBe(1001);
    await store.cleanup();
  });
});
