// The faults real networks make, between two nodes and the services they share (docs/reliability.md,
// "Faults"): Redis (the shared limits) silent without closing its connections, or cut; PostgreSQL
// silent, or slow. A fault proxy (helpers/fault-proxy.ts) sits between both nodes and the service,
// so the fault hits every node at once. Bettors bet and ask for withdrawals on both nodes while it
// lasts; then it heals. Each test asserts:
// - every call answers within 2 s (a bet, a withdrawal or an answer of 503 with words, never a
//   500 and never a hang);
// - nothing acknowledged is lost: each bet or withdrawal answered status:true is stored, once;
// - no money moves twice: every call not answered (503, or no answer in time) is asked again
//   with its request_id after the heal, and each request_id is stored at most once;
// - the ledger check is clean after the recovery, and the node says what was degraded
//   (/healthz) and counts it (/metrics), then converges back (Redis: the limits are shared again).
// Two in-process nodes share PostgreSQL, NATS and Redis. Every test runs twice: called in process
// (app.inject, each call on the node chosen), then with both nodes listening on real sockets
// behind a spawned HAProxy (helpers/cluster.ts), as bettors reach them — where a store fault also
// fails the nodes' health checks, HAProxy takes them out and answers itself, in words
// (deploy/haproxy/errors/).
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { storeFailureOf } from '../src/db/store.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { Api, type Answer } from './helpers/api.ts';
import { users } from '../src/modules/account/schema.ts';
import { freePort, startHaproxy } from './helpers/cluster.ts';
import { createMarket } from './helpers/exchange.ts';
import { startFaultProxy, type FaultProxy } from './helpers/fault-proxy.ts';
import { redisAvailable, TEST_REDIS_URL } from './helpers/redis.ts';
import { clusterServices, TEST_BUS_URL } from './helpers/services.ts';
import { openStore, TEST_RATE_LIMITS, TEST_SECRET_HASH_COST } from './helpers/stores.ts';

const ready =
  clusterServices('fault tests (Redis, PostgreSQL)', { haproxy: true }) &&
  (await redisAvailable('fault tests (Redis, PostgreSQL)'));
/** How the bettors reach the two nodes: each call on its node, or through the balancer. */
const WAYS = ['in process', 'through HAProxy'] as const;

/** The issue's bound: every call answers within this, whatever one service does. */
const ANSWER_MS = 2_000;
const METRICS_TOKEN = 'fault-tests-metrics-token';
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const hostPort = (url: string, port: number) => {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || port) };
};

type Call = {
  /** public: a call without a session (its limit is asked of Redis each time, not leased). */
  kind: 'bet' | 'withdraw' | 'public';
  bettor: number;
  node: number;
  request_id: string;
  body: unknown;
  /** null: no answer within ANSWER_MS. */
  answer: Answer | null;
  ms: number;
};

type Bettor = { userId: number; apis: [Api, Api]; bankId: number };

