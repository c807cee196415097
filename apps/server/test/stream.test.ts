// Issue 46, the stream for programs (docs/trading-api.md "The stream"), against a real listening app
// on both stores: a key opens it (and only a key with the read scope; at most so many per key);
// markets by filter, with an image and then deltas that keep a local book equal to the store's
// after 1,000 random bets by others, and markets made later that match; a reconnect with the
// clock tokens gets exactly what it missed (on the node's log and on the store's); the bettor's
// orders as they are placed, matched, cancelled and settled, and resumed by their clock; a revoked
// key's stream ends at once. The hub's conflation and a forgotten log are tested on the hub itself.
import type { MarketImage, StreamOrder, WsServerMessage } from '@backlay/contract';
import { STREAM_CONNECTIONS_PER_KEY_MAX } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { markets, runners } from '../src/modules/markets/schema.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';
import { createInProcessBus } from '../src/plugins/bus.ts';
import { createNodeSequencer } from '../src/plugins/price-sequence.ts';
import {
  CONFLATE_ABOVE_BYTES,
  CONFLATE_CHECK_MS,
  createLiveHub,
  type ForeignProtocol,
} from '../src/plugins/ws.ts';
import { Api } from './helpers/api.ts';
import { flakyBus } from './helpers/flaky-bus.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { clusterServices } from './helpers/services.ts';
import {
  describeStores,
  nodesOnNats,
  ONE_STORE,
  openStore,
  TEST_RATE_LIMITS,
  TEST_SECRET_HASH_COST,
  type StoreContext,
} from './helpers/stores.ts';
import { StreamClient, streamUrl, type StreamMessage } from './helpers/stream-client.ts';
import { settle } from './helpers/ws-client.ts';

type M = Awaited<ReturnType<typeof createMarket>>;
let rid = 0;
const requestId = () => `stream-${++rid}-${Math.random().toString(36).slice(2, 8)}`;
const isMarket = (id: number) => (m: StreamMessage) =>
  (m.type === 'image' || m.type === 'delta') && m.market_id === id;

/** The keys, bettors and bets of one app (one store). */
function world(ctx: StoreContext) {
  const port = () => (ctx.app.server.address() as AddressInfo).port;
  async function bettor(balanceRupees = 100_000) {
    const u = await createBettor(ctx.app, balanceRupees * 100, 'stream');
    const api = ctx.api.fork();
    await api.login(u.userName, u.password);
    return Object.assign(api, u);
  }
  async function keyOf(api: Api, scopes: string[] = ['read', 'trade']) {
    const r = await api.call('createApiKey', { name: 'stream bot', scopes });
    expect(r.body, r.body.message).toMatchObject({ status: true });
    const k = r.body.data as { key_id: string; secret: string };
    return { key_id: k.key_id, credential: `${k.key_id}:${k.secret}` };
  }
  const open = (credential: string) => StreamClient.open(streamUrl(port()), credential);
  /** A bet through the exchange's service (the bettor's path without HTTP): others' bets. */
  async function bet(userId: number, m: M, side: 'BACK' | 'LAY', price: number, size_paise: number, sel = 0) {
    const r = await ctx.app.exchange.placeBet(
      userId,
      {
        market_id: m.marketId,
        selection_id: m.selectionIds[sel]!,
        side,
        price,
        size_paise,
        request_id: requestId(),
      },
      { staker: SYSTEM_STAKER },
    );
    if (!r.ok) throw new Error(r.message);
    return r;
  }
  /** Waits until the client's book of the market is the store's image (the push is asynchronous). */
  async function agrees(c: StreamClient, marketId: number) {
    let store: MarketImage | null = null;
    const until = Date.now() + 15_000;
    while (Date.now() < until) {
      store = await ctx.app.exchange.getMarketImage(marketId);
      if (JSON.stringify(c.books.get(marketId)) === JSON.stringify(store)) return;
      await settle(50);
    }
    expect(c.books.get(marketId)).toEqual(store);
  }
  return { port, bettor, keyOf, open, bet, agrees };
}

