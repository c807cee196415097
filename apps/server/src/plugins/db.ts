import fp from 'fastify-plugin';
import { PGLITE_VACUUM_MS, startPgliteVacuum } from '../db/maintenance.ts';
import { openStore, type StoreOptions } from '../db/store.ts';
import type { Store } from '../db/store.ts';
import type { Db } from '../db/store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    store: Store;
    db: Db;
  }
}

/**
 * Opens the store (PGlite or PostgreSQL), applies the migrations, closes it with the app. On
 * PGlite, which has no autovacuum, it also vacuums the store every `pgliteVacuumMs` (0: never;
 * db/maintenance.ts).
 */
export const dbPlugin = fp<{ store: StoreOptions; pgliteVacuumMs?: number }>(
  async (app, { store: options, pgliteVacuumMs = PGLITE_VACUUM_MS }) => {
    const store = await openStore(options);
    app.decorate('store', store);
    app.decorate('db', store.db);
    const stopVacuum =
      pgliteVacuumMs > 0
        ? startPgliteVacuum(store, {
            everyMs: pgliteVacuumMs,
            onError: (err) => app.log.warn({ err }, 'db: vacuum of the PGlite store failed'),
            onPass: (ms, done) => {
              if (done.vacuumed.length + done.analyzed.length > 0)
                app.log.debug({ ms: Math.round(ms), ...done }, 'db: vacuumed the PGlite store');
            },
          })
        : async () => {};
    app.addHook('onClose', async () => {
      await stopVacuum();
      await store.close();
    });
  },
  { name: 'db' },
);
