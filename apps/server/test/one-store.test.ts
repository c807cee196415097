// One server per PGlite data folder, and the port bound before any timed work (issue 48). Real
// server processes (src/main.ts, as `npm start` runs it) on a data folder made from the seeded
// template:
// - a lock file left by a server that is gone (its pid no longer runs) is taken over;
// - a second server on the same folder (another port) refuses at once, naming the folder and the
//   first server's pid, and exits non-zero; the first keeps serving, its ledger check clean;
// - a server whose port is taken exits before it opens its store: the casino tables, the feeds and
//   the runners never start, and its data folder is left byte for byte as it was;
// - SIGTERM gives the lock back.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCK_FILE_NAME } from '../src/db/data-lock.ts';
import { compiledAppArgs } from '../../../scripts/compiled-apps.mjs';
import { freePort } from './helpers/cluster.ts';

/** Run compiled, as `npm start` runs it (built by the project's global setup). */
const COMPILED = compiledAppArgs('server');
const START_TIMEOUT_MS = 150_000;
/** A refusal is at once: well before a server could have opened its store. */
const REFUSE_TIMEOUT_MS = 30_000;

type Proc = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

function startServer(port: number, dataDir: string): Proc {
  const child = spawn(process.execPath, COMPILED.args, {
    cwd: COMPILED.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PROVIDER_DEMO_URL: 'off',
      LOG_LEVEL: 'info',
      // Every timed part on: what must not start on a refused server.
      FEED: 'demo',
      CASINO_TABLES: 'on',
      BINARY_FEED: 'on',
      FANTASY_CONTESTS: 'on',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => out, exited };
}

async function waitHealthy(p: Proc): Promise<void> {
  const end = Date.now() + START_TIMEOUT_MS;
  let gone = false;
  void p.exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`server exited:\n${p.output().slice(-3000)}`);
    try {
      if ((await fetch(`http://127.0.0.1:${p.port}/healthz`)).ok) return;
    } catch {
      // not answering yet
    }
    if (Date.now() > end) throw new Error(`server not healthy:\n${p.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Exit code within `ms`, or null when the process still runs then. */
async function exitWithin(p: Proc, ms: number): Promise<number | null | 'running'> {
  let timer: NodeJS.Timeout | undefined;
  const r = await Promise.race([
    p.exited,
    new Promise<'running'>((resolve) => (timer = setTimeout(() => resolve('running'), ms))),
  ]);
  clearTimeout(timer);
  return r;
}

async function stop(p: Proc | null): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  if ((await exitWithin(p, 15_000)) === 'running') p.child.kill('SIGKILL');
  await p.exited;
}

/** A data folder holding the seeded template (what a first start would have made). */
async function seededDataDir(): Promise<string> {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'backlay-one-store-')), 'data');
  const pg = await PGlite.create({
    dataDir: dir,
    loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
  });
  await pg.close();
  return dir;
}

/** Every file of a folder and its hash: what "left as it was" compares. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    out[path.relative(dir, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return out;
}

/** A pid that no process has: one of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(r.stdout.toString());
}

async function call(port: number, method: 'GET' | 'POST', url: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-xsrf-token': 'one-store-test-xsrf',
      cookie: 'XSRF-TOKEN=one-store-test-xsrf',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as { status: boolean; data?: unknown } };
}

describe('one server per data folder', () => {
  let dataDir = '';
  let first: Proc | null = null;
  const others: Proc[] = [];
  const dirs: string[] = [];
  let stalePid = 0;

  beforeAll(async () => {
    dataDir = await seededDataDir();
    dirs.push(path.dirname(dataDir));
    stalePid = deadPid();
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), `${stalePid}\nsome-host\n2020-01-01T00:00:00Z\n`);
    first = startServer(await freePort(), dataDir);
    await waitHealthy(first);
  }, START_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    for (const p of [first, ...others]) await stop(p);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }, 60_000);

  it('a lock left by a server that is gone (its pid no longer runs) is taken over', () => {
    const lock = readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8');
    expect(lock.split('\n')[0]).toBe(String(first!.child.pid));
    expect(first!.output()).toContain('Backlay server ready');
  });

  it('a second server on the same folder refuses in words and exits; the first keeps serving, its ledger clean', async () => {
    const before = snapshot(dataDir);
    const second = startServer(await freePort(), dataDir);
    others.push(second);
    const code = await exitWithin(second, REFUSE_TIMEOUT_MS);
    expect(code, second.output()).not.toBe('running');
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`the store in ${dataDir} is in use by pid ${first!.child.pid}`);
    // It started nothing: no timed work, no "ready".
    expect(second.output()).not.toMatch(/Backlay server ready|casino|feed started/i);
    // The lock is still the first server's.
    expect(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8').split('\n')[0]).toBe(
      String(first!.child.pid),
    );
    // No file came or went but the free-space and visibility maps (`_fsm`, `_vm`) PostgreSQL adds
    // to a table as it grows: the first server's own bets and reservations, written meanwhile.
    const files = (snap: Record<string, string>) => Object.keys(snap).filter((f) => !/_(fsm|vm)$/.test(f));
    expect(files(snapshot(dataDir)).sort()).toEqual(files(before).sort());

    const health = await call(first!.port, 'GET', '/healthz');
    expect(health.status).toBe(200);
    const login = await call(first!.port, 'POST', '/api/user/login', undefined, {
      user_name: 'operator',
      password: 'operator123',
    });
    expect(login.body.status).toBe(true);
    const token = (login.body.data as { token: string }).token;
    const check = await call(first!.port, 'GET', '/api/admin/ledger/check', token);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ status: true, data: { ok: true, problems: [] } });
  }, 90_000);

  it('with its port taken a server exits before it opens its store: no timed work, nothing written', async () => {
    const otherDir = await seededDataDir();
    dirs.push(path.dirname(otherDir));
    const before = snapshot(otherDir);
    const third = startServer(first!.port, otherDir);
    others.push(third);
    const code = await exitWithin(third, REFUSE_TIMEOUT_MS);
    expect(code, third.output()).not.toBe('running');
    expect(code).not.toBe(0);
    expect(third.output()).toMatch(new RegExp(`port ${first!.port} .*in use`));
    expect(third.output()).not.toMatch(/Backlay server ready|casino|feed started|vacuum/i);
    // Byte for byte as it was: no lock taken, no migration, no round, no price, no lease.
    expect(snapshot(otherDir)).toEqual(before);
    expect(existsSync(path.join(otherDir, LOCK_FILE_NAME))).toBe(false);
    // The server on that port is untouched.
    expect((await call(first!.port, 'GET', '/healthz')).status).toBe(200);
  }, 90_000);

  it('SIGTERM stops the server and gives the lock back', async () => {
    first!.child.kill('SIGTERM');
    expect(await exitWithin(first!, 20_000)).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 30_000);
});
