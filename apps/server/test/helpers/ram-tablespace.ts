// The PostgreSQL test databases in a tablespace on tmpfs (/dev/shm), when PostgreSQL runs on this
// machine and the run may give its server a folder there. No vitest import: global-setup uses it.
//
// Why: every store test, race program and cluster test copies a template database and drops it
// afterwards, a few hundred times a run, each copy some 300 files. On ext4 the kernel's search for
// a free inode skips the recently deleted ones, so the more databases a run had dropped, the longer
// each new file took: a create and drop of a 120-table database measured 342 and 577 ms, against
// 46 and 45 ms in a tablespace on tmpfs (docs/decisions.md, "The test databases on tmpfs").
// The tests lose nothing a deployment has: the databases are thrown away at the end either way.
import { chownSync, existsSync, mkdirSync, rmSync, statfsSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** tmpfs's magic number (statfs f_type). */
const TMPFS_MAGIC = 0x01021994;
const RAM_DIR = '/dev/shm';
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]', '']);

/** The clause that puts a new database in `tablespace`; none for '' (the server's default). */
export const inTablespace = (tablespace: string) => (tablespace ? ` tablespace ${tablespace}` : '');

export type RamTablespace = { name: string; why: string; drop(): Promise<void> };

const none = (why: string): RamTablespace => ({ name: '', why, drop: async () => {} });

const isTmpfs = (dir: string) => {
  try {
    return statfsSync(dir).type === TMPFS_MAGIC;
  } catch {
    return false;
  }
};

/**
 * A tablespace `backlay_ts_<runTag>` in /dev/shm owned by the server's user, or `name: ''` and why
 * not (PostgreSQL on another machine, no tmpfs, no right to give the folder away): the tests then
 * use the server's default tablespace, as before.
 */
export async function openRamTablespace(adminUrl: string, runTag: string): Promise<RamTablespace> {
  if (!LOCAL_HOSTS.has(new URL(adminUrl).hostname)) return none('PostgreSQL is on another machine');
  if (!isTmpfs(RAM_DIR)) return none(`${RAM_DIR} is not a tmpfs`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `backlay_ts_${runTag}`;
  const dir = path.join(RAM_DIR, `backlay-pg-${runTag}`);
  try {
    await dropStale(admin);
    const { rows } = await admin.query<{ dir: string }>(`select current_setting('data_directory') as dir`);
    const owner = statSync(rows[0]!.dir);
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, owner.uid, owner.gid);
    await admin.query(`create tablespace ${name} location '${dir}'`);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return none(`no tablespace in ${RAM_DIR}: ${(err as Error).message}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    why: `the test databases in tablespace ${name} (${dir}, tmpfs)`,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        // Every database still in it is this run's and left behind (a soak's run copy stopped
        // mid-program): dropped, or it would keep the tablespace, and its RAM, until a reboot.
        const { rows: left } = await c.query<{ datname: string }>(
          'select datname from pg_database where dattablespace = (select oid from pg_tablespace where spcname = $1)',
          [name],
        );
        for (const { datname } of left) await c.query(`drop database if exists ${datname} with (force)`);
        await c.query(`drop tablespace if exists ${name}`);
        rmSync(dir, { recursive: true, force: true });
        if (left.length > 0) {
          // As global-setup.ts's leftover check: the error is reported, the exit code fails the run.
          process.exitCode = 1;
          throw new Error(
            `${left.length} database(s) left in ${name}, now dropped: ${left.map((r) => r.datname).join(', ')}`,
          );
        }
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * Tablespaces an earlier run left (killed before its teardown): dropped when empty, or when their
 * folder is gone (tmpfs empties at a reboot; PostgreSQL keeps the entry).
 */
async function dropStale(admin: pg.Client) {
  const { rows } = await admin.query<{ spcname: string; location: string }>(
    `select spcname, pg_tablespace_location(oid) as location from pg_tablespace where spcname like 'backlay\\_ts\\_%'`,
  );
  for (const { spcname, location } of rows) {
    if (existsSync(location) && !location.startsWith(`${RAM_DIR}/`)) continue;
    try {
      await admin.query(`drop tablespace ${spcname}`);
      rmSync(location, { recursive: true, force: true });
    } catch {
      // Still holds a database of a run that may be running: left to that run.
    }
  }
}
