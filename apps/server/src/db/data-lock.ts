// One server per PGlite data folder. PGlite has no lock of its own: two processes on one folder
// each keep their own buffers and write over each other's pages, and the store is lost (issue 48:
// every bet then answered 500, holds stored too low). So the folder carries a lock file, taken
// before PGlite opens it and given back when the store closes or the process exits:
//
//   <data folder>/backlay.lock   first line: the holder's pid (then its host and start time)
//
// Taking it is an exclusive create. A lock already there is respected while its pid runs; a lock
// whose pid is gone (a server killed with SIGKILL, a machine that lost power) is stale and taken
// over. On Linux a pid that runs but started after the lock was written is another process that
// got the number again (a container restarted), not the holder: stale too.
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export const LOCK_FILE_NAME = 'backlay.lock';

/** A second opener of a folder another live process holds. */
export class StoreInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly lockFile: string,
  ) {
    super(
      `the store in ${dataDir} is in use by pid ${pid}: stop that server first, or give this one another DATA_DIR (if no process ${pid} serves it, delete ${lockFile})`,
    );
    this.name = 'StoreInUse';
  }
}

export type DataLock = { readonly file: string; release(): void };

/** The lock files this process holds (released on exit, whatever the exit). */
const held = new Map<string, DataLock>();
let exitHookInstalled = false;

/** Whether a process with this pid runs (a process of another user counts). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Linux: when the process started (epoch ms), from /proc; null elsewhere or when unknown. */
function startedAtMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) in parentheses; starttime is field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    const btime = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    if (!Number.isFinite(ticks) || !btime) return null;
    // USER_HZ is 100 on every Linux Node runs on.
    return Number(btime[1]) * 1000 + ticks * 10;
  } catch {
    return null;
  }
}

/** The holder named by a lock file, and whether it still holds it. */
function holderOf(file: string): { pid: number | null; live: boolean } {
  let text: string;
  let writtenMs: number;
  try {
    text = readFileSync(file, 'utf8');
    writtenMs = statSync(file).mtimeMs;
  } catch {
    return { pid: null, live: false };
  }
  const pid = Number(/^\s*(\d+)/.exec(text)?.[1] ?? NaN);
  if (!Number.isSafeInteger(pid) || pid <= 0) return { pid: null, live: false };
  // Our own pid in a lock this process does not hold: a copy of a folder, or a pid reused.
  if (pid === process.pid) return { pid, live: false };
  if (!running(pid)) return { pid, live: false };
  const started = startedAtMs(pid);
  // The holder started before it wrote its lock; a process that started later only has its pid.
  // (2 s of slack: boot time is in whole seconds.)
  if (started !== null && started > writtenMs + 2_000) return { pid, live: false };
  return { pid, live: true };
}

function writeLock(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, `${process.pid}\n${hostname()}\n${new Date().toISOString()}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Takes the lock of a PGlite data folder (made if missing) for this process, or throws StoreInUse
 * naming the live holder. A stale lock (its process gone) is taken over.
 */
export function lockDataDir(dataDir: string): DataLock {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE_NAME);
  if (held.has(file)) throw new StoreInUse(dir, process.pid, file);
  mkdirSync(dir, { recursive: true });
  for (let attempt = 0; !writeLock(file); attempt++) {
    const holder = holderOf(file);
    if (holder.live || attempt >= 3) throw new StoreInUse(dir, holder.pid ?? 0, file);
    // Stale: remove it, unless it changed under us (another starter took it over first).
    try {
      if (holder.pid === null || readFileSync(file, 'utf8').startsWith(`${holder.pid}\n`)) unlinkSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // Whatever ends the process (process.exit, an uncaught error, the end of its work), its locks
    // go with it. Signals end it through the server's own handlers, which call process.exit.
    process.on('exit', () => {
      for (const lock of [...held.values()]) lock.release();
    });
  }
  const lock: DataLock = {
    file,
    release: () => {
      if (held.get(file) !== lock) return;
      held.delete(file);
      try {
        // Only our own lock: never a successor's.
        if (readFileSync(file, 'utf8').startsWith(`${process.pid}\n`)) unlinkSync(file);
      } catch {
        // already gone
      }
    },
  };
  held.set(file, lock);
  return lock;
}
