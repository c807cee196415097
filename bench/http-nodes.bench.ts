// HTTP → committed exchange bets through HAProxy over 8 markets: two nodes against one, on one
// PostgreSQL and one NATS (issue 43). Each node is a process of its own (bench-node.ts: the server
// with the bench's rate limits off, no feed); with two, each market's shard has one owner node and
// the bets HAProxy hands to the other node are forwarded to it over NATS (modules/exchange/
// owners.ts); a two-node phase bets on 4 markets of each node (`balanced`). Phases alternate one node, two nodes, one, two (node B stopped and started between,
// its shards handed back and forth), each BENCH_NODES_MS at BENCH_NODES_INFLIGHT bets in flight
// (default 64) from autocannon in a worker thread, spread over BENCH_NODES_USERS bettors (default
// 16: 4 bets in flight each; 64 gives a crowd, one each). BENCH_NODES_PROFILE=1 prints each node's
// top frames, and BENCH_NODES_PROFILE_DIR=<dir> keeps their whole profiles there.
// Printed: bets/s and p99 of each, the ratio two ÷ one, the server processes' CPU per committed
// bet (both nodes summed) and from it the CPU of a forwarded bet against a local one:
// two nodes' CPU per bet = (local + forwarded) / 2 when half the bets are forwarded, so
// forwarded = 2 × two − one. On a 2-core box that also runs PostgreSQL, NATS, HAProxy and the
// load, the cores bound the ratio (docs/performance.md says so next to the figures).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { MARKET_SHARDS } from '../apps/server/src/plugins/shard-leases.ts';
import { benchMarket, betLine, createBettors, CSRF, logIn } from './http-bets.bench.ts';
import { loadFromWorker } from './http-load.ts';
import { ANALYZE_AFTER_WARM_UP, freePort, median, report, type Benchmark, type Figure } from './lib.ts';

const DB_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BUS_URL = process.env.BENCH_BUS_URL ?? process.env.TEST_BUS_URL ?? 'nats://127.0.0.1:4222';
const HAPROXY = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';
const PHASE_MS = Number(process.env.BENCH_NODES_MS ?? 4_000);
const IN_FLIGHT = Number(process.env.BENCH_NODES_INFLIGHT ?? 64);
const ROUNDS = 2;
const MARKETS = 8;
/** Bettors: with IN_FLIGHT 64 and 16 bettors, each has 4 bets in flight at once. */
const USERS = Number(process.env.BENCH_NODES_USERS ?? 16);
const PRICES = [1.96, 1.98, 2, 2.02, 2.04];
const NODE_SCRIPT = fileURLToPath(new URL('./bench-node.ts', import.meta.url));
const BENCH_DIR = path.dirname(NODE_SCRIPT);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Node = { port: number; child: ChildProcess; exited: boolean };
type CpuReport = {
  wallet_busy: number;
  /** Rounds that waited for a wallet row another transaction held, and those whose wait ran out. */
  row_waits: number;
  row_waits_timed_out: number;
  cpu_us: number;
  owners: { forwarded: number; served: number; ran_here: number };
  shards: number;
  /** The shards the node holds. */
  held: number[];
};

async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', NODE_SCRIPT], {
    cwd: BENCH_DIR,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const node: Node = { port, child, exited: false };
  child.on('exit', () => (node.exited = true));
  for (let i = 0; ; i++) {
    if (node.exited) throw new Error('a bench node exited before it was ready');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return node;
    } catch {
      // not yet
    }
    if (i > 300) throw new Error('a bench node did not start');
    await sleep(200);
  }
}

async function stopNode(node: Node) {
  node.child.kill('SIGTERM');
  for (let i = 0; !node.exited && i < 50; i++) await sleep(100);
  if (!node.exited) node.child.kill('SIGKILL');
}

const cpuOf = async (node: Node) =>
  (await (await fetch(`http://127.0.0.1:${node.port}/bench/cpu`)).json()) as CpuReport;

/** HAProxy round-robin over `nodes` on a port of its own; stopped by the returned function. */
async function balancer(dir: string, nodes: readonly Node[]) {
  const port = await freePort();
  const cfg = path.join(dir, `haproxy-${nodes.length}.cfg`);
  writeFileSync(
    cfg,
    `global\n  maxconn 4096\ndefaults\n  mode http\n  timeout connect 2s\n  timeout client 30s\n  timeout server 30s\n` +
      `frontend f\n  bind 127.0.0.1:${port}\n  default_backend nodes\nbackend nodes\n  balance roundrobin\n` +
      nodes.map((n, i) => `  server n${i} 127.0.0.1:${n.port}\n`).join(''),
  );
  const child = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    await sleep(100);
  }
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await sleep(100);
    },
  };
}

