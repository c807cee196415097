// Client bundle benchmark: how much JavaScript the bettor's browser loads before the first screen.
//
// Builds apps/web with its own Vite config into a temporary folder (apps/web/dist is left alone),
// or reads a ready build from BENCH_WEB_DIST. "Initial" is what dist/index.html makes the browser
// fetch at once: its module scripts and modulepreload links, plus anything those chunks import
// statically (normally nothing more: Vite lists the entry's static imports as modulepreloads).
// Chunks reached only through `import()` (the lazily loaded screens and modals) are not initial.
// Sizes are gzip (zlib's default level, as a server would send them) in kB of 1,000 bytes.
//
// Figure: initial JS gzip kB, against the target (150 kB) with pass/fail. Baseline in the same
// run: all the JS the build emits, gzipped — the ratio is the share a browser loads first.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Benchmark, Figure } from './lib.ts';

/** The bar: the bettor's first load stays at or under this many kB of gzipped JS. */
export const INITIAL_JS_TARGET_KB = 150;

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/web');

const kB = (bytes: number) => bytes / 1000;
const gz = (buf: Buffer) => gzipSync(buf).length;

/** Builds apps/web into a fresh temporary folder; returns the folder. */
function buildWeb(): string {
  const out = mkdtempSync(join(tmpdir(), 'backlay-web-dist-'));
  const require = createRequire(join(WEB, 'package.json'));
  const vitePkg = require.resolve('vite/package.json');
  const bin = (JSON.parse(readFileSync(vitePkg, 'utf8')) as { bin: { vite: string } }).bin.vite;
  const r = spawnSync(
    process.execPath,
    [join(dirname(vitePkg), bin), 'build', '--outDir', out, '--emptyOutDir'],
    {
      cwd: WEB,
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) {
    rmSync(out, { recursive: true, force: true });
    throw new Error(`vite build failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
  return out;
}

/** Asset paths (relative to dist) that index.html loads at once: module scripts, modulepreloads, stylesheets. */
export function initialAssets(html: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const attr = (tag: string, name: string) =>
    new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    if (/^<script/i.test(tag)) {
      const src = attr(tag, 'src');
      if (src && attr(tag, 'type') === 'module') js.push(src);
    } else {
      const rel = attr(tag, 'rel')?.toLowerCase();
      const href = attr(tag, 'href');
      if (href && rel === 'modulepreload') js.push(href);
      if (href && rel === 'stylesheet') css.push(href);
    }
  }
  const clean = (p: string) => posix.normalize(p.replace(/^\.?\//, ''));
  return { js: js.map(clean), css: css.map(clean) };
}

/** Relative chunks a module imports statically (`import … from "./x.js"`, `import "./x.js"`; not `import(…)`). */
export function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => m[1]!);
}

export interface BundleSizes {
  /** Gzipped bytes per JS file a browser loads first, by path under dist. */
  readonly initialJs: ReadonlyMap<string, number>;
  readonly initialJsBytes: number;
  readonly initialCssBytes: number;
  readonly totalJsBytes: number;
  readonly jsFiles: number;
}

/** Measures a built dist folder. */
export function measureDist(dist: string): BundleSizes {
  const { js, css } = initialAssets(readFileSync(join(dist, 'index.html'), 'utf8'));
  const initialJs = new Map<string, number>();
  const queue = [...js];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (initialJs.has(file)) continue;
    const code = readFileSync(join(dist, file));
    initialJs.set(file, gz(code));
    for (const dep of staticImports(code.toString('utf8'))) queue.push(posix.join(posix.dirname(file), dep));
  }
  const allJs = (readdirSync(dist, { recursive: true }) as string[]).filter((f) => f.endsWith('.js'));
  const sum = (xs: Iterable<number>) => [...xs].reduce((a, b) => a + b, 0);
  return {
    initialJs,
    initialJsBytes: sum(initialJs.values()),
    initialCssBytes: sum(css.map((f) => gz(readFileSync(join(dist, f))))),
    totalJsBytes: sum(allJs.map((f) => gz(readFileSync(join(dist, f))))),
    jsFiles: allJs.length,
  };
}

export const bundleSizeBench: Benchmark = {
  name: 'bundle-size',
  description: `bettor client: JS gzip loaded before the first screen (target ≤ ${INITIAL_JS_TARGET_KB} kB)`,
  run(): Figure[] {
    const given = process.env.BENCH_WEB_DIST;
    const t0 = performance.now();
    const dist = given ? resolve(given) : buildWeb();
    try {
      const s = measureDist(dist);
      const source = given ? `read ${dist}` : `built in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
      console.log(`  apps/web (${source}); initial chunks:`);
      for (const [file, bytes] of [...s.initialJs].sort((a, b) => b[1] - a[1])) {
        console.log(`    ${kB(bytes).toFixed(1).padStart(6)} kB  ${file}`);
      }
      const initial = kB(s.initialJsBytes);
      const total = kB(s.totalJsBytes);
      const pass = initial <= INITIAL_JS_TARGET_KB;
      console.log(
        `  initial JS: ${initial.toFixed(1)} kB gzip  |  baseline all JS (${s.jsFiles} files): ${total.toFixed(1)} kB gzip  |  ratio ${(initial / total).toFixed(2)}×`,
      );
      console.log(
        `  target ≤ ${INITIAL_JS_TARGET_KB} kB: ${pass ? 'PASS' : 'FAIL'}  (initial CSS ${kB(s.initialCssBytes).toFixed(1)} kB gzip)`,
      );
      return [
        {
          label: 'initial JS gzip',
          value: initial,
          unit: 'kB',
          baseline: { label: 'all JS gzip', value: total },
        },
      ];
    } finally {
      if (!given) rmSync(dist, { recursive: true, force: true });
    }
  },
};
