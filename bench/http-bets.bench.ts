// HTTP → committed bets: POST /api/bet/placeMarketBet through the whole server (auth, CSRF,
// validation, then the exchange's per-market batch: one transaction with the market and wallet row
// locks, the cached book, fills, exposure) on PGlite and, when TEST_DATABASE_URL is set, on
// PostgreSQL (BENCH_STORE=pglite|postgres runs one). Each answer comes after the commit, so
// answered bets/s = committed bets/s. Latency is per request, p50/p99; bets per batch = bets /
// the market's bus notices (one per committed batch).
// Bets go back or lay at random around 2.0 on one 3-runner market, so about half of them match;
// HTTP bets at BENCH_HTTP_CONCURRENCY (default 16) and 4× that in flight, the 4× both on one market
// and spread over 8 (the issue-11 figure: spread ÷ one market), in BENCH_SPREAD_ROUNDS (default 5) alternating
// rounds. Then the same bets straight into app.exchange.placeBet (no HTTP) at the same
// concurrencies (each phase also logs how busy the server's thread was), and the balance endpoint
// (GET user/getUserBalance: auth, the per-user limit, the balance from the node's memory) against
// a bare Fastify route returning the same JSON and against that route behind the session lookup;
// then, each in an app of its own with its own bare route, the balance endpoint with the cache
// off (one query per call, as before issue 11) and with the limits counted in Redis (what several
// nodes run; when Redis answers at BENCH_REDIS_URL, default redis://127.0.0.1:6379).
// The HTTP load comes from autocannon in a worker thread (bench/http-load.ts; keep-alive, one
// request in flight per connection), so the server's event loop is not the load generator's; the
// two still share the box's two cores with the database.
// fancy-bets.bench.ts reuses `stores`, `load`, `benchMarket` and `CSRF` from here.
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import pg from 'pg';
import { buildApp, type AppOptions } from '../apps/server/src/app.ts';
import type { StoreOptions } from '../apps/server/src/db/store.ts';
import { eq, sql } from 'drizzle-orm';
import { matches, series } from '../apps/server/src/modules/catalog/schema.ts';
import { type bets } from '../apps/server/src/modules/exchange/schema.ts';
import { type fancyBets } from '../apps/server/src/modules/fancy/schema.ts';
import { markets, runners } from '../apps/server/src/modules/markets/schema.ts';
import { loadFromWorker, type LoadResult, type LoadSpec } from './http-load.ts';
import {
  ANALYZE_AFTER_WARM_UP,
  median,
  mulberry32,
  randInt,
  report,
  type Benchmark,
  type Figure,
} from './lib.ts';
import { SYSTEM_STAKER } from '../apps/server/src/modules/wallet/stake-gate.ts';

const DURATION_MS = Number(process.env.BENCH_HTTP_MS ?? 4_000);
const CONCURRENCY = Number(process.env.BENCH_HTTP_CONCURRENCY ?? 16);
const USERS = 16;
/** Markets of the phase that spreads the bets (real traffic is spread over many markets). */
const SPREAD_MARKETS = 8;
/** Alternating rounds of (one market, spread over SPREAD_MARKETS) at 4× the concurrency. */
const SPREAD_ROUNDS = Number(process.env.BENCH_SPREAD_ROUNDS ?? 5);
/** The unmeasured phase before the first measured one. */
const WARM_UP_MS = 3_000;
/** Each phase of those rounds: half a phase. */
const HALF_MS = Math.max(1_000, DURATION_MS / 2);
/** Pairs of first-bets phases (markets left to their first bets, markets read first). */
const FIRST_BETS_PAIRS = Number(process.env.BENCH_FIRST_BETS_PAIRS ?? 3);
/** Each first-bets phase: the first second on markets new to the node. */
const FIRST_BETS_MS = 1_000;
/** Odds the bets pick from, in hundredths (around 2.0, so about half of them match). */
const PRICES = [196, 198, 200, 202, 204];
export const CSRF = 'bench-csrf-token-0123456789abcdef';

export type Store = { options: StoreOptions; label: string; cleanup(): Promise<void> };

