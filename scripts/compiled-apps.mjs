// The server and the demo provider as `npm start` runs them, for tests that start them as processes
// (the browser tests, the multi-node, one-store and provider-crash tests): compiled by
// scripts/build.mjs, each part skipped when its dist/ was built from the same sources, then run
// with plain `node` — about 1.7 CPU-s less per server start than through tsx
// (docs/performance.md, "Test suite time").
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds the server and the demo provider when their sources changed since the last build. */
export function buildNodeAppsIfStale() {
  const run = spawnSync(process.execPath, ['scripts/build.mjs', 'server', 'provider-demo'], {
    cwd: root,
    stdio: 'pipe',
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`server build failed:\n${run.stdout}\n${run.stderr}`);
}

/** The folder to run a compiled app in and the `node` arguments that run it. */
export function compiledAppArgs(app) {
  const cwd = path.join(root, 'apps', app);
  if (!existsSync(path.join(cwd, 'dist/main.js')))
    throw new Error(`apps/${app}/dist/main.js is missing: run \`node scripts/build.mjs ${app}\``);
  // --enable-source-maps: stack traces in a failing test's output name the TypeScript sources.
  return { cwd, args: ['--enable-source-maps', 'dist/main.js'] };
}
