import fp from 'fastify-plugin';
import { openStore, type StoreOptions } from '../db/store.ts';

/** Opens the store (PGlite or PostgreSQL), applies the migrations, closes it with the app. */
export const dbPlugin = fp<{ store: StoreOptions }>(
  async (app, { store: options }) => {
    const store = await openStore(options);
    app.decorate('store', store);
    app.decorate('db', store.db);
    app.addHook('onClose', async () => {
      await store.close();
    });
  },
  { name: 'db' },
);
