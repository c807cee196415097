// Price delivery across nodes: two server nodes on one PostgreSQL and one NATS vs one node, on the
// same box, in the same run.
//
// A fresh PostgreSQL database (on BENCH_DATABASE_URL or TEST_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test) with the demo data. N WebSocket clients (a worker
// thread) follow one market; 30 rounds 250 ms apart, a bet through `app.exchange.placeBet` on node
// A matches the one resting from the round before (as in ws-push). Measured: the bus notice on A
// (right after the commit) → the delta's arrival in the client.
//   - baseline: one node (this process), the in-process bus, seq counted by the node, N sockets on it;
//   - two nodes: node A (this process) and node B (`src/main.ts` in a child process, FEED=off) on
//     the NATS bus (BENCH_BUS_URL or TEST_BUS_URL, default nats://127.0.0.1:4222), seq kept in the
//     store (price_images), N/2 sockets on each; "across nodes" = the sockets on B, which learn of
//     the bet over NATS.
// N: BENCH_WS_CLUSTER_SOCKETS (default 2,000). Without PostgreSQL or NATS it says so and skips.
import type { FastifyInstance } from 'fastify';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { connect as tcpConnect, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { MAX_SOCKETS_PER_IP } from '../apps/server/src/plugins/ws.ts';
import { freePort, type Benchmark, type Figure } from './lib.ts';
import { ask, percentile, restingLayMarket } from './push-market.ts';
import { SYSTEM_STAKER } from '../apps/server/src/modules/wallet/stake-gate.ts';

const SOCKETS = Number(process.env.BENCH_WS_CLUSTER_SOCKETS ?? 2_000);
const ROUNDS = 30;
const ROUND_GAP_MS = 250;
const CONNECT_BATCH = 250;
const DB_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const BUS_URL = process.env.BENCH_BUS_URL ?? process.env.TEST_BUS_URL ?? 'nats://127.0.0.1:4222';
const SERVER_DIR = fileURLToPath(new URL('../apps/server/', import.meta.url));

const nowMs = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Clients as plain JavaScript for an eval'd worker: sockets spread over the targets (and over
// 127.0.0.0/8, the per-address cap), arrival time of each delta by target and seq.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require(workerData.wsPath);
const nowMs = () => performance.timeOrigin + performance.now();
const { targets, marketId, batch, perIp } = workerData;
const arrivals = {};
const sockets = [];
let images = 0;
let opened = 0;
function open(url, tag) {
  const i = opened++;
  return new Promise((resolve, reject) => {
    const a = 1 + Math.floor(i / perIp);
    const ws = new WebSocket(url, { perMessageDeflate: false, localAddress: '127.1.' + (a >> 8) + '.' + (a & 255) });
    ws.once('error', reject);
    ws.on('message', (data) => {
      const s = data.toString();
      if (s.startsWith('{"type":"delta"')) {
        const j = s.indexOf('"seq":');
        const key = tag + ':' + parseInt(s.slice(j + 6), 10);
        (arrivals[key] || (arrivals[key] = [])).push(nowMs());
      } else if (s.startsWith('{"type":"image"')) {
        images++;
      }
    });
    ws.once('open', () => {
      ws.send(JSON.stringify({ op: 'subscribe', market_ids: [marketId] }));
      resolve(ws);
    });
  });
}
parentPort.on('message', async (msg) => {
  if (msg === 'connect') {
    let total = 0;
    for (const t of targets) {
      for (let i = 0; i < t.n; i += batch) {
        const k = Math.min(batch, t.n - i);
        sockets.push(...(await Promise.all(Array.from({ length: k }, () => open(t.url, t.tag)))));
      }
      total += t.n;
    }
    const wait = () => (images >= total ? parentPort.postMessage('ready') : setTimeout(wait, 20));
    wait();
  } else if (msg === 'report') {
    parentPort.postMessage(arrivals);
  } else if (msg === 'close') {
    for (const ws of sockets) ws.terminate();
    parentPort.postMessage('closed');
  }
});
`;

function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = tcpConnect({ host: u.hostname, port: Number(u.port) });
    s.setTimeout(1_000, () => (s.destroy(), resolve(false)));
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** A fresh database on the server; dropped by the returned function. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `backlay_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DB_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(DB_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: DB_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function startNodeB(env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', FEED: 'off', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  for (let i = 0; ; i++) {
    if (exited) throw new Error('node B exited before it was ready');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    if (i > 300) throw new Error('node B did not start');
    await sleep(200);
  }
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    async stop() {
      child.kill('SIGTERM');
      for (let i = 0; !exited && i < 50; i++) await sleep(100);
      if (!exited) child.kill('SIGKILL');
    },
  };
}

type Phase = { all: number[]; byTag: Map<string, number[]>; missing: number };

