// A simulated day of the in-house casino tables (issue 22): every table of the registry runs on
// the scheduler (the leader's, as in production) on a fast clock (BENCH_CASINO_SPEED, default
// 100: a 20 s window lasts 200 ms), on the embedded store (PGlite) in this process, while bots
// bet at random through the same placement the HTTP call uses: mostly valid bets, some refused on
// purpose (an unknown option, a stake under the minimum or over the per-option limit, a round
// already closed). A simulated 24 h is ~2,900 rounds per table, ~30 transactions a round: more
// than the embedded store does in a bounded time, so the run stops at a simulated day or after
// BENCH_CASINO_WALL_MS (default 180 s), whichever comes first, and reports the simulated time it
// reached: each round counted at its real-time schedule (window, close, its steps, result).
//
// Asserted (the run fails otherwise): no stuck round (none unfinished after the drain, none
// longer than twice its schedule), no lost bet (every bet SETTLED or VOIDED at the end), and the
// operator's ledger check clean after every round (a check runs after each finished round; rounds
// that finish while one runs are covered by the next one, which starts after them).
import { ROUND_GAMES } from '@backlay/engine';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { storeFailureOf } from '../apps/server/src/db/store.ts';
import { checkLedger } from '../apps/server/src/modules/admin/ledger-check.ts';
import { roundTiming } from '../apps/server/src/modules/casino/timing.ts';
import { onEachStore, type Store } from './http-bets.bench.ts';
import { mulberry32, randInt, report, type Benchmark, type Figure } from './lib.ts';

const SPEED = Number(process.env.BENCH_CASINO_SPEED ?? 100);
const WALL_MS = Number(process.env.BENCH_CASINO_WALL_MS ?? 90_000);
const BOTS = Number(process.env.BENCH_CASINO_BOTS ?? 12);
const DAY_MS = 24 * 3_600_000;
/** A round longer than its schedule by this much of wall time counts as stuck. */
const STUCK_MS = 60_000;

type Refusal = 'option' | 'min' | 'limit' | 'closed' | 'other';

export const casinoDayBench: Benchmark = {
  name: 'casino-day',
  description: `a simulated day of every casino table at ${SPEED}× with ${BOTS} bots (each store, bounded ${WALL_MS / 1000} s)`,
  run: () => onEachStore(runOn),
};

