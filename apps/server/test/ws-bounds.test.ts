// The push server is bounded in bytes and work per client (issue 33, "The live push"), through
// real sockets on a listening app: a closed socket is inert, a client that never reads cannot make
// the server buffer more than the cap, messages are rate-limited per socket and per address,
// unknown markets and bad tokens are remembered (no store read per repeat), the per-address cap
// counts the hop the proxy adds, a dead session's socket is unbound, and the operator's market
// edits are pushed.
import type { WsServerMessage } from '@backlay/contract';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import {
  DEFAULT_LIVE_LIMITS,
  MAX_SOCKETS_PER_IP,
  SLOW_CLIENT_CHECK_INTERVAL_MS,
  type LiveLimits,
} from '../src/plugins/ws.ts';
import { createBettor, createMarket } from './helpers/exchange.ts';
import { describeStores, openStore, TEST_RATE_LIMITS, TEST_SECRET_HASH_COST } from './helpers/stores.ts';
import { isType, settle, WsClient } from './helpers/ws-client.ts';
import type { FastifyInstance } from 'fastify';

type Image = Extract<WsServerMessage, { type: 'image' }>;
type Delta = Extract<WsServerMessage, { type: 'delta' }>;

const urlOf = (app: FastifyInstance) => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
/** A token of the right shape that no session has. */
const randomToken = () => randomBytes(32).toString('base64url');
const closeCode = (ws: WebSocket) =>
  new Promise<number>((r) => (ws.readyState === WebSocket.CLOSED ? r(-1) : ws.once('close', (c) => r(c))));

/** Limits loose enough that only the test's own subject trips. */
const LOOSE: Partial<LiveLimits> = {
  socket_messages_per_s: 1e6,
  socket_messages_burst: 1e6,
  ip_messages_per_s: 1e6,
  ip_messages_burst: 1e6,
};

/**
 * A client that never reads: its socket is paused, so what the server sends piles up in the
 * kernel's buffers and then in the server's. Sends `{op:'image'}` as fast as the server takes
 * messages, in batches, for at most `ms` or until the server's side of it is no longer open,
 * while the largest server-side send buffer is sampled. Then it reads again, to learn the code.
 */