export async function stores(): Promise<Store[]> {
  const out: Store[] = [
    { options: { kind: 'pglite-memory' }, label: 'PGlite (in-memory)', cleanup: async () => {} },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `backlay_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    out.push({
      options: { kind: 'postgres', url: u.toString(), poolMax: 20 },
      label: 'PostgreSQL',
      cleanup: async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    });
  }
  return out;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Rounds of one load as one: the median rate and p50, the worst p99, the counts summed. */
function summary(runs: readonly LoadResult[]): LoadResult {
  const refusals: Record<string, number> = {};
  for (const r of runs) for (const [k, v] of Object.entries(r.refusals)) refusals[k] = (refusals[k] ?? 0) + v;
  return {
    rate: median(runs.map((r) => r.rate)),
    count: runs.reduce((n, r) => n + r.count, 0),
    failures: runs.reduce((n, r) => n + r.failures, 0),
    refusals,
    p50_ms: median(runs.map((r) => r.p50_ms)),
    p99_ms: Math.max(...runs.map((r) => r.p99_ms)),
  };
}

/** Runs `one` with CONCURRENCY workers for DURATION_MS; returns completed/s and latencies. */
export async function load(
  one: (worker: number, i: number) => Promise<boolean>,
  concurrency = CONCURRENCY,
  durationMs = DURATION_MS,
) {
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + durationMs;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      for (let i = 0; performance.now() < end; i++) {
        const s = performance.now();
        const good = await one(w, i);
        latencies.push(performance.now() - s);
        if (!good) failures += 1;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length - failures,
    rate: (latencies.length - failures) / elapsed,
    failures,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** One match with one 3-runner match-odds market, starting tomorrow. */
export async function benchMarket(app: FastifyInstance, k: number) {
  const [s] = await app.db.select().from(series).limit(1);
  const start = new Date(Date.now() + 86_400_000);
  const [m] = await app.db
    .insert(matches)
    .values({
      seriesId: s!.seriesId,
      sportId: s!.sportId,
      matchName: `Bench v Mark ${k}`,
      startTime: start,
      openDate: new Date(),
    })
    .returning();
  const [mk] = await app.db
    .insert(markets)
    .values({
      matchId: m!.matchId,
      marketName: 'Match Odds',
      marketType: 'MATCH_ODDS',
      startTime: start,
      minStakePaise: 100,
    })
    .returning();
  const rs = await app.db
    .insert(runners)
    .values([0, 1, 2].map((i) => ({ marketId: mk!.marketId, name: `R${i}`, sortOrder: i })))
    .returning();
  return { match_id: m!.matchId, market_id: mk!.marketId, selection_ids: rs.map((r) => r.selectionId) };
}

/**
 * The bench server: buildApp on `store` with the demo data, no logger and the rate limits out of the
 * way (plus `options`), `routes` added, listening on a loopback port: the app and its base URL.
 */
export async function serveBench(
  store: Store,
  options: Partial<AppOptions> = {},
  routes?: (app: FastifyInstance) => void,
): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp({
    store: store.options,
    seedDemo: true,
    logger: false,
    rateLimits: { globalPerMinute: 100_000_000, loginPerMinute: 100_000 },
    ...options,
  });
  routes?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** Rows a table (bets, fancy bets) holds for one market: what the load committed. */
export async function betsHeld(
  app: FastifyInstance,
  table: typeof bets | typeof fancyBets,
  marketId: number,
) {
  const [r] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(table.marketId, marketId));
  return r!.n;
}

/** A load of `spec` on the bench server from a worker thread, the bettors' tokens in turn. */
export function httpLoad(base: string, tokens: readonly string[], connections: number, duration_ms: number) {
  return (spec: LoadSpec) =>
    loadFromWorker({ base_url: base, tokens: [...tokens], csrf: CSRF, spec, connections, duration_ms });
}

/**
 * `runOn` on every store (BENCH_STORE=pglite|postgres: that one alone); every store's database
 * goes at the end, also those after a store whose run threw.
 */
export async function onEachStore(runOn: (store: Store) => Promise<Figure[]>): Promise<Figure[]> {
  const figures: Figure[] = [];
  const only = process.env.BENCH_STORE;
  const all = await stores();
  try {
    for (const store of all) {
      if (only && !store.label.toLowerCase().startsWith(only.toLowerCase())) continue;
      figures.push(...(await runOn(store)));
    }
  } finally {
    for (const store of all) await store.cleanup();
  }
  return figures;
}

export interface BenchUser {
  userId: number;
  userName: string;
}

const BENCH_PASSWORD = 'bench12345';

/** `n` bettors `${prefix}0`…, each funded with `deposit_paise` (₹1 crore by default). */
export async function createBettors(
  app: FastifyInstance,
  prefix: string,
  n: number,
  deposit_paise = 1_000_000_000,
): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (let i = 0; i < n; i++) {
    const userName = `${prefix}${i}`;
    const userId = await app.account.createUser({ userName, password: BENCH_PASSWORD });
    await app.wallet.deposit(userId, deposit_paise, `bench:${userName}`);
    users.push({ userId, userName });
  }
  return users;
}

/** Logs each bettor in over HTTP (`/api/user/login`, with the bench's CSRF pair): their tokens, in order. */
export async function logIn(base: string, users: readonly BenchUser[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const u of users) {
    const r = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': CSRF, cookie: `XSRF-TOKEN=${CSRF}` },
      body: JSON.stringify({ user_name: u.userName, password: BENCH_PASSWORD }),
    });
    tokens.push(((await r.json()) as { data: { token: string } }).data.token);
  }
  return tokens;
}

/** `n` funded bettors logged in over HTTP: the bettors and their session tokens. */
export async function bettors(
  app: FastifyInstance,
  base: string,
  prefix: string,
  n: number,
  deposit_paise?: number,
): Promise<{ users: BenchUser[]; tokens: string[] }> {
  const users = await createBettors(app, prefix, n, deposit_paise);
  return { users, tokens: await logIn(base, users) };
}

/** A load's refusals: "none refused", or how many and why ("3 refused (2× …; 1× …)"). */
export const refusalText = (r: LoadResult) =>
  r.failures === 0
    ? 'none refused'
    : `${r.failures} refused (${
        Object.entries(r.refusals)
          .map(([m, n]) => `${n}× ${m}`)
          .join('; ') || 'connection errors'
      })`;

/** A bet load in one line: rate, p50, p99 and its refusals. */
export const betLine = (r: LoadResult) =>
  `${r.rate.toFixed(0)} bets/s, p50 ${r.p50_ms.toFixed(1)} ms, p99 ${r.p99_ms.toFixed(1)} ms, ${refusalText(r)}`;

async function setUp(app: FastifyInstance) {
  const spread: Awaited<ReturnType<typeof benchMarket>>[] = [];
  for (let k = 0; k < SPREAD_MARKETS; k++) spread.push(await benchMarket(app, k));
  const users = await createBettors(app, 'bench', USERS);
  return { main: spread[0]!, spread, users };
}

async function runOn(store: Store): Promise<Figure[]> {
  const { app, base } = await serveBench(store, {}, (app) => {
    app.get('/bench/bare', async () => ({ status: true, data: { total_balance: 0, liability: 0 } }));
    // The bare route behind the session lookup every /api call makes: where the balance endpoint's
    // time goes (auth, then its one query).
    app.get('/bench/authed', async (req) => {
      await app.auth.authenticate(req);
      return { status: true, data: { total_balance: 0, liability: 0 } };
    });
  });
  try {
    const fx = await setUp(app);
    const tokens = await logIn(base, fx.users);
    let n = 0;
    const rand = mulberry32(7);
    // Each committed batch of the market publishes one 'market' notice: bets / notices = batch size.
    let batches = 0;
    const off = app.bus.subscribe('market', (msg) => {
      if ((msg as { market_id: number }).market_id === fx.main.market_id) batches += 1;
    });
    /** Each phase's share of the server thread busy (event-loop utilisation), by phase name. */
    const busy = new Map<string, { active_ms: number; elapsed_ms: number; count: number }>();
    const http = async (
      spec: LoadSpec,
      connections = CONCURRENCY,
      phase?: string,
      durationMs = DURATION_MS,
    ) => {
      const elu0 = performance.eventLoopUtilization();
      const r = await loadFromWorker({
        base_url: base,
        tokens,
        csrf: CSRF,
        spec,
        connections,
        duration_ms: durationMs,
      });
      const elu = performance.eventLoopUtilization(elu0);
      if (phase) {
        const b = busy.get(phase) ?? { active_ms: 0, elapsed_ms: 0, count: 0 };
        busy.set(phase, {
          active_ms: b.active_ms + elu.active,
          elapsed_ms: b.elapsed_ms + elu.idle + elu.active,
          count: b.count + r.count,
        });
      }
      return r;
    };
    const betSpec = (prefix: string, on = [fx.main]): LoadSpec => ({
      kind: 'bet',
      path: '/api/bet/placeMarketBet',
      markets: on,
      prices: PRICES.map((p) => p / 100),
      request_prefix: prefix,
    });
    // Unmeasured first: the first seconds of a fresh process and database run cold (code not yet
    // compiled by V8, tables without statistics; p99 above 500 ms), which no later phase pays. On
    // every market of the run: a market's first bets on a node read its row and rebuild its book.
    await http(betSpec('w', fx.spread), CONCURRENCY * 4, undefined, WARM_UP_MS);
    await app.db.execute(sql.raw(ANALYZE_AFTER_WARM_UP));
    const batchesBefore = batches;
    const bets = await http(betSpec('h'), CONCURRENCY, `HTTP ${CONCURRENCY}, one market`);
    const betsBatches = batches - batchesBefore;
    // 4× the concurrency on one market, and the same spread over several markets, in alternating
    // rounds of half a phase (the order swapped every round): the store's history grows with every
    // phase, so a phase that always ran second would always run on more of it. Medians compared.
    const oneRuns: LoadResult[] = [];
    const spreadRuns: LoadResult[] = [];
    let bets4Batches = 0;
    for (let round = 0; round < SPREAD_ROUNDS; round++) {
      for (const which of round % 2 === 0 ? ['one', 'spread'] : ['spread', 'one']) {
        if (which === 'one') {
          const before = batches;
          oneRuns.push(
            await http(
              betSpec(`H${round}-`),
              CONCURRENCY * 4,
              `HTTP ${CONCURRENCY * 4}, one market`,
              HALF_MS,
            ),
          );
          bets4Batches += batches - before;
        } else {
          spreadRuns.push(
            await http(
              betSpec(`S${round}-`, fx.spread),
              CONCURRENCY * 4,
              `HTTP ${CONCURRENCY * 4}, ${SPREAD_MARKETS} markets`,
              HALF_MS,
            ),
          );
        }
      }
    }
    const bets4 = summary(oneRuns);
    const spread = summary(spreadRuns);
    off();
    // Each round's pair (the same order as run): how far apart rounds are on this box.
    console.log(
      `  ${store.label}: HTTP ${CONCURRENCY * 4} in flight, one market / spread over ${SPREAD_MARKETS} by round: ` +
        oneRuns.map((r, i) => `${r.rate.toFixed(0)} / ${spreadRuns[i]!.rate.toFixed(0)}`).join(', ') +
        ' bets/s',
    );
    const bare = await http({ kind: 'get', path: '/bench/bare' });
    // The bare route at the 64 in flight of the bets' second figure: the p99 goals (issue 43) read
    // against what a request that does nothing answers in on this box, at the same concurrency.
    const bare4 = await http({ kind: 'get', path: '/bench/bare' }, CONCURRENCY * 4);
    const authed = await http({ kind: 'get', path: '/bench/authed' });
    const balance = await http({ kind: 'get', path: '/api/user/getUserBalance' });
    // The same bets straight into app.exchange.placeBet (no HTTP, no client in this process's
    // way): what the exchange and its store sustain, at the same and at 4× the concurrency.
    const direct = async (inFlight: number, on = [fx.main], durationMs = DURATION_MS) => {
      const ids = new Set(on.map((m) => m.market_id));
      let before = 0;
      const offDirect = app.bus.subscribe('market', (msg) => {
        if (ids.has((msg as { market_id: number }).market_id)) before += 1;
      });
      const elu0 = performance.eventLoopUtilization();
      const r = await load(
        async (w) => {
          n += 1;
          const back = rand() < 0.5;
          const m = on[randInt(rand, 0, on.length - 1)]!;
          const out = await app.exchange.placeBet(
            fx.users[w % fx.users.length]!.userId,
            {
              market_id: m.market_id,
              selection_id: m.selection_ids[randInt(rand, 0, 2)]!,
              side: back ? 'BACK' : 'LAY',
              price: PRICES[randInt(rand, 0, PRICES.length - 1)]!,
              size_paise: 100 * randInt(rand, 2, 50),
              request_id: `d${n}`,
            },
            { staker: SYSTEM_STAKER },
          );
          return out.ok;
        },
        inFlight,
        durationMs,
      );
      offDirect();
      const elu = performance.eventLoopUtilization(elu0);
      console.log(
        `  ${store.label}: placeBet in-process, ${inFlight} in flight over ${on.length} market(s): ${r.rate.toFixed(0)} bets/s, ` +
          `p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${(r.count / Math.max(before, 1)).toFixed(1)} bets per batch, ` +
          `server thread busy ${(elu.utilization * 100).toFixed(0)}% (${(elu.active / Math.max(r.count, 1)).toFixed(3)} ms per bet)`,
      );
      return r;
    };
    const direct16 = await direct(CONCURRENCY);
    const directOneRuns: Awaited<ReturnType<typeof load>>[] = [];
    const directSpreadRuns: Awaited<ReturnType<typeof load>>[] = [];
    for (let round = 0; round < SPREAD_ROUNDS; round++) {
      for (const which of round % 2 === 0 ? ['one', 'spread'] : ['spread', 'one']) {
        if (which === 'one') directOneRuns.push(await direct(CONCURRENCY * 4, [fx.main], HALF_MS));
        else directSpreadRuns.push(await direct(CONCURRENCY * 4, fx.spread, HALF_MS));
      }
    }
    const direct64 = {
      rate: median(directOneRuns.map((r) => r.rate)),
      p99: Math.max(...directOneRuns.map((r) => r.p99)),
    };
    const directSpread = {
      rate: median(directSpreadRuns.map((r) => r.rate)),
      p99: Math.max(...directSpreadRuns.map((r) => r.p99)),
    };
    const tag = store.label;
    for (const [phase, b] of busy)
      console.log(
        `  ${tag}: ${phase}: server thread busy ${((100 * b.active_ms) / Math.max(b.elapsed_ms, 1)).toFixed(0)}% ` +
          `(${(b.active_ms / Math.max(b.count, 1)).toFixed(3)} ms per bet)`,
      );
    const perBatch = (count: number, b: number) => (count / Math.max(b, 1)).toFixed(1);
    console.log(
      `  ${tag}: placeMarketBet ${CONCURRENCY} in flight: p50 ${bets.p50_ms.toFixed(2)} ms, p99 ${bets.p99_ms.toFixed(2)} ms, ` +
        `${betsBatches} batches (${perBatch(bets.count, betsBatches)} bets each)` +
        (bets.failures ? `, ${bets.failures} refused` : ''),
    );
    console.log(
      `  ${tag}: placeMarketBet ${CONCURRENCY * 4} in flight: p50 ${bets4.p50_ms.toFixed(2)} ms, p99 ${bets4.p99_ms.toFixed(2)} ms, ` +
        `${bets4Batches} batches (${perBatch(bets4.count, bets4Batches)} bets each)` +
        (bets4.failures ? `, ${bets4.failures} refused` : ''),
    );
    // A market's first bets on a node: after a start or a takeover it meets markets all at once.
    // Pairs of phases on SPREAD_MARKETS markets new to the node, left to their first bets or read
    // first as a node reads a shard it takes (exchange/warm.ts); each followed by a phase on the
    // same markets (what their first bets are compared with). Medians of FIRST_BETS_PAIRS.
    const firsts = { cold: [] as LoadResult[], warmed: [] as LoadResult[], later: [] as LoadResult[] };
    for (let pair = 0; pair < FIRST_BETS_PAIRS; pair++) {
      for (const warm of [false, true]) {
        const fresh: typeof fx.spread = [];
        for (let k = 0; k < SPREAD_MARKETS; k++)
          fresh.push(await benchMarket(app, 1_000 + (2 * pair + Number(warm)) * SPREAD_MARKETS + k));
        if (warm)
          for (const k of new Set(fresh.map((f) => app.shards.shardOf(f.market_id))))
            await app.exchange.warming.warmShard(k);
        const first = await http(
          betSpec(`F${pair}${warm ? 'w' : 'c'}-`, fresh),
          CONCURRENCY * 4,
          undefined,
          FIRST_BETS_MS,
        );
        (warm ? firsts.warmed : firsts.cold).push(first);
        firsts.later.push(
          await http(
            betSpec(`L${pair}${warm ? 'w' : 'c'}-`, fresh),
            CONCURRENCY * 4,
            undefined,
            FIRST_BETS_MS,
          ),
        );
      }
    }
    const p99s = (rs: LoadResult[]) => rs.map((r) => r.p99_ms.toFixed(0)).join(' / ');
    console.log(
      `  ${store.label}: first bets on ${SPREAD_MARKETS} markets new to the node, ${CONCURRENCY * 4} in flight, p99 by pair: ` +
        `left to their first bets ${p99s(firsts.cold)} ms; read first (warmed) ${p99s(firsts.warmed)} ms; ` +
        `the same markets a phase later ${p99s(firsts.later)} ms`,
    );
    const firstCold = median(firsts.cold.map((r) => r.p99_ms));
    const firstWarmed = median(firsts.warmed.map((r) => r.p99_ms));
    return [
      report({
        label: `${tag}: HTTP → committed bets (${CONCURRENCY} in flight)`,
        value: bets.rate,
        unit: 'bets/s',
      }),
      report({ label: `${tag}: placeMarketBet p50`, value: bets.p50_ms, unit: 'ms' }),
      report({
        label: `${tag}: placeMarketBet p99`,
        value: bets.p99_ms,
        unit: 'ms',
        baseline: { label: `bare Fastify route p99 (${CONCURRENCY} in flight)`, value: bare.p99_ms },
      }),
      report({
        label: `${tag}: HTTP → committed bets vs bare route req/s`,
        value: bets.rate,
        unit: '/s',
        baseline: { label: 'bare Fastify route', value: bare.rate },
      }),
      report({
        label: `${tag}: HTTP → committed bets (${CONCURRENCY * 4} in flight)`,
        value: bets4.rate,
        unit: 'bets/s',
      }),
      report({
        label: `${tag}: placeMarketBet p99 (${CONCURRENCY * 4} in flight)`,
        value: bets4.p99_ms,
        unit: 'ms',
        baseline: { label: `bare Fastify route p99 (${CONCURRENCY * 4} in flight)`, value: bare4.p99_ms },
      }),
      report({
        label: `${tag}: HTTP → committed bets (${CONCURRENCY * 4} in flight) vs bare route req/s`,
        value: bets4.rate,
        unit: '/s',
        baseline: { label: `bare Fastify route (${CONCURRENCY * 4} in flight)`, value: bare4.rate },
      }),
      report({
        label: `${tag}: HTTP → committed bets (${CONCURRENCY * 4} in flight over ${SPREAD_MARKETS} markets; medians of ${SPREAD_ROUNDS} alternating rounds)`,
        value: spread.rate,
        unit: 'bets/s',
        baseline: { label: 'one market', value: bets4.rate },
      }),
      report({
        label: `${tag}: placeMarketBet p99 (${CONCURRENCY * 4} in flight over ${SPREAD_MARKETS} markets)`,
        value: spread.p99_ms,
        unit: `ms (p50 ${spread.p50_ms} ms${spread.failures ? `, ${spread.failures} refused` : ''})`,
      }),
      report({
        label: `${tag}: placeBet in-process (${CONCURRENCY} in flight)`,
        value: direct16.rate,
        unit: 'bets/s',
      }),
      report({
        label: `${tag}: placeBet in-process (${CONCURRENCY * 4} in flight)`,
        value: direct64.rate,
        unit: 'bets/s',
      }),
      report({
        label: `${tag}: placeBet in-process p99 (${CONCURRENCY * 4} in flight)`,
        value: direct64.p99,
        unit: 'ms',
      }),
      report({
        label: `${tag}: placeBet in-process (${CONCURRENCY * 4} in flight over ${SPREAD_MARKETS} markets; medians of ${SPREAD_ROUNDS} alternating rounds, p99 ${directSpread.p99.toFixed(1)} ms)`,
        value: directSpread.rate,
        unit: 'bets/s',
        baseline: { label: 'one market', value: direct64.rate },
      }),
      report({
        label: `${tag}: placeMarketBet p99, first bets on ${SPREAD_MARKETS} markets new to the node, read first as a takeover reads them (median of ${FIRST_BETS_PAIRS})`,
        value: firstWarmed,
        unit: 'ms',
        baseline: { label: 'left to their first bets', value: firstCold },
      }),
      report({
        label: `${tag}: balance endpoint`,
        value: balance.rate,
        unit: 'req/s',
        baseline: { label: 'bare Fastify route', value: bare.rate },
      }),
      report({
        label: `${tag}: balance endpoint`,
        value: balance.rate,
        unit: 'req/s',
        baseline: { label: 'bare route + session lookup', value: authed.rate },
      }),
    ];
  } finally {
    await app.close();
  }
}

const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something answers on the Redis port (the Redis phase is skipped with a line if not). */
async function redisAnswers(): Promise<boolean> {
  const u = new URL(BENCH_REDIS_URL);
  return new Promise((resolve) => {
    const s = connect({ host: u.hostname, port: Number(u.port || 6379) });
    s.setTimeout(1_000, () => (s.destroy(), resolve(false)));
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** Rounds of (bare route, balance endpoint) in a balance variant; each figure is their median. */
const BALANCE_ROUNDS = Number(process.env.BENCH_BALANCE_ROUNDS ?? 3);

/**
 * The balance endpoint in an app of its own built with `options`, against that app's bare route:
 * 16 bettors, each connection asking for one of them in turn; BALANCE_ROUNDS alternating rounds of
 * half a phase each, medians compared, so a load swing of the shared box hits both sides alike.
 */
async function balanceVariant(store: Store, label: string, options: Partial<AppOptions>): Promise<Figure[]> {
  const { app, base } = await serveBench(store, options, (app) => {
    app.get('/bench/bare', async () => ({ status: true, data: { total_balance: 0, liability: 0 } }));
  });
  try {
    const tag = randomBytes(3).toString('hex');
    const { tokens } = await bettors(app, base, `bal${tag}`, USERS, 1_000_000);
    const http = httpLoad(base, tokens, CONCURRENCY, Math.max(1_000, DURATION_MS / 2));
    const bare: number[] = [];
    const balance: number[] = [];
    const p99: number[] = [];
    let failures = 0;
    for (let round = 0; round < BALANCE_ROUNDS; round++) {
      bare.push((await http({ kind: 'get', path: '/bench/bare' })).rate);
      const b = await http({ kind: 'get', path: '/api/user/getUserBalance' });
      balance.push(b.rate);
      p99.push(b.p99_ms);
      failures += b.failures;
    }
    const hits = app.balances.cache.stats;
    console.log(
      `  ${store.label}: balance, ${label}: rounds bare ${bare.map((x) => x.toFixed(0)).join(' / ')} req/s, ` +
        `balance ${balance.map((x) => x.toFixed(0)).join(' / ')} req/s; balance cache ${hits.hits} hits, ${hits.misses} misses`,
    );
    return [
      report({
        label: `${store.label}: balance endpoint, ${label} (median of ${BALANCE_ROUNDS}, p99 ${median(p99)} ms${failures ? `, ${failures} failed` : ''})`,
        value: median(balance),
        unit: 'req/s',
        baseline: { label: 'bare Fastify route', value: median(bare) },
      }),
    ];
  } finally {
    await app.close();
  }
}

export const httpBetsBench: Benchmark = {
  name: 'http-bets',
  description: `HTTP → committed bets/s and latency (${CONCURRENCY} in flight, ${DURATION_MS} ms per phase); balance endpoint vs a bare route`,
  async run() {
    const figures: Figure[] = [];
    const only = process.env.BENCH_STORE; // 'pglite' or 'postgres': run on that store alone
    for (const store of await stores()) {
      if (only && !store.label.toLowerCase().startsWith(only.toLowerCase())) {
        await store.cleanup();
        continue;
      }
      try {
        // BENCH_BALANCE_ONLY=1: only the balance variants below (a quicker run).
        if (process.env.BENCH_BALANCE_ONLY !== '1') figures.push(...(await runOn(store)));
        figures.push(...(await balanceVariant(store, 'from memory, limits in memory', {})));
        figures.push(
          ...(await balanceVariant(store, 'cache off (the store every call)', { balanceCache: false })),
        );
        if (await redisAnswers()) {
          figures.push(
            ...(await balanceVariant(store, 'from memory, limits counted in Redis', {
              rateLimitStore: {
                redisUrl: BENCH_REDIS_URL,
                prefix: `bench:rl:${randomBytes(4).toString('hex')}`,
              },
            })),
          );
        } else {
          console.log(
            `  ${store.label}: balance with the limits in Redis: skipped — no Redis at ${BENCH_REDIS_URL}`,
          );
        }
      } finally {
        await store.cleanup();
      }
    }
    return figures;
  },
};
