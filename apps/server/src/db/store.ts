import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { installCommitHooks } from './commit-hooks.ts';
import * as schema from './schema.ts';

/** The query layer: the same drizzle API on PGlite and on node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export type StoreOptions =
  | { kind: 'pglite'; dataDir: string }
  /** In-memory PGlite, optionally started from a dumpDataDir() tarball (tests clone a seeded template). */
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File }
  | { kind: 'postgres'; url: string; poolMax?: number };

export type Store = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Throws when the store cannot answer. */
  ping(): Promise<void>;
  /** PostgreSQL: the connection pool's use now (for /metrics); PGlite has one connection and none. */
  pool?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
  /** PGlite only: a tarball of the data directory (tests use it as a template). */
  dump?(): Promise<File | Blob>;
};

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any number; it only has to be the same on every node. */
const MIGRATION_LOCK_KEY = 74_142_260;

export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax ?? 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    try {
      const client = await pool.connect();
      try {
        // Several nodes may start at once: one migrates, the others wait and find nothing to do.
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    } catch (err) {
      await pool.end();
      throw err;
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    installCommitHooks(db);
    const poolMax = options.poolMax ?? 10;
    return {
      kind: 'postgres',
      db,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      pool: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: poolMax,
      }),
      close: () => pool.end(),
    };
  }

  const client =
    options.kind === 'pglite'
      ? await PGlite.create({ dataDir: options.dataDir })
      : await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  try {
    const pgliteDb = drizzlePglite(client, { schema });
    await migratePglite(pgliteDb, { migrationsFolder });
    const db = pgliteDb as unknown as Db;
    installCommitHooks(db);
    return {
      kind: 'pglite',
      db,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => client.close(),
      dump: () => client.dumpDataDir('none'),
    };
  } catch (err) {
    await client.close();
    throw err;
  }
}
