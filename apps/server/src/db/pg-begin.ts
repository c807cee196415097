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

/** What node-postgres's `Client.query` is called with: a text or a config, values, a callback. */
type QueryArgs = unknown[];
type Send = (...args: QueryArgs) => unknown;
type Callback = (err: unknown, res: unknown) => void;

/** The answer a held `begin` gets: the one PostgreSQL gives it, with no rows. */
const BEGIN_ANSWER = Object.freeze({ command: 'BEGIN', rowCount: null, oid: null, rows: [], fields: [] });

/** A plain `begin` (any spelling of its case; `begin isolation level …` too) with no values. */
export function isBegin(args: QueryArgs): boolean {
  const first = args[0];
  const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
  if (typeof text !== 'string' || !/^\s*begin\b/i.test(text)) return false;
  const values =
    typeof first === 'object' && first !== null ? (first as { values?: unknown }).values : args[1];
  const given = Array.isArray(args[1]) ? args[1] : values;
  return !Array.isArray(given) || given.length === 0;
}

/**
 * `send` (a pipelined connection's query) with `begin` held until the next call, which writes both
 * inside one `cork()`/`uncork()` of the connection's socket. The held begin's own answer comes
 * back first; its error, if any, becomes the carrying statement's.
 */
export function carryBegin(
  send: Send,
  stream: () => { cork(): void; uncork(): void } | undefined,
): Send & { forget(): boolean } {
  let held: QueryArgs | null = null;
  const query = (...args: QueryArgs) => {
    if (held === null && isBegin(args)) {
      held = args;
      const cb = args.at(-1);
      if (typeof cb === 'function') {
        process.nextTick(() => (cb as Callback)(null, BEGIN_ANSWER));
        return undefined;
      }
      return Promise.resolve(BEGIN_ANSWER);
    }
    if (held === null) return send(...args);
    const begin = held;
    held = null;
    const s = stream();
    s?.cork();
    let began: Promise<unknown> | undefined;
    let result: unknown;
    try {
      began = send(...withoutCallback(begin)) as Promise<unknown>;
      const cb = args.at(-1);
      if (typeof cb === 'function') {
        // The statement's answer waits for begin's: begin's error wins.
        const own = args.slice(0, -1);
        const sent = began;
        result = send(...own, (err: unknown, res: unknown) =>
          sent.then(
            () => (cb as Callback)(err, res),
            (beginErr: unknown) => (cb as Callback)(beginErr, undefined),
          ),
        );
        began.catch(() => {}); // reported through the callback above
      } else {
        result = Promise.all([began, send(...args)]).then(([, res]) => res);
      }
    } catch (err) {
      began?.catch(() => {}); // the call threw before its answer could carry begin's error
      throw err;
    } finally {
      s?.uncork();
    }
    return result;
  };
  /** Drops a held `begin` (its transaction sent nothing); true if there was one. */
  const forget = () => {
    const had = held !== null;
    held = null;
    return had;
  };
  return Object.assign(query, { forget });
}

/** The held `begin`'s call as a promise: its callback (already answered) is dropped. */
function withoutCallback(args: QueryArgs): QueryArgs {
  return typeof args.at(-1) === 'function' ? args.slice(0, -1) : args;
}
