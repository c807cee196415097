// A simulated day of the in-house casino tables (issue 22): every table of the registry runs on
// the scheduler (the leader's, as in production) on a fast clock, while bots bet at random through
// the same placement the HTTP call uses: mostly valid bets, some refused on purpose (an unknown
// option, a stake under the minimum or over the per-option limit, a round already closed).
//
// The clock: BENCH_CASINO_SPEED (default 10,000×) runs the close, the deal and the result display
// in well under a millisecond each; the betting window alone is floored at BENCH_CASINO_MIN_WINDOW_MS
// of wall time (default 200 ms; timing.ts `minWindowMs`), so the bots get their bets in while the
// store's clock still closes it. Simulated time counts each finished round at its real-time
// schedule (window, close, its steps, result): a day is ~2,700 rounds per table. The run stops at
// a simulated day or after BENCH_CASINO_WALL_MS (default 30 min), whichever comes first.
//
// Asserted (the run fails otherwise): no stuck round (none unfinished after the drain, none
// longer than its schedule plus a minute of wall time), no lost bet (every bet SETTLED or VOIDED,
// every placed bet stored), and the ledger clean after every round: each finished round is
// checked (casino-round-check.ts: what the round touched, its bettors' and the house's accounts,
// in one snapshot per batch of rounds finished meanwhile), the operator's full check
// (admin/ledger-check.ts) runs every BENCH_CASINO_FULL_CHECK_MS (default 2 min) and at the end.
import { ROUND_GAMES } from '@backlay/engine';
import type { CasinoRoundHead } from '@backlay/contract';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { storeFailureOf } from '../apps/server/src/db/store.ts';
import { checkLedger } from '../apps/server/src/modules/admin/ledger-check.ts';
import { roundTiming } from '../apps/server/src/modules/casino/timing.ts';
import { checkRounds, ROUND_CHECK_BATCH_MAX } from './casino-round-check.ts';
import { onEachStore, type Store } from './http-bets.bench.ts';
import { mulberry32, randInt, report, type Benchmark, type Figure } from './lib.ts';
import { SYSTEM_STAKER } from '../apps/server/src/modules/wallet/stake-gate.ts';

const env = process.env;
const SPEED = Number(env.BENCH_CASINO_SPEED ?? 10_000);
const MIN_WINDOW_MS = Number(env.BENCH_CASINO_MIN_WINDOW_MS ?? 200);
const WALL_MS = Number(env.BENCH_CASINO_WALL_MS ?? 1_800_000);
const BOTS = Number(env.BENCH_CASINO_BOTS ?? 10);
/** A bot's pause between two bets, ms (at most; at least a fifth of it). */
const BOT_PAUSE_MS = Number(env.BENCH_CASINO_BOT_PAUSE_MS ?? 50);
const FULL_CHECK_EVERY_MS = Number(env.BENCH_CASINO_FULL_CHECK_MS ?? 120_000);
const PROGRESS_EVERY_MS = 60_000;
/** A bettor does not pick a table whose clock shows less than this left. */
const CLOCK_MARGIN_MS = 20;
const DAY_MS = 24 * 3_600_000;
/** A round longer than its schedule by this much of wall time counts as stuck. */
const STUCK_MS = 60_000;
/** Each bot's money: enough for a day of losing the house margin. */
const BOT_DEPOSIT_PAISE = 1_000_000_000;

type Refusal = 'option' | 'min' | 'limit' | 'closed' | 'other';

export const casinoDayBench: Benchmark = {
  name: 'casino-day',
  description: `a simulated day of every casino table at ${SPEED}× (window ≥ ${MIN_WINDOW_MS} ms) with ${BOTS} bots (each store, bounded ${WALL_MS / 1000} s)`,
  run: () => onEachStore(runOn),
};

/** The checks' own statement bound: a full check reads the whole day's transfers. */
const CHECK_STATEMENT_MS = 300_000;
/** A check the store could not answer is tried again this many times before it counts as a problem. */
const CHECK_TRIES = 5;

/**
 * The bench's instruments (the ledger checks, the simulated-time reading) on a pool of their own
 * without the app's 1.5 s statement bound: under a loaded box a full check of a day's ledger takes
 * longer, and the app's bound is for bettors' calls, not for the operator's audit. PGlite has one
 * connection: the app's.
 */
