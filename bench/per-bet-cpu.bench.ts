// Per-bet CPU (issue 43): where the server thread's CPU goes for one HTTP → committed exchange bet,
// in µs per bet by category, against the same figure for a bare route in the same run.
//
// The server is the http-bets bench's (serveBench: buildApp on the store, demo data, rate limits
// out of the way, loopback); autocannon posts placeMarketBet from a worker thread (http-load.ts)
// at each of BENCH_CPU_CONCURRENCY (default "64,16") in flight on one 3-runner market, and one
// WebSocket client in another worker thread follows the market (BENCH_CPU_SOCKETS, default 1), so
// the push path (image read, diff, frame) runs as it does when anyone watches. Each window
// (BENCH_CPU_MS, default 10 s, after a warm-up) is profiled by V8's sampling profiler through the
// inspector in this process; the worker threads are isolates of their own and are not in it.
// Beside it, per window: the server thread's CPU from /proc/self/task (the kernel's count: each
// category is its share of the busy samples times that), the statements and transactions sent to
// PostgreSQL, the process's other threads, PostgreSQL's backends of the bench's
// database and its auxiliary processes (/proc/<pid>/stat), the box's CPU and load average.
//
// Each sample is put in one category by its stack, from the leaf up: the first frame whose script
// (or function) a rule below names decides; frames of node's internals and of V8 builtins decide
// nothing, so a socket write counts for whoever wrote (pg's → SQL, the HTTP answer's → HTTP).
// Committed bets in a window: the rows the market's bets table gained (each answer comes after
// its commit). The bare routes (GET /bench/bare, POST /bench/bare-post with a bet-sized body) are
// profiled the same way, per answered request.
// BENCH_CPU_PROFILE_DIR=dir writes each window's .cpuprofile (open in Chrome DevTools);
// BENCH_CPU_VERBOSE=1 prints the top self-time frames of each category.
import type { FastifyInstance } from 'fastify';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { bets as betsTable } from '../apps/server/src/modules/exchange/schema.ts';
import { loadFromWorker, type LoadResult, type LoadSpec } from './http-load.ts';
import {
  benchMarket,
  betsHeld,
  createBettors,
  CSRF,
  logIn,
  onEachStore,
  serveBench,
  type Store,
} from './http-bets.bench.ts';
import { ANALYZE_AFTER_WARM_UP, report, type Benchmark, type Figure } from './lib.ts';

const WINDOW_MS = Number(process.env.BENCH_CPU_MS ?? 10_000);
const CONCURRENCIES = (process.env.BENCH_CPU_CONCURRENCY ?? '64,16').split(',').map(Number);
const SOCKETS = Number(process.env.BENCH_CPU_SOCKETS ?? 1);
/** The profiler's sampling interval, µs. */
const SAMPLE_US = Number(process.env.BENCH_CPU_SAMPLE_US ?? 500);
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE_DIR;
const VERBOSE = process.env.BENCH_CPU_VERBOSE === '1';
const USERS = 16;
const WARM_UP_MS = 4_000;
const PRICES = [196, 198, 200, 202, 204];
const BARE = { status: true, data: { total_balance: 0, liability: 0 } };

// ---------------------------------------------------------------------------------------------
// Categories. A rule names a category and the frames it claims; the first rule matching a frame
// wins, and the leaf-most frame any rule matches decides the sample.

type Frame = { functionName: string; url: string };
type Rule = { category: string; test: (f: Frame) => boolean };

const SRC = '/apps/server/src/';
const inSrc = (f: Frame, ...paths: string[]) => paths.some((p) => f.url.includes(SRC + p));
const inModule = (f: Frame, ...names: string[]) => names.some((n) => f.url.includes(`/node_modules/${n}/`));

export const CATEGORIES = [
  'HTTP: node http (parse, write)',
  'HTTP: Fastify (routing, hooks, body parse, headers)',
  'auth/session, CSRF',
  'rate limits',
  'validation (zod, contract, bet entry checks)',
  'stake gate & the bet’s money (wallet)',
  'round & batch (queue, rounds, batch, book cache)',
  'matching (packages/engine)',
  'SQL: drizzle (building statements)',
  'SQL: pg driver (protocol, parse rows)',
  'SQL: the app’s query code (queries.ts, db/)',
  'JSON serialisation of answers',
  'push (bus, ws hub, image, diff, frames)',
  'metrics, logging',
  'garbage collection',
  'V8/native outside JS, "(program)"',
  'event loop, microtasks, timers (node internals alone)',
] as const;
type Category = (typeof CATEGORIES)[number];

