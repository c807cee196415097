// Named prepared statements on PostgreSQL (docs/performance.md, "The round's statements planned
// once"). node-postgres sends a query with parameters as the unnamed statement: PostgreSQL parses,
// analyses and plans it afresh at every call. The round's stake gate (wallet/service.ts
// `grantRows`) is one statement of a dozen CTEs: 0.86 ms of the backend's CPU to plan, 1.8 ms
// to run, once a round. A text the app has sent a few times is given a name here; node-postgres
// then parses it once per connection (Connection.parsedStatements) and PostgreSQL's plan cache
// keeps its plan (five custom plans, then the generic one when it costs no more), as PGlite's
// store does for every text (db/pglite-statements.ts).
//
// Limits: a text is named from its NAME_AFTER_USES-th use (a text seen once, an `in (...)` list of
// a length never seen again, is left unnamed), at most NAMES_MAX texts per process; a connection
// keeps the statements it has used until it closes (node-postgres never closes one), so each of
// the pool's connections holds at most NAMES_MAX plans.

/** A text is named from this use on: texts sent once stay unnamed. */
export const NAME_AFTER_USES = 3;
/** Texts named per process, at most; later texts stay unnamed. */
export const NAMES_MAX = 500;
/** Texts counted at most; beyond it the counts start again (the named ones stay named). */
export const COUNTED_MAX = 10_000;

export type StatementNames = {
  /** The name `text` runs under, or undefined (not yet used often enough, or the names are spent). */
  nameOf(text: string): string | undefined;
  readonly stats: { named: number; counted: number };
};

export function createStatementNames(
  opts: { afterUses?: number; max?: number; countedMax?: number } = {},
): StatementNames {
  const afterUses = opts.afterUses ?? NAME_AFTER_USES;
  const max = opts.max ?? NAMES_MAX;
  const countedMax = opts.countedMax ?? COUNTED_MAX;
  for (const [k, v] of Object.entries({ afterUses, max, countedMax })) {
    if (!Number.isSafeInteger(v) || v < 1) throw new RangeError(`${k} must be an integer ≥ 1, got ${v}`);
  }
  const names = new Map<string, string>();
  const uses = new Map<string, number>();
  return {
    nameOf(text) {
      const named = names.get(text);
      if (named !== undefined || names.size >= max) return named;
      const n = (uses.get(text) ?? 0) + 1;
      if (n < afterUses) {
        if (uses.size >= countedMax) uses.clear();
        uses.set(text, n);
        return undefined;
      }
      uses.delete(text);
      const name = `bl_${names.size.toString(36)}`;
      names.set(text, name);
      return name;
    },
    stats: {
      get named() {
        return names.size;
      },
      get counted() {
        return uses.size;
      },
    },
  };
}

/**
 * A node-postgres `query` call's arguments with the statement's name added when its text has one
 * (a new config object: the caller's, drizzle's cached one, is never changed). Left as they are:
 * a call already named, one without parameters (sent by the simple protocol, where a text may hold
 * several statements), and a submittable (a cursor, a stream).
 */
export function withName(args: unknown[], names: StatementNames): unknown[] {
  const [first, second] = args;
  let text: unknown;
  let values: unknown = second;
  if (typeof first === 'string') text = first;
  else if (first && typeof first === 'object') {
    const c = first as { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };
    if (c.name !== undefined || typeof c.submit === 'function') return args;
    text = c.text;
    if (!Array.isArray(values)) values = c.values;
  }
  if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return args;
  const name = names.nameOf(text);
  if (name === undefined) return args;
  const config = typeof first === 'string' ? { text, name } : { ...(first as object), name };
  return [config, ...args.slice(1)];
}

/**
 * PostgreSQL's refusal of a named statement whose table's columns changed since it was planned
 * (`select *` of a table a migration altered): it fails so on its connection until it is closed.
 */
export function isStalePlan(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === '0A000' &&
    typeof e.message === 'string' &&
    e.message.includes('cached plan must not change result type')
  );
}