/** A fresh database with the demo data, MARKETS markets and USERS funded bettors. */
async function prepare() {
  const name = `backlay_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DB_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(DB_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const app = await buildApp({ store: { kind: 'postgres', url }, seedDemo: true, logger: false });
  await app.ready();
  // One market in each shard (their ids are consecutive), so that each two-node phase can bet on
  // as many of node A's as of node B's (`balanced`) wherever each node's shards start. With
  // 2 × MARKETS, runs split 6 / 2 and 0 / 8: sixteen consecutive shards can be mostly one node's.
  const markets = [];
  for (let k = 0; k < MARKET_SHARDS; k++) markets.push(await benchMarket(app, k));
  const users = await createBettors(app, 'nodes', USERS);
  await app.close();
  return {
    url,
    markets,
    users,
    async analyze() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(ANALYZE_AFTER_WARM_UP);
      await c.end();
    },
    async drop() {
      const c = new pg.Client({ connectionString: DB_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

type BenchMarket = Awaited<ReturnType<typeof benchMarket>>;

/**
 * MARKETS of the pool, half of them in shards node A holds and half in the others (node B's), as
 * on an exchange with many markets; with fewer of one kind, the rest from the other. Which markets
 * a node owns follows from where its shards start (random per node): a phase on the first
 * MARKETS alone read anything from all on one node (no bettor's wallet row wanted by both nodes'
 * rounds at once) to half on each, and its figure with it.
 */
function balanced(pool: readonly BenchMarket[], heldByA: readonly number[]) {
  const onA = (m: BenchMarket) => heldByA.includes(m.market_id % MARKET_SHARDS);
  const a = pool.filter(onA);
  const b = pool.filter((m) => !onA(m));
  const half = MARKETS / 2;
  const takeA = Math.min(a.length, Math.max(half, MARKETS - b.length));
  const picked = [...a.slice(0, takeA), ...b.slice(0, MARKETS - takeA)];
  return { markets: picked, onA: takeA };
}

const reachable = async (url: string) => {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
};

export const httpNodesBench: Benchmark = {
  name: 'http-nodes',
  description: `HTTP bets over ${MARKETS} markets through HAProxy, ${IN_FLIGHT} in flight: two nodes (one owner per shard, forwarded over NATS) vs one node, PostgreSQL + NATS, same box`,
  async run(): Promise<Figure[]> {
    if (!(await reachable(DB_URL))) {
      console.log(`  skipped: needs PostgreSQL at ${DB_URL}, NATS at ${BUS_URL} and haproxy`);
      return [];
    }
    const fx = await prepare();
    const dir = mkdtempSync(path.join(tmpdir(), 'backlay-bench-nodes-'));
    const nodes: Node[] = [];
    try {
      let markets = fx.markets.slice(0, MARKETS);
      let split = '';
      const spec = (prefix: string) => ({
        kind: 'bet' as const,
        path: '/api/bet/placeMarketBet',
        markets,
        prices: PRICES,
        request_prefix: prefix,
      });
      let tokens: string[] = [];
      /** One phase through a balancer over `on`: the load's result and the nodes' CPU per bet. */
      const phase = async (on: Node[], prefix: string, ms = PHASE_MS) => {
        const lb = await balancer(dir, on);
        const before = await Promise.all(on.map(cpuOf));
        const r = await loadFromWorker({
          base_url: lb.base,
          tokens,
          csrf: CSRF,
          spec: spec(prefix),
          connections: IN_FLIGHT,
          duration_ms: ms,
        });
        const after = await Promise.all(on.map(cpuOf));
        await lb.stop();
        const sum = (f: (x: CpuReport) => number) => after.reduce((s, x, i) => s + f(x) - f(before[i]!), 0);
        return {
          r,
          split: on.length > 1 ? split : '',
          cpu_per_bet_us: sum((x) => x.cpu_us) / Math.max(1, r.count),
          forwarded: sum((x) => x.owners.forwarded),
          ranHere: sum((x) => x.owners.ran_here),
          walletBusy: sum((x) => x.wallet_busy),
          rowWaits: sum((x) => x.row_waits),
          rowWaitsTimedOut: sum((x) => x.row_waits_timed_out),
        };
      };
      type Phase = Awaited<ReturnType<typeof phase>>;
      const waitShards = async (on: Node[], each: number) => {
        for (let i = 0; i < 100; i++) {
          if ((await Promise.all(on.map(cpuOf))).every((h) => h.shards === each)) return;
          await sleep(100);
        }
        throw new Error('the shards did not spread');
      };
      const results = { one: [] as Phase[], owners: [] as Phase[], anyNode: [] as Phase[] };
      // With owners (each market's rounds on its shard's node) and without (every node runs any
      // market's rounds, as before issue 43), each against one node in the same run.
      for (const owners of [true, false]) {
        split = '';
        const env = {
          DATABASE_URL: fx.url,
          BUS_URL,
          BUS_PREFIX: `bench_${randomBytes(4).toString('hex')}`,
          BENCH_OWNERS: owners ? 'on' : 'off',
        };
        const a = await startNode(env);
        nodes.push(a);
        if (tokens.length === 0) tokens = await logIn(`http://127.0.0.1:${a.port}`, fx.users);
        await phase([a], `warm${owners}`, 3_000);
        await fx.analyze();
        for (let round = 0; round < ROUNDS; round++) {
          await waitShards([a], 64);
          const profileOne = owners && round === 0 && process.env.BENCH_NODES_PROFILE === '1';
          if (profileOne) await fetch(`http://127.0.0.1:${a.port}/bench/profile/start`);
          results.one.push(await phase([a], `one${owners}${round}-`));
          if (profileOne)
            console.log(
              `  one node profile:\n    ${((await (await fetch(`http://127.0.0.1:${a.port}/bench/profile/stop`)).json()) as string[]).join('\n    ')}`,
            );
          const b = await startNode(env);
          nodes.push(b);
          if (owners) {
            await waitShards([a, b], 32);
            const pick = balanced(fx.markets, (await cpuOf(a)).held);
            markets = pick.markets;
            split = `; markets on node A / B ${pick.onA} / ${MARKETS - pick.onA}`;
          }
          // Every round's node B is a new process: its first seconds (code not yet optimised, its
          // connections and statements not yet made) are not what a second node costs. Unwarmed,
          // node B answered node A's first forwarded commands after A's 600 ms and A ran them
          // itself (32 such in the second round of two runs, p99 1.2–1.7 s).
          await phase([a, b], `warmb${owners}${round}-`, 2_000);
          const profiling = owners && round === 0 && process.env.BENCH_NODES_PROFILE === '1';
          if (profiling)
            for (const n of [a, b]) await fetch(`http://127.0.0.1:${n.port}/bench/profile/start`);
          (owners ? results.owners : results.anyNode).push(await phase([a, b], `two${owners}${round}-`));
          if (profiling)
            for (const [i, n] of [a, b].entries())
              console.log(
                `  node ${'AB'[i]} profile:\n    ${((await (await fetch(`http://127.0.0.1:${n.port}/bench/profile/stop`)).json()) as string[]).join('\n    ')}`,
              );
          await stopNode(nodes.pop()!);
        }
        await stopNode(nodes.pop()!);
      }
      const rate = (xs: Phase[]) => median(xs.map((x) => x.r.rate));
      const cpu = (xs: Phase[]) => median(xs.map((x) => x.cpu_per_bet_us));
      const worstP99 = (xs: Phase[]) => Math.max(...xs.map((x) => x.r.p99_ms));
      for (const [label, xs] of [
        ['one node', results.one],
        ['two nodes, one owner per market', results.owners],
        ['two nodes, any node runs any market', results.anyNode],
      ] as const)
        for (const x of xs)
          console.log(
            `  ${label}: ${betLine(x.r)}${x.split}; server CPU ${x.cpu_per_bet_us.toFixed(0)} µs/bet; ${x.forwarded} forwarded, ${x.ranHere} run off their owner, ${x.walletBusy} sent back for a busy wallet row; ${x.rowWaits} rounds waited for one, ${x.rowWaitsTimedOut} in vain`,
          );
      const forwardedCpu = 2 * cpu(results.owners) - cpu(results.one);
      console.log(
        `  forwarded bet's server CPU ≈ 2 × ${cpu(results.owners).toFixed(0)} − ${cpu(results.one).toFixed(0)} = ${forwardedCpu.toFixed(0)} µs; worst p99: one node ${worstP99(results.one).toFixed(1)} ms, two with owners ${worstP99(results.owners).toFixed(1)} ms, two without ${worstP99(results.anyNode).toFixed(1)} ms`,
      );
      return [
        report({
          label: `two nodes with owners, ${MARKETS} markets, ${IN_FLIGHT} in flight`,
          value: rate(results.owners),
          unit: 'bets/s',
          baseline: { label: 'one node', value: rate(results.one) },
        }),
        report({
          label: 'two nodes, any node runs any market',
          value: rate(results.anyNode),
          unit: 'bets/s',
          baseline: { label: 'one node', value: rate(results.one) },
        }),
        report({
          label: 'server CPU per forwarded bet',
          value: forwardedCpu,
          unit: 'µs',
          baseline: { label: 'per local bet (one node)', value: cpu(results.one) },
        }),
      ];
    } finally {
      for (const n of nodes) await stopNode(n);
      rmSync(dir, { recursive: true, force: true });
      await fx.drop();
    }
  },
};
