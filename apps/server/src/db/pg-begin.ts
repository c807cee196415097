// A transaction's `begin` travels with its first statement (docs/performance.md, "Begin with the
// first statement"). drizzle's transaction sends `begin` and waits for its answer before the
// callback's first statement: one more round trip to PostgreSQL per transaction, for an answer
// that carries nothing. On a connection in node-postgres's pipeline mode, `begin` is held here
// (answered at once) and written with the next statement on that connection, in one write: the
// server runs them in order, as before; one round trip fewer.
//
// Nothing is lost: if `begin` fails (the connection broke), the statement that carried it fails
// with begin's error, and the caller rolls back as it would have. A held `begin` is always followed
// by a statement on the same connection: drizzle's transaction ends with `commit` or `rollback`;
// a connection given back to the pool with one still held forgets it (`forget`), so the next
// holder's statements never run inside a transaction they did not open.
//
// The other end, on request: a statement marked as its transaction's last (`lastStatement`, for a
// write whose answer is not read) is held inside a transaction, answered at once with no rows, and
// written with `commit` in one write: one round trip fewer again. Its error becomes commit's (on
// PostgreSQL a failed statement aborts the transaction and `commit` then answers ROLLBACK without
// an error, so the error must be carried, or the caller would read the transaction as committed).
// A `rollback` drops it unsent; any other statement carries it ahead of itself. Outside a
// transaction it is sent at once, as any statement.
import { sql, type SQL } from 'drizzle-orm';

/** What node-postgres's `Client.query` is called with: a text or a config, values, a callback. */
type QueryArgs = unknown[];
type Send = (...args: QueryArgs) => unknown;
type Callback = (err: unknown, res: unknown) => void;

/** The answer a held `begin` gets: the one PostgreSQL gives it, with no rows. */
const BEGIN_ANSWER = Object.freeze({ command: 'BEGIN', rowCount: null, oid: null, rows: [], fields: [] });

/** The comment a transaction's last statement starts with (`lastStatement`). */
export const LAST_STATEMENT_MARK = '/* last statement: written with commit */ ';

/**
 * `query` marked as its transaction's last statement: on PostgreSQL written with `commit` in one
 * round trip and answered with no rows (its error fails the commit). Only for a statement whose
 * answer is not read, followed by nothing but the commit. On PGlite it runs as any statement.
 */
export function lastStatement(query: SQL): SQL {
  return sql`${sql.raw(LAST_STATEMENT_MARK)}${query}`;
}

/** The text of a query call, or null. */
function textOf(args: QueryArgs): string | null {
  const first = args[0];
  const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : null;
}

/** Whether a call's text matches `pattern` and it has no values. */
function plain(args: QueryArgs, pattern: RegExp): boolean {
  const first = args[0];
  const text = textOf(args);
  if (text === null || !pattern.test(text)) return false;
  const values =
    typeof first === 'object' && first !== null ? (first as { values?: unknown }).values : args[1];
  const given = Array.isArray(args[1]) ? args[1] : values;
  return !Array.isArray(given) || given.length === 0;
}

/** A plain `begin` (any spelling of its case; `begin isolation level …` too) with no values. */
export function isBegin(args: QueryArgs): boolean {
  return plain(args, /^\s*begin\b/i);
}

/** A plain `commit`, the one that carries a held last statement. */
export function isCommit(args: QueryArgs): boolean {
  return plain(args, /^\s*commit\s*$/i);
}

/** A plain `rollback` (not `rollback to savepoint`): a held last statement is dropped unsent. */
function isRollback(args: QueryArgs): boolean {
  return plain(args, /^\s*rollback\s*$/i);
}

/** A statement marked by `lastStatement`. */
function isLast(args: QueryArgs): boolean {
  return textOf(args)?.startsWith(LAST_STATEMENT_MARK) ?? false;
}

/** The answer a held last statement gets at once: no rows (its caller does not read them). */
const LAST_ANSWER = Object.freeze({ command: null, rowCount: null, oid: null, rows: [], fields: [] });

/** Answers a call at once with `answer`, by its callback or as a promise. */
function answerNow(args: QueryArgs, answer: unknown): unknown {
  const cb = args.at(-1);
  if (typeof cb === 'function') {
    process.nextTick(() => (cb as Callback)(null, answer));
    return undefined;
  }
  return Promise.resolve(answer);
}

/**
 * `send` (a pipelined connection's query) with `begin` held until the next call, which writes both
 * inside one `cork()`/`uncork()` of the connection's socket, and a transaction's marked last
 * statement held until its `commit` likewise. The held one's own answer comes back first; its
 * error, if any, becomes the carrying statement's.
 */
export function carryBegin(
  send: Send,
  stream: () => { cork(): void; uncork(): void } | undefined,
): Send & { forget(): boolean } {
  let held: QueryArgs | null = null;
  /** A transaction is open on the connection (a begin seen, no commit or rollback since). */
  let open = false;
  /** The open transaction's last statement, held for its commit. */
  let last: QueryArgs | null = null;
  const query = (...args: QueryArgs): unknown => {
    if (held === null && last === null && isBegin(args)) {
      held = args;
      open = true;
      return answerNow(args, BEGIN_ANSWER);
    }
    if (held === null && open && last === null && isLast(args)) {
      last = args;
      return answerNow(args, LAST_ANSWER);
    }
    const ends = isCommit(args) || isRollback(args);
    if (ends) open = false;
    if (last !== null && isRollback(args)) last = null; // rolled back: never needed
    const ahead = held ?? last;
    if (ahead === null) return send(...args);
    held = null;
    last = null;
    return sendBoth(send, stream, ahead, args);
  };
  /** Drops a held `begin` or last statement (the connection goes back); true if there was one. */
  const forget = () => {
    const had = held !== null || last !== null;
    held = null;
    last = null;
    open = false;
    return had;
  };
  return Object.assign(query, { forget });
}

/**
 * Writes `ahead` (a held begin or last statement) and then `args` inside one `cork()` of the
 * socket. The second call's answer waits for the first's: the first's error wins.
 */
function sendBoth(
  send: Send,
  stream: () => { cork(): void; uncork(): void } | undefined,
  ahead: QueryArgs,
  args: QueryArgs,
): unknown {
  const s = stream();
  s?.cork();
  let first: Promise<unknown> | undefined;
  try {
    first = send(...withoutCallback(ahead)) as Promise<unknown>;
    const cb = args.at(-1);
    if (typeof cb === 'function') {
      const sent = first;
      const result = send(...args.slice(0, -1), (err: unknown, res: unknown) =>
        sent.then(
          () => (cb as Callback)(err, res),
          (firstErr: unknown) => (cb as Callback)(firstErr, undefined),
        ),
      );
      first.catch(() => {}); // reported through the callback above
      return result;
    }
    return Promise.all([first, send(...args)]).then(([, res]) => res);
  } catch (err) {
    first?.catch(() => {}); // the call threw before its answer could carry the first's error
    throw err;
  } finally {
    s?.uncork();
  }
}

/** The held `begin`'s call as a promise: its callback (already answered) is dropped. */
function withoutCallback(args: QueryArgs): QueryArgs {
  return typeof args.at(-1) === 'function' ? args.slice(0, -1) : args;
}