describeStores('the stream for programs (issue 46)', (ctx) => {
  const w = world(ctx);
  beforeAll(() => ctx.app.listen({ port: 0, host: '127.0.0.1' }));
  it('opens with a key that reads, in words otherwise; at most so many per key', async () => {
    const u = await w.bettor();
    const url = streamUrl(w.port());
    expect(await StreamClient.refused(url, null)).toEqual({
      status: 401,
      message: 'The stream takes an API key: send Authorization: Key <key_id>:<secret>',
    });
    const tradeOnly = await w.keyOf(u, ['trade']);
    expect(await StreamClient.refused(url, tradeOnly.credential)).toEqual({
      status: 403,
      message: 'This API key has no read scope, which the stream needs',
    });
    const k = await w.keyOf(u);
    expect((await StreamClient.refused(url, `${k.key_id}:${'A'.repeat(43)}`)).status).toBe(401);
    // A plain GET (no upgrade) of the stream, or of the site's /ws: 426, in words.
    for (const [path, headers] of [
      ['/api/stream', { authorization: `Key ${k.credential}` }],
      ['/ws', {}],
    ] as const) {
      const plain = await ctx.app.inject({ method: 'GET', url: path, headers });
      expect(plain.statusCode, path).toBe(426);
      expect(plain.json()).toEqual({
        status: false,
        message: `${path} is a WebSocket: open it with an Upgrade: websocket request`,
      });
    }

    const streams = [];
    for (let i = 0; i < STREAM_CONNECTIONS_PER_KEY_MAX; i++) streams.push(await w.open(k.credential));
    expect(streams[0]!.messages[0]).toMatchObject({ type: 'connected', user_id: u.userId, key_id: k.key_id });
    expect((await StreamClient.refused(url, k.credential)).status).toBe(429);
    await streams.pop()!.close();
    await expect.poll(async () => (await w.open(k.credential)).close().then(() => true)).toBe(true);
    await Promise.all(streams.map((s) => s.close()));

    // Bad messages are answered in words and change nothing.
    const s = await w.open(k.credential);
    s.send({ op: 'subscribe_markets', id: 1, filter: {} });
    expect(await s.next((m) => m.type === 'error')).toMatchObject({
      message: expect.stringContaining('filter must name'),
    });
    s.send({ op: 'unsubscribe_markets', id: 7 });
    expect(await s.next((m) => m.type === 'error')).toMatchObject({ message: 'No subscription 7' });
    await s.close();
  });

  it('a filter: an image then deltas; after 1,000 random bets by others the local book is the store’s', async () => {
    const m = await createMarket(ctx.app);
    const other = await createMarket(ctx.app);
    const u = await w.bettor();
    const k = await w.keyOf(u);
    const s = await w.open(k.credential);
    s.send({ op: 'subscribe_markets', id: 1, filter: { match_ids: [m.matchId] } });
    expect(await s.next((x) => x.type === 'subscribed')).toEqual({
      type: 'subscribed',
      id: 1,
      market_ids: [m.marketId],
      truncated: false,
    });
    const first = await s.next<Extract<WsServerMessage, { type: 'image' }>>(isMarket(m.marketId));
    expect(first.type).toBe('image');
    expect(first.clk).toMatch(/^[A-Za-z0-9]+\.\d+$/);

    const people = await Promise.all([0, 1, 2, 3].map(() => createBettor(ctx.app, 10_000_000, 'flow')));
    let seed = 46;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 1_000; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, () =>
          w.bet(
            people[Math.floor(rnd() * 4)]!.userId,
            m,
            rnd() < 0.5 ? 'BACK' : 'LAY',
            190 + 2 * Math.floor(rnd() * 10),
            100 * (100 + Math.floor(rnd() * 900)),
            Math.floor(rnd() * 3),
          ),
        ),
      );
    }
    await w.bet(people[0]!.userId, other, 'BACK', 200, 10_000); // a market the filter does not name
    await w.agrees(s, m.marketId);
    expect(s.holes).toBe(0);
    // Pushes coalesce per tick, so how many deltas carry the 1,000 bets depends on the box's pace
    // (10 on a saturated one): the book built from them agreeing with the store is the check.
    expect(s.messages.filter((x) => x.type === 'delta').length).toBeGreaterThan(0);
    expect(s.books.has(other.marketId)).toBe(false);

    // A market made later on the match joins the subscription, with its image.
    const [later] = await ctx.app.db
      .insert(markets)
      .values({
        matchId: m.matchId,
        marketName: 'Later',
        marketType: 'LATER',
        startTime: new Date(Date.now() + 3_600_000),
      })
      .returning();
    await ctx.app.db.insert(runners).values([{ marketId: later!.marketId, name: 'Yes', sortOrder: 0 }]);
    ctx.app.bus.publish('market', { market_id: later!.marketId });
    expect(await s.next((x) => x.type === 'subscribed')).toMatchObject({
      id: 1,
      market_ids: [m.marketId, later!.marketId],
    });
    await s.next(isMarket(later!.marketId));
    await w.agrees(s, later!.marketId);

    s.send({ op: 'unsubscribe_markets', id: 1 });
    expect(await s.next((x) => x.type === 'unsubscribed')).toMatchObject({
      market_ids: [m.marketId, later!.marketId],
    });
    await s.close();
    await expectExchangeInvariants(ctx.app);
    await expectLedgerBalanced(ctx.app);
  }, 120_000);

  it('a reconnect with the clock tokens gets what it missed as deltas; a clock of another epoch an image', async () => {
    const m = await createMarket(ctx.app);
    const [a, b] = await Promise.all([createBettor(ctx.app, 10_000_000), createBettor(ctx.app, 10_000_000)]);
    const u = await w.bettor();
    const k = await w.keyOf(u);
    const s = await w.open(k.credential);
    s.send({ op: 'subscribe_markets', id: 9, filter: { market_ids: [m.marketId] } });
    await s.next(isMarket(m.marketId));
    for (let i = 0; i < 5; i++) await w.bet(a.userId, m, 'BACK', 190 + 2 * i, 10_000);
    await w.agrees(s, m.marketId);
    const clk = s.clocks.get(m.marketId)!;
    const seq = s.seqs.get(m.marketId)!;
    await s.close();
    // While it is away (no one on this node follows the market): bets by others.
    for (let i = 0; i < 6; i++) await w.bet(b.userId, m, 'LAY', 210 + 2 * i, 10_000);

    const back = await w.open(k.credential);
    back.seqs.set(m.marketId, seq);
    back.books.set(m.marketId, s.books.get(m.marketId)!);
    back.send({
      op: 'subscribe_markets',
      id: 9,
      filter: { market_ids: [m.marketId] },
      clk: { [m.marketId]: clk },
    });
    const resumed = await back.next(isMarket(m.marketId));
    expect(resumed).toMatchObject({ type: 'delta', seq: seq + 1 });
    await w.agrees(back, m.marketId);
    expect(back.holes).toBe(0);
    expect(back.messages.some((x) => x.type === 'image')).toBe(false);
    // Deltas go on after the catch-up.
    await w.bet(a.userId, m, 'BACK', 230, 10_000);
    await w.agrees(back, m.marketId);
    expect(back.holes).toBe(0);
    await back.close();

    const stranger = await w.open(k.credential);
    stranger.send({
      op: 'subscribe_markets',
      id: 1,
      filter: { market_ids: [m.marketId] },
      clk: { [m.marketId]: 'zz.3' },
    });
    expect(await stranger.next(isMarket(m.marketId))).toMatchObject({ type: 'image' });
    await stranger.close();
  }, 60_000);

  it('orders: placed, matched in part, cancelled and settled, each whole; a reconnect by clock misses nothing', async () => {
    const m = await createMarket(ctx.app);
    const u = await w.bettor();
    const k = await w.keyOf(u);
    const other = await createBettor(ctx.app, 10_000_000);
    const s = await w.open(k.credential);
    s.send({ op: 'subscribe_orders' });
    expect(await s.next((x) => x.type === 'orders')).toMatchObject({ image: true, orders: [] });
    const lay = await u.call(
      'placeMarketBet',
      {
        match_id: m.matchId,
        market_id: m.marketId,
        selection_id: m.selectionIds[0]!,
        is_back: '0',
        odds: 2,
        stack: 500,
        request_id: requestId(),
      },
      { apiKey: k.credential, csrf: false },
    );
    expect(lay.body, lay.body.message).toMatchObject({ status: true });
    const betId = (lay.body.data as { bet_id: number }).bet_id;
    const byBet = (x: StreamMessage) => x.type === 'orders' && x.orders.some((o) => o.bet_id === betId);
    const order = (x: StreamMessage) =>
      (x as { orders: StreamOrder[] }).orders.find((o) => o.bet_id === betId)!;
    expect(order(await s.next(byBet))).toMatchObject({
      side: 'LAY',
      price: 2,
      size: 500,
      size_remaining: 500,
      status: 'EXECUTABLE',
      end_reason: null,
    });
    await w.bet(other.userId, m, 'BACK', 200, 20_000);
    expect(order(await s.next(byBet))).toMatchObject({
      size_matched: 200,
      size_remaining: 300,
      average_price_matched: 2,
    });
    const cancel = await u.call('cancelBet', { bet_id: betId }, { apiKey: k.credential, csrf: false });
    expect(cancel.body, cancel.body.message).toMatchObject({ status: true });
    expect(order(await s.next(byBet))).toMatchObject({
      size_matched: 200,
      size_remaining: 0,
      size_cancelled: 300,
      status: 'EXECUTION_COMPLETE',
      end_reason: 'CANCELLED',
    });
    const clk = s.ordersClock!;
    await s.close();

    // Away: another order rests, then the market is settled (the first order wins: runner 2 wins).
    const rest = await w.bet(u.userId, m, 'BACK', 300, 10_000, 1);
    const settled = await ctx.app.settlement.declareResult(null, m.marketId, {
      winners: [m.selectionIds[1]!],
    });
    expect(settled, JSON.stringify(settled)).toMatchObject({ ok: true });

    const back = await w.open(k.credential);
    back.send({ op: 'subscribe_orders', clk });
    const image = await back.next((x) => x.type === 'orders');
    expect(image).toMatchObject({ image: true });
    expect(order(image)).toMatchObject({ result: 'WON', profit_loss: 200 });
    const restNow = (image as { orders: StreamOrder[] }).orders.find((o) => o.bet_id === rest.bet_id);
    expect(restNow).toMatchObject({
      size_matched: 0,
      size_remaining: 0,
      status: 'EXECUTION_COMPLETE',
      result: 'VOID',
    });
    await back.close();
    await expectExchangeInvariants(ctx.app);
    await expectLedgerBalanced(ctx.app);
  }, 60_000);

  it('heartbeats every 2 s; a key that expires is refused at the next look, and its stream ends', async () => {
    const u = await w.bettor();
    const made = await u.call('createApiKey', {
      name: 'short',
      scopes: ['read'],
      expires_at: new Date(Date.now() + 2_500).toISOString(),
    });
    expect(made.body, made.body.message).toMatchObject({ status: true });
    const k = made.body.data as { key_id: string; secret: string; expires_at: string };
    const s = await w.open(`${k.key_id}:${k.secret}`);
    const first = await s.next((x) => x.type === 'heartbeat', 3_000);
    const second = await s.next((x) => x.type === 'heartbeat', 3_000);
    expect((second as { at: number }).at - (first as { at: number }).at).toBeGreaterThanOrEqual(1_500);
    await ctx.app.programStream.recheckAll();
    expect(s.messages.some((x) => x.type === 'error')).toBe(false);
    await settle(Math.max(0, Date.parse(k.expires_at) - Date.now() + 100));
    await ctx.app.programStream.recheckAll();
    expect(await s.next((x) => x.type === 'error')).toEqual({
      type: 'error',
      message: expect.stringMatching(/^This API key expired at /),
    });
    expect((await s.closed).code).toBe(1008);
  });

  it('a revoked key’s stream ends at once, in words', async () => {
    const u = await w.bettor();
    const k = await w.keyOf(u);
    const s = await w.open(k.credential);
    expect((await u.call('revokeApiKey', { key_id: k.key_id })).body).toMatchObject({ status: true });
    expect(await s.next((x) => x.type === 'error')).toEqual({
      type: 'error',
      message: 'This API key was revoked',
    });
    expect((await s.closed).code).toBe(1008);
    // The client sees the close before the server's side has finished it: wait for the count.
    await expect.poll(() => ctx.app.programStream.counts().connections, { timeout: 5_000 }).toBe(0);
  });
});

