// The query layer's types: the same drizzle API on PGlite and on node-postgres (store.ts opens it;
// commit-hooks.ts wraps its transactions). Apart from store.ts so neither imports the other.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * No schema is bound: no code uses drizzle's relational queries (`db.query.*`), and binding one
 * would make db/ import every module's tables.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;