const RULES: Rule[] = [
  { category: 'matching (packages/engine)', test: (f) => f.url.includes('/packages/engine/') },
  {
    category: 'validation (zod, contract, bet entry checks)',
    test: (f) =>
      inModule(f, 'zod') ||
      f.url.includes('/packages/contract/') ||
      inSrc(
        f,
        'modules/exchange/place.ts',
        'modules/exchange/pre-check.ts',
        'modules/exchange/order-check.ts',
      ) ||
      inSrc(f, 'modules/exchange/routes.ts', 'modules/markets/takes-bets.ts'),
  },
  {
    category: 'SQL: the app’s query code (queries.ts, db/)',
    test: (f) =>
      inSrc(f, 'db/', 'plugins/db.ts', 'modules/exchange/queries.ts', 'modules/exchange/book-store.ts') ||
      /\/apps\/server\/src\/modules\/[^/]+\/schema\.ts/.test(f.url),
  },
  {
    category: 'stake gate & the bet’s money (wallet)',
    test: (f) => inSrc(f, 'modules/wallet/', 'modules/hierarchy/'),
  },
  {
    category: 'round & batch (queue, rounds, batch, book cache)',
    test: (f) => inSrc(f, 'modules/exchange/', 'modules/markets/', 'plugins/leader.ts'),
  },
  {
    category: 'auth/session, CSRF',
    test: (f) =>
      inSrc(f, 'plugins/auth.ts', 'plugins/csrf.ts', 'cache/', 'modules/account/') ||
      inModule(f, '@fastify/cookie', 'cookie', 'cookie-signature'),
  },
  {
    category: 'rate limits',
    test: (f) =>
      inSrc(f, 'plugins/rate-limit.ts', 'plugins/leased-limiter.ts') ||
      inModule(f, 'rate-limiter-flexible', '@fastify/rate-limit'),
  },
  { category: 'SQL: drizzle (building statements)', test: (f) => inModule(f, 'drizzle-orm') },
  {
    category: 'SQL: pg driver (protocol, parse rows)',
    test: (f) =>
      inModule(f, 'pg', 'pg-protocol', 'pg-types', 'pg-pool', 'postgres-array', 'postgres-date') ||
      inModule(f, 'postgres-interval', 'postgres-bytea', 'pg-connection-string', '@electric-sql/pglite'),
  },
  {
    category: 'JSON serialisation of answers',
    test: (f) =>
      inModule(f, 'fast-json-stringify') ||
      (f.url.includes('/node_modules/fastify/lib/') && /serializ/i.test(f.functionName)),
  },
  {
    category: 'push (bus, ws hub, image, diff, frames)',
    test: (f) =>
      inSrc(f, 'plugins/ws', 'plugins/bus.ts', 'plugins/live-topics.ts', 'plugins/price-sequence.ts') ||
      inSrc(f, 'modules/live/') ||
      inModule(f, 'ws', '@fastify/websocket', '@nats-io/transport-node', '@nats-io/nats-core'),
  },
  {
    category: 'metrics, logging',
    test: (f) =>
      inSrc(f, 'plugins/metrics.ts', 'logging.ts') || inModule(f, 'prom-client', 'pino', 'abstract-logging'),
  },
  {
    category: 'HTTP: node http (parse, write)',
    test: (f) => /^node:_?http/.test(f.url),
  },
  {
    category: 'HTTP: Fastify (routing, hooks, body parse, headers)',
    test: (f) =>
      f.url.includes('/node_modules/') || inSrc(f, 'http/', 'plugins/', 'app.ts', 'clock.ts', 'config.ts'),
  },
];

/** Frames that decide nothing: node's internals but its HTTP, and V8's builtins (their caller decides). */
const neutral = (f: Frame) => f.url === '' || (f.url.startsWith('node:') && !/^node:_?http/.test(f.url));

type ProfileNode = { id: number; callFrame: Frame; children?: number[] };
type Profile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

type Attribution = {
  /** Samples taken on schedule by category (idle left out): what the table uses. */
  byCategory: Map<Category, number>;
  /** All busy samples by category, those after a gap included. */
  allByCategory: Map<Category, number>;
  idle: number;
  /** Busy samples taken on schedule. */
  busy: number;
  allBusy: number;
  /** The busy samples' wall time (µs): above the thread's CPU when it waited for a core. */
  busy_wall_us: number;
  /** Samples by category and leaf frame, for BENCH_CPU_VERBOSE. */
  frames: Map<Category, Map<string, number>>;
};