describeStores(
  'the stream’s resume on the store’s log (several nodes number alike)',
  (ctx) => {
    const w = world(ctx);
    beforeAll(() => ctx.app.listen({ port: 0, host: '127.0.0.1' }));
    it('a reconnect gets the missed states from price_images', async () => {
      const m = await createMarket(ctx.app);
      const a = await createBettor(ctx.app, 10_000_000);
      const k = await w.keyOf(await w.bettor());
      const s = await w.open(k.credential);
      s.send({ op: 'subscribe_markets', id: 1, filter: { market_ids: [m.marketId] } });
      expect(await s.next(isMarket(m.marketId))).toMatchObject({ clk: expect.stringMatching(/^s\.\d+$/) });
      await w.bet(a.userId, m, 'BACK', 190, 10_000);
      await w.agrees(s, m.marketId);
      const [clk, seq, book] = [s.clocks.get(m.marketId)!, s.seqs.get(m.marketId)!, s.books.get(m.marketId)!];
      await s.close();
      for (let i = 0; i < 4; i++) await w.bet(a.userId, m, 'LAY', 220 + 2 * i, 10_000);
      const back = await w.open(k.credential);
      back.seqs.set(m.marketId, seq);
      back.books.set(m.marketId, book);
      back.send({
        op: 'subscribe_markets',
        id: 1,
        filter: { market_ids: [m.marketId] },
        clk: { [m.marketId]: clk },
      });
      expect(await back.next(isMarket(m.marketId))).toMatchObject({ type: 'delta', seq: seq + 1 });
      await w.agrees(back, m.marketId);
      expect(back.holes).toBe(0);
      await back.close();
    }, 60_000);
  },
  { priceSequence: 'store' },
);

