// Crash test: a child process places bets through the app (test/fixtures/crash-child.ts) and
// prints each acknowledged one; we SIGKILL it mid-loop, open the same store again and check that
// every acknowledged bet is there exactly once with its bet_id, that nothing is doubled, and that
// the ledger and exchange invariants hold. PGlite on a data directory always; PostgreSQL too when
// TEST_DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { users } from '../src/modules/account/schema.ts';
import { bets } from '../src/modules/exchange/schema.ts';
import { runners } from '../src/modules/markets/schema.ts';
import { transfers } from '../src/modules/wallet/schema.ts';
import type { StoreOptions } from '../src/db/store.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { Api } from './helpers/api.ts';
import { expectExchangeInvariants } from './helpers/exchange.ts';
import { availableStores, openStore, TEST_RATE_LIMITS, TEST_SECRET_HASH_COST } from './helpers/stores.ts';

const CHILD = fileURLToPath(new URL('./fixtures/crash-child.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
/** Kill after this many acknowledged bets (plus up to two bets' time, to land inside a bet). */
const ACKS_BEFORE_KILL = 40;
const CHILD_TIMEOUT_MS = 45_000;

type ChildRun = { marketId: number; acked: Map<string, number>; output: string };

/** Runs the child until it has acknowledged ACKS_BEFORE_KILL bets, then SIGKILLs it. */
async function runChildAndKill(env: Record<string, string>): Promise<ChildRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const acked = new Map<string, number>();
  let marketId = 0;
  let killing = false;
  const ackTimes: number[] = [];
  const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
  try {
    // Every line the child wrote before it died, including those still in the pipe at the kill.
    for await (const l of createInterface({ input: child.stdout })) {
      output += `${l}\n`;
      const ready = /^READY (\d+)$/.exec(l);
      if (ready) marketId = Number(ready[1]);
      const ack = /^ACK (\S+) (\d+)$/.exec(l);
      if (!ack) continue;
      expect(acked.has(ack[1]!), `request_id ${ack[1]} acknowledged twice`).toBe(false);
      acked.set(ack[1]!, Number(ack[2]));
      ackTimes.push(performance.now());
      if (acked.size >= ACKS_BEFORE_KILL && !killing) {
        killing = true;
        // Somewhere within the next bet or two: before, inside or after its commit.
        const perBet = (ackTimes.at(-1)! - ackTimes[0]!) / (ackTimes.length - 1);
        setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 2 * perBet));
      }
    }
    const exit = await exited;
    expect(exit.signal, `the child ended by itself (${exit.code}):\n${output.slice(-2000)}`).toBe('SIGKILL');
    expect(acked.size, `acknowledged bets before the kill:\n${output.slice(-2000)}`).toBeGreaterThanOrEqual(
      ACKS_BEFORE_KILL,
    );
  } finally {
    clearTimeout(timer);
    child.kill('SIGKILL');
  }
  return { marketId, acked, output };
}