function attribute(profile: Profile): Attribution {
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const n of profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const memo = new Map<number, Category | 'idle' | null>();
  const categoryOf = (id: number): Category | 'idle' | null => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const f = byId.get(id)!.callFrame;
    let c: Category | 'idle' | null;
    if (f.functionName === '(idle)') c = 'idle';
    else if (f.functionName === '(garbage collector)') c = 'garbage collection';
    else if (f.functionName === '(program)') c = 'V8/native outside JS, "(program)"';
    else if (f.functionName === '(root)') c = null;
    else {
      const rule = neutral(f) ? undefined : RULES.find((r) => r.test(f));
      if (rule) c = rule.category as Category;
      else {
        const p = parent.get(id);
        c = p === undefined ? null : categoryOf(p);
        // JSON.stringify (a builtin) under the HTTP layer is the answer's serialisation.
        if (f.functionName === 'stringify' && f.url === '' && c !== null && c.startsWith('HTTP'))
          c = 'JSON serialisation of answers';
      }
    }
    memo.set(id, c);
    return c;
  };
  const byCategory = new Map<Category, number>(CATEGORIES.map((c) => [c, 0]));
  const allByCategory = new Map<Category, number>(CATEGORIES.map((c) => [c, 0]));
  const frames = new Map<Category, Map<string, number>>();
  let idle = 0;
  let busy = 0;
  let allBusy = 0;
  let busyWall = 0;
  const { samples, timeDeltas } = profile;
  // The profiler's timer runs on wall time and its signal is taken when the thread runs, so a
  // sample stands for CPU time, but for one: a thread that lost its core (a socket write waking
  // PostgreSQL, on a busy box) takes the signals pending meanwhile as one sample the moment it
  // runs again, in the call that lost the core. Those samples (more than 2 intervals after the
  // previous one) are left out of the shares; `allByCategory` keeps them for comparison.
  // (Each sample's wall time lasts until the next one, DevTools' reading.)
  for (let i = 0; i < samples.length; i++) {
    const c = categoryOf(samples[i]!) ?? 'event loop, microtasks, timers (node internals alone)';
    if (c === 'idle') {
      idle += 1;
      continue;
    }
    allBusy += 1;
    allByCategory.set(c, allByCategory.get(c)! + 1);
    busyWall += i + 1 < timeDeltas.length ? timeDeltas[i + 1]! : SAMPLE_US;
    if (i > 0 && timeDeltas[i]! > 2 * SAMPLE_US) continue;
    busy += 1;
    byCategory.set(c, byCategory.get(c)! + 1);
    if (VERBOSE) {
      const f = byId.get(samples[i]!)!.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}`;
      const m = frames.get(c) ?? new Map<string, number>();
      frames.set(c, m.set(key, (m.get(key) ?? 0) + 1));
    }
  }
  return { byCategory, allByCategory, idle, busy, allBusy, busy_wall_us: busyWall, frames };
}

// ---------------------------------------------------------------------------------------------
// CPU counters from /proc: this process's threads, PostgreSQL's processes, the box.

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a /proc stat file, µs; undefined if it is gone. */
function cpuOf(statPath: string): number | undefined {
  try {
    const s = readFileSync(statPath, 'utf8');
    const rest = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return ((Number(rest[11]) + Number(rest[12])) * 1e6) / CLK_TCK;
  } catch {
    return undefined;
  }
}

function threadsCpu(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const us = cpuOf(`/proc/self/task/${tid}/stat`);
    if (us !== undefined) out.set(Number(tid), us);
  }
  return out;
}

/** PostgreSQL's auxiliary processes on this box (checkpointer, writers, autovacuum…): pids. */
function postgresAuxPids(): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() !== 'postgres') continue;
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (/checkpointer|background writer|walwriter|autovacuum|launcher|stats/.test(cmd)) out.push(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function boxCpu(): { busy_us: number; total_us: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = f[3]! + f[4]!;
  return { busy_us: ((total - idle) * 1e6) / CLK_TCK, total_us: (total * 1e6) / CLK_TCK };
}

const sumOver = (pids: Iterable<number>, read: (pid: number) => number | undefined) => {
  const m = new Map<number, number>();
  for (const p of pids) {
    const v = read(p);
    if (v !== undefined) m.set(p, v);
  }
  return m;
};
const pgCpu = (pid: number) => cpuOf(`/proc/${pid}/stat`);

/** Backends of the bench's own database (pg_stat_activity), or none on PGlite. */
async function backendPids(app: FastifyInstance, postgres: boolean): Promise<number[]> {
  if (!postgres) return [];
  const r = (await app.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  )) as unknown as { rows: { pid: number }[] };
  return r.rows.map((x) => Number(x.pid));
}

// ---------------------------------------------------------------------------------------------
// One WebSocket follower in a worker thread, so the push path runs (its own CPU is not profiled).

const FOLLOWER = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require(workerData.wsPath);
let frames = 0;
const sockets = [];
for (let i = 0; i < workerData.n; i++) {
  const ws = new WebSocket(workerData.url, { perMessageDeflate: false });
  ws.on('message', () => { frames += 1; });
  ws.once('open', () => ws.send(JSON.stringify({ op: 'subscribe', market_ids: [workerData.marketId] })));
  sockets.push(ws);
}
parentPort.on('message', () => parentPort.postMessage(frames));
`;

function follow(base: string, marketId: number, n: number) {
  const worker = new Worker(FOLLOWER, {
    eval: true,
    workerData: {
      url: `${base.replace('http', 'ws')}/ws`,
      marketId,
      n,
      wsPath: createRequire(import.meta.url).resolve('ws'),
    },
  });
  return {
    frames: () =>
      new Promise<number>((resolve) => {
        worker.once('message', (m: number) => resolve(m));
        worker.postMessage('count');
      }),
    stop: () => worker.terminate(),
  };
}

/**
 * Statements sent to PostgreSQL, and those opening a transaction: pg's `Client.query` counted
 * (the server's pool and this bench resolve the same pg). Patched once, before the pool connects.
 */
const sent = { statements: 0, transactions: 0 };
/** Statements by their text's first words (BENCH_CPU_VERBOSE), to tell which ones a bet costs. */
const sentByHead = new Map<string, number>();
const headOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 60);
let counting = false;
function countStatements() {
  if (counting) return;
  counting = true;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    sent.statements += 1;
    const q = args[0];
    const text = typeof q === 'string' ? q : (q as { text?: unknown } | null)?.text;
    if (typeof text === 'string' && /^\s*begin/i.test(text)) sent.transactions += 1;
    if (VERBOSE && typeof text === 'string')
      sentByHead.set(headOf(text), (sentByHead.get(headOf(text)) ?? 0) + 1);
    return query.apply(this, args);
  };
}

