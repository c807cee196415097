import { readFileSync } from 'node:fs';
import { inTablespace } from './ram-tablespace.ts';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.ts';
import type { StoreOptions } from '../../src/db/store.ts';
import { createNatsBus, type Bus } from '../../src/plugins/bus.ts';
import { Api } from './api.ts';
import { TEST_BUS_URL } from './services.ts';
import { TEST_SECRET_HASH_COST } from './secret-hash-cost.ts';

export { TEST_SECRET_HASH_COST };

export type StoreName = 'pglite' | 'postgres';

type OpenedStore = { options: StoreOptions; cleanup(): Promise<void> };

/**
 * A template's tar (about 45 MB) handed to PGlite as a Blob whose bytes are already in memory.
 * PGlite reads a `loadDataDir` with `arrayBuffer()` alone; Node's own Blob gives those bytes back
 * in 64 kB pieces joined again, a third of an open's CPU (1.3 → 0.9 CPU-s per store, measured in
 * one process). Each open gets its own copy, so no store can touch another's bytes.
 */
class TemplateTar extends Blob {
  // A # field: Blob has a `bytes()` method of its own.
  readonly #tar: Uint8Array;
  constructor(tar: Uint8Array) {
    super([], { type: 'application/x-tar' });
    this.#tar = tar;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#tar.slice().buffer as ArrayBuffer;
  }
}

/** The templates' bytes, read once per worker (the server project shares modules across files). */
const templateBytes = new Map<string, Uint8Array>();
function templateTar(file: string): Blob {
  let bytes = templateBytes.get(file);
  if (!bytes) templateBytes.set(file, (bytes = readFileSync(file)));
  return new TemplateTar(bytes);
}

/** A fresh PGlite store: a copy of a template made by global-setup (seeded, or base data only). */
async function openPglite(empty: boolean): Promise<OpenedStore> {
  return {
    options: {
      kind: 'pglite-memory',
      loadDataDir: templateTar(inject(empty ? 'pgliteEmptyTemplate' : 'pgliteTemplate')),
    },
    cleanup: async () => {},
  };
}

/**
 * A fresh database on the TEST_DATABASE_URL server, dropped afterwards: empty, or a copy of one of
 * global-setup's templates (`template`), already migrated.
 */
async function openPostgres(adminUrl: string, template = ''): Promise<OpenedStore> {
  // The run's tag in the name: global-setup drops what a run leaves and fails it, naming them.
  const name = `backlay_t_${inject('postgresRunTag')}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // A copy of a template is where the template is; an empty one goes in the run's tablespace.
    const tablespace = inject('postgresTablespace');
    await admin.query(
      template !== ''
        ? `create database ${name} template ${template}`
        : `create database ${name}${inTablespace(tablespace)}`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    options: { kind: 'postgres', url: url.toString(), poolMax: 4 },
    cleanup: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export const availableStores = (): StoreName[] =>
  process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * The store a long test runs on when its point is not the store: a thousand rounds recomputed from
 * their seeds (the engine's work), the hostile-input sweep of every endpoint (the contract's and
 * the handlers' refusals). PostgreSQL when the run has it (it answers these faster), else PGlite.
 * Use as `it.runIf(ctx.store === ONE_STORE)`; the block's other tests still run on both.
 */
export const ONE_STORE: StoreName = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** A fresh store; `empty`: without demo data (PostgreSQL databases always start empty). */
export async function openStore(name: StoreName, empty = false): Promise<OpenedStore> {
  return name === 'pglite' ? openPglite(empty) : openPostgres(process.env.TEST_DATABASE_URL!);
}

export type StoreContext = {
  store: StoreName;
  app: FastifyInstance;
  api: Api;
};

/** Generous limits so that tests never trip the rate limiter unless they mean to. */
export const TEST_RATE_LIMITS = {
  globalPerMinute: 100_000,
  loginPerMinute: 1_000,
  loginPerAccountPerMinute: 1_000,
};

/**
 * describe.each over the available stores (PGlite always, PostgreSQL when TEST_DATABASE_URL is
 * set): one seeded store and app per store, shared by the tests of the block. With
 * `seedDemo: false` the store starts empty (no demo data at all).
 */
export function describeStores(
  title: string,
  fn: (ctx: StoreContext) => void,
  appOptions: Partial<Omit<AppOptions, 'store'>> = {},
  /** Runs on the built app before it is ready (e.g. to mount a test-only route). */
  setup?: (app: FastifyInstance) => void,
) {
  describe.each(availableStores())(`${title} [%s]`, (store) => {
    const ctx = { store } as StoreContext;
    let cleanup: () => Promise<void> = async () => {};
    beforeAll(async () => {
      const empty = appOptions.seedDemo === false;
      // PostgreSQL: a copy of global-setup's migrated database, as PGlite copies its template.
      const opened =
        store === 'postgres'
          ? await openPostgres(
              process.env.TEST_DATABASE_URL!,
              inject(empty ? 'postgresEmptyTemplate' : 'postgresTemplate'),
            )
          : await openStore(store, empty);
      cleanup = opened.cleanup;
      ctx.app = await buildApp({
        seedDemo: true,
        rateLimits: TEST_RATE_LIMITS,
        secretHashCost: TEST_SECRET_HASH_COST,
        ...appOptions,
        store: opened.options,
      });
      setup?.(ctx.app);
      await ctx.app.ready();
      ctx.api = new Api(ctx.app);
    });
    afterAll(async () => {
      await ctx.app?.close();
      await cleanup();
    });
    fn(ctx);
  });
}

/**
 * `count` apps in this process on one fresh PostgreSQL store, joined by NATS under a subject
 * prefix of their own, each listening on a port of its own (the first seeds the demo data). For a
 * `describe` of several nodes: the nodes are in `nodes` from its beforeAll on, closed in afterAll.
 */
export function nodesOnNats(
  count: number,
  appOptions: Partial<Omit<AppOptions, 'store' | 'bus'>> = {},
  /** Wraps a node's bus (a test's faults). */
  wrapBus: (bus: Bus) => Bus = (bus) => bus,
) {
  const nodes: FastifyInstance[] = [];
  let cleanup: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const opened = await openStore('postgres');
    cleanup = opened.cleanup;
    const prefix = `test_${randomBytes(5).toString('hex')}`;
    for (let i = 0; i < count; i++) {
      const app = await buildApp({
        seedDemo: i === 0,
        rateLimits: TEST_RATE_LIMITS,
        secretHashCost: TEST_SECRET_HASH_COST,
        ...appOptions,
        store: opened.options,
        bus: wrapBus(await createNatsBus({ url: TEST_BUS_URL, prefix })),
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      nodes.push(app);
    }
  });
  afterAll(async () => {
    for (const n of nodes) await n.close();
    await cleanup();
  });
  return nodes;
}