describe(`the stream when the bus lost messages [${ONE_STORE}]`, () => {
  const bus = flakyBus({ loses: true });
  const ctx = {} as StoreContext;
  let cleanup: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const opened = await openStore(ONE_STORE);
    cleanup = opened.cleanup;
    ctx.app = await buildApp({
      store: opened.options,
      seedDemo: true,
      rateLimits: TEST_RATE_LIMITS,
      secretHashCost: TEST_SECRET_HASH_COST,
      bus,
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    ctx.api = new Api(ctx.app);
  });
  afterAll(async () => {
    await ctx.app?.close();
    await cleanup();
  });

  it('the changes whose notices were lost arrive when the bus is back: the book as an image, the orders changed', async () => {
    const w = world(ctx);
    const m = await createMarket(ctx.app);
    const u = await w.bettor();
    const k = await w.keyOf(u);
    const other = await createBettor(ctx.app, 10_000_000);
    const s = await w.open(k.credential);
    s.send({ op: 'subscribe_markets', id: 1, filter: { market_ids: [m.marketId] } });
    s.send({ op: 'subscribe_orders' });
    await s.next(isMarket(m.marketId));
    await s.next((x) => x.type === 'orders');
    const mine = await w.bet(u.userId, m, 'LAY', 200, 30_000);
    await w.agrees(s, m.marketId);
    await expect.poll(() => s.orders.get(mine.bet_id)?.size_remaining).toBe(300);

    bus.drop();
    await w.bet(other.userId, m, 'BACK', 200, 10_000); // matches ₹100 of the lay: its notices are lost
    await w.bet(other.userId, m, 'BACK', 300, 10_000, 1);
    await settle(200);
    expect(s.orders.get(mine.bet_id)?.size_matched).toBe(0);
    bus.restore();
    await expect.poll(() => s.orders.get(mine.bet_id)?.size_matched, { timeout: 5_000 }).toBe(100);
    await w.agrees(s, m.marketId);
    expect(s.holes).toBe(0);
    await s.close();
  });
});

