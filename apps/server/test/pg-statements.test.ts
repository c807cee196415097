// Named prepared statements on PostgreSQL (db/pg-statements.ts): a text sent again and again runs
// under a name, so PostgreSQL plans it once per connection; texts sent once, calls without
// parameters and calls already named are left alone; the caller's config is never changed.
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createStatementNames, isStalePlan, NAME_AFTER_USES, withName } from '../src/db/pg-statements.ts';
import { openStore as openDb } from '../src/db/store.ts';
import { openStore } from './helpers/stores.ts';

describe('which texts get a name', () => {
  it('from the third use on, the same name for the same text, at most so many names', () => {
    const names = createStatementNames({ max: 2 });
    expect(NAME_AFTER_USES).toBe(3);
    expect([names.nameOf('a'), names.nameOf('a')]).toEqual([undefined, undefined]);
    const a = names.nameOf('a');
    expect(a).toMatch(/^bl_/);
    expect(names.nameOf('a')).toBe(a);
    for (let i = 0; i < 3; i++) names.nameOf('b');
    for (let i = 0; i < 5; i++) expect(names.nameOf('c')).toBeUndefined(); // the names are spent
    expect(names.nameOf('b')).not.toBe(a);
    expect(names.stats.named).toBe(2);
  });

  it('counts at most so many texts: one-off texts cannot grow it without bound', () => {
    const names = createStatementNames({ countedMax: 100 });
    for (let i = 0; i < 1_000; i++) names.nameOf(`select ${i}`);
    expect(names.stats.counted).toBeLessThanOrEqual(100);
    expect(names.stats.named).toBe(0);
  });

  it("knows PostgreSQL's refusal of a statement whose table's columns changed", () => {
    const stale = Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });
    expect(isStalePlan(stale)).toBe(true);
    expect(isStalePlan(Object.assign(new Error('other'), { code: '0A000' }))).toBe(false);
    expect(isStalePlan(new Error('cached plan must not change result type'))).toBe(false);
    expect(isStalePlan(null)).toBe(false);
  });

  it('refuses limits that are not whole numbers ≥ 1', () => {
    expect(() => createStatementNames({ max: 0 })).toThrow('max must be an integer ≥ 1, got 0');
    expect(() => createStatementNames({ afterUses: 1.5 })).toThrow(/afterUses/);
  });

  it('names a call with parameters in a new config; leaves the rest as they are', () => {
    const names = createStatementNames({ afterUses: 1 });
    const text = 'select $1::int';
    expect(withName([text, [1]], names)).toEqual([{ text, name: 'bl_0' }, [1]]);
    const config = { text: 'select $1::int + 1', types: { getTypeParser: () => String } };
    const out = withName([config, [1]], names);
    expect(out[0]).toEqual({ ...config, name: 'bl_1' });
    expect(config).not.toHaveProperty('name'); // drizzle's cached config stays unnamed
    expect(withName([{ text: 'select $1::int * 2', values: [2] }], names)[0]).toMatchObject({ name: 'bl_2' });
    const unchanged: unknown[][] = [
      ['begin; select 1'], // no parameters: the simple protocol, maybe several statements
      ['select $1::int', []],
      [{ text: 'select $1::int', name: 'mine' }, [1]],
      [{ text: 'select $1::int', submit: () => {} }, [1]],
      ['select $1::int', () => {}],
    ];
    for (const args of unchanged) expect(withName(args, names)).toBe(args);
  });
});