/** What must hold on the store the child left: every ack stored once, nothing doubled, invariants. */
async function expectRecovered(app: FastifyInstance, run: ChildRun) {
  const ids = [...run.acked.keys()];
  const stored = await app.db
    .select({ betId: bets.betId, requestId: bets.requestId, userId: bets.userId })
    .from(bets)
    .where(inArray(bets.requestId, ids));
  const byRequest = new Map<string, number[]>();
  for (const b of stored) byRequest.set(b.requestId, [...(byRequest.get(b.requestId) ?? []), b.betId]);
  const lost = ids.filter((id) => !byRequest.has(id));
  expect(lost, `acknowledged bets missing after the crash (${lost.length} of ${ids.length})`).toEqual([]);
  for (const [requestId, betId] of run.acked) {
    expect(byRequest.get(requestId), `bets stored for request_id ${requestId}`).toEqual([betId]);
  }
  const doubled = await app.db.execute(sql`
    select user_id, request_id, count(*)::int as n from ${bets}
     group by user_id, request_id having count(*) > 1`);
  expect((doubled as unknown as { rows: unknown[] }).rows).toEqual([]);
  // The child's bets: what it acknowledged, and at most the one in flight at the kill.
  const all = await app.db
    .select({ requestId: bets.requestId })
    .from(bets)
    .where(like(bets.requestId, 'crash-%'));
  console.log(`crash: ${run.acked.size} bets acknowledged before the kill, ${all.length} stored`);
  expect(all.length).toBeGreaterThanOrEqual(run.acked.size);
  expect(all.length).toBeLessThanOrEqual(run.acked.size + 1);

  const check = await checkLedger(app);
  expect({ ok: check.ok, problems: check.problems }).toEqual({ ok: true, problems: [] });
  // Killed between reserving its bet in flight and that bet's batch, the child leaves at most that
  // one reservation; the leader's sweep releases it once RESERVATION_TIMEOUT_MS has passed.
  expect((await app.wallet.reservations.all(app.db)).length).toBeLessThanOrEqual(1);
  await app.wallet.sweepReservations({ olderThanMs: 0 });
  expect(await app.wallet.reservations.all(app.db)).toEqual([]);
  await expectExchangeInvariants(app);

  // Seeding again found the store seeded: each account the house funds (demo, demo2 and the demo
  // tree's master, docs/hierarchy.md) has its one seed deposit.
  const seedDeposits = await app.db
    .select({ key: transfers.idempotencyKey })
    .from(transfers)
    .where(like(transfers.idempotencyKey, 'seed:deposit:%'));
  expect(seedDeposits).toHaveLength(3);

  // The store works, and the last acknowledged bet of demo answers as a repeat with its bet_id.
  const [demo] = await app.db.select().from(users).where(eq(users.userName, 'demo'));
  const demoBets = stored.filter((b) => b.userId === demo!.userId).sort((a, b) => b.betId - a.betId);
  const last = demoBets[0]!;
  const [runner] = await app.db
    .select()
    .from(runners)
    .where(eq(runners.marketId, run.marketId))
    .orderBy(asc(runners.sortOrder))
    .limit(1);
  const [bet] = await app.db.select().from(bets).where(eq(bets.betId, last.betId));
  const api = new Api(app);
  await api.login('demo', 'demo1234');
  const again = await api.call('placeMarketBet', {
    match_id: bet!.matchId,
    market_id: run.marketId,
    selection_id: runner!.selectionId,
    is_back: bet!.side === 'BACK' ? '1' : '0',
    odds: 2,
    stack: 100,
    request_id: last.requestId,
  });
  expect(again.body).toMatchObject({
    status: true,
    message: 'Bet already placed',
    data: { bet_id: last.betId },
  });
}

async function reopen(store: StoreOptions) {
  const app = await buildApp({
    store,
    seedDemo: true,
    rateLimits: TEST_RATE_LIMITS,
    secretHashCost: TEST_SECRET_HASH_COST,
  });
  await app.ready();
  return app;
}

describe.each(availableStores())('crash: SIGKILL while placing bets [%s]', (storeName) => {
  it('every acknowledged bet survives exactly once and the invariants hold', async () => {
    let store: StoreOptions;
    let cleanup: () => Promise<void>;
    let env: Record<string, string>;
    if (storeName === 'pglite') {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'backlay-crash-'));
      store = { kind: 'pglite', dataDir };
      env = { CRASH_DATA_DIR: dataDir };
      cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
    } else {
      const opened = await openStore('postgres');
      store = opened.options;
      env = { CRASH_DATABASE_URL: (opened.options as { url: string }).url };
      cleanup = opened.cleanup;
    }
    let app: FastifyInstance | null = null;
    try {
      const run = await runChildAndKill(env);
      app = await reopen(store);
      await expectRecovered(app, run);
    } finally {
      await app?.close();
      await cleanup();
    }
  }, 90_000);
});
