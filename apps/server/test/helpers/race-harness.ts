// The race test's driver (docs/reliability.md). A program is a list of steps; a step is a burst
// of 1–4 operations sent at once to the two app instances, fast-check's scheduler deciding the
// order in which they start (each may wait a few ms more). After every step, at a quiet moment,
// every invariant is checked; an operation `check` checks the snapshot invariants in the middle
// of a burst too. Any violation fails the run with the invariant, the market, the user and the
// calls made so far.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { Api } from './api.ts';
import { bettableMarkets, lossLimitChecks, oracleCheck, shareChecks, type Problem } from './race-oracle.ts';
import {
  BET_OPS,
  createRunContext,
  describeOp,
  makeRunner,
  primeRun,
  marketOfOp,
  opArbitrary,
  STATUS_OPS,
  type Op,
  type Outcome,
  type RunContext,
  type Switches,
} from './race-ops.ts';
import type { RaceProvider } from './race-provider.ts';
import { openRun, type World } from './race-world.ts';

export type Program = Op[][];

export function programArbitrary(sw: Switches, bettors: number, maxSteps: number): fc.Arbitrary<Program> {
  // Lengths drawn over their whole range (size 'max'), not fast-check's small default: a product's
  // life (opened, bet on, closed, corrected) needs a program of some length.
  return fc.array(fc.array(opArbitrary(sw, bettors), { minLength: 1, maxLength: 4, size: 'max' }), {
    minLength: 1,
    maxLength: maxSteps,
    size: 'max',
  });
}

export type HarnessEnv = {
  adminUrl: string;
  template: string;
  world: World;
  natsUrl: string | null;
  sw: Switches;
  /** The in-process game provider (its HTTP side lives as long as the file). */
  provider: RaceProvider;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function who(world: World, userId: number | undefined): string {
  if (userId === undefined) return '';
  const i = world.bettors.findIndex((b) => b.userId === userId);
  const role =
    i >= 0
      ? `bettor ${i}`
      : userId === world.tree.master.userId
        ? 'the master'
        : userId === world.tree.agent.userId
          ? 'the agent'
          : null;
  return `, user ${userId}${role ? ` (${role})` : ''}`;
}

function marketName(world: World, marketId: number | undefined): string {
  if (marketId === undefined) return '';
  for (const k of ['exchange', 'place', 'bookmaker', 'fancy'] as const) {
    if (world[k].marketId === marketId) return `, market ${marketId} (${k})`;
  }
  return `, market ${marketId}`;
}

export function formatProblems(world: World, problems: readonly Problem[]): string {
  return problems
    .map((p) => `  [${p.invariant}]${marketName(world, p.marketId)}${who(world, p.userId)}: ${p.detail}`)
    .join('\n');
}

function summarize(o: Outcome): string {
  if (o.skipped) return `skipped (${o.skipped})`;
  if (o.note !== undefined) return o.note;
  const a = o.answer!;
  const data = a.body.data as Record<string, unknown> | undefined;
  const id = data?.bet_id ?? (data?.bet as { bet_id?: number } | undefined)?.bet_id;
  return `${a.statusCode} ${a.body.status ? 'ok' : `refused: ${a.body.message}`}${id ? ` (bet ${id})` : ''} ${JSON.stringify(o.body)}`;
}

/** The snapshot invariants on one node: the engine's oracle and the admin ledger check. */
async function snapshotProblems(
  world: World,
  app: FastifyInstance,
  ctx: RunContext,
  quiet: boolean,
): Promise<Problem[]> {
  const oracle = await oracleCheck(app, ctx, quiet);
  const api = new Api(app);
  api.token = world.operator.token;
  const check = await api.call('adminLedgerCheck');
  const problems = [...oracle.problems];
  if (check.statusCode !== 200) {
    problems.push({ invariant: 'ledger-check', detail: `admin/ledger/check answered ${check.statusCode}` });
  } else {
    const data = check.body.data as { ok: boolean; problems: string[] };
    for (const line of data.problems) {
      // After a void a hold may exceed the cash, and an upline's shares its cash (what is owed):
      // see oracleCheck's owing.
      const owed = /^User (\d+) has an available balance/.exec(line);
      if (owed && oracle.owing.has(Number(owed[1]))) continue;
      const user = /User (\d+)/.exec(line);
      const market = /market (\d+)/.exec(line);
      problems.push({
        invariant: 'ledger-check',
        detail: line,
        ...(user ? { userId: Number(user[1]) } : {}),
        ...(market ? { marketId: Number(market[1]) } : {}),
      });
    }
  }
  return problems;
}

/** Every invariant at a quiet moment: both nodes' snapshots agree, and the wallet audit balances. */
async function quietProblems(
  world: World,
  apps: readonly FastifyInstance[],
  ctx: RunContext,
): Promise<Problem[]> {
  const problems = await snapshotProblems(world, apps[0]!, ctx, true);
  for (const app of apps) {
    const audit = await app.wallet.audit();
    if (audit.sumPaise !== 0 || audit.mismatches.length > 0) {
      problems.push({
        invariant: 'audit',
        detail: `wallet audit: Σ ${audit.sumPaise} paise, ${audit.mismatches.length} accounts whose balance is not their transfers`,
      });
    }
  }
  return problems;
}

/**
 * What the operations did over the file's runs, per operation: taken (ok), refused in words,
 * skipped (nothing to act on), failed (a 5xx or a throw). Printed with RACE_STATS=1, so that a
 * change to the programs shows what its seeds exercise.
 */
type OpStat = { ok: number; refused: number; skipped: number; failed: number; why: Map<string, number> };
export const opStats = new Map<string, OpStat>();

function count(op: Op, o: Outcome) {
  const st = opStats.get(op.op) ?? { ok: 0, refused: 0, skipped: 0, failed: 0, why: new Map() };
  opStats.set(op.op, st);
  const why = (w: string) => st.why.set(w.slice(0, 70), (st.why.get(w.slice(0, 70)) ?? 0) + 1);
  if (o.skipped) {
    st.skipped += 1;
    why(`skipped: ${o.skipped.replace(/\d+/g, 'N')}`);
  } else if (o.answer && o.answer.statusCode >= 500) st.failed += 1;
  else if (o.answer && !o.answer.body.status) {
    st.refused += 1;
    why(String(o.answer.body.message).replace(/\d+/g, 'N'));
  } else st.ok += 1;
}

/** RACE_STATS=2 adds the refusals' and skips' reasons. */
export function formatOpStats(reasons = false): string {
  return [...opStats]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([op, s]) =>
        `  ${op.padEnd(16)} ok ${s.ok}, refused ${s.refused}, skipped ${s.skipped}, failed ${s.failed}` +
        (reasons ? [...s.why].map(([w, n]) => `\n      ${n} × ${w}`).join('') : ''),
    )
    .concat(
      `  loss limit       checked ${lossLimitChecks.checked}, skipped ${lossLimitChecks.skipped} (a correction on the bettor's markets)`,
      `  shares           ${shareChecks.checks} checks, ${shareChecks.withShares} with shares due, ${shareChecks.lines} (unit, bettor, upline) lines compared`,
    )
    .join('\n');
}