async function hostileImages(app: FastifyInstance, market_id: number, ms: number, stopAboveBytes: number) {
  const before = new Set(app.websocketServer.clients);
  const ws = new WebSocket(urlOf(app), { perMessageDeflate: false });
  await new Promise<void>((r) => ws.once('open', () => r()));
  await settle(20);
  const server = [...app.websocketServer.clients].find((s) => !before.has(s))!;
  const closed = closeCode(ws);
  ws.send(JSON.stringify({ op: 'subscribe', market_ids: [market_id] }));
  await settle(100);
  const socket = (ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
  socket.pause();
  let maxBuffered = 0;
  const sample = setInterval(() => {
    for (const s of app.websocketServer.clients) maxBuffered = Math.max(maxBuffered, s.bufferedAmount);
  }, 1);
  const msg = JSON.stringify({ op: 'image', market_id });
  const until = Date.now() + ms;
  let sent = 0;
  while (
    server.readyState === WebSocket.OPEN &&
    ws.readyState === WebSocket.OPEN &&
    Date.now() < until &&
    maxBuffered <= stopAboveBytes
  ) {
    // Fewer than the 100 queued messages a socket may have ahead of the server, then a breath.
    for (let i = 0; i < 40; i++) ws.send(msg);
    sent += 40;
    await new Promise((r) => setTimeout(r, 1));
  }
  clearInterval(sample);
  const open = server.readyState === WebSocket.OPEN;
  socket.resume();
  const code = open ? null : await Promise.race([closed, settle(5_000).then(() => 'timeout')]);
  ws.terminate();
  return { maxBuffered, open, sent, code };
}

describeStores(
  'live push bounds',
  (ctx) => {
    let url = '';
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      url = urlOf(ctx.app);
    });

    const quiet = async () => {
      for (let i = 0; i < 100 && ctx.app.liveHub.counts().sockets > 0; i++) await settle(20);
      await settle(100);
    };

    it('a socket closed while its messages wait is inert: no market or user keeps it (300 rounds)', async () => {
      const m = await createMarket(ctx.app);
      const u = await createBettor(ctx.app, 0);
      const token = await ctx.api.fork().login(u.userName, u.password);
      await quiet();
      for (let round = 0; round < 300; round++) {
        const c = await WsClient.open(url);
        // Auths first: each waits for a lookup, so the subscribe and the last auth are still
        // queued when the close is handled.
        for (let i = 0; i < 9; i++) c.send({ op: 'auth', token: randomToken() });
        c.send({ op: 'auth', token });
        c.send({ op: 'subscribe', market_ids: [m.marketId] });
        c.ws.close();
      }
      await quiet();
      // The address is forgotten once its rate has refilled: at the last close, or at the next
      // slow-client sweep (each second) when that close came within the refill. Polled, so that a
      // loaded machine is not a failure; a socket, market, user or address kept for good still is.
      const none = { sockets: 0, markets: 0, users: 0, addresses: 0 };
      const end = Date.now() + SLOW_CLIENT_CHECK_INTERVAL_MS + 4_000;
      while (Date.now() < end && !isDeepStrictEqual(ctx.app.liveHub.counts(), none)) await settle(20);
      expect(ctx.app.liveHub.counts()).toEqual(none);
    }, 120_000);

    it('a client that never reads and asks images as fast as it can is dropped at the byte cap', async () => {
      const m = await createMarket(ctx.app, { runners: 20 });
      const cap = ctx.app.liveHub.limits.send_buffer_max_bytes;
      const r = await hostileImages(ctx.app, m.marketId, 8_000, 8 * cap);
      expect(r.open, `still open after ${r.sent} image requests`).toBe(false);
      expect(r.maxBuffered).toBeLessThanOrEqual(cap);
      expect(ctx.app.liveHub.stats.dropped_slow).toBeGreaterThan(0);
      // The server stays up for everyone else.
      const c = await WsClient.open(url);
      c.send({ op: 'subscribe', market_ids: [m.marketId] });
      await c.next(isType('image', m.marketId));
      await c.close();
    });

    it('an unknown market and a bad token are read once, however often they are asked', async () => {
      const c = await WsClient.open(url);
      const lookups = reads.tokens;
      const images = reads.images;
      const bad = randomToken();
      for (let i = 0; i < 50; i++) {
        c.send({ op: 'subscribe', market_ids: [987_654] });
        expect(await c.next(isType('error'))).toEqual({ type: 'error', message: 'Unknown market 987654' });
        c.send({ op: 'auth', token: bad });
        expect(await c.next(isType('error'))).toEqual({
          type: 'error',
          message: 'Your session has ended; please log in again',
        });
      }
      expect(reads.images - images).toBeLessThanOrEqual(1);
      expect(reads.tokens - lookups).toBeLessThanOrEqual(1);
      await c.close();
    });

    it('store reads per socket are bounded: a socket that asks for more is closed (1008)', async () => {
      const c = await WsClient.open(url);
      const code = closeCode(c.ws);
      const lookups = reads.tokens;
      const images = reads.images;
      const { socket_reads_burst: burst, socket_reads_per_s: perS } = ctx.app.liveHub.limits;
      const started = Date.now();
      for (let i = 0; i < burst + 100; i++) {
        if (c.ws.readyState !== WebSocket.OPEN) break;
        c.send(i % 2 ? { op: 'auth', token: randomToken() } : { op: 'subscribe', market_ids: [500_000 + i] });
        if (i % 20 === 0) await settle(5);
      }
      expect(await code).toBe(1008);
      // The burst, and what refilled meanwhile.
      const refilled = Math.ceil(((Date.now() - started) / 1000) * perS);
      expect(reads.tokens - lookups + (reads.images - images)).toBeLessThanOrEqual(burst + refilled);
    });

    it('a logout, a password change or a lock unbinds the sockets of the ended sessions within seconds', async () => {
      const u = await createBettor(ctx.app, 0);
      const sessions = await Promise.all([1, 2, 3].map(() => ctx.api.fork().login(u.userName, u.password)));
      const [a, b, keep] = await Promise.all(sessions.map(() => WsClient.open(url)));
      const sockets = [a!, b!, keep!];
      sockets.forEach((c, i) => c.send({ op: 'auth', token: sessions[i] }));
      // Bound: a notice reaches each.
      await settle(100);
      ctx.app.bus.publish('user', { user_id: u.userId, market_id: 1 });
      for (const c of sockets) await c.next(isType('bets'));

      // Logout of session a: socket a is told and hears nothing more; b and keep still do.
      const apiA = ctx.api.fork();
      apiA.token = sessions[0]!;
      expect((await apiA.call('logout', { user_id: u.userId, token: sessions[0] })).body.status).toBe(true);
      expect(await a!.next(isType('error'), 2_000)).toEqual({
        type: 'error',
        message: 'Your session has ended; please log in again',
      });
      ctx.app.bus.publish('user', { user_id: u.userId, market_id: 2 });
      await b!.next(isType('bets', 2));
      await keep!.next(isType('bets', 2));
      await settle();
      expect(a!.rest().filter(isType('bets'))).toEqual([]);

      // A password change on `keep`'s session ends b's.
      const apiKeep = ctx.api.fork();
      apiKeep.token = sessions[2]!;
      const changed = await apiKeep.call('changePassword', {
        master_password: u.password,
        old_password: u.password,
        new_password: 'Fresh2026!x',
        confirm_password: 'Fresh2026!x',
      });
      expect(changed.body.status, changed.body.message).toBe(true);
      await b!.next(isType('error'), 2_000);
      ctx.app.bus.publish('user', { user_id: u.userId, market_id: 3 });
      await keep!.next(isType('bets', 3));
      await settle();
      expect(b!.rest().filter(isType('bets'))).toEqual([]);

      // The operator locks the user: the last socket is unbound too.
      const op = ctx.api.fork();
      await op.login('operator', 'operator123');
      expect((await op.call('adminUserLock', { user_id: u.userId, locked: true })).body.status).toBe(true);
      await keep!.next(isType('error'), 2_000);
      ctx.app.bus.publish('user', { user_id: u.userId, market_id: 4 });
      await settle();
      for (const c of sockets) expect(c.rest().filter(isType('bets'))).toEqual([]);
      expect(ctx.app.liveHub.counts().users).toBe(0);
      await Promise.all(sockets.map((c) => c.close()));
    });

    it("the operator's market edits reach subscribers: a rename as a delta, a new runner as an image", async () => {
      const m = await createMarket(ctx.app, { runners: 2, status: 'SUSPENDED' });
      const c = await WsClient.open(url);
      c.send({ op: 'subscribe', market_ids: [m.marketId] });
      const first = await c.next<Image>(isType('image', m.marketId));
      const op = ctx.api.fork();
      await op.login('operator', 'operator123');
      const renamed = await op.call('adminMarketUpdate', {
        market_id: m.marketId,
        runners: [{ selection_id: m.selectionIds[0], name: 'Renamed Runner' }],
      });
      expect(renamed.body.status, renamed.body.message).toBe(true);
      const d = await c.next<Delta>(isType('delta', m.marketId), 2_000);
      expect(d.seq).toBe(first.seq + 1);
      expect(d.market.version).toBeGreaterThan(first.market.version);

      const added = await op.call('adminMarketUpdate', { market_id: m.marketId, add_runners: ['Third One'] });
      expect(added.body.status, added.body.message).toBe(true);
      const img = await c.next<Image>(isType('image', m.marketId), 2_000);
      expect(img.seq).toBe(d.seq + 1);
      expect(img.market.runners).toHaveLength(3);
      await c.close();
    });
  },
  { liveLimits: LOOSE },
  (app) => {
    const getImage = app.exchange.getMarketImage.bind(app.exchange);
    app.exchange.getMarketImage = async (id: number) => {
      reads.images += 1;
      return getImage(id);
    };
    const lookup = app.auth.lookup.bind(app.auth);
    app.auth.lookup = async (token: string) => {
      reads.tokens += 1;
      // A store a little slower than in-process PGlite (as a pooled PostgreSQL is): the queued
      // messages of a socket are still waiting when its close is handled.
      await settle(2);
      return lookup(token);
    };
  },
);
const reads = { images: 0, tokens: 0 };

