// Three server processes (src/main.ts) on one fresh PostgreSQL database and one NATS, behind
// HAProxy, all started with FEED=demo (the lease picks one to run the feeds). Bettors place bets
// over HTTP through HAProxy (so on every node) on one market while WebSockets on every node follow
// it; a node that does not lead is killed with SIGKILL under that load, its sockets reconnect
// through HAProxy and resync; then the leader is killed and the feed must resume on the last node
// within 10 s. Afterwards: every acknowledged bet is stored once under its bet_id, none twice,
// every socket saw every state in order (one image per connection, then deltas seq + 1), the same
// seq meant the same state on every node, and the ledger check is clean.
//
// Needs haproxy (HAPROXY_PATH, default /usr/sbin/haproxy: Debian's package, which .ci/run
// installs), NATS (TEST_BUS_URL) and PostgreSQL (TEST_DATABASE_URL): outside CI a missing one
// gives one line and the test is skipped; in CI it fails.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { users } from '../src/modules/account/schema.ts';
import { bets } from '../src/modules/exchange/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import {
  apiCall,
  freePort,
  login as loginVia,
  nodeInfo,
  startHaproxy,
  startNode,
  waitHealthy,
  type ClusterNode as Node,
} from './helpers/cluster.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { LiveClient } from './helpers/live-client.ts';
import { clusterServices, TEST_BUS_URL } from './helpers/services.ts';
import { openStore, TEST_RATE_LIMITS, TEST_SECRET_HASH_COST } from './helpers/stores.ts';
import { settle } from './helpers/ws-client.ts';

const ready = clusterServices('multi-node test (3 nodes behind HAProxy)', { haproxy: true });
const NODES = 3;
const BETTORS = 6;
const SOCKETS = 9;
/** The issue's bound for the feed to resume on another node after its leader dies. */
const FEED_TAKEOVER_MS = 10_000;
const FEED_ACCOUNTS = ['mm_alpha', 'mm_beta', 'sim_bettor_1', 'sim_bettor_2', 'sim_bettor_3'];

