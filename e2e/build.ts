/**
 * Builds the client apps (apps/web, apps/admin) when their dist is missing or older than their
 * sources. No vitest import: the e2e project's global setup (global-setup.ts) runs it once before
 * any file, so files running side by side never build one dist at the same time; the harness's
 * ensureWebBuilt/ensureAdminBuilt then find it fresh.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

export type ClientApp = 'web' | 'admin';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when apps/<app>/dist is missing or older than anything it is built from. */
export function isStale(app: ClientApp): boolean {
  const dist = join(ROOT, `apps/${app}/dist/index.html`);
  const sources = [
    `apps/${app}/src`,
    `apps/${app}/index.html`,
    `apps/${app}/vite.config.ts`,
    `apps/${app}/public`,
    'packages/contract/src',
    'packages/ui/src',
  ].map((p) => newestMtime(join(ROOT, p)));
  return !(existsSync(dist) && statSync(dist).mtimeMs >= Math.max(...sources));
}

const buildArgs = (app: ClientApp) => ['run', 'build', '-w', `@backlay/${app}`];
/**
 * The build's environment: NODE_ENV=production, as `npm start` builds. Vite takes a NODE_ENV it
 * finds set, and vitest sets it to `test`: the browser tests then ran React's development build
 * (470 kB against 219 kB, StrictMode's double renders and every dev-time check), not the site
 * bettors get, and slower.
 */
const buildEnv = () => ({ ...process.env, NODE_ENV: 'production' });
const failure = (app: ClientApp, out: string) => new Error(`${app} build failed:\n${out}`);

/** Builds one app, blocking, when it is stale. */
export function buildIfStale(app: ClientApp): void {
  if (!isStale(app)) return;
  const run = spawnSync('npm', buildArgs(app), {
    cwd: ROOT,
    env: buildEnv(),
    stdio: 'pipe',
    encoding: 'utf8',
  });
  if (run.status !== 0) throw failure(app, `${run.stdout}\n${run.stderr}`);
}

/** Builds the stale ones of `apps` side by side (two builds overlap their I/O and esbuild work). */
export async function buildAllIfStale(apps: ClientApp[] = ['web', 'admin']): Promise<void> {
  await Promise.all(
    apps.filter(isStale).map(
      (app) =>
        new Promise<void>((res, rej) => {
          let out = '';
          const child = spawn('npm', buildArgs(app), {
            cwd: ROOT,
            env: buildEnv(),
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          child.stdout.on('data', (d: Buffer) => (out += d.toString()));
          child.stderr.on('data', (d: Buffer) => (out += d.toString()));
          child.on('error', rej);
          child.on('exit', (code) => (code === 0 ? res() : rej(failure(app, out))));
        }),
    ),
  );
}

export { buildNodeAppsIfStale, compiledAppArgs } from '../scripts/compiled-apps.mjs';