describeStores('live push rate limits (the defaults)', (ctx) => {
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('a socket sending faster than its rate is closed (1008) before it can fill its send buffer', async () => {
    const m = await createMarket(ctx.app, { runners: 20 });
    const r = await hostileImages(ctx.app, m.marketId, 5_000, 64 * 1024 * 1024);
    expect(r.open, `still open after ${r.sent} image requests`).toBe(false);
    expect(r.code).toBe(1008);
    expect(r.sent).toBeLessThan(DEFAULT_LIVE_LIMITS.socket_messages_burst + 200);
    expect(r.maxBuffered).toBeLessThanOrEqual(DEFAULT_LIVE_LIMITS.send_buffer_max_bytes);
  });

  it('sockets of one address share a rate: together they cannot send more than its burst', async () => {
    const url = urlOf(ctx.app);
    const per = DEFAULT_LIVE_LIMITS.socket_messages_burst - 5; // under each socket's own limit
    const n = Math.ceil(DEFAULT_LIVE_LIMITS.ip_messages_burst / per) + 2;
    const sockets = await Promise.all(Array.from({ length: n }, () => WsClient.open(url)));
    const codes = sockets.map((c) => closeCode(c.ws));
    for (const c of sockets) for (let i = 0; i < per; i++) c.send({ op: 'heartbeat' });
    await settle(500);
    const closed = sockets.filter((c) => c.ws.readyState !== WebSocket.OPEN);
    expect(closed.length).toBeGreaterThan(0);
    for (const [i, c] of sockets.entries())
      if (c.ws.readyState !== WebSocket.OPEN) expect(await codes[i]).toBe(1008);
    await Promise.all(sockets.map((c) => c.close()));
  });
});