// ---------------------------------------------------------------------------------------------

type Window = {
  label: string;
  /** Bets committed, or bare requests answered. */
  units: number;
  unit: string;
  load: LoadResult;
  attribution: Attribution;
  /** µs over the window. */
  wall_us: number;
  main_us: number;
  other_threads_us: number;
  pg_backends_us: number;
  pg_aux_us: number;
  box_busy_us: number;
  box_total_us: number;
  loadavg: string;
  statements: number;
  transactions: number;
  /** Statements by their text's first words (counted with BENCH_CPU_VERBOSE only). */
  heads: Map<string, number>;
  frames_pushed?: number;
};

async function profiled(
  session: Session,
  app: FastifyInstance,
  postgres: boolean,
  label: string,
  run: () => Promise<LoadResult>,
  unitsOf: (r: LoadResult) => Promise<number>,
  unit: string,
): Promise<Window> {
  const aux = postgresAuxPids();
  const backends0 = await backendPids(app, postgres);
  const pg0 = sumOver(backends0, pgCpu);
  const aux0 = sumOver(aux, pgCpu);
  const box0 = boxCpu();
  const threads0 = threadsCpu();
  const sent0 = { ...sent };
  sentByHead.clear();
  const t0 = performance.now();
  await session.post('Profiler.start');
  const r = await run();
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
  const wall_us = (performance.now() - t0) * 1000;
  const threads1 = threadsCpu();
  const statements = sent.statements - sent0.statements;
  const transactions = sent.transactions - sent0.transactions;
  const heads = new Map(sentByHead);
  const box1 = boxCpu();
  const backends1 = await backendPids(app, postgres);
  const pg1 = sumOver(new Set([...backends0, ...backends1]), pgCpu);
  const aux1 = sumOver(aux, pgCpu);
  const loadavg = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  if (PROFILE_DIR)
    writeFileSync(join(PROFILE_DIR, `${label.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(profile));
  const delta = (a: Map<number, number>, b: Map<number, number>, only?: (k: number) => boolean) => {
    let s = 0;
    // Only what was there at the start and is still there (the load worker's thread comes and goes).
    for (const [k, v] of b) if (a.has(k) && (only?.(k) ?? true)) s += v - a.get(k)!;
    return s;
  };
  // A backend opened during the window counts from zero.
  let pgUs = 0;
  for (const [k, v] of pg1) pgUs += v - (pg0.get(k) ?? 0);
  return {
    label,
    units: await unitsOf(r),
    unit,
    load: r,
    attribution: attribute(profile),
    wall_us,
    main_us: delta(threads0, threads1, (k) => k === process.pid),
    other_threads_us: delta(threads0, threads1, (k) => k !== process.pid),
    pg_backends_us: pgUs,
    pg_aux_us: delta(aux0, aux1),
    box_busy_us: box1.busy_us - box0.busy_us,
    box_total_us: box1.total_us - box0.total_us,
    loadavg,
    statements,
    transactions,
    heads,
  };
}

const us = (x: number, n: number) => (n > 0 ? x / n : 0);
const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

function printWindow(w: Window) {
  const a = w.attribution;
  const n = w.units;
  const secs = w.wall_us / 1e6;
  console.log(
    `\n  ${w.label}: ${n} ${w.unit} in ${secs.toFixed(1)} s (${(n / secs).toFixed(0)}/s; ` +
      `p50 ${w.load.p50_ms} ms, p99 ${w.load.p99_ms} ms, ${w.load.failures} refused), load average ${w.loadavg}` +
      (w.frames_pushed === undefined ? '' : `, ${w.frames_pushed} frames to the follower`),
  );
  // Each category's share of the busy samples, times the thread's CPU by the kernel.
  const per = (samples: number) => us((w.main_us * samples) / Math.max(a.busy, 1), n);
  const one = w.unit.replace(/s$/, '');
  console.log(`    | category | µs per ${one} | share | share, all samples |`);
  console.log('    | --- | ---: | ---: | ---: |');
  for (const c of CATEGORIES) {
    const v = a.byCategory.get(c)!;
    const all = a.allByCategory.get(c)!;
    if (v === 0 && all === 0) continue;
    console.log(
      `    | ${c} | ${fmt(per(v))} | ${((100 * v) / a.busy).toFixed(1)} % | ${((100 * all) / a.allBusy).toFixed(1)} % |`,
    );
  }
  console.log(
    `    | **server thread (its CPU by the kernel, /proc/self/task)** | **${fmt(us(w.main_us, n))}** | 100 % | 100 % |`,
  );
  console.log(
    `    ${a.busy} busy samples on schedule, ${a.allBusy - a.busy} after a gap (left out), ${a.idle} idle; ` +
      `the thread used ${((100 * w.main_us) / w.wall_us).toFixed(0)}% of a core; the busy samples' wall time ` +
      `${fmt(us(a.busy_wall_us, n))} µs per ${one} (above the CPU when it waited for a core)`,
  );
  console.log(
    `    other threads of the process (V8 GC/compiler helpers, libuv pool; shared with the load worker's isolate): ` +
      `${fmt(us(w.other_threads_us, n))} µs`,
  );
  if (w.statements > 0)
    console.log(
      `    statements sent to PostgreSQL: ${(w.statements / n).toFixed(2)} per ${one}, ` +
        `transactions ${(w.transactions / n).toFixed(2)} per ${one}`,
    );
  if (w.pg_backends_us > 0 || w.pg_aux_us > 0)
    console.log(
      `    PostgreSQL: the bench database's backends ${fmt(us(w.pg_backends_us, n))} µs, ` +
        `auxiliary processes (shared with other databases) ${fmt(us(w.pg_aux_us, n))} µs`,
    );
  console.log(
    `    box: ${((100 * w.box_busy_us) / w.box_total_us).toFixed(0)}% of its CPUs busy, ` +
      `${fmt(us(w.box_busy_us, n))} µs of CPU per ${w.unit.replace(/s$/, '')} (everything on the box, the load generator included)`,
  );
  if (VERBOSE && w.heads.size > 0)
    console.log(
      '    statements by their first words: ' +
        [...w.heads]
          .sort((x, y) => y[1] - x[1])
          .slice(0, 12)
          .map(([k, v]) => `${(v / n).toFixed(3)} "${k}"`)
          .join('; '),
    );
  if (VERBOSE)
    for (const [c, m] of a.frames) {
      const top = [...m].sort((x, y) => y[1] - x[1]).slice(0, 8);
      console.log(`    [${c}] ` + top.map(([k, v]) => `${k} ${fmt(per(v))}`).join('; '));
    }
}

async function runOn(store: Store): Promise<Figure[]> {
  const postgres = store.options.kind === 'postgres';
  if (postgres) countStatements();
  const { app, base } = await serveBench(store, {}, (app) => {
    app.get('/bench/bare', async () => BARE);
    app.post('/bench/bare-post', async () => BARE);
  });
  const session = new Session();
  session.connect();
  let follower: ReturnType<typeof follow> | undefined;
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: SAMPLE_US });
    const market = await benchMarket(app, 0);
    const users = await createBettors(app, 'cpu', USERS);
    const tokens = await logIn(base, users);
    if (SOCKETS > 0) follower = follow(base, market.market_id, SOCKETS);
    let phase = 0;
    const spec = (): LoadSpec => ({
      kind: 'bet',
      path: '/api/bet/placeMarketBet',
      markets: [market],
      prices: PRICES.map((p) => p / 100),
      request_prefix: `c${phase++}-`,
    });
    const http = (s: LoadSpec, connections: number, ms: number) =>
      loadFromWorker({ base_url: base, tokens, csrf: CSRF, spec: s, connections, duration_ms: ms });
    const bare: LoadSpec = { kind: 'get', path: '/bench/bare' };
    // A bare POST with a bet's body: the HTTP parse and the JSON body, without the bet.
    const barePost: LoadSpec = { ...spec(), path: '/bench/bare-post' };
    // Unmeasured: the first seconds run cold (V8 not yet optimising, tables without statistics).
    await http(spec(), Math.max(...CONCURRENCIES), WARM_UP_MS);
    await http(bare, Math.max(...CONCURRENCIES), 1_000);
    await http(barePost, Math.max(...CONCURRENCIES), 1_000);
    await app.db.execute(sql.raw(ANALYZE_AFTER_WARM_UP));
    const figures: Figure[] = [];
    for (const c of CONCURRENCIES) {
      let before = await betsHeld(app, betsTable, market.market_id);
      const frames0 = follower ? await follower.frames() : 0;
      const betsW = await profiled(
        session,
        app,
        postgres,
        `${store.label}: HTTP bets, ${c} in flight`,
        () => http(spec(), c, WINDOW_MS),
        async () => {
          const after = await betsHeld(app, betsTable, market.market_id);
          const n = after - before;
          before = after;
          return n;
        },
        'bets',
      );
      if (follower) betsW.frames_pushed = (await follower.frames()) - frames0;
      printWindow(betsW);
      const bareW = await profiled(
        session,
        app,
        postgres,
        `${store.label}: bare GET route, ${c} in flight`,
        () => http(bare, c, WINDOW_MS),
        async (r) => r.count,
        'requests',
      );
      printWindow(bareW);
      const postW = await profiled(
        session,
        app,
        postgres,
        `${store.label}: bare POST route (a bet's body), ${c} in flight`,
        () => http(barePost, c, WINDOW_MS),
        async (r) => r.count,
        'requests',
      );
      printWindow(postW);
      const perBet = us(betsW.main_us, betsW.units);
      const perBare = us(bareW.main_us, bareW.units);
      console.log('');
      figures.push(
        report({
          label: `${store.label}: server thread CPU per committed bet (${c} in flight)`,
          value: perBet,
          unit: 'µs',
          baseline: { label: 'per bare GET', value: perBare },
        }),
        report({
          label: `${store.label}: HTTP → committed bets (${c} in flight, profiled)`,
          value: betsW.units / (betsW.wall_us / 1e6),
          unit: '/s',
          baseline: { label: 'bare GET route, profiled', value: bareW.units / (bareW.wall_us / 1e6) },
        }),
      );
      if (postgres)
        figures.push(
          report({
            label: `${store.label}: PostgreSQL backends' CPU per committed bet (${c} in flight)`,
            value: us(betsW.pg_backends_us, betsW.units),
            unit: 'µs',
          }),
        );
    }
    return figures;
  } finally {
    if (follower) await follower.stop();
    session.disconnect();
    await app.close();
  }
}

export const perBetCpuBench: Benchmark = {
  name: 'per-bet-cpu',
  description: `server-thread CPU per HTTP → committed bet by category (V8 profile, ${CONCURRENCIES.join(' and ')} in flight, ${WINDOW_MS} ms windows), and per bare request`,
  run: () => onEachStore(runOn),
};