/** Runs one program on a fresh copy of the world; throws a readable error on the first violation. */
export async function runProgram(env: HarnessEnv, s: fc.Scheduler, program: Program): Promise<void> {
  const { world, sw } = env;
  const run = await openRun(env.adminUrl, env.template, env.natsUrl, env.provider.config);
  const log: string[] = [];
  const fail = (step: number, problems: Problem[]) =>
    new Error(
      `race test: ${problems.length} invariant violation(s) after step ${step + 1} of ${program.length}\n` +
        `${formatProblems(world, problems)}\n` +
        `calls so far (▶ started, ◀ answered; A and B are the two app instances):\n  ${log.join('\n  ')}`,
    );
  try {
    const ctx = createRunContext(world, run.apps, run.binaryClock, env.provider.config);
    const execute = makeRunner(world, run.apps, sw, ctx);
    await primeRun(world, run.apps, sw, ctx, env.provider);
    for (const [step, burst] of program.entries()) {
      const before = await bettableMarkets(run.apps[0], ctx);
      const answered: { op: Op; outcome: Outcome }[] = [];
      const problems: Problem[] = [];
      const tasks = burst.map((op, j) =>
        s.schedule(Promise.resolve(), `step ${step} #${j}`).then(async () => {
          if (op.delayMs > 0) await sleep(op.delayMs);
          const tag = `step ${step} #${j} ${describeOp(op)}`;
          log.push(`▶ ${tag}`);
          if (op.op === 'check') {
            const mid = await snapshotProblems(world, run.apps[op.node], ctx, false);
            for (const p of mid) p.detail = `(in flight) ${p.detail}`;
            problems.push(...mid);
            log.push(`◀ ${tag}: ${mid.length} problem(s)`);
            return;
          }
          let outcome: Outcome;
          try {
            outcome = await execute(op);
          } catch (err) {
            outcome = { skipped: `the harness failed: ${(err as Error).stack ?? String(err)}` };
            problems.push({ invariant: 'answer', detail: `${describeOp(op)} threw ${String(err)}` });
          }
          answered.push({ op, outcome });
          count(op, outcome);
          log.push(`◀ ${tag}: ${summarize(outcome)}`);
        }),
      );
      await s.waitFor(Promise.all(tasks));

      // The market an operation touched: named by its outcome when chosen at run time.
      const touched = (x: { op: Op; outcome: Outcome }) => x.outcome.marketId ?? marketOfOp(world, sw, x.op);
      for (const { op, outcome } of answered) {
        const a = outcome.answer;
        const m = touched({ op, outcome });
        if (outcome.violation)
          problems.push({
            invariant: outcome.invariant ?? 'provider',
            detail: `${describeOp(op)}: ${outcome.violation}`,
            userId: world.bettors[op.user]!.userId,
          });
        if (a && a.statusCode >= 500) {
          const forUser = [...BET_OPS, 'cancel', 'deposit', 'withdraw'].includes(op.op);
          problems.push({
            invariant: 'answer',
            detail: `${describeOp(op)}: ${outcome.endpoint} answered ${a.statusCode}: ${a.body.message ?? ''}`,
            ...(forUser ? { userId: world.bettors[op.user]!.userId } : {}),
            ...(m === null ? {} : { marketId: m }),
          });
        }
        // A bet taken on a market that did not take bets when the burst began, unless an
        // operation of the same burst could have opened it (issue 28: the generic status).
        if (a?.body.status && !outcome.repeat && BET_OPS.includes(op.op) && m !== null && before.get(m)) {
          const opened = answered.some(
            (x) => STATUS_OPS.includes(x.op.op) && (touched(x) === m || x.outcome.touches?.includes(m)),
          );
          if (!opened) {
            problems.push({
              invariant: 'status',
              detail: `${describeOp(op)} was taken though the market was ${before.get(m)} and nothing reopened it`,
              marketId: m,
              userId: world.bettors[op.user]!.userId,
            });
          }
        }
      }
      problems.push(...(await quietProblems(world, run.apps, ctx)));
      if (problems.length > 0) throw fail(step, problems);
    }
  } finally {
    await run.close();
  }
}