describe('per-address socket cap behind a proxy (TRUST_PROXY=1)', () => {
  let app: FastifyInstance;
  let cleanup: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const store = await openStore('pglite');
    cleanup = store.cleanup;
    app = await buildApp({
      store: store.options,
      rateLimits: TEST_RATE_LIMITS,
      secretHashCost: TEST_SECRET_HASH_COST,
      trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy,
      liveLimits: LOOSE,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await cleanup();
  });

  it("counts the address the proxy added, not the client's own X-Forwarded-For", async () => {
    const sockets: WebSocket[] = [];
    const codes: Promise<number>[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_IP + 50; i++) {
      // What HAProxy forwards: whatever the client claimed, then the address it saw.
      const ws = new WebSocket(urlOf(app), {
        headers: { 'x-forwarded-for': `198.51.100.${i % 250}, 203.0.113.7` },
      });
      await new Promise<void>((r) => ws.once('open', () => r()));
      sockets.push(ws);
      codes.push(closeCode(ws));
    }
    await settle(300);
    const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    expect(open).toBe(MAX_SOCKETS_PER_IP);
    for (const s of sockets) s.terminate();
  });

  /** Opens MAX_SOCKETS_PER_IP + 50 sockets with the i-th X-Forwarded-For; answers how many stay open. */
  async function openWith(forwarded: (i: number) => string) {
    const sockets: WebSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_IP + 50; i++) {
      const ws = new WebSocket(urlOf(app), { headers: { 'x-forwarded-for': forwarded(i) } });
      await new Promise<void>((r) => ws.once('open', () => r()));
      sockets.push(ws);
    }
    await settle(300);
    const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    for (const s of sockets) s.terminate();
    await settle(200);
    return open;
  }

  it('one client address with its port written by the balancer (IPv4 and IPv6) is one address (issue 40)', async () => {
    // Some balancers write the client's address with its source port, new for every connection.
    expect(await openWith((i) => `198.51.100.${i % 250}, 203.0.113.8:${40_000 + i}`)).toBe(
      MAX_SOCKETS_PER_IP,
    );
    expect(await openWith((i) => `[2001:db8:7::${(i + 1).toString(16)}]:${40_000 + i}`)).toBe(
      MAX_SOCKETS_PER_IP,
    );
  });

  it('a forwarded entry that is no address is not a client: the peer is counted (issue 40)', async () => {
    expect(await openWith((i) => `client-${i}`)).toBe(MAX_SOCKETS_PER_IP);
  });
});
