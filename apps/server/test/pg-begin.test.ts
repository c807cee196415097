// A transaction's `begin` written with its first statement (db/pg-begin.ts): held and answered at
// once, then sent ahead of the next statement in one write; its failure is that statement's; on
// PostgreSQL a transaction's statements still run in one transaction, and a failed one rolls back.
// And its last statement, when the caller marks it so (`lastStatement`), written with `commit`.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { carryBegin, isBegin, isCommit, lastStatement, LAST_STATEMENT_MARK } from '../src/db/pg-begin.ts';
import { openStore as openDb } from '../src/db/store.ts';
import { openStore } from './helpers/stores.ts';

/** A connection's `query` that records what was written and when its socket was corked. */
function fakeConnection(fail: (text: string) => Error | null = () => null) {
  const log: string[] = [];
  const stream = { cork: () => log.push('cork'), uncork: () => log.push('uncork') };
  const send = (...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text: string }).text;
    log.push(text);
    const err = fail(text);
    const cb = args.at(-1);
    if (typeof cb === 'function') {
      process.nextTick(() => (cb as (e: unknown, r: unknown) => void)(err, err ? undefined : { text }));
      return undefined;
    }
    return err ? Promise.reject(err) : Promise.resolve({ text });
  };
  return { log, query: carryBegin(send, () => stream) };
}

describe('begin carried by the next statement', () => {
  it('holds begin, answers it at once, and writes it with the next statement in one cork', async () => {
    const c = fakeConnection();
    await expect(c.query('begin')).resolves.toMatchObject({ command: 'BEGIN', rows: [] });
    expect(c.log).toEqual([]); // nothing written yet
    await expect(c.query({ text: 'select $1::int', values: [1] })).resolves.toEqual({
      text: 'select $1::int',
    });
    expect(c.log).toEqual(['cork', 'begin', 'select $1::int', 'uncork']);
    await c.query('commit');
    expect(c.log.slice(4)).toEqual(['commit']); // the rest goes straight through
  });

  it("begin's failure is the carrying statement's, by promise and by callback", async () => {
    const broken = new Error('connection terminated');
    const c = fakeConnection((t) => (t === 'begin' ? broken : null));
    await c.query('begin');
    await expect(c.query('select 1')).rejects.toBe(broken);
    const d = fakeConnection((t) => (t === 'begin' ? broken : null));
    await d.query('begin');
    const got = await new Promise<unknown[]>((done) =>
      d.query('select 1', (e: unknown, r: unknown) => done([e, r])),
    );
    expect(got).toEqual([broken, undefined]);
  });

  it("a statement's own failure after a good begin is its own", async () => {
    const bad = new Error('relation "nope" does not exist');
    const c = fakeConnection((t) => (t.includes('nope') ? bad : null));
    await c.query({ text: 'BEGIN ISOLATION LEVEL SERIALIZABLE' });
    await expect(c.query('select * from nope')).rejects.toBe(bad);
    expect(c.log).toEqual(['cork', 'BEGIN ISOLATION LEVEL SERIALIZABLE', 'select * from nope', 'uncork']);
  });

  it('a begin still held when its connection goes back is forgotten: the next holder starts clean', async () => {
    const c = fakeConnection();
    await c.query('begin');
    expect(c.query.forget()).toBe(true);
    expect(c.query.forget()).toBe(false);
    await c.query('select 1');
    expect(c.log).toEqual(['select 1']); // no begin ahead of the next holder's statement
  });

  it('only a begin without values is held', () => {
    expect(isBegin(['begin'])).toBe(true);
    expect(isBegin([{ text: ' Begin read only' }, []])).toBe(true);
    expect(isBegin(['begin', () => {}])).toBe(true);
    expect(isBegin(['beginning'])).toBe(false);
    expect(isBegin(['select 1'])).toBe(false);
    expect(isBegin([{ text: 'begin', values: [1] }])).toBe(false);
    expect(isBegin(['begin', [1]])).toBe(false);
    expect(isBegin([null])).toBe(false);
  });
});

