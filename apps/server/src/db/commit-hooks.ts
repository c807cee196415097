// Work that must wait for a transaction's commit: telling the caches of every node that a row
// changed. `installCommitHooks(db)` wraps the database's `transaction`; `afterCommit(ex, fn)` runs
// `fn` right after the transaction of `ex` commits (before the code that opened the transaction
// goes on, so before any caller is answered), never when it rolls back; on an executor that is no
// transaction (each statement commits by itself) it runs `fn` at once, so call it after the
// statement it follows.
//
// A cache that answers from memory also needs the moment the commit is sent (`beforeCommit`) and
// the transaction's end either way (`afterEnd`): PostgreSQL makes a commit visible to other
// connections before this node reads commit's answer, so between the two a reader elsewhere can
// see the change while the after-commit hooks have not run yet (modules/wallet/changes.ts).
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
  /**
   * Runs `fn` when the transaction's work is done and its `commit` is about to be sent (not when
   * it throws first). From then on the change may be visible to other connections at any moment.
   */
  beforeCommit(fn: () => void): void;
  /** Runs `fn` once the transaction has ended, committed (`true`) or not, after the commit hooks. */
  afterEnd(fn: (committed: boolean) => void): void;
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
    const before: (() => void)[] = [];
    const hooks: (() => void)[] = [];
    const enders: ((committed: boolean) => void)[] = [];
    let session: object | null = null;
    let result: Awaited<ReturnType<typeof fn>>;
    let committed = false;
    try {
      result = await original(async (tx) => {
        session = sessionOf(tx);
        bySession.set(session, {
          db,
          afterCommit: (hook) => {
            hooks.push(hook);
          },
          beforeCommit: (hook) => {
            before.push(hook);
          },
          afterEnd: (hook) => {
            enders.push(hook);
          },
          data: new Map(),
        });
        const done = await fn(tx);
        // Nothing but `commit` follows (drizzle sends it when this callback returns).
        runAll(before, onError);
        return done;
      }, config);
      committed = true;
    } finally {
      if (session) bySession.delete(session);
      if (committed) runAll(hooks, onError);
      for (const hook of enders) runAll([() => hook(committed)], onError);
    }
    return result;
  };
  (db as { transaction: Db['transaction'] }).transaction = wrapped;
}

function runAll(hooks: readonly (() => void)[], onError: (err: unknown) => void) {
  for (const hook of hooks) {
    try {
      hook();
    } catch (err) {
      onError(err);
    }
  }
}