/** N clients on `targets`, 30 bets on `app`; commit → delivery per socket and round. */
async function measure(
  app: FastifyInstance,
  targets: { url: string; tag: string; n: number }[],
  market_id: number,
  selection_id: number,
  users: { backer: number; layer: number },
  round0: number,
): Promise<Phase> {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      targets,
      marketId: market_id,
      batch: CONNECT_BATCH,
      perIp: MAX_SOCKETS_PER_IP,
      wsPath: createRequire(import.meta.url).resolve('ws'),
    },
  });
  try {
    await ask(worker, 'connect');
    await sleep(500);
    const commitAt = new Map<number, number>();
    let pending: number | null = null;
    const off = app.bus.subscribe('market', (m) => {
      if (m.market_id === market_id && pending === null) pending = nowMs();
    });
    let seq = app.liveHub.seqOf(market_id) ?? 1;
    for (let round = round0; round < round0 + ROUNDS; round++) {
      pending = null;
      const back = round % 2 === 0;
      const r = await app.exchange.placeBet(
        back ? users.backer : users.layer,
        {
          market_id,
          selection_id,
          side: back ? 'BACK' : 'LAY',
          price: 200,
          size_paise: 20_000,
          request_id: `bench-cluster-${round}`,
        },
        { staker: SYSTEM_STAKER },
      );
      if (!r.ok || r.status !== 'PARTIAL') throw new Error(`round ${round}: ${r.ok ? r.status : r.message}`);
      seq += 1;
      commitAt.set(seq, pending ?? nowMs());
      await sleep(ROUND_GAP_MS);
    }
    off();
    // Late deliveries of the last round (a loaded box) are counted, not reported missing.
    await sleep(1_000);
    const arrivals = await ask<Record<string, number[]>>(worker, 'report');
    const phase: Phase = { all: [], byTag: new Map(), missing: 0 };
    for (const t of targets) {
      const lat: number[] = [];
      for (const [s, at] of commitAt) {
        const a = arrivals[`${t.tag}:${s}`] ?? [];
        phase.missing += t.n - a.length;
        for (const x of a) lat.push(x - at);
      }
      lat.sort((a, b) => a - b);
      phase.byTag.set(t.tag, lat);
      for (const x of lat) phase.all.push(x);
    }
    phase.all.sort((a, b) => a - b);
    return phase;
  } finally {
    await ask(worker, 'close');
    await worker.terminate();
  }
}

const line = (label: string, xs: number[], missing = 0) =>
  console.log(
    `  ${label}: p50 ${percentile(xs, 50).toFixed(1)} ms, p99 ${percentile(xs, 99).toFixed(1)} ms, max ${(xs.at(-1) ?? NaN).toFixed(1)} ms (${xs.length} deliveries${missing ? `, ${missing} missing` : ''})`,
  );

export const wsClusterBench: Benchmark = {
  name: 'ws-cluster',
  description: `price delivery on ${SOCKETS.toLocaleString('en')} WebSockets: two nodes (PostgreSQL + NATS) vs one node, same box, ${ROUNDS} rounds`,
  async run(): Promise<Figure[]> {
    if (!(await reachable(DB_URL)) || !(await reachable(BUS_URL.replace(/^nats:/, 'http:')))) {
      console.log(`  skipped: needs PostgreSQL at ${DB_URL} and NATS at ${BUS_URL}`);
      return [];
    }
    const db = await freshDatabase();
    let one: FastifyInstance | null = null;
    let a: FastifyInstance | null = null;
    let b: Awaited<ReturnType<typeof startNodeB>> | null = null;
    try {
      // Baseline: one node, in-process bus, N sockets on it.
      one = await buildApp({ store: { kind: 'postgres', url: db.url }, seedDemo: true });
      await one.listen({ port: 0, host: '127.0.0.1' });
      const { market_id, selection_id, backer, layer } = await restingLayMarket(one, 'bench');
      const users = { backer, layer };
      const oneUrl = `ws://127.0.0.1:${(one.server.address() as AddressInfo).port}/ws`;
      const base = await measure(
        one,
        [{ url: oneUrl, tag: 'one', n: SOCKETS }],
        market_id,
        selection_id,
        users,
        0,
      );
      await one.close();
      one = null;

      // Two nodes on NATS, seq in the store, N/2 sockets each.
      const prefix = `bench_${randomBytes(4).toString('hex')}`;
      a = await buildApp({ store: { kind: 'postgres', url: db.url }, bus: { url: BUS_URL, prefix } });
      await a.listen({ port: 0, host: '127.0.0.1' });
      b = await startNodeB({ DATABASE_URL: db.url, BUS_URL, BUS_PREFIX: prefix, SEED_DEMO: '0' });
      const aUrl = `ws://127.0.0.1:${(a.server.address() as AddressInfo).port}/ws`;
      const half = Math.floor(SOCKETS / 2);
      const two = await measure(
        a,
        [
          { url: aUrl, tag: 'a', n: half },
          { url: b.url, tag: 'b', n: SOCKETS - half },
        ],
        market_id,
        selection_id,
        users,
        ROUNDS,
      );
      line('one node (baseline): commit → delivery', base.all, base.missing);
      line('two nodes, all sockets: commit → delivery', two.all, two.missing);
      line('  on node A (where the bet committed)', two.byTag.get('a')!);
      line('  on node B (across nodes, over NATS)', two.byTag.get('b')!);
      const p99 = percentile(two.all, 99);
      const across99 = percentile(two.byTag.get('b')!, 99);
      const base99 = percentile(base.all, 99);
      console.log(
        `  ratio p99 two nodes / one node: ${(p99 / base99).toFixed(2)}×; across nodes / one node: ${(across99 / base99).toFixed(2)}×`,
      );
      return [
        {
          label: 'two nodes: commit → delivery p99',
          value: p99,
          unit: 'ms',
          baseline: { label: 'one node p99', value: base99 },
        },
        {
          label: 'across nodes (node B) p99',
          value: across99,
          unit: 'ms',
          baseline: { label: 'one node p99', value: base99 },
        },
      ];
    } finally {
      await one?.close();
      await b?.stop();
      await a?.close();
      await db.drop();
    }
  },
};