describe.skipIf(!ready)('three nodes behind HAProxy', () => {
  const nodes: Node[] = [];
  let haproxy: ChildProcess | null = null;
  let cleanupStore = async () => {};
  let dir = '';
  let setupApp: FastifyInstance | null = null;

  afterAll(async () => {
    for (const n of nodes) if (!n.exited) n.child.kill('SIGKILL');
    haproxy?.kill('SIGKILL');
    await setupApp?.close();
    await cleanupStore();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('bettors on every node, a node and then the leader killed: nothing lost, nothing doubled, every delta in order, the feed moves on', async () => {
    const opened = await openStore('postgres');
    cleanupStore = opened.cleanup;
    const databaseUrl = (opened.options as { url: string }).url;
    dir = mkdtempSync(path.join(tmpdir(), 'backlay-multinode-'));
    const env = {
      DATABASE_URL: databaseUrl,
      BUS_URL: TEST_BUS_URL,
      BUS_PREFIX: `multinode_${randomBytes(4).toString('hex')}`,
      FEED: 'demo',
      SEED_DEMO: '1',
      // Two hops: the test's clients send an X-Forwarded-For of their own, standing for a front
      // proxy that gives each bettor its address; HAProxy appends its own hop after it.
      TRUST_PROXY: '2',
      LOG_LEVEL: 'warn',
      CRICKET_BALL_INTERVAL_MS: '2000',
    };

    // The first node migrates and seeds; the other two find it done.
    const ports = await Promise.all(Array.from({ length: NODES + 1 }, freePort));
    nodes.push(startNode('n1', ports[0]!, env));
    await waitHealthy(nodes[0]!);
    for (let i = 1; i < NODES; i++) nodes.push(startNode(`n${i + 1}`, ports[i]!, env));
    await Promise.all(nodes.map((n) => waitHealthy(n)));

    const proxy = await startHaproxy(dir, ports[NODES]!, nodes);
    haproxy = proxy.child;
    const lb = proxy.host;

    // Bettors and the market, made in the store directly (the accounts calls are not the subject).
    setupApp = await buildApp({
      store: opened.options,
      rateLimits: TEST_RATE_LIMITS,
      secretHashCost: TEST_SECRET_HASH_COST,
    });
    await setupApp.ready();
    // This process's app is not one of the nodes: it must not stand for the lease (its reservation
    // sweep registers for leadership), or it may take over from the killed leader instead of the
    // surviving node, and it runs no feed.
    await setupApp.leader.close();
    const market = await createMarket(setupApp, { runners: 2 });
    const bettorAccounts = await Promise.all(
      Array.from({ length: BETTORS }, () => createBettor(setupApp!, 1_000_000_000, 'mn')),
    );

    // One leader among the three.
    const leaders = async () => {
      const infos = await Promise.all(nodes.map((n) => (n.exited ? null : nodeInfo(n))));
      return nodes.filter((_, i) => infos[i]?.leader);
    };
    for (let i = 0; (await leaders()).length !== 1; i++) {
      if (i > 50) throw new Error('no single leader among the nodes');
      await settle(100);
    }

    const call = (ip: string, token: string | null, method: string, p: string, body?: unknown) =>
      apiCall(lb, ip, token, method, p, body);
    const login = (ip: string, user_name: string, password: string) => loginVia(lb, ip, user_name, password);

    // Sockets first, round robin over the three nodes (three each).
    const clients: LiveClient[] = [];
    for (let i = 0; i < SOCKETS; i++) {
      const c = new LiveClient(`ws://${lb}/ws`, market.marketId, `10.9.0.${i + 1}`);
      await c.open();
      clients.push(c);
    }

    const acked = new Map<string, number>(); // `${userId}/${request_id}` → bet_id
    const attempted = new Set<string>();
    let refused = 0;
    let retries = 0;
    let running = true;
    const bettor = async (i: number) => {
      const ip = `10.8.0.${i + 1}`;
      const acc = bettorAccounts[i]!;
      const token = await login(ip, acc.userName, acc.password);
      for (let k = 0; running; k++) {
        const request_id = `mn-${i}-${k}`;
        attempted.add(`${acc.userId}/${request_id}`);
        const body = {
          match_id: market.matchId,
          market_id: market.marketId,
          selection_id: market.selectionIds[k % 2]!,
          is_back: (i + k) % 2 === 0 ? '1' : '0',
          odds: [1.98, 2, 2.02][(i + k) % 3],
          stack: 100 + ((i * 7 + k) % 5) * 50,
          request_id,
        };
        for (let attempt = 0; ; attempt++) {
          let r: Awaited<ReturnType<typeof call>> | null = null;
          try {
            r = await call(ip, token, 'POST', 'bet/placeMarketBet', body);
          } catch {
            // the connection broke: the same request again
          }
          if (r?.code === 200 && r.json.status === true) {
            acked.set(`${acc.userId}/${request_id}`, (r.json.data as { bet_id: number }).bet_id);
            break;
          }
          if (r?.code === 200 && r.json.status === false) {
            refused += 1;
            break;
          }
          retries += 1;
          if (attempt > 50) throw new Error(`bet ${request_id}: no answer (${r?.code} ${r?.json.message})`);
          await settle(100);
        }
      }
    };

    // Load, then a node that does not lead is killed in the middle of it.
    const load = Promise.all(Array.from({ length: BETTORS }, (_, i) => bettor(i)));
    await settle(4_000);
    // The leader now. Under a loaded box a lease can lapse for a moment between renewals (a clean-
    // clone CI run found no node leading 4 s into the load): wait for one, bounded.
    let [leader] = await leaders();
    for (let i = 0; !leader && i < 100; i++) {
      await settle(100);
      [leader] = await leaders();
    }
    expect(leader, 'a node leads').toBeDefined();
    const victim = nodes.find((n) => n !== leader && !n.exited)!;
    const ackedBeforeKill = acked.size;
    victim.child.kill('SIGKILL');
    await settle(5_000);
    expect(acked.size, 'bets keep being acknowledged after the kill').toBeGreaterThan(ackedBeforeKill + 20);
    const closedByKill = clients.filter((c) => c.reconnects > 0).length;
    expect(closedByKill, 'the killed node had sockets').toBeGreaterThanOrEqual(1);

    // The leader dies too: the feed must go on from the last node within 10 s.
    const feedBets = async () => {
      const rows = (await setupApp!.db.execute(sql`
        select coalesce(max(b.bet_id), 0)::int as last from ${bets} b
          join ${users} u on u.user_id = b.user_id
         where u.user_name in (${sql.join(
           FEED_ACCOUNTS.map((a) => sql`${a}`),
           sql`, `,
         )})`)) as unknown as { rows: { last: number }[] };
      return rows.rows[0]!.last;
    };
    const lastFeedBet = await feedBets();
    expect(lastFeedBet, 'the feed traded under the first leader').toBeGreaterThan(0);
    const killedAt = Date.now();
    leader!.child.kill('SIGKILL');
    const survivor = nodes.find((n) => n !== leader && n !== victim)!;
    let tookOverMs = -1;
    let resumedMs = -1;
    // The killed node's shards of markets, taken by the last node (it then owns all 64).
    let shardsMs = -1;
    while (Date.now() - killedAt < FEED_TAKEOVER_MS + 5_000) {
      const info = await nodeInfo(survivor);
      if (tookOverMs < 0 && info?.leader) tookOverMs = Date.now() - killedAt;
      if (shardsMs < 0 && info?.market_shards === 64) shardsMs = Date.now() - killedAt;
      if (tookOverMs >= 0 && shardsMs >= 0 && (await feedBets()) > lastFeedBet) {
        resumedMs = Date.now() - killedAt;
        break;
      }
      await settle(100);
    }
    console.log(
      `multinode: leader taken over after ${tookOverMs} ms, market shards after ${shardsMs} ms, feed traded again after ${resumedMs} ms; ` +
        `${acked.size} bets acknowledged, ${refused} refused, ${retries} retries; ` +
        `${closedByKill} sockets moved off the first killed node`,
    );
    expect(tookOverMs, 'the survivor took the lease').toBeGreaterThanOrEqual(0);
    expect(shardsMs, 'the survivor took every shard of markets').toBeGreaterThanOrEqual(0);
    expect(resumedMs, 'the feed traded again').toBeGreaterThanOrEqual(0);
    expect(resumedMs).toBeLessThanOrEqual(FEED_TAKEOVER_MS);

    await settle(1_000);
    running = false;
    await load;

    // Every live socket reaches the state a newcomer gets, and agrees with it under that seq.
    const probe = new LiveClient(`ws://${lb}/ws`, market.marketId, '10.9.1.1');
    await probe.open();
    const target = probe.connections[0]![0]!;
    expect(target.type).toBe('image');
    const targetState = probe.states(probe.connections[0]!).get(target.seq)!;
    for (let i = 0; clients.some((c) => c.lastSeq() < target.seq); i++) {
      if (i > 100) throw new Error('sockets did not reach the current state');
      await settle(100);
    }
    const byConnection = clients.flatMap((c) => c.connections.map((conn) => ({ c, conn })));
    const stateAt = new Map<number, string>();
    for (const { c, conn } of byConnection) {
      // One image per connection (its subscription's), then every state as the next delta.
      expect(conn[0]?.type).toBe('image');
      expect(conn.filter((m) => m.type === 'image')).toHaveLength(1);
      for (let j = 1; j < conn.length; j++) expect(conn[j]!.seq).toBe(conn[j - 1]!.seq + 1);
      for (const [seq, state] of c.states(conn)) {
        const seen = stateAt.get(seq);
        if (seen === undefined) stateAt.set(seq, state);
        else expect(state, `the state of seq ${seq} on every node`).toBe(seen);
      }
    }
    expect(stateAt.get(target.seq)).toBe(targetState);
    // A moved socket's new image is never older than what it had before.
    for (const c of clients) {
      for (let j = 1; j < c.connections.length; j++) {
        const before = c.connections[j - 1]!.at(-1)?.seq ?? 0;
        expect(c.connections[j]![0]!.seq).toBeGreaterThanOrEqual(before);
      }
    }
    expect(clients.reduce((n, c) => n + c.gaps, 0)).toBe(0);

    // The ledger check over HTTP, on the last node, while its feed runs.
    const opToken = await login('10.7.0.1', 'operator', 'operator123');
    const check = await call('10.7.0.1', opToken, 'GET', 'admin/ledger/check');
    expect(check.json.data).toMatchObject({ ok: true, problems: [] });

    for (const c of [...clients, probe]) c.close();
    survivor.child.kill('SIGTERM');
    for (let i = 0; !survivor.exited && i < 100; i++) await settle(100);

    // Nothing acknowledged lost, nothing applied twice.
    const ours = await setupApp.db
      .select({ betId: bets.betId, userId: bets.userId, requestId: bets.requestId })
      .from(bets)
      .where(
        inArray(
          bets.userId,
          bettorAccounts.map((b) => b.userId),
        ),
      );
    const stored = new Map<string, number[]>();
    for (const b of ours) {
      const key = `${b.userId}/${b.requestId}`;
      stored.set(key, [...(stored.get(key) ?? []), b.betId]);
    }
    for (const [key, betId] of acked) expect(stored.get(key), `acknowledged bet ${key}`).toEqual([betId]);
    for (const key of stored.keys()) expect(attempted.has(key), `a bet nobody placed: ${key}`).toBe(true);
    expect(ours.length).toBeGreaterThanOrEqual(acked.size);
    expect(ours.length).toBeLessThanOrEqual(attempted.size);
    expect(await checkLedger(setupApp)).toMatchObject({ ok: true, problems: [] });
    // A node killed between reserving a bet and its market's batch leaves that reservation until
    // the leader's sweep releases it (after RESERVATION_TIMEOUT_MS); only the killed nodes may
    // leave any, and the sweep then clears them.
    const killed = new Set([victim.name, leader!.name]);
    for (const r of await setupApp.wallet.reservations.all(setupApp.db))
      expect(killed.has(r.nodeId), `reservation ${r.reservationId} of node ${r.nodeId}`).toBe(true);
    await setupApp.wallet.sweepReservations({ olderThanMs: 0 });
    expect(await checkLedger(setupApp)).toMatchObject({ ok: true, problems: [] });
    await expectExchangeInvariants(setupApp);
  }, 150_000);
});
