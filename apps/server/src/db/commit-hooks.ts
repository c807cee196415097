// Work that must wait for a transaction's commit: telling the caches of every node that a row
// changed. `installCommitHooks(db)` wraps the database's `transaction`; `afterCommit(ex, fn)` runs
// `fn` right after the transaction of `ex` commits (before the code that opened the transaction
// goes on, so before any caller is answered), never when it rolls back; on an executor that is no
// transaction (each statement commits by itself) it runs `fn` at once, so call it after the
// statement it follows.
//
// A transaction is recognised by its drizzle session: one per outermost transaction, shared by
// its savepoints (`tx.transaction(...)`), so work noted inside a savepoint waits for the
// outermost commit (a savepoint that rolls back still runs it: a needless cache miss, never a
// stale read).
import type { Db, Executor } from './executor.ts';

export type TransactionContext = {
  /** The database the transaction runs on (its hooks belong to that database's app). */
  readonly db: Db;
  afterCommit(fn: () => void): void;
  /** Per-transaction scratch space for whoever collects work for the commit (keyed by any object). */
  readonly data: Map<unknown, unknown>;
};

const bySession = new WeakMap<object, TransactionContext>();
const installed = new WeakSet<object>();

const sessionOf = (ex: Executor): object => (ex as unknown as { _: { session: object } })._.session;

/** The open transaction `ex` belongs to, or null when `ex` is the database itself. */
export function transactionOf(ex: Executor): TransactionContext | null {
  return bySession.get(sessionOf(ex)) ?? null;
}

/** Runs `fn` once the transaction of `ex` has committed, or at once outside a transaction. */
export function afterCommit(ex: Executor, fn: () => void) {
  const t = transactionOf(ex);
  if (t) t.afterCommit(fn);
  else fn();
}

/** The database `ex` runs on. */
export function databaseOf(ex: Executor): Db {
  return transactionOf(ex)?.db ?? (ex as Db);
}

/**
 * Makes `db.transaction` keep after-commit hooks (idempotent). A hook that throws is reported to
 * `onError` and does not stop the others or the transaction's result.
 */
export function installCommitHooks(db: Db, onError: (err: unknown) => void = () => {}) {
  if (installed.has(db)) return;
  installed.add(db);
  const original = db.transaction.bind(db);
  const wrapped: Db['transaction'] = async (fn, config) => {
    const hooks: (() => void)[] = [];
    let session: object | null = null;
    let result: Awaited<ReturnType<typeof fn>>;
    try {
      result = await original(async (tx) => {
        session = sessionOf(tx);
        bySession.set(session, {
          db,
          afterCommit: (hook) => {
            hooks.push(hook);
          },
          data: new Map(),
        });
        return fn(tx);
      }, config);
    } finally {
      if (session) bySession.delete(session);
    }
    for (const hook of hooks) {
      try {
        hook();
      } catch (err) {
        onError(err);
      }
    }
    return result;
  };
  (db as { transaction: Db['transaction'] }).transaction = wrapped;
}
