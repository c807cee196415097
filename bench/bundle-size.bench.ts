// First load benchmark (issue 19): what the REAL SERVER sends the bettor's browser, over HTTP.
//
// Builds apps/web (with its .br/.gz copies) into a temporary folder, or reads a ready build from
// BENCH_WEB_DIST, starts the Fastify server on it (PGlite in memory, demo data) and measures:
//
// 1. Login JS: the JavaScript the login screen needs before it is usable — index.html's module
//    script and modulepreloads, the login route's chunk, and their static imports — each fetched
//    from the server with `Accept-Encoding: br, gzip`, counted as the bytes on the wire (body as
//    sent). Target ≤ 80 kB, passed with a 10 % margin (≤ 72 kB: MARGIN below). The same files
//    asked with `identity` are the baseline (as before this issue: no compression). A browser
//    that is refused every other script must sign in with them (zod and the endpoint tables,
//    React Query and the signed-in shell are not needed for it).
// 2. Chromium (playwright-core, the system's /usr/bin/chromium or CHROMIUM_PATH) with a persistent
//    profile: a first visit to the login screen (all JS it fetches until the network is quiet, the
//    settings' table with zod fetched in the background included), then signing in as the demo bettor up to
//    home's matches: everything transferred (HTML, JS, CSS, images, API JSON; headers and bodies as
//    Chromium counts them) — target ≤ 200 kB, passed with the margin (≤ 180 kB); then a repeat
//    visit in the same profile: how many JavaScript requests reach the server (counted by the
//    server itself) — target 0.
//
// Sizes in kB of 1,000 bytes.
import { chromium, type Page } from 'playwright-core';
import type { AddressInfo } from 'node:net';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.ts';
import { report, type Benchmark, type Figure } from './lib.ts';

/** The issue's bars. */
export const LOGIN_JS_TARGET_KB = 80;
export const SIGNED_IN_TARGET_KB = 200;
export const REPEAT_JS_REQUESTS_TARGET = 0;
/**
 * Issue 48: a bar met by a few bytes is missed by the next feature, so a figure passes only with
 * this share of its bar to spare (10 %: login ≤ 72 kB, signed-in home ≤ 180 kB). A figure over its
 * limit fails the run (exit code 1).
 */
export const MARGIN = 0.1;
export const LOGIN_JS_LIMIT_KB = LOGIN_JS_TARGET_KB * (1 - MARGIN);
export const SIGNED_IN_LIMIT_KB = SIGNED_IN_TARGET_KB * (1 - MARGIN);

/** PASS or FAIL for a figure against its limit; a FAIL marks the run failed. */
function verdict(value: number, limit: number): 'PASS' | 'FAIL' {
  if (value <= limit) return 'PASS';
  process.exitCode = 1;
  return 'FAIL';
}

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/web');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const kB = (bytes: number) => bytes / 1000;

