// `npm start` on a new PGlite data folder (scripts/start.mjs): creates the database there and
// applies the migrations while the clients are still being built, so the server, started once
// the build is done, finds its store ready (docs/performance.md, "Start-up"). Creating a PGlite
// database (its initdb) is most of a first start's store set-up and needs nothing the build makes.
//
// Does nothing when the server's store is PostgreSQL or the folder already holds a database. Any
// refusal or failure (a bad variable, the folder in use by a running server) is left to the
// server, which reports it in words when it starts: this step exits 0 silently then.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openStore } from './db/store.ts';

try {
  const { store } = loadConfig();
  if (store.kind === 'pglite' && !existsSync(path.join(store.dataDir, 'PG_VERSION'))) {
    const opened = await openStore(store);
    await opened.close();
    const { open_ms, migrate_ms } = opened.timings;
    console.log(
      `store: created in ${store.dataDir} (${((open_ms + migrate_ms) / 1000).toFixed(1)} s: database ${(open_ms / 1000).toFixed(1)} s, migrations ${(migrate_ms / 1000).toFixed(1)} s)`,
    );
  }
} catch {
  // The server says what is wrong when it opens the store itself.
}
