// Named prepared statements on PGlite (db/pglite-statements.ts): the same answers as PGlite's own
// `query` (types, nulls, row modes, errors with their code, transactions), each text planned once
// and reused, and at most STATEMENTS_MAX kept.
import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareStatements, type StatementCache } from '../src/db/pglite-statements.ts';

let db: PGlite;
let plain: PGlite;
let cache: StatementCache;

const SETUP = `create table t (id serial primary key, name text unique not null, paise bigint,
  at timestamptz, doc jsonb, flags boolean[], n numeric)`;

beforeAll(async () => {
  db = await PGlite.create();
  plain = await PGlite.create();
  for (const c of [db, plain]) await c.exec(SETUP);
  cache = prepareStatements(db, 8);
});
afterAll(async () => {
  await db.close();
  await plain.close();
});

/** Runs the same call on the cached client and on a plain one; both must answer alike. */
async function same(text: string, params: unknown[] = [], options?: Parameters<PGlite['query']>[2]) {
  const [a, b] = await Promise.all([db.query(text, params, options), plain.query(text, params, options)]);
  expect(a).toEqual(b);
  return a;
}

/** How often each kept statement was planned generically / custom (PostgreSQL's plan cache). */
async function plans(text: string) {
  const { rows } = await db.query<{ generic_plans: number; custom_plans: number }>(
    `select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1`,
    [text],
  );
  return rows[0] ?? null;
}

describe('named prepared statements on PGlite', () => {
  it('answers as PGlite does: types, nulls, json, arrays, dates, the array row mode', async () => {
    const insert = `insert into t (name, paise, at, doc, flags, n) values ($1, $2, $3, $4, $5, $6) returning *`;
    const at = new Date('2026-11-30T10:00:00.000Z');
    await same(insert, ['a', 12_345_678_901n, at, { x: [1, 'two'] }, [true, false], '1.50']);
    await same(insert, ['b', null, null, null, null, null]);
    await same(insert, ['c', 5, '2026-01-01T00:00:00Z', '{"y":1}', null, 2]);
    await same(`select * from t order by id`, [], { rowMode: 'array' });
    await same(`select name, paise from t where paise > $1 order by id`, [0]);
    const r = await same(`update t set paise = paise + $1 where name = any($2::text[])`, [1, ['a', 'c']]);
    expect(r.affectedRows).toBe(2);
  });

  // drizzle passes parsers of its own with every query (timestamps kept as text): they override
  // the client's for their types, and the client's still parse every other type.
  it("a call's own parsers override the client's for their types only", async () => {
    const parsers = {
      [types.TIMESTAMPTZ]: (v: string) => `at ${v}`,
      [types.INT8]: (v: string) => `paise ${v}`,
    };
    const text = `select name, paise, at, doc, id from t where name = $1`;
    const { rows } = await same(text, ['a'], { parsers });
    expect(rows[0]).toMatchObject({ name: 'a', id: 1, doc: { x: [1, 'two'] } });
    expect((rows[0] as { paise: string }).paise).toMatch(/^paise 12345678902$/);
    expect((rows[0] as { at: string }).at).toMatch(/^at 2026-11-30/);
    // The next call without them parses as the client does.
    const again = await same(text, ['a']);
    expect(typeof (again.rows[0] as { paise: unknown }).paise).not.toBe('string');
    expect((again.rows[0] as { at: Date }).at).toBeInstanceOf(Date);
  });

  it('plans a repeated text once and reuses it (the generic plan after five custom ones)', async () => {
    const text = `select id from t where name = $1`;
    for (let i = 0; i < 12; i++) await db.query(text, [i % 2 ? 'a' : 'b']);
    const p = await plans(text);
    expect(p).not.toBeNull();
    expect(p!.generic_plans).toBeGreaterThan(0);
    expect(p!.custom_plans).toBeLessThanOrEqual(5);
    expect(cache.stats.reused).toBeGreaterThan(0);
  });

  it('a failed statement answers its error and code, and the next call runs', async () => {
    const insert = `insert into t (name) values ($1)`;
    await db.query(insert, ['dup']);
    const err = await db.query(insert, ['dup']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', query: insert });
    // A text that does not parse is refused in words and not kept: asked again, it is parsed again
    // (a kept name that was never prepared would answer 26000, no such statement).
    const prepared = cache.stats.prepared;
    await expect(db.query(`selec 1`)).rejects.toMatchObject({ code: '42601' });
    await expect(db.query(`selec 1`)).rejects.toMatchObject({ code: '42601' });
    expect(cache.stats.prepared).toBe(prepared);
    expect((await db.query<{ x: number }>(`select 1 as x`)).rows).toEqual([{ x: 1 }]);
    expect((await db.query(insert, ['dup2'])).affectedRows).toBe(1);
  });

  it('in a transaction: its statements join it, a rollback undoes them, an error inside rolls back', async () => {
    const count = async () => (await db.query<{ n: number }>(`select count(*)::int as n from t`)).rows[0]!.n;
    const before = await count();
    await db.transaction(async (tx) => {
      await tx.query(`insert into t (name) values ($1)`, ['tx1']);
      expect((await tx.query<{ n: number }>(`select count(*)::int as n from t`)).rows[0]!.n).toBe(before + 1);
      await tx.rollback();
    });
    expect(await count()).toBe(before);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into t (name) values ($1)`, ['tx2']);
        await tx.query(`insert into t (name) values ($1)`, ['dup']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(before);
    await db.transaction(async (tx) => {
      await tx.query(`insert into t (name) values ($1)`, ['tx3']);
    });
    expect(await count()).toBe(before + 1);
  });

  it('keeps at most its bound: the least recently used statement is closed', async () => {
    for (let i = 0; i < 20; i++) await db.query(`select ${i}::int as k`);
    expect(cache.size).toBe(8);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_prepared_statements where name like 'bl\\_%'`,
    );
    // The count's own statement is the ninth until the next call closes one.
    expect(rows[0]!.n).toBeLessThanOrEqual(9);
  });

  it('a kept statement is one pass through PGlite: bind, describe, execute and sync in one message', async () => {
    const text = `select name from t where name = $1`;
    const insert = `insert into t (name) values ($1)`;
    await db.query(text, ['dup']);
    await db.query(insert, ['one-pass']);
    const original = db.execProtocolStream.bind(db);
    let passes = 0;
    db.execProtocolStream = (message, options) => {
      passes += 1;
      return original(message, options);
    };
    try {
      expect((await db.query<{ name: string }>(text, ['dup'])).rows).toEqual([{ name: 'dup' }]);
      expect(passes).toBe(1);
      // A failing call is one pass too, and the session is ready after it.
      await expect(db.query(insert, ['dup'])).rejects.toMatchObject({ code: '23505' });
      await expect(db.query(insert, ['dup'])).rejects.toMatchObject({ code: '23505' });
      expect(passes).toBe(3);
      expect((await db.query<{ name: string }>(text, ['dup'])).rows).toEqual([{ name: 'dup' }]);
    } finally {
      db.execProtocolStream = original;
    }
  });
});