/** Builds apps/web into a fresh temporary folder; returns the folder. */
export function buildWeb(): string {
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

/** The login route's chunk: the file the entry's lazy import of LoginScreen.tsx names (app/App.tsx). */
export function loginChunk(entryCode: string): string | undefined {
  return /["'](\.\/LoginScreen-[\w-]+\.js)["']/.exec(entryCode)?.[1];
}

/** The JS files (paths under dist) the login screen needs: entry, preloads, login chunk, their static imports. */
export function loginJsFiles(dist: string): string[] {
  const { js } = initialAssets(readFileSync(join(dist, 'index.html'), 'utf8'));
  const seen = new Set<string>();
  const queue = [...js];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    const login = loginChunk(code);
    if (login) queue.push(posix.join(posix.dirname(file), login));
    for (const dep of staticImports(code)) queue.push(posix.join(posix.dirname(file), dep));
  }
  return [...seen];
}

/** Bytes the server sends for `url` with this Accept-Encoding: the body as it goes on the wire. */
async function wireBytes(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  const res = await fetch(url, { headers: { 'accept-encoding': acceptEncoding } });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const length = res.headers.get('content-length');
  const encoding = res.headers.get('content-encoding') ?? 'identity';
  // fetch decodes the body; the size on the wire is content-length (static files always carry it).
  const body = await res.arrayBuffer();
  return {
    bytes: length === null || encoding !== 'identity' ? Number(length ?? body.byteLength) : body.byteLength,
    encoding,
  };
}

export const bundleSizeBench: Benchmark = {
  name: 'bundle-size',
  description: `first load from the real server: login JS (bar ${LOGIN_JS_TARGET_KB} kB, passes ≤ ${LOGIN_JS_LIMIT_KB} kB), signed-in home transferred (bar ${SIGNED_IN_TARGET_KB} kB, passes ≤ ${SIGNED_IN_LIMIT_KB} kB), repeat-visit JS requests (${REPEAT_JS_REQUESTS_TARGET})`,
  async run(): Promise<Figure[]> {
    const given = process.env.BENCH_WEB_DIST;
    const t0 = performance.now();
    const dist = given ? resolve(given) : buildWeb();
    const profile = mkdtempSync(join(tmpdir(), 'backlay-bench-profile-'));
    const app = await buildApp({
      store: { kind: 'pglite-memory' },
      seedDemo: true,
      logger: false,
      webDistDir: dist,
      rateLimits: { globalPerMinute: 1_000_000, loginPerMinute: 10_000 },
    });
    // What reaches the server, by phase: the repeat visit must ask for no JS.
    let phase = 'first';
    const served: { phase: string; url: string }[] = [];
    app.addHook('onRequest', async (req) => {
      served.push({ phase, url: req.url });
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const figures: Figure[] = [];
    try {
      const source = given ? `read ${dist}` : `built in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
      console.log(`  apps/web (${source}), served by the real server at ${base}`);

      // 1. The login screen's JS, fetched over HTTP.
      let loginBr = 0;
      let loginIdentity = 0;
      for (const file of loginJsFiles(dist)) {
        const c = await wireBytes(`${base}/${file}`, 'br, gzip');
        const plain = await wireBytes(`${base}/${file}`, 'identity');
        loginBr += c.bytes;
        loginIdentity += plain.bytes;
        console.log(
          `    ${kB(c.bytes).toFixed(1).padStart(6)} kB ${c.encoding.padEnd(8)} (${kB(plain.bytes).toFixed(1)} kB identity)  ${file}`,
        );
      }
      console.log(`  login JS: ${kB(loginBr).toFixed(1)} kB on the wire`);
      figures.push(
        report({
          label: `login JS before usable (bar ${LOGIN_JS_TARGET_KB}, with the margin ≤ ${LOGIN_JS_LIMIT_KB}: ${verdict(kB(loginBr), LOGIN_JS_LIMIT_KB)})`,
          value: kB(loginBr),
          unit: 'kB',
          baseline: { label: 'same files uncompressed', value: kB(loginIdentity) },
        }),
      );

      // 2. Chromium: first visit, sign in, repeat visit.
      if (!existsSync(CHROMIUM_PATH)) {
        console.log(`  no Chromium at ${CHROMIUM_PATH}: the browser figures are skipped`);
        return figures;
      }
      // The login set is enough to sign in: a separate browser (its own cache) is refused every
      // other script — the endpoint table, React Query, the signed-in shell — and signs in anyway.
      const onlyLogin = new Set(loginJsFiles(dist).map((f) => `/${f}`));
      const bare = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      });
      try {
        const page = await bare.newPage();
        let refused = 0;
        await page.route(/\.js(\?|$)/, (route) => {
          if (onlyLogin.has(new URL(route.request().url()).pathname)) return route.continue();
          refused += 1;
          return route.abort();
        });
        await page.goto(`${base}/#/`);
        await page.getByLabel('User Name').fill('demo');
        await page.getByLabel('Password', { exact: true }).fill('demo1234');
        const answer = page.waitForResponse((r) => r.url().endsWith('/api/user/login'));
        await page.getByRole('button', { name: 'Login' }).click();
        const body = (await (await answer).json()) as { status?: boolean; data?: { token?: string } };
        // Runs in the page (a function: the CSP refuses a string to evaluate); the bench's tsconfig
        // has no DOM types, hence the cast.
        type PageStorage = { localStorage: { getItem(key: string): string | null } };
        const stored = await page
          .waitForFunction(
            () => (globalThis as unknown as PageStorage).localStorage.getItem('usertoken') != null,
            undefined,
            { timeout: 10_000 },
          )
          .then(
            () => true,
            () => false,
          );
        const signedIn = stored && body.status === true && !!body.data?.token;
        console.log(
          `  sign-in with the login JS only (${refused} other scripts refused): ${signedIn ? 'PASS, session stored' : 'FAIL'}`,
        );
        if (!signedIn) throw new Error('the login set was not enough to sign in');
      } finally {
        await bare.close();
      }

      // The service worker blocked: with it, the shell's files it keeps at install would come to
      // home from its cache, uncounted here. What the page asks for is counted as before, and the
      // worker's own script is added to the total below.
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        headless: true,
        serviceWorkers: 'block',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      });
      try {
        type Seen = { url: string; type: string; bytes: number };
        const transferred: Seen[] = [];
        const track = (page: Page) =>
          page.on('requestfinished', (request) => {
            void request.sizes().then((sz) => {
              transferred.push({
                url: request.url(),
                type: request.resourceType(),
                bytes: sz.responseBodySize + sz.responseHeadersSize,
              });
            });
          });
        const page = await context.newPage();
        track(page);
        await page.goto(`${base}/#/`);
        await page.getByRole('button', { name: 'Login' }).waitFor();
        await page.waitForLoadState('networkidle');
        await new Promise((r) => setTimeout(r, 300));
        const sum = (xs: Seen[]) => xs.reduce((a, x) => a + x.bytes, 0);
        const loginRouteJs = sum(transferred.filter((x) => x.type === 'script'));
        console.log(
          `  login route in Chromium: ${kB(loginRouteJs).toFixed(1)} kB of JS until the network is quiet (the endpoint table's background fetch included)`,
        );

        await page.getByLabel('User Name').fill('demo');
        await page.getByLabel('Password', { exact: true }).fill('demo1234');
        await page.getByRole('button', { name: 'Login' }).click();
        await page.getByRole('heading', { name: "Today's Matches" }).waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        await new Promise((r) => setTimeout(r, 500));
        const all = [...transferred];
        const byType = new Map<string, number>();
        for (const x of all) byType.set(x.type, (byType.get(x.type) ?? 0) + x.bytes);
        console.log(
          `  first visit to signed-in home, by kind: ${[...byType].map(([t, b]) => `${t} ${kB(b).toFixed(1)}`).join(', ')} kB`,
        );
        if (process.env.BENCH_VERBOSE) {
          for (const x of [...all].sort((a, b) => b.bytes - a.bytes)) {
            console.log(
              `    ${kB(x.bytes).toFixed(1).padStart(6)} kB ${x.type.padEnd(10)} ${x.url.replace(base, '')}`,
            );
          }
        }
        // Baseline: the same URLs asked again with identity (no compression), as before the issue.
        let identity = 0;
        for (const x of all) {
          if (!x.url.startsWith(base)) continue;
          const u = new URL(x.url);
          if (u.pathname.startsWith('/api/') || u.pathname === '/ws') {
            identity += x.bytes; // API answers are asked again only for their size below
            continue;
          }
          identity += (await wireBytes(x.url.split('#')[0]!, 'identity')).bytes;
        }
        // The service worker's script (issue 45): fetched once by the first visit; the shell files
        // it keeps are the ones counted above (the same hashed names).
        const worker = await wireBytes(`${base}/sw.js`, 'br, gzip');
        identity += (await wireBytes(`${base}/sw.js`, 'identity')).bytes;
        const total = sum(all) + worker.bytes;
        console.log(
          `  signed-in home, first visit: ${kB(total).toFixed(1)} kB transferred (the service worker's script ${kB(worker.bytes).toFixed(1)} kB of it)`,
        );
        figures.push(
          report({
            label: `signed-in home, all transferred (bar ${SIGNED_IN_TARGET_KB}, with the margin ≤ ${SIGNED_IN_LIMIT_KB}: ${verdict(kB(total), SIGNED_IN_LIMIT_KB)})`,
            value: kB(total),
            unit: 'kB',
            baseline: { label: 'same files uncompressed (API as sent)', value: kB(identity) },
          }),
        );
        await page.close();

        // Repeat visit: same profile (HTTP cache), the session still stored: straight to home.
        phase = 'repeat';
        const again = await context.newPage();
        await again.goto(`${base}/#/home`);
        await again.getByRole('heading', { name: "Today's Matches" }).waitFor({ timeout: 20_000 });
        await again.waitForLoadState('networkidle');
        await new Promise((r) => setTimeout(r, 300));
        const repeat = served.filter((s) => s.phase === 'repeat');
        const repeatJs = repeat.filter((s) => /\.js(\?|$)/.test(s.url)).length;
        const firstJs = served.filter((s) => s.phase === 'first' && /\.js(\?|$)/.test(s.url)).length;
        console.log(
          `  repeat visit: ${repeat.length} requests reached the server (${repeat
            .filter((s) => !s.url.startsWith('/api/'))
            .map((s) => s.url)
            .join(', ')} and ${repeat.filter((s) => s.url.startsWith('/api/')).length} API calls)`,
        );
        figures.push(
          report({
            label: `repeat visit JS requests at the server (target ${REPEAT_JS_REQUESTS_TARGET}: ${verdict(repeatJs, REPEAT_JS_REQUESTS_TARGET)})`,
            value: repeatJs,
            unit: 'requests',
            baseline: { label: 'first visit JS requests', value: firstJs },
          }),
        );
      } finally {
        await context.close();
      }
      return figures;
    } finally {
      await app.close();
      rmSync(profile, { recursive: true, force: true });
      if (!given) rmSync(dist, { recursive: true, force: true });
    }
  },
};
