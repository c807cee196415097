// Times `npm start` to its first answer (issue 48; docs/performance.md, "Start-up"): starts it on
// free ports with its own data folders, asks GET /healthz every 50 ms until it answers 200, then
// stops it (the whole process group) and prints one JSON line:
//   wall_ms    from the spawn of the command to the first 200;
//   cpu_ms     CPU (user + system) the command's processes had used by then, children included
//              (read from /proc: the live processes of its group and every child they reaped);
//   build      each part's time as scripts/build.mjs printed it (`build: web built (9.1 s)`);
//   server     the server's own split (its ready line's start_ms: load, open_ms, migrate_ms,
//              seed_base_ms, seed_demo_ms, build_other, ready_hooks, total).
//
//   node scripts/time-start.mjs [--first] [--data DIR] [--repo DIR] [-- COMMAND ...]
//
// --first: a first start: the data folders are emptied and the clients rebuilt (BUILD_FORCE=1), as
// on a clean clone. Without it the data folders are kept (the second start). --data: where the
// data folders go (default a folder under the system's temp; kept between calls, so a first start
// then a second one measure what a user sees). --repo: the checkout to start (default this one).
// The command defaults to `npm start`. Linux only (/proc).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './test-ports.mjs';

const args = process.argv.slice(2);
const dash = args.indexOf('--');
const own = dash < 0 ? args : args.slice(0, dash);
const command = dash < 0 ? ['npm', 'start'] : args.slice(dash + 1);
const opt = (name, fallback) => {
  const i = own.indexOf(name);
  return i < 0 ? fallback : own[i + 1];
};
const first = own.includes('--first');
const repo = path.resolve(opt('--repo', fileURLToPath(new URL('..', import.meta.url))));
const data = path.resolve(opt('--data', path.join(tmpdir(), 'backlay-time-start')));
const TIMEOUT_MS = Number(opt('--timeout-s', '600')) * 1000;

const CLK_TCK = 100; // USER_HZ: 100 on every Linux this runs on
/** The live processes of group `pgid`: the fields of each one's /proc stat after its name. */
function group(pgid) {
  const members = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command's closing parenthesis: state is field 3; pgrp 5; utime 14 … cstime 17.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(f[2]) === pgid && f[0] !== 'Z') members.push(f);
  }
  return members;
}
/** CPU ms of the processes in group `pgid`, each with the children it reaped. */
function groupCpuMs(pgid) {
  let ticks = 0;
  for (const f of group(pgid)) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  return Math.round((ticks * 1000) / CLK_TCK);
}

const serverData = path.join(data, 'server');
const providerData = path.join(data, 'provider');
if (first) rmSync(data, { recursive: true, force: true });
mkdirSync(data, { recursive: true });

const port = await freePort();
const providerPort = await freePort();
const env = {
  ...process.env,
  PORT: String(port),
  PROVIDER_DEMO_PORT: String(providerPort),
  PROVIDER_DEMO_URL: `http://127.0.0.1:${providerPort}`,
  DATA_DIR: serverData,
  PROVIDER_DEMO_DATA: providerData,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  ...(first ? { BUILD_FORCE: '1' } : {}),
};
const t0 = performance.now();
const child = spawn(command[0], command.slice(1), {
  cwd: repo,
  env,
  detached: true, // its own process group: measured and stopped as a whole
  stdio: ['ignore', 'pipe', 'pipe'],
});
let out = '';
child.stdout.on('data', (d) => (out += d));
child.stderr.on('data', (d) => (out += d));
let exited = null;
child.on('exit', (code, signal) => (exited = signal ?? code));

let wallMs = null;
let cpuMs = null;
while (exited === null && performance.now() - t0 < TIMEOUT_MS) {
  const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
    .then((r) => r.status === 200)
    .catch(() => false);
  if (ok) {
    wallMs = Math.round(performance.now() - t0);
    cpuMs = groupCpuMs(child.pid);
    break;
  }
  await new Promise((r) => setTimeout(r, 50));
}
const stopped = new Promise((r) => (exited !== null ? r() : child.once('exit', r)));
try {
  process.kill(-child.pid, 'SIGTERM');
} catch {
  /* gone already */
}
const killer = setTimeout(() => {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    /* gone */
  }
}, 15_000);
await stopped;
// The launcher's children stop after it: wait for the group to be empty.
for (let i = 0; i < 300 && group(child.pid).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
clearTimeout(killer);

const build = {};
for (const m of out.matchAll(/build: (\S+) (built|up to date) \((\d+(?:\.\d+)?) s\)/g))
  build[m[1]] = { [m[2] === 'built' ? 'built_s' : 'up_to_date_s']: Number(m[3]) };
let server = null;
const ready = /"start_ms":(\{[^}]*\})/.exec(out);
if (ready) server = JSON.parse(ready[1]);
const result = {
  start: first ? 'first' : 'again',
  wall_ms: wallMs,
  cpu_ms: cpuMs,
  build,
  server,
  ...(wallMs === null
    ? { failed: exited === null ? 'timed out' : `exited ${exited}`, output: out.slice(-4000) }
    : {}),
};
console.log(JSON.stringify(result));
if (!existsSync(serverData) && wallMs !== null)
  console.error('note: the server did not use the data folder given');
process.exit(wallMs === null ? 1 : 0);
