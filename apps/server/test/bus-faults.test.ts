// The bus between nodes under the faults a real network makes (docs/reliability.md, "The bus"):
// NATS cut or gone silent between one node and the server, then healed; bad messages on the bus.
// One node reaches NATS through the fault proxy (test/helpers/fault-proxy.ts), the other
// directly. What must hold: a change made on either side during the outage (a price, a balance,
// an ended session) reaches the other node's sockets and caches within 5 s of the heal; a bad
// message is counted and dropped and never deafens a node; `close()` during an outage is prompt.
// Needs NATS (TEST_BUS_URL) and, for the two-node part, PostgreSQL (TEST_DATABASE_URL).
import type { WsServerMessage } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { connect as natsConnect } from '@nats-io/transport-node';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createNatsBus, type Bus } from '../src/plugins/bus.ts';
import { Api } from './helpers/api.ts';
import { createBettor, createMarket } from './helpers/exchange.ts';
import { startFaultProxy, type FaultProxy } from './helpers/fault-proxy.ts';
import { clusterServices, reachable, TEST_BUS_URL } from './helpers/services.ts';
import { openStore, TEST_RATE_LIMITS, TEST_SECRET_HASH_COST } from './helpers/stores.ts';
import { isType, settle, WsClient } from './helpers/ws-client.ts';

const ready = clusterServices('bus fault tests (NATS, PostgreSQL)');
const prefix = () => `test_${randomBytes(5).toString('hex')}`;
const natsTarget = () => {
  const u = new URL(TEST_BUS_URL.split(',')[0]!);
  return { host: u.hostname, port: Number(u.port || 4222) };
};
const waitFor = async (what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 5_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await settle(20);
  }
  return timeoutMs - (end - Date.now());
};
/** Resolves to 'timeout' when `p` has not settled within `ms`. */
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))]);

describe.skipIf(!ready)('the NATS bus under faults', () => {
  const buses: Bus[] = [];
  const proxies: FaultProxy[] = [];
  afterAll(async () => {
    for (const p of proxies) p.heal();
    await Promise.all(buses.map((b) => within(b.close(), 3_000)));
    await Promise.all(proxies.map((p) => p.close()));
  });
  const proxied = async (p: string, extra: { pingIntervalMs?: number } = {}) => {
    const proxy = await startFaultProxy(natsTarget());
    proxies.push(proxy);
    const bus = await createNatsBus({
      url: proxy.url(TEST_BUS_URL),
      prefix: p,
      reconnectTimeWaitMs: 100,
      ...extra,
    });
    buses.push(bus);
    return { proxy, bus };
  };
  const direct = async (p: string) => {
    const bus = await createNatsBus({ url: TEST_BUS_URL, prefix: p });
    buses.push(bus);
    return bus;
  };

  it('bad messages (JSON null, a channel named "error", garbage) are counted and dropped; the node keeps hearing', async () => {
    const p = prefix();
    const a = await direct(p);
    const b = await direct(p);
    const got: number[] = [];
    a.subscribe('market', (m) => got.push(m.market_id));
    const raw = await natsConnect({ servers: TEST_BUS_URL.split(',') });
    try {
      const bad = [
        'null',
        '{"c":"error","m":{"market_id":1},"t":0}',
        '\u00ff\u00fe garbage',
        '{"c":"market","m":null,"t":0}',
        '[]',
        '"market"',
        '{"c":"__proto__","m":{},"t":0}',
        '{"c":"market","m":{"market_id":1},"t":0,"n":"x","s":-5}',
      ];
      for (const body of bad) raw.publish(`${p}.market`, new TextEncoder().encode(body));
      raw.publish(`${p}.error`, new TextEncoder().encode('{"c":"error","m":{},"t":0}'));
      await raw.flush();
    } finally {
      await raw.close();
    }
    // The good message right after: heard at once, not after the client gives up on a stale connection.
    b.publish('market', { market_id: 42 });
    await waitFor('the good message after the bad ones', () => got.includes(42), 1_000);
    expect(got).toEqual([42]);
    expect(a.stats.bad_messages).toBeGreaterThanOrEqual(8);
    expect(a.stats.connected).toBe(true);
  });

  it('close() during an outage returns promptly, whether the server went silent or was cut', async () => {
    for (const fault of ['silent', 'cut'] as const) {
      const { proxy, bus } = await proxied(prefix());
      bus.publish('market', { market_id: 1 });
      proxy[fault]();
      bus.publish('market', { market_id: 2 });
      await settle(200);
      const t0 = Date.now();
      expect(await within(bus.close(), 5_000), fault).not.toBe('timeout');
      expect(Date.now() - t0, fault).toBeLessThan(2_000);
    }
  });

  for (const fault of ['cut', 'silent'] as const) {
    it(`a node whose messages were lost (${fault}) makes every other node resync after the heal`, async () => {
      const p = prefix();
      const { proxy, bus: a } = await proxied(p, { pingIntervalMs: 300 });
      const b = await direct(p);
      let aResyncs = 0;
      let bResyncs = 0;
      a.onResync(() => (aResyncs += 1));
      b.onResync(() => (bResyncs += 1));
      const onB: number[] = [];
      b.subscribe('market', (m) => onB.push(m.market_id));
      a.publish('market', { market_id: 1 });
      await waitFor('the first message', () => onB.includes(1));

      proxy[fault]();
      a.publish('market', { market_id: 2 }); // lost: whatever a's client does with it
      await waitFor('a to notice its bus is down', () => !a.stats.connected, 5_000);
      a.publish('market', { market_id: 3 });
      await settle(300);
      proxy.heal();
      const t0 = Date.now();
      await waitFor('b to resync', () => bResyncs >= 1, 5_000);
      const converged_ms = Date.now() - t0;
      await waitFor('a to resync', () => aResyncs >= 1, 5_000);
      expect(b.stats.gaps).toBeGreaterThanOrEqual(1);
      // Later messages flow as before.
      a.publish('market', { market_id: 4 });
      await waitFor('a message after the heal', () => onB.includes(4));
      console.log(`bus ${fault}: other node resynced ${converged_ms} ms after the heal`);
    });
  }

  it('a node that publishes nothing after the heal is still found out by its beacon', async () => {
    const p = prefix();
    const { proxy, bus: a } = await proxied(p);
    const b = await direct(p);
    let bResyncs = 0;
    b.onResync(() => (bResyncs += 1));
    a.publish('market', { market_id: 1 });
    await settle(300);
    proxy.cut();
    await waitFor('a to notice', () => !a.stats.connected);
    a.publish('balance' as 'market', { market_id: 9 }); // lost while down
    proxy.heal();
    await waitFor('b to resync from the beacon alone', () => bResyncs >= 1, 5_000);
  });
});