async function runOn(store: Store): Promise<Figure[]> {
  {
    console.log(`  ${store.label}:`);
    const app = await buildApp({
      store: store.options,
      seedDemo: false,
      casino: { run: true, speed: SPEED },
    });
    const problems: string[] = [];
    const finished = new Set<number>();
    let checks = 0;
    let checking: Promise<void> | null = null;
    let again = false;
    // A ledger check after every finished round (coalesced while one runs; the next covers them).
    const check = () => {
      if (checking) {
        again = true;
        return;
      }
      checking = (async () => {
        do {
          again = false;
          const c = await checkLedger(app);
          checks += 1;
          if (!c.ok) problems.push(...c.problems.slice(0, 5));
        } while (again);
        checking = null;
      })();
    };
    app.bus.subscribe('casino', (m) => {
      void app.casino.head(m.match_id).then((h) => {
        if (h && h.round_id === m.round_id && (h.state === 'RESULT' || h.state === 'VOID')) {
          finished.add(m.round_id);
          check();
        }
      });
    });
    await app.ready();

    const users: number[] = [];
    for (let i = 0; i < BOTS; i++) {
      const id = await app.account.createUser({ userName: `casinobot${i}`, password: 'secret1234' });
      await app.wallet.deposit(id, 10_000_000, `bench:casino:${i}`);
      users.push(id);
    }
    const tables = (await app.casino.lobby('ourcasino')).tables.concat(
      (await app.casino.lobby('virtual')).tables,
    );
    const rand = mulberry32(22);
    const real = roundTiming(1);
    const rows = (q: ReturnType<typeof sql>) =>
      app.db.execute(q).then((r) => (r as unknown as { rows: Record<string, string>[] }).rows);
    let placed = 0;
    /** Bets the store did not answer in time (a 503 over HTTP). */
    let busy = 0;
    const refused: Record<Refusal, number> = { option: 0, min: 0, limit: 0, closed: 0, other: 0 };
    let running = true;
    const t0 = performance.now();

    async function bot(userId: number, k: number) {
      let n = 0;
      while (running) {
        // Mostly a table in its window (as a bettor at the lobby); now and then any table, so
        // some bets reach a round already closed.
        const heads = [
          ...(await app.casino.lobby('ourcasino')).tables,
          ...(await app.casino.lobby('virtual')).tables,
        ]
          .map((t) => t.round)
          .filter((h) => h !== null && (h.state === 'BETTING' || rand() < 0.05));
        const head = heads.length > 0 ? heads[randInt(rand, 0, heads.length - 1)]! : null;
        if (!head) {
          await new Promise((r) => setTimeout(r, 5));
          continue;
        }
        const t = { match_id: head.match_id };
        const roll = rand();
        const option = head.options[randInt(rand, 0, head.options.length - 1)]!;
        const stake_paise = roll < 0.03 ? 500 : roll < 0.06 ? 3_000_000 : randInt(rand, 10, 500) * 100; // under min / over the option limit
        let out: Awaited<ReturnType<typeof app.casino.place>>;
        try {
          out = await app.casino.place(userId, {
            match_id: t.match_id,
            round_id: head.round_id,
            option_id: roll > 0.97 ? 'no_such_option' : option.option_id,
            stake_paise,
            request_id: `bot-${k}-${++n}`,
          });
        } catch (err) {
          // The store did not answer in time (a lock held by a settling round): the HTTP call answers
          // 503 and the bettor tries again; a bot counts it and goes on.
          if (!storeFailureOf(err)) throw err;
          busy += 1;
          continue;
        }
        if (out.ok) placed += 1;
        else if (out.message.startsWith('option_id')) refused.option += 1;
        else if (out.message.includes('smallest')) refused.min += 1;
        else if (out.message.includes('at most')) refused.limit += 1;
        else if (out.message.startsWith('Betting is closed')) refused.closed += 1;
        else refused.other += 1; // a wallet busy with a settlement, a balance spent
        await new Promise((r) => setTimeout(r, randInt(rand, 1, 10)));
      }
    }
    const bots = users.map((u, k) => bot(u, k));
    // Simulated time per table: each round at its real-time schedule, over the tables.
    const simulatedMs = async () => {
      const [r] = await rows(sql`select coalesce(sum(${real.window_ms + real.close_ms + real.result_ms}
          + least(jsonb_array_length(steps) * ${real.step_ms}, ${real.deal_max_ms})), 0)::text as ms
        from casino_rounds where state in ('RESULT', 'VOID')`);
      return Number(r!.ms) / tables.length;
    };
    while (performance.now() - t0 < WALL_MS && (await simulatedMs()) < DAY_MS) {
      await new Promise((r) => setTimeout(r, 250));
    }
    running = false;
    await Promise.all(bots);
    await app.casino.scheduler.drain();
    while (checking) await checking;
    const wallMs = performance.now() - t0;
    const final = await checkLedger(app);
    checks += 1;
    if (!final.ok) problems.push(...final.problems.slice(0, 5));

    const [rounds] = await rows(sql`select count(*)::text as n,
        count(*) filter (where state = 'RESULT')::text as settled,
        count(*) filter (where state = 'VOID')::text as voided,
        count(*) filter (where state in ('BETTING', 'CLOSED', 'DEALING'))::text as unfinished,
        coalesce(max(extract(epoch from finished_at - opened_at) * 1000), 0)::text as longest_ms
      from casino_rounds`);
    const [betRows] = await rows(sql`select count(*)::text as n,
        count(*) filter (where settled_status is null)::text as open
      from casino_bets`);
    if (Number(rounds!.unfinished) > 0) problems.push(`${rounds!.unfinished} rounds left unfinished`);
    if (Number(betRows!.open) > 0) problems.push(`${betRows!.open} bets neither settled nor voided`);
    if (Number(betRows!.n) !== placed) problems.push(`${placed} bets placed but ${betRows!.n} stored`);
    const t = roundTiming(SPEED);
    const scheduleMs = t.window_ms + t.close_ms + t.deal_max_ms + t.result_ms;
    // Stuck: a round still unfinished (above), or one that took a minute of wall time where its
    // schedule is well under a second at this speed (the store's latency under the bots and the
    // ledger checks stretches rounds to seconds on the embedded store; that is slow, not stuck).
    if (Number(rounds!.longest_ms) > scheduleMs + STUCK_MS)
      problems.push(`a round took ${rounds!.longest_ms} ms (schedule ≤ ${scheduleMs} ms)`);
    const simulatedH = (await simulatedMs()) / 3_600_000;
    await app.close();

    console.log(
      `  ${ROUND_GAMES.length} tables; wall ${(wallMs / 1000).toFixed(1)} s at ${SPEED}× = ${simulatedH.toFixed(1)} simulated hours`,
    );
    console.log(
      `  rounds ${rounds!.n} (settled ${rounds!.settled}, void ${rounds!.voided}), finished seen ${finished.size}; bets placed ${placed}, refused ${JSON.stringify(refused)}, store busy ${busy}; ledger checks ${checks}; longest round ${Number(rounds!.longest_ms).toFixed(0)} ms`,
    );
    if (problems.length > 0) {
      console.log(`  PROBLEMS:\n    ${problems.join('\n    ')}`);
      process.exitCode = 1;
    } else console.log('  no stuck round, no lost bet, every ledger check clean');
    return [
      report({ label: 'rounds', value: Number(rounds!.n), unit: 'rounds' }),
      report({ label: 'bets placed', value: placed, unit: 'bets' }),
      report({ label: 'simulated', value: simulatedH, unit: 'hours' }),
      report({ label: 'wall', value: wallMs / 1000, unit: 's' }),
    ];
  }
}
