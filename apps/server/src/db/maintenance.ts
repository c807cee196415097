// PGlite runs PostgreSQL in single-user mode: there is no autovacuum. Without it every deleted or
// updated row stays in its table for good: an exposure reservation leaves one dead row per bet,
// a resting bet's fills leave old versions, and the holds, markets and runners are rewritten with
// every batch. Scans then read ever more dead rows (the reservation sweep reads the whole table),
// and the planner's statistics describe the tables as they were at the first start. So on PGlite
// the node does autovacuum's work itself, by autovacuum's default rules: every PGLITE_VACUUM_MS it
// reads the tables' counters and vacuums or analyzes the tables past their threshold. PGlite has
// one connection, so a pass holds up queries while it runs: only the tables that need it, then.
import { sql } from 'drizzle-orm';
import type { Store } from './store.ts';

/**
 * How often a PGlite store is looked at. Autovacuum's own naptime is a minute; a look costs one
 * read of the tables' counters, and a table is only vacuumed or analyzed past its threshold. Every
 * 10 s because statements are prepared once (pglite-statements.ts): a generic plan made while a
 * table was small (a new store's first seconds) stays until an ANALYZE of that table replaces it,
 * and a minute of a bad plan cost more than the planning it saved (docs/performance.md, eighth look).
 */
export const PGLITE_VACUUM_MS = 10_000;

/** Autovacuum's defaults: vacuum past 50 + 20% dead rows, or 1,000 + 20% rows inserted. */
const VACUUM_BASE = 50;
const INSERT_VACUUM_BASE = 1_000;
const VACUUM_SCALE = 0.2;
/** Analyze past 50 + 10% rows changed since the last ANALYZE. */
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;
/** PostgreSQL's default is 100 (a sample of 300 × 100 rows). */
const ANALYZE_STATISTICS_TARGET = 10;

type TableCounters = {
  schemaname: string;
  relname: string;
  n_live_tup: number;
  n_dead_tup: number;
  n_ins_since_vacuum: number;
  n_mod_since_analyze: number;
};

/** The tables autovacuum would vacuum and analyze now, from their counters (pure). */
export function tablesDue(tables: readonly TableCounters[]) {
  const vacuum = tables.filter(
    (t) =>
      t.n_dead_tup > VACUUM_BASE + VACUUM_SCALE * t.n_live_tup ||
      t.n_ins_since_vacuum > INSERT_VACUUM_BASE + VACUUM_SCALE * t.n_live_tup,
  );
  const analyze = tables.filter((t) => t.n_mod_since_analyze > ANALYZE_BASE + ANALYZE_SCALE * t.n_live_tup);
  return { vacuum, analyze };
}

/** One pass on a PGlite store: VACUUM and ANALYZE of the tables due. Returns what it did. */
export async function vacuumStore(store: Store): Promise<{ vacuumed: string[]; analyzed: string[] }> {
  if (store.kind !== 'pglite') throw new Error('vacuumStore: PostgreSQL vacuums itself (autovacuum)');
  const res = (await store.db.execute(sql`select schemaname, relname, n_live_tup::float8 as n_live_tup,
      n_dead_tup::float8 as n_dead_tup, n_ins_since_vacuum::float8 as n_ins_since_vacuum,
      n_mod_since_analyze::float8 as n_mod_since_analyze
    from pg_stat_user_tables`)) as unknown as { rows: TableCounters[] };
  const due = tablesDue(res.rows);
  const names = (ts: TableCounters[]) =>
    sql.join(
      ts.map((t) => sql`${sql.identifier(t.schemaname)}.${sql.identifier(t.relname)}`),
      sql`, `,
    );
  // Outside any transaction (VACUUM cannot run inside one).
  if (due.vacuum.length > 0) await store.db.execute(sql`vacuum ${names(due.vacuum)}`);
  if (due.analyze.length > 0) {
    // A sample of 3,000 rows a table instead of 30,000: the plans here are key and index lookups,
    // and a pass holds up every query on PGlite's one connection while it runs.
    await store.db.transaction(async (tx) => {
      await tx.execute(
        sql`set local default_statistics_target = ${sql.raw(String(ANALYZE_STATISTICS_TARGET))}`,
      );
      await tx.execute(sql`analyze ${names(due.analyze)}`);
    });
  }
  return { vacuumed: due.vacuum.map((t) => t.relname), analyzed: due.analyze.map((t) => t.relname) };
}

/**
 * Starts the periodic pass on a PGlite store; returns its stop. A pass that fails is logged and the
 * next one runs as planned. PostgreSQL: nothing to start.
 */
export function startPgliteVacuum(
  store: Store,
  options: {
    everyMs: number;
    onError(err: unknown): void;
    onPass?(ms: number, done: { vacuumed: string[]; analyzed: string[] }): void;
  },
): () => Promise<void> {
  if (store.kind !== 'pglite') return async () => {};
  if (!Number.isSafeInteger(options.everyMs) || options.everyMs < 100)
    throw new Error(`PGlite vacuum interval must be ≥ 100 ms, got ${options.everyMs}`);
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return; // a slow pass is not stacked under the next one
    const t0 = performance.now();
    running = vacuumStore(store)
      .then((done) => options.onPass?.(performance.now() - t0, done))
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
  }, options.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