function instrumentsOf(app: FastifyInstance, store: Store) {
  if (store.options.kind !== 'postgres') return { app, close: async () => {} };
  const pool = new pg.Pool({
    connectionString: store.options.url,
    max: 2,
    statement_timeout: CHECK_STATEMENT_MS,
  });
  const db = drizzle(pool) as unknown as FastifyInstance['db'];
  return { app: Object.create(app, { db: { value: db } }) as FastifyInstance, close: () => pool.end() };
}

/** `fn` again while the store does not answer (a lost connection, a timeout), at most CHECK_TRIES times. */
async function retried<T>(fn: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (!storeFailureOf(err) || i >= CHECK_TRIES) throw err;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function runOn(store: Store): Promise<Figure[]> {
  console.log(`  ${store.label}:`);
  const app = await buildApp({
    store: store.options,
    seedDemo: false,
    casino: { run: true, speed: SPEED, minWindowMs: MIN_WINDOW_MS },
  });
  const problems: string[] = [];
  const instruments = instrumentsOf(app, store);
  const checked = instruments.app;
  const rows = (q: ReturnType<typeof sql>) =>
    retried(() => checked.db.execute(q)).then(
      (r) => (r as unknown as { rows: Record<string, string>[] }).rows,
    );

  // Settle latency (the finish transaction: result, bets settled, money moved; call to commit),
  // and every finished round queued for its ledger check. The scheduler calls these functions of
  // the same object, so wrapping them sees every round end.
  const settleMs: number[] = [];
  const finishedQueue: number[] = [];
  const rounds = app.casino.rounds;
  const finish = rounds.finish;
  const voidRound = rounds.voidRound;
  rounds.finish = async (roundId, fence) => {
    const t = performance.now();
    const change = await finish(roundId, fence);
    settleMs.push(performance.now() - t);
    if (change) finishedQueue.push(roundId);
    return change;
  };
  rounds.voidRound = async (roundId, fence, reason) => {
    const change = await voidRound(roundId, fence, reason);
    if (change) finishedQueue.push(roundId);
    return change;
  };

  // What a bettor's browser knows: each table's head, read when a new round opens (the socket's
  // message); any later message of that round means its window is over.
  const heads = new Map<number, CasinoRoundHead>();
  app.bus.subscribe('casino', (m) => {
    const known = heads.get(m.match_id);
    if (known && known.round_id === m.round_id) {
      if (known.state === 'BETTING') heads.set(m.match_id, { ...known, state: 'CLOSED' });
      return;
    }
    if (known && known.round_id > m.round_id) return;
    // A read the store did not answer is missed, as a socket's message would be; the next comes.
    void app.casino
      .head(m.match_id)
      .then((h) => {
        const now = heads.get(m.match_id);
        if (h && (!now || now.round_id < h.round_id)) heads.set(m.match_id, h);
      })
      .catch((err: unknown) => {
        if (!storeFailureOf(err)) throw err;
      });
  });
  await app.ready();

  const users: number[] = [];
  for (let i = 0; i < BOTS; i++) {
    const id = await app.account.createUser({ userName: `casinobot${i}`, password: 'secret1234' });
    await app.wallet.deposit(id, BOT_DEPOSIT_PAISE, `bench:casino:${i}`);
    users.push(id);
  }
  const tables = ROUND_GAMES.length;
  const rand = mulberry32(22);
  const real = roundTiming(1);
  let placed = 0;
  /** Bets the store did not answer in time (a 503 over HTTP). */
  let busy = 0;
  const refused: Record<Refusal, number> = { option: 0, min: 0, limit: 0, closed: 0, other: 0 };
  /** Rounds some bot has bet on (the bots spread over the tables). */
  const betOn = new Set<number>();
  let running = true;
  const t0 = performance.now();

  async function bot(userId: number, k: number) {
    let n = 0;
    while (running) {
      // A table in its window with time left on its clock (as a bettor at the lobby), one no bot
      // has bet on yet first, so every round gets bets; now and then (2 %) any table, so some bets
      // reach a round already closed.
      const now = Date.now();
      const all = [...heads.values()];
      const open = all.filter(
        (h) => h.state === 'BETTING' && Date.parse(h.closes_at) - now > CLOCK_MARGIN_MS,
      );
      const bare = open.filter((h) => !betOn.has(h.round_id));
      const choice = rand() < 0.02 ? all : bare.length > 0 ? bare : open;
      const head = choice.length > 0 ? choice[randInt(rand, 0, choice.length - 1)]! : null;
      if (!head) {
        await new Promise((r) => setTimeout(r, 5));
        continue;
      }
      const roll = rand();
      const option = head.options[randInt(rand, 0, head.options.length - 1)]!;
      // ~3 % under the minimum, ~3 % over the per-option limit, ~3 % an unknown option.
      const stake_paise = roll < 0.03 ? 500 : roll < 0.06 ? 3_000_000 : randInt(rand, 10, 500) * 100;
      let out: Awaited<ReturnType<typeof app.casino.place>>;
      try {
        out = await app.casino.place(
          userId,
          {
            match_id: head.match_id,
            round_id: head.round_id,
            option_id: roll > 0.97 ? 'no_such_option' : option.option_id,
            stake_paise,
            request_id: `bot-${k}-${++n}`,
          },
          SYSTEM_STAKER,
        );
      } catch (err) {
        // The store did not answer in time: the HTTP call answers 503; a bot counts it and goes on.
        if (!storeFailureOf(err)) throw err;
        busy += 1;
        continue;
      }
      if (out.ok) {
        placed += 1;
        betOn.add(head.round_id);
      } else if (out.message.startsWith('option_id')) refused.option += 1;
      else if (out.message.includes('smallest')) refused.min += 1;
      else if (out.message.includes('at most')) refused.limit += 1;
      else if (out.message.startsWith('Betting is closed')) refused.closed += 1;
      else refused.other += 1; // a wallet busy with a settlement
      await new Promise((r) => setTimeout(r, randInt(rand, Math.ceil(BOT_PAUSE_MS / 5), BOT_PAUSE_MS)));
    }
  }

  // The ledger checks: every finished round (in batches), the full check now and then.
  let roundChecks = 0;
  let fullChecks = 0;
  let lastFull = performance.now();
  const fullCheck = async () => {
    const c = await retried(() => checkLedger(checked));
    fullChecks += 1;
    lastFull = performance.now();
    if (!c.ok) problems.push(...c.problems.slice(0, 5).map((p) => `full check: ${p}`));
  };
  let checking = true;
  const checker = (async () => {
    while (checking || finishedQueue.length > 0) {
      if (finishedQueue.length === 0) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const batch = finishedQueue.splice(0, ROUND_CHECK_BATCH_MAX);
      const found = await retried(() => checkRounds(checked, batch));
      roundChecks += batch.length;
      if (found.length > 0) problems.push(...found.map((p) => `rounds ${batch[0]}…: ${p}`));
      if (performance.now() - lastFull >= FULL_CHECK_EVERY_MS) await fullCheck();
    }
  })();

  const dbNow = async () => (await rows(sql`select now()::text as at`))[0]!.at!;
  const botsFrom = await dbNow();
  const bots = users.map((u, k) => bot(u, k));
  const simulatedMs = async () => {
    const [r] = await rows(sql`select coalesce(sum(${real.window_ms + real.close_ms + real.result_ms}
        + least(jsonb_array_length(steps) * ${real.step_ms}, ${real.deal_max_ms})), 0)::text as ms
      from casino_rounds where state in ('RESULT', 'VOID')`);
    return Number(r!.ms) / tables;
  };
  let lastProgress = performance.now();
  for (;;) {
    const sim = await simulatedMs();
    const wall = performance.now() - t0;
    if (sim >= DAY_MS || wall >= WALL_MS) break;
    if (performance.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = performance.now();
      console.log(
        `  … ${(wall / 1000).toFixed(0)} s: ${(sim / 3_600_000).toFixed(2)} simulated h, bets ${placed}, rounds checked ${roundChecks}, full checks ${fullChecks}, problems ${problems.length}`,
      );
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const botsTo = await dbNow();
  running = false;
  await Promise.all(bots);
  await app.casino.scheduler.drain();
  checking = false;
  await checker;
  const wallMs = performance.now() - t0;
  await fullCheck();

  const [totals] = await rows(sql`select count(*)::text as n,
      count(*) filter (where state = 'RESULT')::text as settled,
      count(*) filter (where state = 'VOID')::text as voided,
      count(*) filter (where state in ('BETTING', 'CLOSED', 'DEALING'))::text as unfinished,
      count(*) filter (where r.opened_at >= ${botsFrom}::timestamptz and r.closes_at <= ${botsTo}::timestamptz)::text as with_bots,
      count(*) filter (where r.opened_at >= ${botsFrom}::timestamptz and r.closes_at <= ${botsTo}::timestamptz
        and not exists (select 1 from casino_bets b where b.round_id = r.round_id))::text as no_bet,
      coalesce(max(extract(epoch from finished_at - opened_at) * 1000), 0)::text as longest_ms
    from casino_rounds r`);
  const perTable = await rows(sql`select m.match_name as name, count(*)::text as n,
      count(*) filter (where r.state = 'VOID')::text as voided
    from casino_rounds r join matches m on m.match_id = r.match_id group by m.match_name order by m.match_name`);
  const [betRows] = await rows(sql`select count(*)::text as n,
      count(*) filter (where settled_status is null)::text as open,
      count(*) filter (where settled_status = 'VOIDED')::text as voided
    from casino_bets`);
  if (Number(totals!.unfinished) > 0) problems.push(`${totals!.unfinished} rounds left unfinished`);
  if (Number(betRows!.open) > 0) problems.push(`${betRows!.open} bets neither settled nor voided`);
  if (Number(betRows!.n) !== placed) problems.push(`${placed} bets placed but ${betRows!.n} stored`);
  if (roundChecks !== Number(totals!.settled) + Number(totals!.voided))
    problems.push(
      `${roundChecks} rounds checked of ${Number(totals!.settled) + Number(totals!.voided)} finished`,
    );
  const t = roundTiming(SPEED, MIN_WINDOW_MS);
  const scheduleMs = t.window_ms + t.close_ms + t.deal_max_ms + t.result_ms;
  if (Number(totals!.longest_ms) > scheduleMs + STUCK_MS)
    problems.push(`a round took ${totals!.longest_ms} ms (schedule ≤ ${scheduleMs} ms)`);
  const simulatedH = (await simulatedMs()) / 3_600_000;
  await instruments.close();
  await app.close();

  const sorted = [...settleMs].sort((a, b) => a - b);
  const n = Number(totals!.n);
  console.log(
    `  ${tables} tables at ${SPEED}× (window ≥ ${MIN_WINDOW_MS} ms), ${BOTS} bots: wall ${(wallMs / 1000).toFixed(1)} s = ${simulatedH.toFixed(2)} simulated hours${simulatedH < 24 ? ' (A SIMULATED DAY WAS NOT REACHED)' : ''}`,
  );
  console.log(
    `  rounds ${n} (settled ${totals!.settled}, void ${totals!.voided}, ${totals!.with_bots} while the bots bet, of which without a bet ${totals!.no_bet}), ${(n / (wallMs / 1000)).toFixed(1)} rounds/s; per table: ${perTable.map((r) => `${r.name} ${r.n}${r.voided !== '0' ? ` (${r.voided} void)` : ''}`).join(', ')}`,
  );
  console.log(
    `  bets placed ${placed} (stored ${betRows!.n}, voided ${betRows!.voided}), refused ${JSON.stringify(refused)}, store busy ${busy}`,
  );
  console.log(
    `  settle (finish transaction) p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, max ${quantile(sorted, 1).toFixed(1)} ms; longest round ${Number(totals!.longest_ms).toFixed(0)} ms; rounds checked ${roundChecks}, full checks ${fullChecks}`,
  );
  if (problems.length > 0) {
    console.log(`  PROBLEMS:\n    ${problems.slice(0, 50).join('\n    ')}`);
    process.exitCode = 1;
  } else console.log('  no stuck round, no lost bet, every round and full ledger check clean');
  return [
    report({ label: 'rounds', value: n, unit: 'rounds' }),
    report({ label: 'bets placed', value: placed, unit: 'bets' }),
    report({ label: 'simulated', value: simulatedH, unit: 'hours' }),
    report({ label: 'wall', value: wallMs / 1000, unit: 's' }),
    report({ label: 'settle p99', value: quantile(sorted, 0.99), unit: 'ms' }),
  ];
}
