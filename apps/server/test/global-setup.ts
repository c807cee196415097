// Runs once per `vitest run`: builds the server and the demo provider (scripts/compiled-apps.mjs;
// skipped when up to date) for the tests that start them as processes; migrates and seeds one
// in-memory PGlite store and dumps it, so each test file starts from a copy (about 1 s) instead of
// initdb + migrations + seed (about 4 s).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import type { Db } from '../src/db/executor.ts';
import { seedDemo } from '../src/seed/seed.ts';
import { missingClusterServices } from './helpers/services.ts';
import { TEST_SECRET_HASH_COST } from './helpers/secret-hash-cost.ts';
import { inTablespace, openRamTablespace } from './helpers/ram-tablespace.ts';
import { buildNodeAppsIfStale } from '../../../scripts/compiled-apps.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Migrated, base data only (as a first start with SEED_DEMO=0). */
    pgliteEmptyTemplate: string;
    /** Migrated, base and demo data. */
    pgliteTemplate: string;
    /**
     * With TEST_DATABASE_URL: PostgreSQL databases migrated (base data only / and demo data) that
     * the store tests' PostgreSQL pass copies (CREATE DATABASE … TEMPLATE, about 1 s) instead
     * of migrating and seeding a new one (about 5 s under load); '' without PostgreSQL.
     */
    postgresEmptyTemplate: string;
    postgresTemplate: string;
    /**
     * The tablespace on tmpfs the run's PostgreSQL test databases are made in (helpers/
     * ram-tablespace.ts); copies of the templates are in it already. '' for the default one.
     */
    postgresTablespace: string;
    /**
     * This run's part of its test databases' names (helpers/stores.ts): what is left with it when
     * the run ends was opened by a test that did not give it back.
     */
    postgresRunTag: string;
    /** What the cluster tests lack (NATS, PostgreSQL) and what the multi-node test lacks besides (haproxy). */
    clusterMissing: string[];
    haproxyMissing: string[];
  }
}

/**
 * The test stores' template without PostgreSQL's own template databases. A PGlite store serves the
 * one database `postgres`; template0 and template1 are there only for CREATE DATABASE, which no
 * PGlite store runs. They were 602 of the tar's 1,428 files and 15 of its 46 MB, each written into
 * every test store's memory file system at its open: an open took 0.47-0.55 CPU-s with them and
 * 0.31-0.42 without (docs/performance.md, "Test suite time").
 */
async function dropTemplateDatabases(db: Db) {
  for (const name of ['template1', 'template0']) {
    await db.execute(sql.raw(`alter database ${name} is_template false`));
    await db.execute(sql.raw(`drop database ${name}`));
  }
  await db.execute(sql.raw('checkpoint'));
}

export default async function setup(project: TestProject) {
  // The tests that start the server or the demo provider as processes run them compiled.
  buildNodeAppsIfStale();
  const dir = mkdtempSync(path.join(tmpdir(), 'backlay-test-'));
  const app = await buildApp({
    store: { kind: 'pglite-memory' },
    seedDemo: false,
    secretHashCost: TEST_SECRET_HASH_COST,
  });
  await app.ready();
  await dropTemplateDatabases(app.db);
  const save = async (name: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, Buffer.from(await (await app.store.dump!()).arrayBuffer()));
    return file;
  };
  project.provide('pgliteEmptyTemplate', await save('pglite-empty.tar'));
  await seedDemo(app);
  project.provide('pgliteTemplate', await save('pglite-seeded.tar'));
  await app.close();
  const adminUrl = process.env.TEST_DATABASE_URL;
  let dropTemplates = async () => {};
  let dropLeftovers = async () => {};
  const runTag = randomBytes(3).toString('hex');
  project.provide('postgresRunTag', runTag);
  let dropTablespace = async () => {};
  if (adminUrl) {
    dropLeftovers = () => dropLeftoverDatabases(adminUrl, runTag);
    const tablespace = await openRamTablespace(adminUrl, runTag);
    console.log(
      `PostgreSQL pass: ${tablespace.name ? tablespace.why : `default tablespace (${tablespace.why})`}`,
    );
    project.provide('postgresTablespace', tablespace.name);
    dropTablespace = tablespace.drop;
    const templates = await makePostgresTemplates(adminUrl, tablespace.name);
    project.provide('postgresEmptyTemplate', templates.empty);
    project.provide('postgresTemplate', templates.seeded);
    dropTemplates = templates.drop;
  } else {
    project.provide('postgresEmptyTemplate', '');
    project.provide('postgresTemplate', '');
    project.provide('postgresTablespace', '');
    console.log(
      'TEST_DATABASE_URL is not set: the PostgreSQL pass of the store tests is skipped (PGlite only).',
    );
  }
  const missing = await missingClusterServices();
  project.provide('clusterMissing', missing.cluster);
  project.provide('haproxyMissing', missing.haproxy);
  const all = [...missing.cluster, ...missing.haproxy];
  if (all.length > 0 && process.env.CI !== 'true') {
    const skipped =
      missing.cluster.length > 0
        ? 'the cluster tests (several nodes on NATS and PostgreSQL, three behind HAProxy) are skipped'
        : 'the multi-node test (three nodes behind HAProxy) is skipped';
    console.log(`No ${all.join(', no ')}: ${skipped}; the single-node suite runs.`);
  }
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropTemplates();
    try {
      await dropLeftovers();
    } finally {
      await dropTablespace();
    }
  };
}

/**
 * The databases this run's tests opened (helpers/stores.ts names them `backlay_t_<tag>_…`) and
 * left behind, dropped, then named in an error that fails the run: each one is a test that does
 * not clean up after itself, and on CI's long-lived PostgreSQL they pile up run after run (one
 * such test left a 12 MB database every run until 2026-12-04).
 */
async function dropLeftoverDatabases(adminUrl: string, runTag: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1 order by datname',
      [`backlay\\_t\\_${runTag}\\_%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    if (rows.length > 0) {
      // vitest reports an error thrown here but keeps its exit code: the run fails by this line.
      process.exitCode = 1;
      throw new Error(
        `${rows.length} test database(s) left behind by this run, now dropped: ${rows.map((r) => r.datname).join(', ')}. ` +
          'A test opened a store (helpers/stores.ts openStore) and did not call its cleanup().',
      );
    }
  } finally {
    await admin.end();
  }
}

/** Two databases on the TEST_DATABASE_URL server, built as `describeStores` builds its stores. */
async function makePostgresTemplates(adminUrl: string, tablespace: string) {
  const prefix = `backlay_tpl_${randomBytes(4).toString('hex')}`;
  const names = { empty: `${prefix}_empty`, seeded: `${prefix}_seeded` };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const [key, name] of Object.entries(names)) {
      await admin.query(`create database ${name}${inTablespace(tablespace)}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const built = await buildApp({
        store: { kind: 'postgres', url: url.toString(), poolMax: 2 },
        seedDemo: key === 'seeded',
        secretHashCost: TEST_SECRET_HASH_COST,
      });
      await built.ready();
      // Closed before any copy: CREATE DATABASE refuses a template with a session on it.
      await built.close();
    }
  } finally {
    await admin.end();
  }
  return {
    ...names,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        for (const name of Object.values(names))
          await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
