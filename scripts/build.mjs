// `npm run build`, and the first step of `npm start` (issue 48): everything `npm start` runs, built.
// - The two clients (apps/web, apps/admin): `vite build` into their dist/.
// - The server and the demo provider: esbuild bundles each app's src/main.ts (and the server's
//   src/prepare-store.ts) into its dist/, with the workspace packages (@backlay/*, TypeScript
//   sources) inlined and every other package left to node_modules; run with plain `node`.
//   Paths a source file resolves against its own location at run time (`import.meta.url`: the
//   migrations folder, the clients' dist/, static files, page templates) stay those of the source
//   file: each use is rewritten to the source file's URL as seen from the bundle.
// Each part is skipped when its dist/ was built from the same inputs: a fingerprint (SHA-256) of
// its sources, the workspace packages, the lock file and this script (for a client also every
// VITE_* variable), kept in dist/.build-fingerprint and written only after a build that
// succeeded, so a build that failed or was stopped is done again next time. The parts build side
// by side.
//
// `node scripts/build.mjs [--force] [web] [admin] [server] [provider-demo]`: only the named parts
// (all by default); `--force` (or BUILD_FORCE=1) builds them even when up to date. Prints what
// each part took.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const FINGERPRINT_FILE = '.build-fingerprint';

/** `dir` when it is a file, else every file under it (sorted), skipping what a build does not read. */
function filesUnder(dir, out = []) {
  if (!existsSync(dir)) return out;
  if (statSync(dir).isFile()) return [...out, dir];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (['node_modules', 'dist', 'test', 'coverage', 'data', '.tmp'].includes(entry.name)) continue;
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/**
 * A hash of what a part's build reads: `inputs` (files or folders under the root), the workspace
 * packages, the lock file and this script; for a client also every VITE_* variable.
 */
function fingerprint(inputs, { vite = false } = {}) {
  const hash = createHash('sha256');
  const files = [
    ...inputs.flatMap((p) => filesUnder(path.join(root, p))),
    ...filesUnder(path.join(root, 'packages')),
    ...['package.json', 'package-lock.json', 'tsconfig.base.json', 'scripts/build.mjs'].map((f) =>
      path.join(root, f),
    ),
  ];
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  if (vite)
    for (const [k, v] of Object.entries(process.env).sort())
      if (k.startsWith('VITE_')) hash.update(`${k}=${v}\0`);
  return hash.digest('hex');
}

/**
 * Runs `build` unless `dist` holds every one of `outputs` and was built from the same inputs
 * (its fingerprint file). The fingerprint is written only after a build that succeeded.
 */
async function unlessUpToDate(dist, outputs, print, force, build) {
  const stamp = path.join(dist, FINGERPRINT_FILE);
  if (
    !force &&
    outputs.every((o) => existsSync(path.join(dist, o))) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === print
  )
    return 'up to date';
  rmSync(stamp, { force: true });
  await build();
  writeFileSync(stamp, `${print}\n`);
  return 'built';
}

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} in ${cwd}: ${signal ?? code}`)),
    );
  });
}

/** `vite build` of apps/<app>, unless its dist/ was built from the same inputs. */
function buildClient(app, force) {
  const dir = path.join(root, 'apps', app);
  const print = fingerprint([`apps/${app}`], { vite: true });
  return unlessUpToDate(path.join(dir, 'dist'), ['index.html'], print, force, () =>
    run(
      process.execPath,
      [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
      dir,
    ),
  );
}

/**
 * esbuild plugin: `import.meta.url` in a source file of this repository becomes that file's own
 * URL, computed from the bundle's location (so the built tree can move as a whole). `rewrite`, when
 * given, may change a source file's text first (the chaos run's deliberately broken builds).
 */
function sourceUrls(outdir, rewrite = (_file, text) => text) {
  return {
    name: 'source-urls',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const original = readFileSync(args.path, 'utf8');
        const text = rewrite(args.path, original);
        if (text === original && !text.includes('import.meta.url')) return undefined;
        const rel = path.relative(outdir, args.path).split(path.sep).join('/');
        const ext = path.extname(args.path).slice(1);
        const loader = ext.startsWith('m') || ext.startsWith('c') ? ext.slice(1) : ext;
        return {
          contents: text.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(rel)}, import.meta.url).href`,
          ),
          loader: loader === 'js' || loader === 'ts' || loader === 'tsx' || loader === 'jsx' ? loader : 'ts',
        };
      });
    },
  };
}

/**
 * Bundles each of apps/<app>/src/<entry>.ts into apps/<app>/dist/<entry>.js (workspace packages
 * inlined, other packages left to node_modules).
 */
function buildNode(app, entries, force) {
  const dir = path.join(root, 'apps', app);
  const outdir = path.join(dir, 'dist');
  const print = fingerprint([`apps/${app}/src`, `apps/${app}/package.json`]);
  const outputs = entries.map((e) => `${e}.js`);
  return unlessUpToDate(outdir, outputs, print, force, () => bundle(dir, outdir, entries));
}

/**
 * Bundles apps/<dir>/src/<entry>.ts for each entry into `outdir`; `rewrite(file, text)` may change
 * a source's text on the way (see sourceUrls).
 */
export async function bundle(dir, outdir, entries, rewrite = undefined) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: entries.map((e) => path.join(dir, 'src', `${e}.ts`)),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    keepNames: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'externals',
        setup(b) {
          // A bare import is a package: left to node_modules, except the workspace's own.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@backlay/') ? undefined : { path: args.path, external: true },
          );
        },
      },
      sourceUrls(outdir, rewrite),
    ],
  });
}

const PARTS = {
  web: (force) => buildClient('web', force),
  admin: (force) => buildClient('admin', force),
  // prepare-store: the store's set-up on a first start, run while the clients build (start.mjs).
  server: (force) => buildNode('server', ['main', 'prepare-store'], force),
  'provider-demo': (force) => buildNode('provider-demo', ['main'], force),
};

/**
 * Builds the named parts (all by default) side by side: the two Vite builds overlap each other's
 * single-threaded stretches, esbuild runs beside them. Prints one line per part with its time and
 * returns the times (ms) by part, and `total`.
 */
export async function buildAll({
  parts = Object.keys(PARTS),
  force = process.env.BUILD_FORCE === '1',
  log = console.log,
} = {}) {
  for (const part of parts)
    if (!PARTS[part]) throw new Error(`build: no part named ${part}; have ${Object.keys(PARTS).join(', ')}`);
  const t0 = performance.now();
  const times = {};
  await Promise.all(
    parts.map(async (part) => {
      const what = await PARTS[part](force);
      times[part] = Math.round(performance.now() - t0);
      log(`build: ${part} ${what} (${(times[part] / 1000).toFixed(1)} s)`);
    }),
  );
  times.total = Math.round(performance.now() - t0);
  return times;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const parts = args.filter((a) => !a.startsWith('--'));
  try {
    await buildAll({
      parts: parts.length ? parts : undefined,
      ...(args.includes('--force') ? { force: true } : {}),
    });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
