// `npm start`: builds what is not up to date (scripts/build.mjs: the two clients, and the server
// and the demo provider compiled to plain JavaScript; on a new data folder the store is set up
// meanwhile, below), then runs the server and the demo game provider side by side as two plain
// `node` processes (the provider speaks to the server only over HTTP, as a real one would).
// Ctrl-C or SIGTERM stops both; if either dies the other is stopped too and the launcher exits
// with the first one's code. PROVIDER_DEMO_URL=off starts the server alone; `--no-build` runs
// what was built last.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverPort = process.env.PORT ?? '8080';
const providerPort = process.env.PROVIDER_DEMO_PORT ?? '8090';
// The server finds the provider here (PROVIDER_DEMO_URL wins when set, as in docs/providers.md).
const providerUrl = process.env.PROVIDER_DEMO_URL ?? `http://127.0.0.1:${providerPort}`;
/** How long a child has to stop after SIGTERM before it is killed. */
const STOP_GRACE_MS = 10_000;

/**
 * A first start on a new PGlite folder: the server's store set-up (apps/server/src/prepare-store.ts:
 * PGlite's initdb and the migrations, most of a first start's store time) runs while the clients
 * are still building. The step decides for itself (the server's config); this only skips starting
 * it when the folder is there already: DATA_DIR (default `data`) relative to apps/server, unless
 * DATABASE_URL names PostgreSQL.
 */
function prepareStore() {
  if (process.env.DATABASE_URL) return Promise.resolve();
  const dataDir = path.resolve(root, 'apps/server', process.env.DATA_DIR || 'data');
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return Promise.resolve();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/prepare-store.js'], {
      cwd: `${root}apps/server`,
      stdio: 'inherit',
    });
    child.on('error', resolve);
    child.on('exit', resolve);
  });
}

if (!process.argv.includes('--no-build')) {
  try {
    await Promise.all([
      buildAll({ parts: ['server'] }).then(prepareStore),
      buildAll({ parts: ['web', 'admin', 'provider-demo'] }),
    ]);
  } catch (err) {
    console.error(`build failed: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}

function run(name, dir, env) {
  // --enable-source-maps: stack traces name the TypeScript sources (dist/main.js.map).
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: `${root}${dir}`,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  child.name = name;
  return child;
}

const children = [run('server', 'apps/server', { PROVIDER_DEMO_URL: providerUrl })];
if (providerUrl !== 'off') {
  children.push(
    run('provider-demo', 'apps/provider-demo', {
      PROVIDER_DEMO_PORT: process.env.PROVIDER_DEMO_PORT ?? (new URL(providerUrl).port || '80'),
      BACKLAY_WALLET_URL:
        process.env.BACKLAY_WALLET_URL ?? `http://127.0.0.1:${serverPort}/api/provider/wallet`,
    }),
  );
}

let exitCode = null;
function stopAll(code) {
  if (exitCode !== null) return;
  exitCode = code;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS).unref();
    }
  }
}
for (const child of children) {
  child.on('exit', (code, signal) => {
    if (exitCode === null) console.error(`${child.name} stopped (${signal ?? code}); stopping the others`);
    stopAll(code ?? 1);
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode ?? 0);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
