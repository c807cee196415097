// An idle demo node (issue 48): the server as `npm start` starts it (scripts/start.mjs, the demo
// provider off: PROVIDER_DEMO_URL=off), on a fresh PGlite data folder and a free port, nobody
// connected. Once /healthz answers and a warm-up has passed, its CPU time (utime + stime of the
// server process, /proc/<pid>/stat: the process's own CPU, so other load on the box counts less
// than in a wall-clock share) and its RSS are sampled over a window, and printed as % of one core.
//   - baseline: the same server with FEED=off and the other timed runners off (CASINO_TABLES,
//     BINARY_FEED, FANTASY_CONTESTS): the floor of a node that serves nothing;
//   - the demo defaults: FEED=demo (match-odds makers and bettors, in-play cricket, the racing
//     day), the casino tables, the binary feed and fantasy contests, at their default pace.
// Two windows of the demo node, one run:
//   - the opening minute: from WARMUP_S after /healthz answers. On a fresh store (and after every
//     restart: the makers know what they hold only per process) the racing feed is still opening
//     the day: creating its races and placing each market's first quote, a whole ladder;
//   - the idle minute: from SETTLE_S after the racing feed logs that every open market of the day
//     is priced (DAY_PRICED_MESSAGE): from then on its visits are amends. This is the idle node.
// Target (issue 48): the idle minute at most 10 % of one core; the opening minute is printed beside
// it (docs/performance.md, "Idle demo node", ninth look).
// BENCH_IDLE_SECONDS (default 60) is each window, BENCH_IDLE_WARMUP_S (default 30) the warm-up,
// BENCH_IDLE_SETTLE_S (default 30) the wait after the day is priced.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { PGlite } from '@electric-sql/pglite';
import { DAY_PRICED_MESSAGE } from '@backlay/feed';
import { freePort, report, type Benchmark, type Figure } from './lib.ts';

/** The bar: % of one core. */
export const IDLE_CPU_TARGET_PERCENT = 10;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WINDOW_S = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const WARMUP_S = Number(process.env.BENCH_IDLE_WARMUP_S ?? 30);
const SETTLE_S = Number(process.env.BENCH_IDLE_SETTLE_S ?? 30);
/** The racing day is priced within this after start, or the bench fails (the feed is stuck). */
const PRICED_TIMEOUT_MS = 900_000;
const START_TIMEOUT_MS = 300_000;
/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const CLK_TCK = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command (which may hold spaces), from field 3 (state) on: utime is 14, stime 15.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / CLK_TCK;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/**
 * The launcher's child that is the server: the one running dist/main.js (start.mjs's build may
 * leave other children beside it, e.g. esbuild's service process, which is not the server).
 */
function serverPid(launcher: number): number | null {
  try {
    const kids = readFileSync(`/proc/${launcher}/task/${launcher}/children`, 'utf8').trim().split(/\s+/);
    for (const kid of kids) {
      if (!kid) continue;
      const cmdline = readFileSync(`/proc/${kid}/cmdline`, 'utf8').split('\0');
      if (cmdline.includes('dist/main.js')) return Number(kid);
    }
    return null;
  } catch {
    return null;
  }
}

/** CPU and RSS of one window. */
interface Window {
  cpuPercent: number;
  rssMeanMb: number;
  rssMaxMb: number;
}

interface Sample {
  /** From WARMUP_S after ready. */
  opening: Window;
  /** From SETTLE_S after the racing day is priced; null when the node runs no racing feed. */
  idle: Window | null;
  readyS: number;
  /** Seconds from ready to the racing day priced (null: no racing feed). */
  pricedS: number | null;
  /** What the demo's day held when the window closed (the figure depends on it: racing's plan). */
  day: string;
}

/**
 * The demo's day in the stopped server's store: races open and within 30 minutes of the off (the
 * racing makers' budget is spent on those first), open markets by kind, matches in play. The
 * same build reads very differently at different hours (docs/performance.md, fourth pass).
 */
async function describeDay(dataDir: string): Promise<string> {
  let db: PGlite | null = null;
  try {
    db = await PGlite.create({ dataDir });
    const { rows } = await db.query<Record<string, number>>(`select
        (select count(*)::int from races where state = 'OPEN') as races_open,
        (select count(*)::int from races r join matches m on m.match_id = r.match_id
          where r.state = 'OPEN' and m.start_time < now() + interval '30 minutes') as races_near,
        (select count(*)::int from markets where status = 'OPEN' and market_kind = 'EXCHANGE') as exchange,
        (select count(*)::int from markets where status = 'OPEN' and market_kind = 'FANCY') as fancy,
        (select count(*)::int from matches where in_play) as in_play`);
    const d = rows[0]!;
    return `races open ${d.races_open} (${d.races_near} within 30 min of the off), open markets: exchange ${d.exchange}, fancy ${d.fancy}; matches in play ${d.in_play}`;
  } catch (err) {
    return `unread (${err instanceof Error ? err.message : String(err)})`;
  } finally {
    await db?.close();
  }
}

/** CPU (% of one core) and RSS of `pid` over the next WINDOW_S seconds. */
async function measureWindow(pid: number): Promise<Window> {
  const c0 = cpuSeconds(pid);
  const w0 = performance.now();
  const rss: number[] = [];
  while (performance.now() - w0 < WINDOW_S * 1000) {
    await sleep(1000);
    rss.push(rssMb(pid));
  }
  return {
    cpuPercent: (100 * (cpuSeconds(pid) - c0)) / ((performance.now() - w0) / 1000),
    rssMeanMb: rss.reduce((a, b) => a + b, 0) / rss.length,
    rssMaxMb: Math.max(...rss),
  };
}

