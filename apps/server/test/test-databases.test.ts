// Where the PostgreSQL test databases live (helpers/ram-tablespace.ts): in the run's tablespace on
// tmpfs when PostgreSQL is on this machine, the server's default tablespace otherwise.
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openRamTablespace } from './helpers/ram-tablespace.ts';
import { openStore } from './helpers/stores.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

/**
 * The tablespace database `name` is in, asked of the server, not of the database: a session on a
 * template would make another worker's copy of it fail.
 */
async function tablespaceOf(name: string): Promise<string> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    const { rows } = await c.query<{ spcname: string }>(
      `select t.spcname from pg_database d join pg_tablespace t on t.oid = d.dattablespace
        where d.datname = $1`,
      [name],
    );
    return rows[0]!.spcname;
  } finally {
    await c.end();
  }
}

describe('the PostgreSQL test databases', () => {
  it('PostgreSQL on another machine: no tablespace is made, and the reason says so', async () => {
    const far = await openRamTablespace('postgres://postgres@db.example.com:5432/test', 'x0');
    expect(far.name).toBe('');
    expect(far.why).toBe('PostgreSQL is on another machine');
  });

  it.runIf(ADMIN_URL)(
    'an empty one and the templates (so their copies) are in the run’s tablespace',
    async () => {
      const tablespace = inject('postgresTablespace');
      const host = new URL(ADMIN_URL!).hostname;
      // CI's PostgreSQL is on the box, beside a tmpfs /dev/shm: there it must be used.
      if (process.env.CI === 'true' && (host === '127.0.0.1' || host === 'localhost')) {
        expect(tablespace).toMatch(/^backlay_ts_/);
      }
      const expected = tablespace || 'pg_default';
      for (const template of [inject('postgresTemplate'), inject('postgresEmptyTemplate')]) {
        expect(await tablespaceOf(template), template).toBe(expected);
      }
      const empty = await openStore('postgres', true);
      try {
        expect(empty.options.kind).toBe('postgres');
        if (empty.options.kind === 'postgres') {
          expect(await tablespaceOf(new URL(empty.options.url).pathname.slice(1))).toBe(expected);
        }
      } finally {
        await empty.cleanup();
      }
    },
  );
});
