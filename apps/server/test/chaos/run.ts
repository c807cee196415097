// One chaos run (issue 44): three compiled server processes behind a spawned HAProxy on one fresh
// PostgreSQL database, each node reaching PostgreSQL, NATS and Redis through fault proxies of its
// own; bettors over HTTP through HAProxy (bettor.ts) while a seeded nemesis breaks things
// (nemesis.ts); then every fault healed, every node stopped, and the history checked against the
// store (checker.ts). The same seed makes the same choices (the timing of a real cluster does not
// repeat exactly, so a replay is the same run, not the same interleaving).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mulberry32 } from '@backlay/feed';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import {
  freePort,
  settle,
  startHaproxy,
  startNode,
  waitHealthy,
  type ClusterNode,
} from '../helpers/cluster.ts';
import { asc, eq } from 'drizzle-orm';
import { users } from '../../src/modules/account/schema.ts';
import { bookmakerQuotes } from '../../src/modules/bookmaker/schema.ts';
import { matches, series } from '../../src/modules/catalog/schema.ts';
import { tablesOf } from '../../src/modules/casino/views.ts';
import { fancies } from '../../src/modules/fancy/schema.ts';
import { markets as marketRows, runners } from '../../src/modules/markets/schema.ts';
import { setUpCricketMatch } from '../../src/seed/cricket-match.ts';
import { createMarket } from '../helpers/exchange.ts';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.ts';
import { crossCheck, LiveClient, PushCheck } from '../helpers/live-client.ts';
import { openStore, TEST_RATE_LIMITS, TEST_SECRET_HASH_COST } from '../helpers/stores.ts';
import type { BettorContext, HouseMarkets } from './bettor.ts';
import type { BettorNews, BettorPart, ConvergeAsk, StartAsk } from './bettor-process.ts';
import { buildBroken, type PlantName } from './broken-build.ts';
import { checkHistory, type CheckReport } from './checker.ts';
import type { Fault, FaultKind, Operation } from './history.ts';
import { runNemesis, type NodeLinks } from './nemesis.ts';
import { settledAsComputed } from './settlement.ts';
import { checkLedger } from '../../src/modules/admin/ledger-check.ts';

export const CHAOS_NODES = 3;
/** Each bettor starts with this much (₹1,00,000). */
const BETTOR_FUNDS_PAISE = 10_000_000;
/** A bettor process's entry (bettor-process.ts), run through tsx as the harness is. */
const BETTOR_PROCESS = fileURLToPath(new URL('./bettor-process.ts', import.meta.url));
/** A bettor process still running this long after the run's end is killed (its history is lost: a violation). */
const BETTOR_GRACE_MS = 60_000;

/** Once healed, every client must show the book a new connection is shown within this. */
const CONVERGE_MS = 5_000;

/** A bettor's process as run.ts drives it (see bettor-process.ts). */
interface BettorHandle {
  /** Its history, once its time is up. */
  readonly history: Promise<Operation[]>;
  /** Waits (up to `within_ms`) for its socket to reach `seq`; what its pushes showed. Then it exits. */
  follow(seq: number, within_ms: number): Promise<Extract<BettorNews, { type: 'followed' }>>;
  /** Settles once the process has opened its socket and waits for `start`. */
  readonly ready: Promise<unknown>;
  /** Let it act until `end_ms` (its history then comes back). */
  start(end_ms: number): void;
}

/**
 * Runs one bettor in a process of its own, from `start` until its `end_ms`. The part is handed
 * over in a file and the history comes back in one, as JSON; the rest goes over the process's IPC
 * channel.
 */