describe('the hub for a program: conflation and a forgotten log', () => {
  const image = (market_id: number, price: number): MarketImage => ({
    market_id,
    status: 'OPEN',
    in_play: false,
    version: 1,
    runners: [{ selection_id: 1, status: 'ACTIVE', back: [{ price, size: 10 }], lay: [], traded_volume: 0 }],
  });
  function fakeSocket() {
    const s = new EventEmitter() as EventEmitter & {
      readyState: number;
      OPEN: number;
      bufferedAmount: number;
      sent: WsServerMessage[];
      send(data: Buffer | string): void;
      terminate(): void;
      ping(): void;
    };
    Object.assign(s, { readyState: 1, OPEN: 1, bufferedAmount: 0, sent: [] });
    s.send = (data) => void s.sent.push(JSON.parse(data.toString()) as WsServerMessage);
    s.terminate = () => void s.emit('close');
    s.ping = () => {};
    return s;
  }
  const foreign: ForeignProtocol = { handle: async () => {}, gone: () => {} };

  it('a program whose buffer is full gets no deltas, then one image of the newest state; a site socket gets every delta', async () => {
    const images = new Map([[5, image(5, 2)]]);
    const bus = createInProcessBus();
    const hub = createLiveHub({
      bus,
      getImage: async (id) => structuredClone(images.get(id) ?? null),
      lookupToken: async () => 'ended' as const,
      log: { warn() {}, debug() {}, error() {} },
    });
    const program = fakeSocket();
    const site = fakeSocket();
    const p = hub.connect(program as never, '10.0.0.1', foreign)!;
    const c = hub.connect(site as never, '10.0.0.2')!;
    await hub.io.subscribe(p, [5]);
    await hub.io.subscribe(c, [5]);
    expect(program.sent.at(-1)).toMatchObject({ type: 'image', seq: 1 });
    program.bufferedAmount = CONFLATE_ABOVE_BYTES + 1;
    for (let i = 1; i <= 5; i++) {
      images.set(5, image(5, 2 + i / 100));
      bus.publish('market', { market_id: 5 });
      await settle(80); // past the coalescing window: each change its own delta
    }
    expect(site.sent.filter((m) => m.type === 'delta').map((m) => (m as { seq: number }).seq)).toEqual([
      2, 3, 4, 5, 6,
    ]);
    expect(program.sent.filter((m) => m.type === 'delta')).toEqual([]);
    program.bufferedAmount = 0;
    await settle(CONFLATE_CHECK_MS * 3);
    expect(program.sent.at(-1)).toMatchObject({
      type: 'image',
      seq: 6,
      conflated: true,
      market: image(5, 2.05),
    });
    expect(hub.stats.conflated).toBeGreaterThan(0);
    // Caught up: deltas again.
    images.set(5, image(5, 2.5));
    bus.publish('market', { market_id: 5 });
    await settle(80);
    expect(program.sent.at(-1)).toMatchObject({ type: 'delta', seq: 7 });
    hub.close();
  });

  it('a clock from a log the node forgot gets an image under the new epoch, never a delta', async () => {
    const images = new Map([
      [1, image(1, 2)],
      [2, image(2, 3)],
    ]);
    const getImage = async (id: number) => structuredClone(images.get(id) ?? null);
    const sequencer = createNodeSequencer(getImage, 1); // one market's log at a time
    const bus = createInProcessBus();
    const hub = createLiveHub({
      bus,
      getImage,
      sequencer,
      lookupToken: async () => 'ended' as const,
      log: { warn() {}, debug() {}, error() {} },
    });
    const first = fakeSocket();
    const p = hub.connect(first as never, '10.0.0.1', foreign)!;
    await hub.io.subscribe(p, [1]);
    const clk = (first.sent.at(-1) as { clk: string }).clk;
    first.emit('close');
    await sequencer.latest(2); // market 2's log pushes market 1's out
    images.set(1, image(1, 2.2));
    const again = fakeSocket();
    const q = hub.connect(again as never, '10.0.0.1', foreign)!;
    await hub.io.subscribe(q, [1], new Map([[1, clk]]));
    const got = again.sent.at(-1) as { type: string; clk: string; seq: number };
    expect(got.type).toBe('image');
    expect(got.clk.split('.')[0]).not.toBe(clk.split('.')[0]);
    hub.close();
  });
});

