// Named prepared statements for PGlite (docs/performance.md, "Idle demo node", eighth look).
// PGlite's `query` sends every statement as the unnamed one: PostgreSQL parses, analyses and plans
// it afresh at each call. On this store the planning is most of a statement's cost (the stake
// gate's reservation: ~12 ms planned, ~5 ms run), and the app sends the same few dozen texts over
// and over. Here each text is parsed once under a name of its own; PostgreSQL's plan cache then
// keeps its plan (after five custom plans, the generic one when it costs no more), as JDBC's
// prepareThreshold and postgres.js's `prepare` do on a real connection. PGlite is one session, so
// a name prepared once is valid for every later call, in or out of a transaction.
//
// Built on PGlite's public protocol calls (execProtocolStream, _runExclusiveQuery, protocol.serialize,
// parse.parseResults); the answers are the same objects `query` gives. A query with options this
// does not handle (a COPY blob, parameter types) goes to PGlite's own `query`.
import {
  parse as pgParse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/** Statements kept prepared at most; beyond it the least recently used is closed. */
export const STATEMENTS_MAX = 300;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

type Prepared = { readonly name: string; readonly types: readonly number[] };

export type StatementCache = {
  /** Texts prepared now (≤ STATEMENTS_MAX). */
  readonly size: number;
  /** Calls answered by a statement prepared earlier / by preparing one. */
  readonly stats: { reused: number; prepared: number };
};

/**
 * Makes `client.query` (and the query of every transaction it opens) run each text as a named
 * prepared statement, at most `max` kept. Returns what it keeps, for tests and metrics.
 * Long because it is a factory: its short inner functions share the kept statements, the call's
 * options and the PGlite instance whose two methods it replaces.
 */
export function prepareStatements(client: PGlite, max = STATEMENTS_MAX): StatementCache {
  if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`statements max must be ≥ 1, got ${max}`);
  const S = protocol.serialize;
  /** By text, least recently used first (a Map keeps insertion order; a use moves it last). */
  const statements = new Map<string, Prepared>();
  let counter = 0;
  const stats = { reused: 0, prepared: 0 };
  const originalQuery = client.query.bind(client);
  const originalTransaction = client.transaction.bind(client);

  /** One protocol message, with the call's options as PGlite's `query` passes them (onNotice…). */
  const send = (message: Uint8Array, options: QueryOptions | undefined) =>
    client.execProtocolStream(message, { ...options, syncToFs: false });

  /** Values as PGlite's `query` serializes them: by the parameter's type, else as text. */
  function serialize(params: readonly unknown[], types: readonly number[], options?: QueryOptions) {
    return params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = types[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
  }

  /** The statement of `text`, prepared now if it is not kept (the least recently used one closed beyond `max`). */
  async function statementOf(
    text: string,
    options: QueryOptions | undefined,
    out: BackendMessage[],
  ): Promise<Prepared> {
    const kept = statements.get(text);
    if (kept) {
      statements.delete(text);
      statements.set(text, kept);
      stats.reused += 1;
      return kept;
    }
    const name = `bl_${(++counter).toString(36)}`;
    out.push(...(await send(S.parse({ name, text }), options)));
    const described = await send(S.describe({ type: 'S', name }), options);
    out.push(...described);
    const prepared = { name, types: pgParse.parseDescribeStatementResults(described) };
    statements.set(text, prepared);
    stats.prepared += 1;
    while (statements.size > max) {
      const [oldText, old] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldText);
      out.push(...(await send(S.close({ type: 'S', name: old.name }), options)));
    }
    return prepared;
  }

  /**
   * One call: bind, describe, execute and sync, sent as one message as a driver sends them on a
   * socket. PostgreSQL runs them in order; after an error it skips to the sync, so the session is
   * ready again either way. One message is one pass through PGlite (its call into PostgreSQL, its
   * parser's copy of the answer), not four. A statement not yet prepared is parsed and described
   * first; if that fails, the sync still goes.
   */
  async function run(text: string, params: readonly unknown[], options: QueryOptions | undefined) {
    const out: BackendMessage[] = [];
    let synced = false;
    try {
      const st = await statementOf(text, options, out);
      const values = serialize(params, st.types, options);
      synced = true;
      out.push(
        ...(await send(
          Buffer.concat([
            S.bind({ statement: st.name, values }),
            S.describe({ type: 'P' }),
            S.execute({}),
            S.sync(),
          ]),
          options,
        )),
      );
    } catch (err) {
      // As PGlite's own `query` reports a failed statement: the error with its query attached.
      if (err && typeof err === 'object') Object.assign(err, { query: text, params, queryOptions: options });
      throw err;
    } finally {
      if (!synced) out.push(...(await send(S.sync(), options)));
    }
    return out;
  }

  const handles = (options: QueryOptions | undefined) =>
    options === undefined || (options.blob === undefined && options.paramTypes === undefined);

  async function query<T>(
    text: string,
    params: readonly unknown[] | undefined,
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const out = await client._runExclusiveQuery(() => run(text, params ?? [], options));
    // Outside a transaction PGlite writes its file system after each statement; inside, at the end.
    if (!inTransaction) await client.syncToFs();
    return parse<T>(out, options);
  }

  /**
   * The answer's rows as PGlite's `query` gives them. A call's own parsers (drizzle passes nine
   * with every query) go on an object whose prototype is the client's: parseResults would copy the
   * client's 300-odd parsers and the call's into a new object at every call (~85 µs, most of the
   * parse of a one-row answer); a lookup through the prototype finds the same parser.
   */
  function parse<T>(out: BackendMessage[], options: QueryOptions | undefined): Results<T> {
    if (!options?.parsers) return pgParse.parseResults(out, client.parsers, options)[0] as Results<T>;
    const parsers = Object.assign(Object.create(client.parsers) as typeof client.parsers, options.parsers);
    return pgParse.parseResults(out, parsers, { ...options, parsers: undefined })[0] as Results<T>;
  }

  client.query = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    if (!handles(options)) return originalQuery<T>(text, params, options);
    await client.waitReady;
    return client._runExclusiveTransaction(() => query<T>(text, params, options, false));
  };

  client.transaction = <T>(fn: (tx: Transaction) => Promise<T>) =>
    originalTransaction((tx) => {
      const own = tx.query.bind(tx);
      const wrapped: Transaction = Object.create(tx, {
        query: {
          value: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
            if (tx.closed) throw new Error('Transaction is closed');
            if (!handles(options)) return own<R>(text, params, options);
            return query<R>(text, params, options, true);
          },
        },
      });
      return fn(wrapped);
    });

  return {
    get size() {
      return statements.size;
    },
    stats,
  };
}
