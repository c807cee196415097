// The lock of a PGlite data folder (src/db/data-lock.ts): one holder at a time, named in words;
// a lock whose process is gone is taken over; the lock goes with the process however it ends.
// The real servers on one folder: one-store.test.ts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME, lockDataDir, StoreInUse } from '../src/db/data-lock.ts';
import { openStore } from '../src/db/store.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'backlay-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const lockOf = (dir: string) => readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8');

/** A pid no process has any more. */
const deadPid = () =>
  Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());

describe('the data folder lock', () => {
  it('is a file with the pid; a second taker is refused naming the folder and the pid; release gives it back', () => {
    const dir = path.join(fresh(), 'data');
    const lock = lockDataDir(dir);
    expect(lockOf(dir).split('\n')[0]).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(StoreInUse);
    expect(() => lockDataDir(dir)).toThrow(`the store in ${dir} is in use by pid ${process.pid}`);
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    lockDataDir(dir).release();
  });

  it('refuses while another live process holds it, and leaves its lock alone', async () => {
    const dir = fresh();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      await new Promise((r) => holder.once('spawn', r));
      writeFileSync(path.join(dir, LOCK_FILE_NAME), `${holder.pid}\nhost\n`);
      expect(() => lockDataDir(dir)).toThrow(`the store in ${dir} is in use by pid ${holder.pid}`);
      expect(lockOf(dir)).toBe(`${holder.pid}\nhost\n`);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a stale lock: its pid gone, unreadable, or a pid reused by a process started after it', async () => {
    for (const content of [`${deadPid()}\nhost\n`, 'not a pid\n', '']) {
      const dir = fresh();
      writeFileSync(path.join(dir, LOCK_FILE_NAME), content);
      const lock = lockDataDir(dir);
      expect(lockOf(dir).split('\n')[0]).toBe(String(process.pid));
      lock.release();
    }
    if (process.platform === 'linux') {
      const dir = fresh();
      const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
      try {
        await new Promise((r) => other.once('spawn', r));
        const file = path.join(dir, LOCK_FILE_NAME);
        writeFileSync(file, `${other.pid}\nhost\n`);
        // Written an hour before that process started: the pid is only a number it got again.
        const hourAgo = new Date(Date.now() - 3_600_000);
        utimesSync(file, hourAgo, hourAgo);
        const lock = lockDataDir(dir);
        expect(lockOf(dir).split('\n')[0]).toBe(String(process.pid));
        lock.release();
      } finally {
        other.kill('SIGKILL');
      }
    }
  });

  it.each([
    ['ends its work', ''],
    ['calls process.exit(3)', 'process.exit(3);'],
    ['throws an uncaught error', 'throw new Error("boom");'],
  ])('goes with the process when it %s', (_how, end) => {
    const dir = fresh();
    const script = `import { lockDataDir } from './src/db/data-lock.ts';
      lockDataDir(${JSON.stringify(dir)});
      process.stdout.write('locked');
      ${end}`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: SERVER_DIR,
    });
    expect(r.stdout.toString()).toBe('locked');
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('openStore takes it before PGlite opens the folder, and close gives it back', async () => {
    const dir = path.join(fresh(), 'data');
    const held = lockDataDir(dir);
    await expect(openStore({ kind: 'pglite', dataDir: dir })).rejects.toThrow(
      `the store in ${dir} is in use by pid ${process.pid}`,
    );
    // PGlite never opened it: the folder holds the lock and nothing else.
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')).toContain(String(process.pid));
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
    held.release();
    const store = await openStore({ kind: 'pglite', dataDir: dir });
    expect(lockOf(dir).split('\n')[0]).toBe(String(process.pid));
    await store.close();
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
  }, 120_000);
});