describe.skipIf(!ready).each(WAYS)(
  'faults of the services both nodes share, %s',
  { timeout: 20_000 },
  (way) => {
    const balanced = way === 'through HAProxy';
    let haproxy: ChildProcess | null = null;
    let dir = '';
    let via: string | undefined;
    let redisProxy: FaultProxy;
    let pgProxy: FaultProxy;
    let cleanup = async () => {};
    const nodes: FastifyInstance[] = [];
    let bettors: Bettor[] = [];
    let market: Awaited<ReturnType<typeof createMarket>>;
    let made = 0;

    beforeAll(async () => {
      const opened = await openStore('postgres');
      cleanup = opened.cleanup;
      const pgUrl = (opened.options as { url: string }).url;
      redisProxy = await startFaultProxy(hostPort(TEST_REDIS_URL, 6379));
      pgProxy = await startFaultProxy(hostPort(pgUrl, 5432));
      const busPrefix = `test_${randomBytes(5).toString('hex')}`;
      const rlPrefix = `test:faults:${randomBytes(5).toString('hex')}`;
      for (let i = 0; i < 2; i++) {
        const app = await buildApp({
          store: { kind: 'postgres', url: pgProxy.url(pgUrl), poolMax: 4 },
          seedDemo: true,
          rateLimits: TEST_RATE_LIMITS,
          secretHashCost: TEST_SECRET_HASH_COST,
          rateLimitStore: { redisUrl: redisProxy.url(TEST_REDIS_URL), prefix: rlPrefix },
          bus: { url: TEST_BUS_URL, prefix: busPrefix, reconnectTimeWaitMs: 100 },
          metrics: { token: METRICS_TOKEN },
          // Behind HAProxy the client's address is the X-Forwarded-For hop before the balancer's.
          ...(balanced ? { trustProxy: 2 } : {}),
        });
        await app.ready();
        nodes.push(app);
      }
      if (balanced) {
        const listening = [];
        for (const [i, app] of nodes.entries()) {
          await app.listen({ port: 0, host: '127.0.0.1' });
          listening.push({ name: `n${i + 1}`, port: (app.server.address() as AddressInfo).port });
        }
        dir = mkdtempSync(path.join(tmpdir(), 'backlay-faults-'));
        const lb = await startHaproxy(dir, await freePort(), listening);
        haproxy = lb.child;
        via = `http://${lb.host}`;
      }
      const [a, b] = nodes as [FastifyInstance, FastifyInstance];
      market = await createMarket(a);
      bettors = await Promise.all(
        Array.from({ length: 4 }, async (_, i) => {
          // A sign-up bettor under the operator: one who may withdraw (spec §6).
          const [op] = await a.db.select().from(users).where(eq(users.userName, 'operator'));
          const userName = `fault${i}${randomBytes(3).toString('hex')}`;
          const userId = await a.account.createUser({
            userName,
            password: 'secret1234',
            parentId: op!.userId,
            isSignupUser: true,
          });
          await a.wallet.deposit(userId, 10_000_000, `test:${userName}`);
          const u = { userId };
          // Through HAProxy both go by the balancer, which picks the node.
          const onA = new Api(a, via);
          await onA.login(userName, 'secret1234');
          const onB = new Api(b, via);
          onB.token = onA.token;
          const acct = await onA.call('addBankAccount', {
            account_name: 'A Bettor',
            account_number: `12345678${String(1000 + i)}`,
            confirm_account_number: `12345678${String(1000 + i)}`,
            ifsc: 'HDFC0001234',
            bank_name: 'HDFC Bank',
          });
          expect(acct.body.status, acct.body.message).toBe(true);
          return {
            userId: u.userId,
            apis: [onA, onB] as [Api, Api],
            bankId: (acct.body.data as { bank_account_id: number }).bank_account_id,
          };
        }),
      );
    });
    afterAll(async () => {
      redisProxy?.heal();
      pgProxy?.heal();
      haproxy?.kill('SIGKILL');
      if (dir) rmSync(dir, { recursive: true, force: true });
      for (const app of nodes) await app.close();
      await redisProxy?.close();
      await pgProxy?.close();
      await cleanup();
    });

    /** One call, timed; no answer within ANSWER_MS counts as none (the call goes on regardless). */
    async function timed(api: Api, c: Omit<Call, 'answer' | 'ms'>): Promise<Call> {
      const t0 = performance.now();
      const answer = await Promise.race([
        c.kind === 'public'
          ? api.call('getGlobalSetting', undefined, { token: null })
          : api.call(c.kind === 'bet' ? 'placeMarketBet' : 'requestWithdraw', c.body),
        sleep(ANSWER_MS + 100).then(() => null),
      ]);
      return { ...c, answer, ms: performance.now() - t0 };
    }

    /** Every bettor calls in turn on node a and b, bets (back and lay, so they match) and withdrawals. */
    async function load(duration_ms: number): Promise<Call[]> {
      const calls: Call[] = [];
      const end = Date.now() + duration_ms;
      await Promise.all(
        bettors.map(async (bettor, b) => {
          for (let i = 0; Date.now() < end; i++) {
            made += 1;
            const node = (b + i) % 2;
            const request_id = `fault-${made}-${randomBytes(3).toString('hex')}`;
            const body =
              i % 3 === 2
                ? { amount: 100, bank_account_id: bettor.bankId, request_id }
                : {
                    match_id: market.matchId,
                    market_id: market.marketId,
                    selection_id: market.selectionIds[0],
                    is_back: b % 2 === 0 ? '1' : '0',
                    odds: 2,
                    stack: 10,
                    request_id,
                  };
            calls.push(
              await timed(bettor.apis[node]!, {
                kind: i % 3 === 2 ? 'withdraw' : 'bet',
                bettor: b,
                node,
                request_id,
                body,
              }),
              await timed(bettor.apis[1 - node]!, {
                kind: 'public',
                bettor: b,
                node: 1 - node,
                request_id,
                body: null,
              }),
            );
          }
        }),
      );
      return calls;
    }

    const summary = (c: Call) =>
      `${c.kind} on node ${c.node}: ${c.answer ? `${c.answer.statusCode} ${c.answer.body.message}` : 'no answer'}`;
    const acknowledged = (c: Call) => c.answer?.statusCode === 200 && c.answer.body.status === true;

    /** Every call answered in time, in words: acknowledged, refused with a message, or a 503. */
    function expectAnswered(calls: Call[]) {
      expect(calls.length).toBeGreaterThan(0);
      const late = calls.filter((c) => c.answer === null || c.ms >= ANSWER_MS);
      expect(
        late.map((c) => `${c.kind} on node ${c.node}: ${Math.round(c.ms)} ms`),
        'calls answered later than 2 s',
      ).toEqual([]);
      for (const c of calls) {
        expect([200, 503], `${c.kind}: ${c.answer!.statusCode} ${c.answer!.body.message}`).toContain(
          c.answer!.statusCode,
        );
        if (!acknowledged(c)) expect(c.answer!.body.message).toMatch(/^[A-Z].{10,}/);
      }
    }

    /**
     * After the heal: every call not acknowledged is asked again with its request_id (a client's
     * retry); then each acknowledged one is stored with the id it was answered with, and no
     * request_id is stored twice; the ledger check is clean.
     */
    async function expectNothingLostNothingTwice(all: Call[]) {
      const calls = all.filter((c) => c.kind !== 'public');
      // Each bettor retries its own calls in order, the bettors side by side, as they called: one
      // after another, 500-odd retries through HAProxy took over 15 s on a loaded box.
      await Promise.all(
        bettors.map(async (_, b) => {
          for (const c of calls.filter((x) => x.bettor === b && !acknowledged(x))) {
            const again = await timed(bettors[c.bettor]!.apis[c.node]!, c);
            expect(
              acknowledged(again),
              `retry of ${c.kind} ${c.request_id}: ${again.answer?.body.message}`,
            ).toBe(true);
            c.answer = again.answer;
          }
        }),
      );
      const [a] = nodes as [FastifyInstance];
      const ids = calls.map((c) => c.request_id);
      const rows = async (q: ReturnType<typeof sql>) =>
        ((await a.db.execute(q)) as unknown as { rows: { request_id: string; id: number }[] }).rows;
      const betRows = await rows(
        sql`select request_id, bet_id as id from bets where request_id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
      const payRows = await rows(
        sql`select request_id, payment_id as id from payment_requests where request_id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
      for (const c of calls) {
        const stored = (c.kind === 'bet' ? betRows : payRows).filter((r) => r.request_id === c.request_id);
        expect(stored, `${c.kind} ${c.request_id} stored once`).toHaveLength(1);
        const data = c.answer!.body.data as { bet_id?: number; payment_id?: number };
        expect(Number(stored[0]!.id)).toBe(c.kind === 'bet' ? data.bet_id : data.payment_id);
      }
      expect(await checkLedger(a)).toMatchObject({ ok: true, problems: [] });
      // No connection was lost to the fault: every one is back in its pool (a leaked one would be
      // gone for good, and the node's close would wait for it forever).
      await converge('every connection back in its pool', async () =>
        nodes.every((n) => {
          const p = n.store.pool!();
          return p.total === p.idle;
        }),
      );
    }

    async function health(app: FastifyInstance) {
      const r = await app.inject({ method: 'GET', url: '/healthz' });
      return r.json() as { status: boolean; data?: { degraded: string[] } };
    }
    async function metric(app: FastifyInstance, name: string): Promise<number> {
      const r = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      let sum = 0;
      for (const line of r.body.split('\n')) if (line.startsWith(name)) sum += Number(line.split(' ').pop());
      return sum;
    }
    /** ms until `ok` holds (polled), failing after `timeout_ms`. */
    async function converge(what: string, ok: () => Promise<boolean>, timeout_ms = 5_000) {
      const t0 = Date.now();
      while (!(await ok())) {
        if (Date.now() - t0 > timeout_ms) throw new Error(`${what}: not within ${timeout_ms} ms`);
        await sleep(50);
      }
      return Date.now() - t0;
    }
    const report = (fault: string, calls: Call[], converge_ms: number) =>
      console.log(
        `${fault}: ${calls.length} calls, slowest ${Math.round(Math.max(...calls.map((c) => c.ms)))} ms, ` +
          `${calls.filter(acknowledged).length} acknowledged, ${calls.filter((c) => c.answer?.statusCode === 503).length} × 503; ` +
          `converged ${converge_ms} ms after the heal`,
      );

    it('Redis silent without closing: every call answers, limits count in memory, then in Redis again', async () => {
      const before = await metric(nodes[0]!, 'backlay_fallbacks_total{service="redis"}');
      redisProxy.silent();
      const calls = await load(2_000);
      const degraded = await health(nodes[0]!);
      redisProxy.heal();
      const t0 = Date.now();
      expectAnswered(calls);
      // Only the limits live in Redis: every call is acknowledged.
      expect(calls.filter((c) => !acknowledged(c)).map(summary)).toEqual([]);
      expect(degraded, JSON.stringify(degraded)).toMatchObject({
        status: true,
        data: { degraded: ['redis'] },
      });
      expect(await metric(nodes[0]!, 'backlay_fallbacks_total{service="redis"}')).toBeGreaterThan(before);
      const ms = await converge('limits shared in Redis again', async () =>
        (await Promise.all(nodes.map(health))).every((h) => h.data?.degraded.length === 0),
      );
      report(`Redis silent (${way})`, calls, ms + (Date.now() - t0 - ms));
      await expectNothingLostNothingTwice(calls);
    });

    it('Redis cut: every call answers, limits count in memory, then in Redis again', async () => {
      redisProxy.cut();
      const calls = await load(1_500);
      const degraded = await health(nodes[1]!);
      redisProxy.heal();
      const t0 = Date.now();
      expectAnswered(calls);
      expect(calls.filter((c) => !acknowledged(c)).map(summary)).toEqual([]);
      expect(degraded).toMatchObject({ status: true, data: { degraded: ['redis'] } });
      const ms = await converge('limits shared in Redis again', async () =>
        (await Promise.all(nodes.map(health))).every((h) => h.data?.degraded.length === 0),
      );
      report(`Redis cut (${way})`, calls, Date.now() - t0 || ms);
      await expectNothingLostNothingTwice(calls);
    });

    it('PostgreSQL silent without closing: every call answers (a 503 in words), nothing lost or doubled after', async () => {
      const before = await metric(nodes[0]!, 'backlay_outside_failures_total{service="store"');
      pgProxy.silent();
      const calls = await load(2_500);
      const degraded = await health(nodes[0]!);
      pgProxy.heal();
      const t0 = Date.now();
      expectAnswered(calls);
      expect(calls.filter((c) => c.answer?.statusCode === 503).length).toBeGreaterThan(0);
      // The node's 503, or (behind HAProxy, once the health checks failed) the balancer's own.
      for (const c of calls.filter((x) => x.answer?.statusCode === 503))
        expect(c.answer!.body.message).toMatch(/not answering|try again/);
      expect(degraded).toMatchObject({ status: false, data: { degraded: ['store'] } });
      expect(await metric(nodes[0]!, 'backlay_outside_failures_total{service="store"')).toBeGreaterThan(
        before,
      );
      const ms = await converge('the store answering on both nodes', async () =>
        (await Promise.all(nodes.map(health))).every((h) => h.status && h.data?.degraded.length === 0),
      );
      // Behind HAProxy the nodes come back into the balancer once two health checks pass (0.5 s apart).
      if (balanced)
        await converge(
          'the balancer sending to the nodes again',
          async () => (await fetch(`${via}/healthz`)).ok,
        );
      report(`PostgreSQL silent (${way})`, calls, Date.now() - t0 || ms);
      await expectNothingLostNothingTwice(calls);
    });

    it('PostgreSQL slow (150 ms each way): every call answers within 2 s, nothing lost or doubled after', async () => {
      pgProxy.latency(150);
      const calls = await load(2_500);
      pgProxy.heal();
      const t0 = Date.now();
      expectAnswered(calls);
      const ms = await converge('the store answering on both nodes', async () =>
        (await Promise.all(nodes.map(health))).every((h) => h.status && h.data?.degraded.length === 0),
      );
      report(`PostgreSQL slow (${way})`, calls, Date.now() - t0 || ms);
      await expectNothingLostNothingTwice(calls);
    });

    it('PostgreSQL silent at the start of a transaction: it fails in words within 2 s and its connection is given back', async () => {
      const [a] = nodes as [FastifyInstance];
      await a.db.execute(sql`select 1`); // an idle connection in the pool, which the next transaction takes
      pgProxy.silent();
      const t0 = Date.now();
      const failed = await a.db
        .transaction((tx) => tx.execute(sql`select 1`))
        .then(
          () => null,
          (e: unknown) => e,
        );
      const ms = Date.now() - t0;
      pgProxy.heal();
      expect(failed).toBeInstanceOf(Error);
      expect(storeFailureOf(failed)).not.toBeNull();
      expect(ms).toBeLessThan(ANSWER_MS);
      // drizzle never releases a connection whose `begin` failed: the store gives it back itself.
      await converge('the connection back in the pool', async () => {
        const p = a.store.pool!();
        return p.total === p.idle;
      });
    });
  },
);