/** A fresh PostgreSQL store with `poolMax` connections for `run`, closed and dropped after. */
async function onStore(poolMax: number, run: (store: Awaited<ReturnType<typeof openDb>>) => Promise<void>) {
  const opened = await openStore('postgres', true);
  const store = await openDb({ ...opened.options, poolMax } as typeof opened.options);
  try {
    await run(store);
  } finally {
    await store.close();
    await opened.cleanup();
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('named statements on PostgreSQL', () => {
  it('a text used again is planned once on its connection, and answers as before', async () => {
    await onStore(4, async (store) => {
      const answers = await store.db.transaction(async (tx) => {
        const got: unknown[] = [];
        for (let i = 0; i < 6; i++) {
          const r = await tx.execute(sql`select ${i}::int * 2 as n, ${'x'}::text as s`);
          got.push((r as unknown as { rows: unknown[] }).rows[0]);
        }
        // A text without parameters still runs by the simple protocol.
        await tx.execute(sql`select 1`);
        const kept = await tx.execute(
          sql`select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements`,
        );
        return { got, kept: (kept as unknown as { rows: { statement: string; runs: number }[] }).rows };
      });
      expect(answers.got).toEqual([0, 2, 4, 6, 8, 10].map((n) => ({ n, s: 'x' })));
      // Named from the third use: the statement ran four times under its name.
      expect(answers.kept).toEqual([{ statement: 'select $1::int * 2 as n, $2::text as s', runs: 4 }]);
    });
  });

  it('a named statement sees a table renamed under it: re-planned, not run on the old table', async () => {
    await onStore(1, async (store) => {
      await store.db.execute(sql`create table named_t (id int primary key)`);
      await store.db.execute(sql`insert into named_t values (1)`);
      const read = () =>
        store.db.transaction((tx) => tx.execute(sql`select id from named_t where id = ${1}`));
      for (let i = 0; i < 4; i++) await read();
      // The read is a named statement on the one connection now, so the rename is what it meets.
      const kept = await store.db.transaction((tx) =>
        tx.execute(
          sql`select count(*)::int as n from pg_prepared_statements where statement like ${'%named_t%'}`,
        ),
      );
      expect((kept as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 1 }]);
      await store.db.execute(sql`alter table named_t rename to named_t_away`);
      await expect(read()).rejects.toThrow(/named_t/);
    });
  });

  it('a column added under a named `select *`: that call fails once, its connection goes, the next call answers', async () => {
    await onStore(1, async (store) => {
      await store.db.execute(sql`create table star_t (id int primary key)`);
      await store.db.execute(sql`insert into star_t values (1)`);
      const read = async () => {
        // In a transaction: pg's pool drops a connection whose lone query failed, a transaction's
        // connection goes back to the pool after its rollback.
        const r = await store.db.transaction((tx) => tx.execute(sql`select * from star_t where id = ${1}`));
        return (r as unknown as { rows: unknown[] }).rows;
      };
      for (let i = 0; i < 4; i++) expect(await read()).toEqual([{ id: 1 }]);
      await store.db.execute(sql`alter table star_t add column note text`);
      // PostgreSQL refuses the statement; its connection is closed under the transaction, whose
      // rollback then fails: the call fails in words either way.
      const failed = await read().then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(failed).toBeInstanceOf(Error);
      expect(await read()).toEqual([{ id: 1, note: null }]);
      expect(await read()).toEqual([{ id: 1, note: null }]);
    });
  });

  it('the pool keeps its connections, and their plans, through an idle spell', async () => {
    await onStore(3, async (store) => {
      /** Three transactions at once, each on a connection of its own: their backends' pids. */
      const pids = () =>
        Promise.all(
          [0, 1, 2].map(() =>
            store.db.transaction(async (tx) => {
              const r = await tx.execute(sql`select pg_backend_pid() as pid, pg_sleep(${0.05})`);
              return (r as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
            }),
          ),
        );
      // pg's pool closes a connection idle for its idleTimeoutMillis (10 s unless set), with its
      // named statements and their plans: fake timers stand for a quiet minute.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const before = new Set(await pids());
        expect(before.size).toBe(3);
        vi.advanceTimersByTime(60_000);
        vi.useRealTimers();
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(store.pool?.()).toMatchObject({ total: 3, idle: 3 });
        expect(new Set(await pids())).toEqual(before);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
