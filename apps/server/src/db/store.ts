import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { installCommitHooks } from './commit-hooks.ts';
import { carryBegin } from './pg-begin.ts';
import { lockDataDir, type DataLock } from './data-lock.ts';
import { createStatementNames, isStalePlan, withName } from './pg-statements.ts';
import { prepareStatements } from './pglite-statements.ts';

/** The query layer's types (db/executor.ts), where every module has always imported them. */
export type { Db, Executor, Tx } from './executor.ts';
export { lastStatement } from './pg-begin.ts';
import type { Db } from './executor.ts';

export type StoreOptions =
  | { kind: 'pglite'; dataDir: string }
  /** In-memory PGlite, optionally started from a dumpDataDir() tarball (tests clone a seeded template). */
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File }
  | { kind: 'postgres'; url: string; poolMax?: number; timeouts?: Partial<StoreTimeouts> };

/**
 * How long request work waits on PostgreSQL (docs/reliability.md, "Faults"). A node answers every
 * call within 2 s whatever the store does, so each wait is bounded below that:
 * - `connect_ms`: a new connection (TCP and start-up) and the wait for a free one in the pool;
 * - `statement_ms`: a statement the server is still running is cancelled (server side);
 * - `lock_ms`: a statement waiting for a row or table lock gives up (server side);
 * - `answer_ms`: no answer at all (a network that went silent, which the server never sees): the
 *   query fails and its connection is dropped, since whatever it was doing is unknown;
 * - `idle_in_transaction_ms`: a transaction whose node went quiet releases its locks.
 * The migrations at start-up run on a connection of their own without these bounds.
 */
export type StoreTimeouts = {
  connect_ms: number;
  statement_ms: number;
  lock_ms: number;
  answer_ms: number;
  idle_in_transaction_ms: number;
};
export const STORE_TIMEOUTS: StoreTimeouts = {
  connect_ms: 1_000,
  statement_ms: 1_500,
  lock_ms: 1_000,
  answer_ms: 1_600,
  idle_in_transaction_ms: 5_000,
};

/** Why a call to the store failed without an answer from it (the label of /metrics). */
export type StoreFailure = 'connect' | 'no-answer' | 'statement' | 'lock' | 'connection';

/** The store could not answer (a timeout or a lost connection): a 503, not a 500. */
export function storeFailureOf(err: unknown): StoreFailure | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { message = '', code = '' } = e as { message?: string; code?: string };
    if (message === 'Query read timeout') return 'no-answer';
    if (
      /timeout exceeded when trying to connect|Connection terminated due to connection timeout/.test(message)
    )
      return 'connect';
    if (code === '57014') return 'statement';
    if (code === '55P03') return 'lock';
    if (
      /^08/.test(code) ||
      code === '57P01' ||
      ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(code) ||
      /^Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|Connection ended/.test(
        message,
      )
    )
      return 'connection';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

export type Store = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Throws when the store cannot answer, or cannot read its tables (a row of each money table). */
  ping(): Promise<void>;
  /** PostgreSQL: the connection pool's use now (for /metrics); PGlite has one connection and none. */
  pool?(): { total: number; idle: number; waiting: number; max: number };
  /** Calls that failed without an answer from the store, by why (PostgreSQL; for /metrics). */
  failures: Record<StoreFailure, number>;
  close(): Promise<void>;
  /** PGlite only: a tarball of the data directory (tests use it as a template). */
  dump?(): Promise<File | Blob>;
  /** What opening it took, ms: connecting (PGlite: starting it on its folder) and the migrations. */
  timings: { open_ms: number; migrate_ms: number };
};

/**
 * The tables whose rows every money call reads: accounts and their balances, transfers, bets and
 * their holds, markets. /healthz reads one row of each (a page of each heap, an index of some),
 * so a store that answers `select 1` but cannot read its tables (a folder two processes wrote at
 * once, a file gone) is reported, not only one that does not answer.
 */
const HEALTH_TABLES = [
  'users',
  'ledger_accounts',
  'transfers',
  'markets',
  'bets',
  'exposure_holds',
  'leader_leases',
] as const;