const last = (text: string) => `${LAST_STATEMENT_MARK}${text}`;

describe("a transaction's last statement carried by commit", () => {
  it('is held inside a transaction, answered at once, and written with commit in one cork', async () => {
    const c = fakeConnection();
    await c.query('begin');
    await c.query('select 1');
    await expect(c.query(last('insert 1'))).resolves.toMatchObject({ rows: [] });
    expect(c.log).toEqual(['cork', 'begin', 'select 1', 'uncork']); // the insert waits for commit
    await expect(c.query('commit')).resolves.toEqual({ text: 'commit' });
    expect(c.log.slice(4)).toEqual(['cork', last('insert 1'), 'commit', 'uncork']);
  });

  it("its failure is commit's, by promise and by callback: the transaction never reads as committed", async () => {
    const bad = new Error('duplicate key value violates unique constraint');
    const c = fakeConnection((t) => (t.includes('insert') ? bad : null));
    await c.query('begin');
    await c.query('select 1');
    await c.query(last('insert 1'));
    await expect(c.query('commit')).rejects.toBe(bad);
    const d = fakeConnection((t) => (t.includes('insert') ? bad : null));
    await d.query('begin');
    await d.query('select 1');
    await d.query(last('insert 1'));
    const got = await new Promise<unknown[]>((done) =>
      d.query('commit', (e: unknown, r: unknown) => done([e, r])),
    );
    expect(got).toEqual([bad, undefined]);
  });

  it('a rollback drops it unsent; another statement carries it ahead of itself and fails with it', async () => {
    const c = fakeConnection();
    await c.query('begin');
    await c.query('select 1');
    await c.query(last('insert 1'));
    await c.query('rollback');
    expect(c.log).toEqual(['cork', 'begin', 'select 1', 'uncork', 'rollback']);
    const bad = new Error('boom');
    const d = fakeConnection((t) => (t.includes('insert') ? bad : null));
    await d.query('begin');
    await d.query('select 1');
    await d.query(last('insert 1'));
    await expect(d.query('release savepoint sp1')).rejects.toBe(bad);
    expect(d.log.slice(4)).toEqual(['cork', last('insert 1'), 'release savepoint sp1', 'uncork']);
  });

  it('outside a transaction, and with begin still held, it goes at once: nothing is left waiting', async () => {
    const c = fakeConnection();
    await c.query(last('insert 1'));
    expect(c.log).toEqual([last('insert 1')]);
    const d = fakeConnection();
    await d.query('begin');
    await d.query(last('insert 1')); // the transaction's only statement carries begin, as any
    expect(d.log).toEqual(['cork', 'begin', last('insert 1'), 'uncork']);
    await d.query('commit');
    await d.query(last('insert 2')); // the transaction is over
    expect(d.log.slice(4)).toEqual(['commit', last('insert 2')]);
  });

  it('one held at release is forgotten with the connection', async () => {
    const c = fakeConnection();
    await c.query('begin');
    await c.query('select 1');
    await c.query(last('insert 1'));
    expect(c.query.forget()).toBe(true);
    await c.query('select 2');
    expect(c.log).toEqual(['cork', 'begin', 'select 1', 'uncork', 'select 2']);
  });

  it('only a plain commit is the one that carries it', () => {
    expect(isCommit(['commit'])).toBe(true);
    expect(isCommit([{ text: ' COMMIT ' }])).toBe(true);
    expect(isCommit(['commit', () => {}])).toBe(true);
    expect(isCommit(['commit prepared $1', ['x']])).toBe(false);
    expect(isCommit(['committed'])).toBe(false);
    expect(isCommit(['select 1'])).toBe(false);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('transactions on PostgreSQL with begin carried', () => {
  it('their statements run in one transaction; a failed one rolls back all of it', async () => {
    const opened = await openStore('postgres', true);
    const store = await openDb({ ...opened.options, poolMax: 2 } as typeof opened.options);
    try {
      await store.db.execute(sql`create table carried_t (id int primary key)`);
      const xids = await store.db.transaction(async (tx) => {
        const ids: string[] = [];
        for (let i = 0; i < 3; i++) {
          await tx.execute(sql`insert into carried_t values (${i})`);
          const r = await tx.execute(sql`select pg_current_xact_id()::text as x`);
          ids.push((r as unknown as { rows: { x: string }[] }).rows[0]!.x);
        }
        return ids;
      });
      // One transaction id for all: begin reached PostgreSQL before the first insert.
      expect(new Set(xids).size).toBe(1);
      const failed = store.db.transaction(async (tx) => {
        await tx.execute(sql`insert into carried_t values (${10})`);
        await tx.execute(sql`insert into carried_t values (${0})`); // a duplicate key
      });
      await expect(failed).rejects.toThrow(/Failed query: insert into carried_t/);
      const rows = await store.db.execute(sql`select id from carried_t order by id`);
      expect((rows as unknown as { rows: { id: number }[] }).rows.map((r) => r.id)).toEqual([0, 1, 2]);
      // Many transactions at once on two connections: each one's statements share its begin.
      const all = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          store.db.transaction(async (tx) => {
            await tx.execute(sql`insert into carried_t values (${100 + i})`);
            const r = await tx.execute(sql`select count(*)::int as n from carried_t where id >= 100`);
            return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
          }),
        ),
      );
      expect(all.every((n) => n >= 1 && n <= 40)).toBe(true);
    } finally {
      await store.close();
      await opened.cleanup();
    }
  });

  it('a last statement carried by commit: written and committed; its failure fails the transaction, which leaves nothing', async () => {
    const opened = await openStore('postgres', true);
    const store = await openDb({ ...opened.options, poolMax: 2 } as typeof opened.options);
    try {
      await store.db.execute(sql`create table carried_l (id int primary key)`);
      await store.db.transaction(async (tx) => {
        await tx.execute(sql`insert into carried_l values (1)`);
        await tx.execute(lastStatement(sql`insert into carried_l values (2)`));
      });
      const failed = store.db.transaction(async (tx) => {
        await tx.execute(sql`insert into carried_l values (3)`);
        await tx.execute(lastStatement(sql`insert into carried_l values (${1})`)); // a duplicate key
      });
      // The commit fails with the write's own error (a unique violation, under drizzle's wrapper).
      const err: unknown = await failed.then(
        () => null,
        (e: unknown) => e,
      );
      const codes: unknown[] = [];
      for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
        codes.push((e as { code?: unknown }).code);
      expect(codes).toContain('23505');
      const rows = await store.db.execute(sql`select id from carried_l order by id`);
      expect((rows as unknown as { rows: { id: number }[] }).rows.map((r) => r.id)).toEqual([1, 2]);
      // The connection is clean after it: the next transaction commits.
      await store.db.transaction(async (tx) => {
        await tx.execute(lastStatement(sql`insert into carried_l values (4)`));
      });
      const after = await store.db.execute(sql`select count(*)::int as n from carried_l`);
      expect((after as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
    } finally {
      await store.close();
      await opened.cleanup();
    }
  });

  it('a connection given back with a begin held: its next holder is not in a transaction', async () => {
    const opened = await openStore('postgres', true);
    const store = await openDb({ ...opened.options, poolMax: 1 } as typeof opened.options);
    try {
      const pool = (store.db as unknown as { $client: pg.Pool }).$client;
      const first = await pool.connect();
      await first.query('begin'); // held, never followed
      first.release();
      const next = await pool.connect(); // the same connection: the pool has one
      try {
        const r = await next.query(
          'select xact_start < query_start as in_tx from pg_stat_activity where pid = pg_backend_pid()',
        );
        expect(r.rows).toEqual([{ in_tx: false }]);
      } finally {
        next.release();
      }
    } finally {
      await store.close();
      await opened.cleanup();
    }
  });
});