function bettorProcess(dir: string, part: BettorPart): BettorHandle {
  const partFile = path.join(dir, `bettor-${part.index}.json`);
  const historyFile = path.join(dir, `history-${part.index}.json`);
  writeFileSync(partFile, JSON.stringify(part));
  const child = spawn(process.execPath, ['--import', 'tsx', BETTOR_PROCESS, partFile, historyFile], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors = (errors + d.toString()).slice(-4000)));
  // Until it starts, a bettor has BETTOR_GRACE_MS to get ready; then that much past its end.
  let timer = setTimeout(() => child.kill('SIGKILL'), BETTOR_GRACE_MS);
  const exited = new Promise<never>((_, reject) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bettor ${part.index} exited ${code}:\n${errors}`));
    }),
  );
  exited.catch(() => {});
  const news = <K extends BettorNews['type']>(type: K) =>
    Promise.race([
      new Promise<Extract<BettorNews, { type: K }>>((resolve) => {
        const on = (m: BettorNews) => {
          if (m.type !== type) return;
          child.off('message', on);
          resolve(m as Extract<BettorNews, { type: K }>);
        };
        child.on('message', on);
      }),
      exited,
    ]);
  const history = news('history').then(() => JSON.parse(readFileSync(historyFile, 'utf8')) as Operation[]);
  history.catch(() => {}); // read by the caller after `start`; an early exit rejects `ready` too
  return {
    ready: news('ready'),
    start(end_ms) {
      clearTimeout(timer);
      timer = setTimeout(() => child.kill('SIGKILL'), end_ms - Date.now() + BETTOR_GRACE_MS + CONVERGE_MS);
      child.send({ type: 'start', end_ms } satisfies StartAsk);
    },
    history,
    follow(seq, within_ms) {
      const answer = news('followed');
      child.send({ type: 'converge', seq, within_ms } satisfies ConvergeAsk);
      return answer;
    },
  };
}

/** A stopped node has this long to finish before it is killed. */
const STOP_TIMEOUT_MS = 10_000;

export interface ChaosOptions {
  readonly seconds: number;
  readonly seed: number;
  readonly bettors?: number;
  readonly faults?: readonly FaultKind[];
  readonly databaseUrl: string;
  readonly busUrl: string;
  readonly redisUrl: string;
  /** A broken client (the checker's own tests). */
  readonly plant?: BettorContext['plant'];
  /** A broken server: the nodes run a build with these bugs planted (broken-build.ts). */
  readonly serverPlants?: readonly PlantName[];
  readonly withdrawals?: BettorContext['withdrawals'];
  readonly log?: (line: string) => void;
}

export interface ChaosReport extends CheckReport {
  readonly seed: number;
  readonly seconds: number;
  readonly faults: Record<string, number>;
  readonly fault_log: readonly Fault[];
}

/** A seeded generator (the feed's mulberry32), one stream per part of the run. */
export const seeded = (seed: number) => mulberry32(seed);

const hostPort = (url: string, port: number) => {
  const u = new URL(url.split(',')[0]!);
  return { host: u.hostname, port: Number(u.port || port) };
};

/** The card table the bettors bet on. */
const CASINO_GAME = 'dragon_tiger_20';

/** A place market on the match (4 runners, 2 placed): bets are held over its outcome space. */
async function placeMarket(app: FastifyInstance, matchId: number) {
  const [m] = await app.db
    .insert(marketRows)
    .values({
      matchId,
      marketName: 'To Be Placed (2 places)',
      marketType: 'PLACE',
      status: 'OPEN',
      startTime: new Date(Date.now() + 3_600_000),
      minStakePaise: 100,
      commissionBps: 200,
      winners: 2,
    })
    .returning();
  const rs = await app.db
    .insert(runners)
    .values(
      ['Swift', 'Steady', 'Stayer', 'Sprinter'].map((name, sortOrder) => ({
        marketId: m!.marketId,
        name,
        sortOrder,
      })),
    )
    .returning();
  return { matchId, marketId: m!.marketId, selectionIds: rs.map((r) => r.selectionId), winners: 2 };
}

/** Cricket, in the seed's sports. */
const SPORT_CRICKET = 4;

/**
 * A cricket match not started, with its bookmaker table and fancies quoted as the seed quotes them
 * (no feed runs in a chaos run, so the quotes stay): the house markets the bettors bet on.
 */
async function houseMarkets(app: FastifyInstance): Promise<HouseMarkets> {
  const [s] = await app.db
    .select()
    .from(series)
    .where(eq(series.sportId, SPORT_CRICKET))
    .orderBy(asc(series.seriesId))
    .limit(1);
  const start = new Date(Date.now() + 86_400_000);
  const { matchId, bookmakerMarketId } = await app.db.transaction(async (tx) => {
    const [m] = await tx
      .insert(matches)
      .values({
        seriesId: s!.seriesId,
        sportId: SPORT_CRICKET,
        matchName: 'Chaos v Order',
        startTime: start,
        openDate: start,
      })
      .returning();
    const cricket = await setUpCricketMatch(tx, {
      matchId: m!.matchId,
      format: 'T20',
      competition: 'IPL',
      teams: ['Chaos', 'Order'],
      startTime: start,
      inPlay: false,
      at: new Date(),
    });
    return { matchId: m!.matchId, bookmakerMarketId: cricket.bookmakerMarketId };
  });
  const quotes = await app.db
    .select()
    .from(bookmakerQuotes)
    .where(eq(bookmakerQuotes.marketId, bookmakerMarketId));
  const runs = (await app.db.select().from(fancies).where(eq(fancies.matchId, matchId))).find(
    (f) => f.variant === 'RUNS',
  );
  if (!runs || runs.yesLine == null || runs.noLine == null || runs.yesRate == null || runs.noRate == null)
    throw new Error('the cricket set-up made no quoted RUNS fancy');
  return {
    matchId,
    bookmaker: {
      marketId: bookmakerMarketId,
      quotes: quotes.map((q) => ({ selection_id: q.selectionId, back: q.backRate!, lay: q.layRate! })),
    },
    fancy: {
      fancyId: runs.marketId,
      yes: { line: runs.yesLine, rate: runs.yesRate },
      no: { line: runs.noLine, rate: runs.noRate },
    },
  };
}

/**
 * A bettor who may deposit and withdraw (a sign-up member under the operator, spec §6), funded,
 * with a saved bank account.
 */
export async function chaosBettor(app: FastifyInstance, userName: string) {
  const [operator] = await app.db.select().from(users).where(eq(users.userName, 'operator'));
  const password = 'secret1234';
  const userId = await app.account.createUser({
    userName,
    password,
    parentId: operator!.userId,
    isSignupUser: true,
    isChangePassword: false,
  });
  await app.wallet.deposit(userId, BETTOR_FUNDS_PAISE, `chaos:${userName}`);
  const bank = await app.payments.addBankAccount(userId, {
    account_name: 'Chaos Bettor',
    account_number: '123456789012',
    ifsc: 'HDFC0001234',
    bank_name: 'HDFC Bank',
  });
  if (!bank.ok) throw new Error(`bank account: ${bank.message}`);
  return { userId, userName, password, bankAccountId: bank.value.bank_account_id };
}

export async function runChaos(opts: ChaosOptions): Promise<ChaosReport> {
  const log = opts.log ?? (() => {});
  const nodes: ClusterNode[] = [];
  const proxies: FaultProxy[] = [];
  let haproxy: Awaited<ReturnType<typeof startHaproxy>> | null = null;
  let setupApp: FastifyInstance | null = null;
  const previousTestDb = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = opts.databaseUrl;
  const store = await openStore('postgres');
  if (previousTestDb === undefined) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = previousTestDb;
  const dir = mkdtempSync(path.join(tmpdir(), 'backlay-chaos-'));
  try {
    const entry = opts.serverPlants?.length ? await buildBroken(opts.serverPlants) : undefined;
    const url = (store.options as { url: string }).url;
    const tag = `chaos_${randomBytes(4).toString('hex')}`;
    const gatewaySecret = randomBytes(24).toString('hex');
    const ports = await Promise.all(Array.from({ length: CHAOS_NODES + 1 }, freePort));
    const links = new Map<string, NodeLinks>();
    for (let i = 0; i < CHAOS_NODES; i++) {
      const l: NodeLinks = {
        store: await startFaultProxy(hostPort(url, 5432)),
        bus: await startFaultProxy(hostPort(opts.busUrl, 4222)),
        cache: await startFaultProxy(hostPort(opts.redisUrl, 6379)),
      };
      proxies.push(l.store, l.bus, l.cache);
      const name = `c${i + 1}`;
      links.set(name, l);
      const env = {
        DATABASE_URL: l.store.url(url),
        BUS_URL: l.bus.url(opts.busUrl),
        BUS_PREFIX: tag,
        REDIS_URL: l.cache.url(opts.redisUrl),
        REDIS_PREFIX: tag,
        FEED: 'off',
        // The card tables deal (on the leader, which the nemesis kills too), four times the clock.
        CASINO_TABLES: 'on',
        CASINO_CLOCK_SPEED: '4',
        BINARY_FEED: 'off',
        FANTASY_CONTESTS: 'off',
        PROVIDER_DEMO_URL: 'off',
        SEED_DEMO: '1',
        PAYMENT_GATEWAY_SECRET: gatewaySecret,
        TRUST_PROXY: '2',
        LOG_LEVEL: 'error',
      };
      nodes.push(startNode(name, ports[i]!, env, undefined, entry));
      // The first node migrates and seeds; the others find it done.
      if (i === 0) await waitHealthy(nodes[0]!);
    }
    await Promise.all(nodes.map((n) => waitHealthy(n)));
    const lb = await startHaproxy(dir, ports[CHAOS_NODES]!, nodes);
    haproxy = lb;

    // The market and the bettors, made in the store directly (the accounts calls are not the
    // subject). This process's app never stands for the lease.
    setupApp = await buildApp({
      store: { kind: 'postgres', url, poolMax: 2 },
      rateLimits: TEST_RATE_LIMITS,
      secretHashCost: TEST_SECRET_HASH_COST,
    });
    await setupApp.ready();
    await setupApp.leader.close();
    const market = await createMarket(setupApp, { runners: 2 });
    const place = await placeMarket(setupApp, market.matchId);
    const house = await houseMarkets(setupApp);
    const table = (await tablesOf(setupApp.db)).find((t) => t.gameId === CASINO_GAME);
    if (table === undefined) throw new Error(`no casino table of ${CASINO_GAME}`);
    const [method] = await setupApp.payments.methods();
    if (method === undefined) throw new Error('the seed has no deposit method');
    const accounts = await Promise.all(
      Array.from({ length: opts.bettors ?? 6 }, (_, i) => chaosBettor(setupApp!, `${tag}_${i}`)),
    );
    log(
      `chaos: seed ${opts.seed}, ${opts.seconds} s, ${CHAOS_NODES} nodes behind HAProxy at ${lb.host}, ${accounts.length} bettors`,
    );

    const history: Operation[] = [];
    const faults: Fault[] = [];
    const bettors = accounts.map((account, index) =>
      bettorProcess(dir, {
        host: lb.host,
        index,
        account,
        payments: {
          method_id: method.method_id,
          bank_account_id: account.bankAccountId,
          gateway_secret: gatewaySecret,
        },
        markets: [market, place],
        house,
        casinoMatchId: table.matchId,
        seed: opts.seed * 1_000 + index + 1,
        ...(opts.plant ? { plant: opts.plant } : {}),
        ...(opts.withdrawals ? { withdrawals: opts.withdrawals } : {}),
        // Each bettor follows the match-odds market's prices too, round robin over the nodes.
        follow: { url: `ws://${lb.host}/ws`, market_id: market.marketId, ip: `10.30.0.${index + 1}` },
      }),
    );
    // The window starts when every bettor is ready: their processes' start-up (seconds on a
    // loaded box) once took most of a 12-second run, which then made one placement.
    await Promise.all(bettors.map((b) => b.ready));
    const end = Date.now() + opts.seconds * 1000;
    const running = () => Date.now() < end;
    const work = [
      runNemesis({
        nodes,
        links,
        rand: seeded(opts.seed),
        running,
        faults,
        ...(opts.faults ? { kinds: opts.faults } : {}),
      }),
    ];
    for (const b of bettors) b.start(end);
    await Promise.all(work);
    for (const h of await Promise.all(bettors.map((b) => b.history))) history.push(...h);
    log(`chaos: ${history.length} operations, ${faults.length} faults; healing and stopping the nodes`);

    // Healed: every link passes, every node runs.
    for (const p of proxies) p.heal();
    for (const n of nodes) if (!n.exited) n.child.kill('SIGCONT');
    const pushes = await convergence(lb.host, market.marketId, bettors);
    // Then every node stops, so the store is still.
    for (const n of nodes) n.child.kill('SIGTERM');
    for (const n of nodes) {
      for (let i = 0; !n.exited && i * 100 < STOP_TIMEOUT_MS; i++) await settle(100);
      if (!n.exited) n.child.kill('SIGKILL');
    }
    // Reservations left by a node killed between reserving and its market's batch are released
    // by the leader's sweep after their timeout; with every node stopped, the sweep runs here.
    await setupApp.wallet.sweepReservations({ olderThanMs: 0 });
    const userIds = accounts.map((a) => a.userId);
    const checked = await checkHistory(setupApp, history, userIds, pushes);
    // Last, the market settles (a winner drawn from the seed): every bettor paid as the engine
    // computes from the fills, and the ledger still clean.
    const rand = seeded(opts.seed + 1);
    const pick = (ids: readonly number[], n: number) => [...ids].sort(() => rand() - 0.5).slice(0, n);
    const settled = [
      ...(await settledAsComputed(setupApp, market.marketId, pick(market.selectionIds, 1), userIds)),
      ...(await settledAsComputed(
        setupApp,
        place.marketId,
        pick(place.selectionIds, place.winners),
        userIds,
        'PLACE',
      )),
      ...(await checkLedger(setupApp)).problems.map((p) => `ledger after settlement: ${p}`),
    ];
    const report: CheckReport = {
      ...checked,
      violations: [...checked.violations, ...settled.map((p) => `settlement: ${p}`)],
      checks_passed:
        settled.length === 0
          ? [
              ...checked.checks_passed,
              'both markets settled as the engine computes from their fills, to the paisa; the ledger clean after',
            ]
          : checked.checks_passed,
    };
    const byKind: Record<string, number> = {};
    for (const f of faults) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
    return { ...report, seed: opts.seed, seconds: opts.seconds, faults: byKind, fault_log: faults };
  } finally {
    for (const n of nodes) if (!n.exited) n.child.kill('SIGKILL');
    haproxy?.child.kill('SIGKILL');
    for (const p of proxies) await p.close();
    await setupApp?.close();
    await store.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The clients' pushes once healed: a new connection's image is the book now; every bettor's socket
 * must reach it (its seq, the same state) within CONVERGE_MS, and the same seq must have been the
 * same state in every bettor's process. Answers the problems (none when it held).
 */
async function convergence(
  host: string,
  marketId: number,
  bettors: readonly BettorHandle[],
): Promise<string[]> {
  const check = new PushCheck('probe connection');
  const probe = new LiveClient(`ws://${host}/ws`, marketId, '10.30.1.1', check);
  await probe.open();
  const image = probe.connections[0]?.[0];
  probe.close();
  if (image === undefined) return ['a new connection got no image once healed'];
  const followed = await Promise.all(bettors.map((b) => b.follow(image.seq, CONVERGE_MS)));
  const problems: string[] = [];
  followed.forEach((f, i) => {
    if (f.last_seq < image.seq)
      problems.push(
        `client ${i} was at seq ${f.last_seq} ${CONVERGE_MS} ms after healing; the book is at ${image.seq}`,
      );
    problems.push(...f.problems);
  });
  problems.push(
    ...check.problems,
    ...crossCheck([
      { name: 'probe', digests: check.digests() },
      ...followed.map((f, i) => ({ name: `client ${i}`, digests: f.digests })),
    ]),
  );
  return problems;
}

/** The report as lines for a terminal. */
export function reportLines(r: ChaosReport): string[] {
  const lines = [
    `chaos: seed ${r.seed}, ${r.seconds} s`,
    `operations: ${Object.entries(r.operations)
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
    `ambiguous placements resolved: ${r.ambiguous_resolved.committed} committed, ${r.ambiguous_resolved.absent} never happened`,
    `faults: ${
      Object.entries(r.faults)
        .sort()
        .map(([k, n]) => `${k} ${n}`)
        .join(', ') || 'none'
    }`,
    ...r.checks_passed.map((c) => `passed: ${c}`),
  ];
  if (r.violations.length === 0) lines.push('violations: 0');
  else
    lines.push(
      `violations: ${r.violations.length + r.more}`,
      ...r.violations.map((v) => `  ${v}`),
      ...(r.more > 0 ? [`  … and ${r.more} more`] : []),
      `replay: npm run chaos -- ${(r.seconds / 60).toFixed(2)} --seed ${r.seed}`,
    );
  return lines;
}