async function measureServer(label: string, env: Record<string, string>): Promise<Sample> {
  // The demo feed (FEED's default) runs the racing day; the floor runs none.
  const racing = env.FEED !== 'off';
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'backlay-idle-'));
  const t0 = performance.now();
  const launcher: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PROVIDER_DEMO_URL: 'off',
      // Info, for the racing feed's DAY_PRICED_MESSAGE (JSON lines: stdout is a pipe).
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let pricedAt: number | null = null;
  // Read every line (a full pipe would stall the server), looking for the day priced.
  createInterface({ input: launcher.stdout! }).on('line', (line) => {
    if (pricedAt === null && line.includes(DAY_PRICED_MESSAGE)) pricedAt = performance.now();
  });
  let exited = false;
  launcher.on('exit', () => (exited = true));
  const stop = async () => {
    if (exited) return;
    launcher.kill('SIGTERM');
    for (let i = 0; !exited && i < 150; i++) await sleep(100);
    if (!exited) launcher.kill('SIGKILL');
    for (let i = 0; !exited && i < 50; i++) await sleep(100);
  };
  try {
    for (;;) {
      if (exited) throw new Error(`${label}: the server exited before it was ready`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
      } catch {
        // not yet
      }
      if (performance.now() - t0 > START_TIMEOUT_MS) throw new Error(`${label}: not ready in time`);
      await sleep(250);
    }
    const readyS = (performance.now() - t0) / 1000;
    const pid = serverPid(launcher.pid!);
    if (pid === null) throw new Error(`${label}: no server process under the launcher`);
    const ready = performance.now();
    await sleep(WARMUP_S * 1000);
    const opening = await measureWindow(pid);
    let idle: Window | null = null;
    let pricedS: number | null = null;
    if (racing) {
      while (pricedAt === null) {
        if (exited) throw new Error(`${label}: the server exited before the racing day was priced`);
        if (performance.now() - ready > PRICED_TIMEOUT_MS)
          throw new Error(`${label}: the racing day was not priced in ${PRICED_TIMEOUT_MS / 1000} s`);
        await sleep(500);
      }
      pricedS = (pricedAt - ready) / 1000;
      const settledAt = pricedAt + SETTLE_S * 1000;
      await sleep(Math.max(0, settledAt - performance.now()));
      idle = await measureWindow(pid);
    }
    const sample = { opening, idle, readyS, pricedS };
    await stop();
    return { ...sample, day: await describeDay(dataDir) };
  } finally {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const idleCpuBench: Benchmark = {
  name: 'idle-cpu',
  description: `an idle demo node: CPU (% of one core) and RSS over ${WINDOW_S} s once the racing day is priced (+${SETTLE_S} s), and the opening minute (${WARMUP_S} s after ready), nobody connected; target ≤ ${IDLE_CPU_TARGET_PERCENT} % idle`,
  async run(): Promise<Figure[]> {
    const floor = await measureServer('floor', {
      FEED: 'off',
      CASINO_TABLES: 'off',
      BINARY_FEED: 'off',
      FANTASY_CONTESTS: 'off',
    });
    console.log(`  (floor ready in ${floor.readyS.toFixed(1)} s)`);
    const demo = await measureServer('demo', {});
    const idle = demo.idle!;
    console.log(
      `  (demo ready in ${demo.readyS.toFixed(1)} s, the racing day priced ${demo.pricedS!.toFixed(0)} s later; the demo's day: ${demo.day})`,
    );
    const base = 'FEED=off, runners off';
    const figures = [
      report({
        label: 'CPU, idle demo (FEED=demo, casino, binary, fantasy; the day priced)',
        value: idle.cpuPercent,
        unit: '% of one core',
        baseline: { label: base, value: floor.opening.cpuPercent },
      }),
      report({
        label: 'CPU, the demo opening its day (first quotes)',
        value: demo.opening.cpuPercent,
        unit: '% of one core',
        baseline: { label: base, value: floor.opening.cpuPercent },
      }),
      report({
        label: 'RSS mean, idle demo',
        value: idle.rssMeanMb,
        unit: 'MB',
        baseline: { label: base, value: floor.opening.rssMeanMb },
      }),
      report({
        label: 'RSS max, idle demo',
        value: idle.rssMaxMb,
        unit: 'MB',
        baseline: { label: base, value: floor.opening.rssMaxMb },
      }),
    ];
    console.log(
      `  CPU: idle demo ${idle.cpuPercent.toFixed(1)} %, opening ${demo.opening.cpuPercent.toFixed(1)} %, floor ${floor.opening.cpuPercent.toFixed(1)} % of one core over ${WINDOW_S} s`,
    );
    const ok = idle.cpuPercent <= IDLE_CPU_TARGET_PERCENT;
    console.log(
      `  ${ok ? 'PASS' : 'FAIL'}: idle ${idle.cpuPercent.toFixed(1)} % of one core (target ≤ ${IDLE_CPU_TARGET_PERCENT} %)`,
    );
    if (!ok) process.exitCode = 1;
    return figures;
  },
};