const onCluster =
  !!process.env.TEST_DATABASE_URL && clusterServices('the stream on two nodes (NATS, PostgreSQL)');

describe.skipIf(!onCluster)('the stream on two nodes joined by NATS on one PostgreSQL', () => {
  const nodes = nodesOnNats(2);
  const port = (app: FastifyInstance) => (app.server.address() as AddressInfo).port;

  it('bets on B reach a program on A; it resumes on B from A’s clocks; a key revoked on B ends its stream on A', async () => {
    const [a, b] = [nodes[0]!, nodes[1]!];
    const m = await createMarket(a);
    const other = await createBettor(a, 10_000_000);
    const u = await createBettor(a, 10_000_000, 'stream2n');
    const apiB = new Api(b);
    await apiB.login(u.userName, u.password);
    const made = await apiB.call('createApiKey', { name: 'two nodes', scopes: ['read', 'trade'] });
    const k = made.body.data as { key_id: string; secret: string };
    const credential = `${k.key_id}:${k.secret}`;
    const bet = (app: FastifyInstance, price: number) =>
      app.exchange.placeBet(
        other.userId,
        {
          market_id: m.marketId,
          selection_id: m.selectionIds[0]!,
          side: 'BACK',
          price,
          size_paise: 10_000,
          request_id: requestId(),
        },
        { staker: SYSTEM_STAKER },
      );
    const agrees = async (c: StreamClient) => {
      await expect
        .poll(
          async () =>
            JSON.stringify(c.books.get(m.marketId)) ===
            JSON.stringify(await a.exchange.getMarketImage(m.marketId)),
          {
            timeout: 15_000,
          },
        )
        .toBe(true);
    };

    const onA = await StreamClient.open(streamUrl(port(a)), credential);
    onA.send({ op: 'subscribe_markets', id: 1, filter: { match_ids: [m.matchId] } });
    await onA.next(isMarket(m.marketId));
    for (const price of [190, 192, 194]) await bet(b, price);
    await agrees(onA);
    const [clk, seq, book] = [
      onA.clocks.get(m.marketId)!,
      onA.seqs.get(m.marketId)!,
      onA.books.get(m.marketId)!,
    ];
    await onA.close();
    // Lower backs: each is a new best level, a visible change (the ladder shows three).
    for (const price of [186, 188]) await bet(a, price);

    const onB = await StreamClient.open(streamUrl(port(b)), credential);
    onB.seqs.set(m.marketId, seq);
    onB.books.set(m.marketId, book);
    onB.send({
      op: 'subscribe_markets',
      id: 1,
      filter: { match_ids: [m.matchId] },
      clk: { [m.marketId]: clk },
    });
    expect(await onB.next(isMarket(m.marketId))).toMatchObject({ type: 'delta', seq: seq + 1 });
    await agrees(onB);
    expect(onB.holes).toBe(0);
    await onB.close();

    const again = await StreamClient.open(streamUrl(port(a)), credential);
    expect((await apiB.call('revokeApiKey', { key_id: k.key_id })).body).toMatchObject({ status: true });
    expect(await again.next((x) => x.type === 'error')).toEqual({
      type: 'error',
      message: 'This API key was revoked',
    });
    expect((await again.closed).code).toBe(1008);
  }, 60_000);
});
