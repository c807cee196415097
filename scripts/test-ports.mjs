// Ports for the servers, proxies and balancers the tests and benches start as processes. A port
// picked by listening on port 0 and closing again is free only for a moment: the kernel hands the
// same number to the next socket that asks for an ephemeral port (an outgoing connection to
// PostgreSQL, a fault proxy's listen(0)), and a server started on it a second later dies on
// "address in use" (the chaos run's c1 did, in CI). So the ports come from below the kernel's
// ephemeral range, which it never hands out by itself, and each is reserved across every process
// of the run by a file made exclusively in one folder, the pid inside (a dead process's ports are
// taken back). A process keeps its ports until it exits: a node restarted on its port (the chaos
// run, the kill test) finds it still its own.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the reservations live: one file per port, holding the pid that reserved it. */
export const PORTS_DIR = path.join(tmpdir(), 'backlay-test-ports');
/** The lowest port handed out: above the registered services most machines run. */
const LOWEST_PORT = 20_000;
/** The first port of the kernel's ephemeral range when /proc does not say (Linux's default). */
const EPHEMERAL_FROM_DEFAULT = 32_768;
/** The file a process holds while it takes back dead processes' ports. */
const SWEEP_LOCK = '.sweep';
/** Ports tried before giving up: a run holds at most a few hundred. */
const ATTEMPTS_MAX = 2_000;

/** The ports below the kernel's ephemeral range: [from, to). */
export function portRange() {
  let to = EPHEMERAL_FROM_DEFAULT;
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > LOWEST_PORT + 1_000) to = low;
  } catch {
    // not Linux: the default range's start
  }
  return { from: LOWEST_PORT, to };
}

const mine = new Set();
let started = false;

function releaseMine() {
  for (const file of mine) rmSync(file, { force: true });
  mine.clear();
}

/** Reserves `port` for this process: true when its file was made here. */
function reserve(dir, port) {
  const file = path.join(dir, String(port));
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (e) {
    if (/** @type {NodeJS.ErrnoException} */ (e).code === 'EEXIST') return false;
    throw e;
  }
  mine.add(file);
  return true;
}

/** Whether the process `pid` runs (EPERM: it runs, as another user). */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return /** @type {NodeJS.ErrnoException} */ (e).code === 'EPERM';
  }
}

/**
 * Takes back the ports of processes that died without their exit hook (a killed runner, a worker
 * thread terminated): once per process, by one process at a time (the `.sweep` file), so two
 * sweepers never both remove a file and one of them a port another process just reserved. An
 * empty file is one being written: left. A sweep lock left by a dead process is removed and the
 * sweep left to the next process.
 */
function sweepDead(dir) {
  const lock = path.join(dir, SWEEP_LOCK);
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch {
    let holder = 0;
    try {
      holder = Number(readFileSync(lock, 'utf8'));
    } catch {
      // released in between
    }
    if (holder > 0 && !alive(holder)) rmSync(lock, { force: true });
    return;
  }
  try {
    for (const name of readdirSync(dir)) {
      if (!/^\d+$/.test(name)) continue;
      const file = path.join(dir, name);
      let owner = 0;
      try {
        owner = Number(readFileSync(file, 'utf8'));
      } catch {
        continue;
      }
      if (owner > 0 && !alive(owner)) rmSync(file, { force: true });
    }
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Whether nothing listens on `port` on loopback now. */
function bindable(port) {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A loopback port nothing listens on, outside the kernel's ephemeral range, reserved for this
 * process until it exits. `opts` narrows the range or moves the folder (the allocator's own test).
 */
export async function freePort(opts = {}) {
  const range =
    opts.from !== undefined && opts.to !== undefined ? { from: opts.from, to: opts.to } : portRange();
  const dir = opts.dir ?? PORTS_DIR;
  mkdirSync(dir, { recursive: true });
  if (!started) {
    started = true;
    process.once('exit', releaseMine);
    sweepDead(dir);
  }
  const span = range.to - range.from;
  // A random start spreads the processes of one run over the range; then upwards.
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < Math.min(span, ATTEMPTS_MAX); i++) {
    const port = range.from + ((start + i) % span);
    if (!reserve(dir, port)) continue;
    if (await bindable(port)) return port;
    // Held by something outside the reservations (another program): leave it reserved, skip it.
  }
  throw new Error(`no free port in ${range.from}–${range.to - 1} (reservations in ${dir})`);
}
