// Start-up (issue 48): `npm start` to its first answer (GET /healthz 200), measured from outside
// by scripts/time-start.mjs (free ports, its own data folders, the whole process group's CPU).
//
// 1. A first start as on a clean clone: every part built (BUILD_FORCE=1: both clients, the server
//    and the demo provider) and a new data folder (PGlite's initdb and the migrations run beside
//    the client builds, then the demo seed). Goal on a quiet 2-core box: ≤ 40 s.
// 2. Second starts on the same folder (everything built and up to date): the median of
//    STARTUP_RUNS (default 3). Goal: ≤ 10 s.
// 3. Baseline, same run: the server alone on that folder from its TypeScript sources through tsx,
//    as `npm start` ran it before, against the compiled server (`node dist/main.js`), in
//    alternation; the ratio is what compiling saves.
//
// Each start prints its phases: the build's parts, then the server's own split (its ready line's
// start_ms: load = the code loaded, open_ms = PGlite started on its folder, migrate_ms,
// seed_base_ms, seed_demo_ms, build_other = the rest of building the app, ready_hooks).
// Wall times depend on what else the machine runs; the CPU figure much less.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, report, type Benchmark, type Figure } from './lib.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.STARTUP_RUNS ?? 3);
export const FIRST_START_GOAL_S = 40;
export const SECOND_START_GOAL_S = 10;

type Timed = {
  start: 'first' | 'again';
  wall_ms: number;
  cpu_ms: number;
  build: Record<string, { built_s?: number; up_to_date_s?: number }>;
  server: Record<string, number> | null;
  failed?: string;
  output?: string;
};

function timeStart(data: string, first: boolean, command: string[] = []): Timed {
  const args = [join(ROOT, 'scripts/time-start.mjs'), '--data', data, ...(first ? ['--first'] : [])];
  if (command.length) args.push('--', ...command);
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', timeout: 900_000 });
  const line = r.stdout.trim().split('\n').at(-1) ?? '';
  let timed: Timed;
  try {
    timed = JSON.parse(line) as Timed;
  } catch {
    throw new Error(`time-start printed no result (${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
  if (timed.failed) throw new Error(`start failed: ${timed.failed}\n${timed.output ?? ''}`);
  return timed;
}

const s = (ms: number) => (ms / 1000).toFixed(1);
function phases(t: Timed): string {
  const build = Object.entries(t.build)
    .map(
      ([part, b]) =>
        `${part} ${b.built_s !== undefined ? `built ${b.built_s}` : `up to date ${b.up_to_date_s}`} s`,
    )
    .join(', ');
  const server = t.server
    ? Object.entries(t.server)
        .map(([k, v]) => `${k.replace(/_ms$/, '')} ${s(v)}`)
        .join(', ')
    : 'no split';
  return `    build: ${build || 'none'}\n    server (s): ${server}`;
}

export const startupBench: Benchmark = {
  name: 'startup',
  description: `npm start to the first answer: a first start (clean: build + new store), ${RUNS} second starts; baseline the server from sources through tsx`,
  run(): Figure[] {
    const data = mkdtempSync(join(tmpdir(), 'backlay-startup-'));
    try {
      const first = timeStart(data, true);
      const firstFig = report({
        label: 'first start, clean (build + new store)',
        value: first.wall_ms / 1000,
        unit: 's',
      });
      console.log(`    CPU ${s(first.cpu_ms)} s; goal ≤ ${FIRST_START_GOAL_S} s on a quiet box`);
      console.log(phases(first));

      const again: Timed[] = [];
      for (let i = 0; i < RUNS; i++) again.push(timeStart(data, false));
      const mid = again.toSorted((a, b) => a.wall_ms - b.wall_ms)[again.length >> 1]!;
      const againFig = report({
        label: `second start (median of ${RUNS})`,
        value: median(again.map((t) => t.wall_ms)) / 1000,
        unit: 's',
        baseline: { label: 'first start', value: first.wall_ms / 1000 },
      });
      console.log(
        `    runs ${again.map((t) => s(t.wall_ms)).join(', ')} s; CPU median ${s(median(again.map((t) => t.cpu_ms)))} s; goal ≤ ${SECOND_START_GOAL_S} s on a quiet box`,
      );
      console.log(phases(mid));

      // The server alone, compiled vs from sources through tsx, on the same (seeded) folder.
      const compiled: Timed[] = [];
      const tsx: Timed[] = [];
      for (let i = 0; i < RUNS; i++) {
        tsx.push(timeStart(data, false, ['node', '--import', 'tsx', 'apps/server/src/main.ts']));
        compiled.push(timeStart(data, false, ['node', '--enable-source-maps', 'apps/server/dist/main.js']));
      }
      const serverFig = report({
        label: 'the server alone, compiled (node dist/main.js)',
        value: median(compiled.map((t) => t.wall_ms)) / 1000,
        unit: 's',
        baseline: {
          label: 'from sources through tsx',
          value: median(tsx.map((t) => t.wall_ms)) / 1000,
        },
      });
      const load = (ts: Timed[]) => s(median(ts.map((t) => t.server?.load ?? 0)));
      console.log(`    code loaded after: compiled ${load(compiled)} s, tsx ${load(tsx)} s (medians)`);
      return [firstFig, againFig, serverFig];
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  },
};