/** A free TCP port on loopback (for a NATS server of the test's own). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const NATS_SERVER = process.env.NATS_SERVER_PATH || '/usr/sbin/nats-server';

describe.skipIf(!existsSync(NATS_SERVER))('a bus that asks for credentials', () => {
  let server: ChildProcess | null = null;
  let url = '';
  beforeAll(async () => {
    const port = await freePort();
    server = spawn(
      NATS_SERVER,
      ['-a', '127.0.0.1', '-p', String(port), '--user', 'backlay', '--pass', 'bus-secret'],
      {
        stdio: 'ignore',
      },
    );
    url = `nats://127.0.0.1:${port}`;
    await waitFor('the NATS server with credentials', () => reachable('127.0.0.1', port, 200), 10_000);
  });
  afterAll(() => {
    server?.kill();
  });

  it('connects with BUS_USER/BUS_PASSWORD and refuses to start without them', async () => {
    const p = prefix();
    const a = await createNatsBus({ url, prefix: p, user: 'backlay', password: 'bus-secret' });
    const b = await createNatsBus({ url, prefix: p, user: 'backlay', password: 'bus-secret' });
    const got: number[] = [];
    b.subscribe('market', (m) => got.push(m.market_id));
    // b's subscription reaches the server on its own connection, maybe after a's first publish:
    // publish again until b hears it (what is tested is that it passes, not the first one's timing).
    await waitFor('the message between two authenticated nodes', () => {
      if (!got.includes(5)) a.publish('market', { market_id: 5 });
      return got.includes(5);
    });
    await a.close();
    await b.close();
    await expect(createNatsBus({ url, prefix: p })).rejects.toThrow(/cannot connect.*[Aa]uthorization/);
    await expect(createNatsBus({ url, prefix: p, user: 'backlay', password: 'wrong' })).rejects.toThrow(
      /cannot connect/,
    );
  });
});

declare module '../src/plugins/bus.ts' {
  interface BusChannels {
    balance: { user_id: number };
  }
}

type Balance = { total_balance: number; liability: number };
const METRICS_TOKEN = 'bus-faults-metrics-token-0123456789';
/** A counter of the node's /metrics scrape (0 when absent). */
async function counter(app: FastifyInstance, name: string): Promise<number> {
  const r = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = r.body.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

describe.skipIf(!ready || !process.env.TEST_DATABASE_URL)('two nodes, one of them cut off from NATS', () => {
  const apps: FastifyInstance[] = [];
  let cleanup = async () => {};
  let proxy: FaultProxy;
  const wsUrl = (app: FastifyInstance) => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;

  beforeAll(async () => {
    const opened = await openStore('postgres');
    cleanup = opened.cleanup;
    proxy = await startFaultProxy(natsTarget());
    const p = prefix();
    // Node a reaches NATS through the proxy; node b directly. A short ping so that a silent
    // server is noticed within a test's patience (production: docs/reliability.md).
    for (const url of [proxy.url(TEST_BUS_URL), TEST_BUS_URL]) {
      const app = await buildApp({
        store: opened.options,
        seedDemo: apps.length === 0,
        rateLimits: TEST_RATE_LIMITS,
        secretHashCost: TEST_SECRET_HASH_COST,
        bus: { url, prefix: p, reconnectTimeWaitMs: 200, pingIntervalMs: 500 },
        metrics: { token: METRICS_TOKEN },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
  });
  afterAll(async () => {
    proxy?.heal();
    for (const app of apps) await within(app.close(), 5_000);
    await proxy?.close();
    await cleanup();
  });

  const loggedIn = async (
    app: FastifyInstance,
    u: { userName: string; password: string; userId: number },
  ) => {
    const api = new Api(app);
    await api.login(u.userName, u.password);
    return Object.assign(api, { userId: u.userId });
  };
  const balanceOf = async (api: Api) => (await api.call('getUserBalance')).body.data as Balance;
  const truth = async (app: FastifyInstance, userId: number): Promise<Balance> => ({
    total_balance: (await app.wallet.balancePaise(userId)) / 100,
    liability: (await app.wallet.liabilityPaise(userId)) / 100,
  });

  it('during the outage, the other node stops answering from memory within seconds (a node it no longer hears may be changing things)', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const u = await createBettor(a, 1_000_000);
    const leaving = await createBettor(a, 0);
    const uOnB = await loggedIn(b, u);
    const leavingOnA = await loggedIn(a, leaving);
    const leavingOnB = new Api(b);
    leavingOnB.token = leavingOnA.token;
    const op = await loggedIn(a, { userName: 'operator', password: 'operator123', userId: 0 });
    expect(await balanceOf(uOnB)).toEqual({ total_balance: 10_000, liability: 0 });
    expect((await leavingOnB.call('getUserBalance')).statusCode).toBe(200);
    expect(b.balances.cache.get(u.userId)).toBeDefined();

    proxy.cut();
    const t0 = Date.now();
    const deposited = await op.call('adminWalletDeposit', {
      user_id: u.userId,
      amount: 55,
      request_id: `bus-fault-${randomBytes(3).toString('hex')}`,
    });
    expect(deposited.body.status, deposited.body.message).toBe(true);
    expect(
      (await leavingOnA.call('logout', { user_id: leaving.userId, token: leavingOnA.token })).body.status,
    ).toBe(true);
    // Node b never hears of either, but within a few seconds of node a falling quiet it reads the
    // store rather than its memory.
    await waitFor(
      'node b to refuse the ended session while node a is cut off',
      async () => (await leavingOnB.call('getUserBalance')).statusCode === 401,
      6_000,
    );
    expect(await balanceOf(uOnB)).toEqual({ total_balance: 10_055, liability: 0 });
    const quiet_ms = Date.now() - t0;
    expect(b.bus.stats.in_sync).toBe(false);
    expect(b.bus.stats.connected).toBe(true); // its own connection is fine
    console.log(`bus cut: the other node stopped trusting its memory ${quiet_ms} ms into the outage`);
    proxy.heal();
    await waitFor('both nodes in sync again', () => a.bus.stats.in_sync && b.bus.stats.in_sync, 5_000);
  });

  // 'silent, then cut': the server stops answering, then the connection is reset (a partition
  // that ends in a reset): what node a wrote before it noticed is lost with the connection.
  const cases = [
    ['cut', 'a'],
    ['cut', 'b'],
    ['silent', 'a'],
    ['silent', 'b'],
    ['silent, then cut', 'a'],
  ] as const;
  for (const [fault, made] of cases) {
    {
      it(`${fault}: a price, a balance and a logout made on node ${made} during the outage reach the other node within 5 s of the heal`, async () => {
        const [a, b] = apps as [FastifyInstance, FastifyInstance];
        const [maker, other] = made === 'a' ? [a, b] : [b, a];
        const m = await createMarket(a);
        const u = await createBettor(a, 1_000_000);
        const leaving = await createBettor(a, 0);
        const uOnMaker = await loggedIn(maker, u);
        const uOnOther = new Api(other);
        uOnOther.token = uOnMaker.token;
        const leavingOnMaker = await loggedIn(maker, leaving);
        const leavingOnOther = new Api(other);
        leavingOnOther.token = leavingOnMaker.token;
        // The other node remembers u's balance and both sessions; its socket follows the market as u.
        expect(await balanceOf(uOnOther)).toEqual({ total_balance: 10_000, liability: 0 });
        expect((await leavingOnOther.call('getUserBalance')).statusCode).toBe(200);
        const ws = await WsClient.open(wsUrl(other));
        ws.send({ op: 'auth', token: uOnMaker.token });
        ws.send({ op: 'subscribe', market_ids: [m.marketId] });
        await ws.next(isType('image', m.marketId));

        const from = ws.messages.length;
        // The changes are made at once, before node a notices anything: what it publishes then
        // goes into a connection that is dead (cut) or will be given up (silent).
        if (fault === 'cut') proxy.cut();
        else proxy.silent();
        const placed = await uOnMaker.call('placeMarketBet', {
          match_id: m.matchId,
          market_id: m.marketId,
          selection_id: m.selectionIds[0]!,
          is_back: '1',
          odds: 3.5,
          stack: 400,
          request_id: `bus-fault-${fault}-${made}-${randomBytes(3).toString('hex')}`,
        });
        expect(placed.body.status, placed.body.message).toBe(true);
        expect(
          (await leavingOnMaker.call('logout', { user_id: leaving.userId, token: leavingOnMaker.token })).body
            .status,
        ).toBe(true);
        await waitFor('node a to notice its bus is down', () => !a.bus.stats.connected, 5_000);
        if (fault === 'silent, then cut') proxy.cut();
        await settle(500);
        proxy.heal();
        const t0 = Date.now();

        const want = await a.exchange.getMarketImage(m.marketId);
        expect(want!.runners[0]!.lay[0]).toEqual({ price: 3.5, size: 400 });
        const shows = (msg: WsServerMessage) =>
          (msg.type === 'image' &&
            msg.market_id === m.marketId &&
            msg.market.runners[0]!.lay[0]?.price === 3.5) ||
          (msg.type === 'delta' &&
            msg.market_id === m.marketId &&
            !!msg.market.runners?.some((r) => r.lay[0]?.price === 3.5));
        // In whatever order they come: the new price, and a `bets` notice (refetch bets and balance).
        const left = () => Math.max(1, 5_000 - (Date.now() - t0));
        await waitFor(
          'the new price on the other node’s socket',
          () => ws.messages.slice(from).some(shows),
          left(),
        );
        const price_ms = Date.now() - t0;
        await waitFor(
          'a bets notice on the other node’s socket',
          () => ws.messages.slice(from).some(isType('bets', m.marketId)),
          left(),
        );
        const wantBalance = await truth(a, u.userId);
        expect(wantBalance.liability).toBe(400);
        await waitFor(
          'the other node to answer the new balance',
          async () => JSON.stringify(await balanceOf(uOnOther)) === JSON.stringify(wantBalance),
          left(),
        );
        await waitFor(
          'the other node to refuse the ended session',
          async () => (await leavingOnOther.call('getUserBalance')).statusCode === 401,
          left(),
        );
        const all_ms = Date.now() - t0;
        console.log(
          `bus ${fault}, change on node ${made}: price on the other node's socket ${price_ms} ms, everything ${all_ms} ms after the heal`,
        );
        // The other node says in its figures that it repaired a loss (after a gap or its own reconnect).
        expect(await counter(other, 'backlay_bus_resyncs_total')).toBeGreaterThanOrEqual(1);
        if (made === 'a') expect(await counter(other, 'backlay_bus_gaps_total')).toBeGreaterThanOrEqual(1);
        await ws.close();
        await waitFor('node a connected again', () => a.bus.stats.connected, 5_000);
      });
    }
  }
});