/** Throws when the store cannot answer, or cannot read its tables. */
async function readTables(db: Db): Promise<void> {
  await db.execute(
    sql.raw(
      `select ${HEALTH_TABLES.map((t) => `(select count(*) from (select 1 from ${t} limit 1) x)`).join(' + ')} as n`,
    ),
  );
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * An in-memory PGlite's buffer pool (PostgreSQL's default is 128MB). Its "disk" is already memory,
 * so a page outside the pool costs an 8 kB copy, while PGlite zeroes the whole pool on every open:
 * 128MB made that zeroing half of a test store's open (0.92 → 0.54 CPU-s at 16MB, measured on the
 * seeded template; docs/performance.md). The stores on a data folder keep PostgreSQL's default.
 */
const MEMORY_SHARED_BUFFERS = '16MB';

/** Any number; it only has to be the same on every node. */
const MIGRATION_LOCK_KEY = 74_142_260;

// Long because it opens either store (PGlite or PostgreSQL) with the same migrations, lock and
// failure counters, one step after another; each step is a few lines.
export async function openStore(options: StoreOptions): Promise<Store> {
  const failures: Record<StoreFailure, number> = {
    connect: 0,
    'no-answer': 0,
    statement: 0,
    lock: 0,
    connection: 0,
  };
  if (options.kind === 'postgres') {
    // Migrations first, on a connection of their own: they may take long, and wait for another
    // node's migration lock, which the request bounds below must not cut short.
    const t0 = performance.now();
    const migrator = new pg.Client({ connectionString: options.url });
    migrator.on('error', () => {});
    await migrator.connect();
    const t1 = performance.now();
    try {
      // Several nodes may start at once: one migrates, the others wait and find nothing to do.
      await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migratePg(drizzlePg(migrator), { migrationsFolder });
      } finally {
        await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      await migrator.end();
    }
    const timings = { open_ms: Math.round(t1 - t0), migrate_ms: Math.round(performance.now() - t1) };
    const t = { ...STORE_TIMEOUTS, ...options.timeouts };
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: t.connect_ms,
      statement_timeout: t.statement_ms,
      lock_timeout: t.lock_ms,
      query_timeout: t.answer_ms,
      idle_in_transaction_session_timeout: t.idle_in_transaction_ms,
      keepAlive: true,
      // Connections are kept once opened (at most `max`), not closed after 10 s idle as pg's
      // default does: each carries its named statements and their plans, and a new one pays its
      // connect, its catalogue reads and five fresh plans a statement in the middle of a busy
      // spell. Closing 18 idle ones during a bench phase put its p99 at 112–169 ms, against
      // 42–58 ms for the other phases (docs/decisions.md, "The pool keeps its connections").
      idleTimeoutMillis: 0,
      // Statements written without waiting for the previous answer (db/pg-begin.ts): each still
      // gets its own answer or error, in order.
      pipeline: true,
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    const names = createStatementNames();
    /** Connections handed out and not yet given back, with their one-time release. */
    const out = new Map<pg.PoolClient, (err?: Error) => void>();
    /**
     * Makes a checked-out connection's release happen once, whoever asks first: a connection
     * dropped below is given back at once (its holder may never do it: drizzle's transaction
     * leaks its connection when `begin` fails), and the holder's own release later is a no-op.
     */
    /** Each connection's `begin` carrier (db/pg-begin.ts): a begin still held at release is forgotten. */
    const carriers = new WeakMap<pg.PoolClient, { forget(): boolean }>();
    const handOut = (client: pg.PoolClient) => {
      const release = client.release.bind(client);
      let done = false;
      const once = (err?: Error | boolean) => {
        if (done) return;
        done = true;
        out.delete(client);
        carriers.get(client)?.forget();
        release(err);
      };
      client.release = once;
      out.set(client, once);
      return client;
    };
    /** Closes a connection now and gives it back as broken: the pool opens a fresh one. */
    const drop = (client: pg.PoolClient, err: unknown) => {
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      out.get(client)?.(err instanceof Error ? err : new Error(String(err)));
    };
    const noteFailure = (client: pg.PoolClient | null, err: unknown) => {
      // A table's columns changed under one of the connection's named statements (a migration by
      // another node): the statement fails on it for good, so the connection goes, its names with it.
      if (client && isStalePlan(err)) return drop(client, err);
      const why = storeFailureOf(err);
      if (!why) return;
      failures[why] += 1;
      // No answer, or a broken connection: its state is unknown (a statement may still run, its
      // answer may arrive for the next query), so it is dropped now and the pool opens a fresh one.
      if ((why === 'no-answer' || why === 'connection') && client) drop(client, err);
    };
    const connect = pool.connect.bind(pool) as (cb?: unknown) => unknown;
    // Every connection the pool hands out (drizzle's transactions and pool.query alike) has its
    // failures noted, and a connection that heard no answer is dropped.
    (pool as unknown as { connect: (cb?: unknown) => unknown }).connect = (cb?: unknown) => {
      if (typeof cb === 'function') {
        return connect((err: unknown, client: pg.PoolClient, done: unknown) => {
          if (err) noteFailure(null, err);
          else handOut(client);
          (cb as (e: unknown, c: unknown, d: unknown) => void)(err, client, done);
        });
      }
      return (connect() as Promise<pg.PoolClient>).then(handOut, (err: unknown) => {
        noteFailure(null, err);
        throw err;
      });
    };
    pool.on('connect', (client) => {
      // A connection dropped while checked out (below, or by the network) reports its error to
      // the query that was waiting; the event itself must not crash the process.
      client.on('error', () => {});
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      const send = (...given: unknown[]) => {
        // A text sent again and again runs as a named statement, planned once (db/pg-statements.ts).
        const args = withName(given, names); // `given` itself when unnamed: this call's own array
        const last = args.at(-1);
        if (typeof last === 'function') {
          args[args.length - 1] = (err: unknown, res: unknown) => {
            if (err) noteFailure(client, err);
            (last as (e: unknown, r: unknown) => void)(err, res);
          };
          return query(...args);
        }
        const r = query(...args);
        if (r && typeof (r as Promise<unknown>).then === 'function')
          (r as Promise<unknown>).then(undefined, (err: unknown) => noteFailure(client, err));
        return r;
      };
      // A transaction's `begin` is written with its first statement (db/pg-begin.ts).
      const socket = () => (client as unknown as { connection?: { stream?: Duplex } }).connection?.stream;
      const carrier = carryBegin(send, socket);
      carriers.set(client as pg.PoolClient, carrier);
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = carrier;
    });
    const db = drizzlePg(pool) as unknown as Db;
    installCommitHooks(db);
    const poolMax = options.poolMax ?? 10;
    return {
      kind: 'postgres',
      db,
      ping: () => readTables(db),
      pool: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: poolMax,
      }),
      failures,
      close: () => pool.end(),
      timings,
    };
  }

  // One process per data folder (db/data-lock.ts): the lock is taken before PGlite opens it, and
  // a folder another live server holds is refused (StoreInUse) without a byte read or written.
  const lock: DataLock | null = options.kind === 'pglite' ? lockDataDir(options.dataDir) : null;
  const t0 = performance.now();
  let client: PGlite;
  try {
    client =
      options.kind === 'pglite'
        ? await PGlite.create({ dataDir: options.dataDir })
        : await PGlite.create({
            ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
            startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${MEMORY_SHARED_BUFFERS}`],
          });
  } catch (err) {
    lock?.release();
    throw err;
  }
  try {
    const t1 = performance.now();
    // Every repeated text planned once (db/pglite-statements.ts): planning is most of PGlite's cost.
    prepareStatements(client);
    const pgliteDb = drizzlePglite(client);
    await migratePglite(pgliteDb, { migrationsFolder });
    const timings = { open_ms: Math.round(t1 - t0), migrate_ms: Math.round(performance.now() - t1) };
    const db = pgliteDb as unknown as Db;
    installCommitHooks(db);
    return {
      kind: 'pglite',
      db,
      ping: () => readTables(db),
      failures,
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
      dump: () => client.dumpDataDir('none'),
      timings,
    };
  } catch (err) {
    await client.close();
    lock?.release();
    throw err;
  }
}
