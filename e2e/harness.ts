/**
 * Browser-test harness: builds the web client when dist is missing or stale, starts the real
 * server on a temporary data dir and a free port (FEED=off), and drives the system Chromium
 * through playwright-core. A failing test saves a screenshot into .e2e-artifacts/.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { describe, expect, onTestFailed } from 'vitest';

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
export const ARTIFACTS = join(ROOT, '.e2e-artifacts');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CI = process.env.CI === 'true';

let skipNoticeShown = false;
/**
 * `describe` when Chromium is there; otherwise, outside CI, `describe.skip` after one clear line.
 * In CI a missing Chromium is an error: the browser tests must run.
 */
export function describeBrowser(name: string, fn: () => void): void {
  if (existsSync(CHROMIUM_PATH)) {
    describe(name, fn);
    return;
  }
  if (CI)
    throw new Error(`CI=true but Chromium is missing at ${CHROMIUM_PATH}: browser tests must run in CI.`);
  if (!skipNoticeShown) {
    skipNoticeShown = true;
    console.log(`e2e: skipped — no Chromium at ${CHROMIUM_PATH} (install chromium or set CHROMIUM_PATH).`);
  }
  describe.skip(name, fn);
}

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

/** Builds a client app (apps/web, apps/admin) once when its dist is missing or older than its sources. */
function ensureBuilt(app: 'web' | 'admin'): void {
  const dist = join(ROOT, `apps/${app}/dist/index.html`);
  const sources = [
    `apps/${app}/src`,
    `apps/${app}/index.html`,
    `apps/${app}/vite.config.ts`,
    `apps/${app}/public`,
    'packages/contract/src',
    'packages/ui/src',
  ].map((p) => newestMtime(join(ROOT, p)));
  if (existsSync(dist) && statSync(dist).mtimeMs >= Math.max(...sources)) return;
  const run = spawnSync('npm', ['run', 'build', '-w', `@backlay/${app}`], {
    cwd: ROOT,
    stdio: 'pipe',
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${app} build failed:\n${run.stdout}\n${run.stderr}`);
}

/** Builds apps/web once when dist is missing or older than its sources. */
export function ensureWebBuilt(): void {
  ensureBuilt('web');
}

/** Builds the operator console (apps/admin) once when dist is missing or older than its sources. */
export function ensureAdminBuilt(): void {
  ensureBuilt('admin');
}

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

export type RunningServer = { url: string; stop: () => Promise<void>; output: () => string };

/** Starts `apps/server/src/main.ts` (via tsx) on a temp DATA_DIR and a free port; waits for /healthz. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'backlay-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', FEED: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  let exited = false;
  child.on('exit', () => (exited = true));

  const stop = async () => {
    if (!exited && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const deadline = Date.now() + 5000;
      while (!exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      if (!exited) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`server exited before it was ready:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not answer /healthz within 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop, output: () => log };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/** A fresh browser context and page for one test; its screenshot is saved if the test fails. */
export async function openPage(
  browser: Browser,
  testName: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, timezoneId: 'Europe/London', locale: 'en-GB' });
  const page = await context.newPage();
  onTestFailed(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = join(ARTIFACTS, `${testName.replace(/[^\w-]+/g, '_').slice(0, 80)}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    console.log(`e2e: screenshot of the failure saved to ${file}`);
  });
  return { context, page };
}

/** Signs in through the login screen. */
export async function login(page: Page, baseUrl: string, userName: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/#/`);
  await page.getByLabel('User Name').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** A small API client for checks from the test side (XSRF cookie + header, bearer token). */
export const WELCOME = 'Beware Of Phishing Websites Before Login. Enable Security Auth To Secure Your ID.';

/** Logs in through the login screen and closes the welcome popup, as a bettor does. */
export async function signIn(
  page: Page,
  baseUrl: string,
  userName: string,
  password = 'demo1234',
): Promise<void> {
  await login(page, baseUrl, userName, password);
  await page.waitForURL(/#\/home$/);
  const welcome = page.getByRole('dialog', { name: WELCOME });
  await welcome.waitFor();
  await welcome.getByRole('button', { name: 'Close' }).click();
  await welcome.waitFor({ state: 'detached' });
}

export async function apiSession(baseUrl: string, userName: string, password: string) {
  let cookie = '';
  let xsrf = '';
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      if (!pair) continue;
      const [k, v] = pair.split('=');
      if (k === 'XSRF-TOKEN' && v) {
        xsrf = decodeURIComponent(v);
        cookie = `XSRF-TOKEN=${v}`;
      }
    }
  };
  remember(await fetch(`${baseUrl}/api/globalSetting/getGlobalSetting`));
  const call = async (path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${baseUrl}/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(cookie ? { Cookie: cookie, 'X-XSRF-TOKEN': xsrf } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    remember(res);
    return {
      httpStatus: res.status,
      body: (await res.json()) as { status: boolean; message?: string; data?: unknown },
    };
  };
  const signIn = await call('user/login', { user_name: userName, password });
  const token = (signIn.body.data as { token?: string } | undefined)?.token ?? '';
  return { token, call: (path: string, body?: unknown, t = token) => call(path, body, t) };
}

/** dd/MM/yyyy HH:mm:ss in UTC+5:30, computed independently of the client's helper. */
export function istString(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 330 * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(
    d.getUTCMinutes(),
  )}:${p(d.getUTCSeconds())}`;
}

const requireHere = createRequire(import.meta.url);
/** axe-core's browser bundle, from the e2e workspace's devDependency. */
const AXE_SOURCE = readFileSync(requireHere.resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * Runs axe-core on the page (or on the first element matching `selector`) and returns its
 * critical and serious violations, one line each. The bundle is evaluated through the debugging
 * protocol, not `addScriptTag`: the app's CSP (script-src 'self') blocks an inline script tag.
 */
export async function seriousAxeViolations(page: Page, selector?: string): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (sel) => {
    const axe = (
      window as unknown as {
        axe: { run: (c: Element | Document) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const context = sel ? document.querySelector(sel) : document;
    if (!context) throw new Error(`axe: nothing matches ${sel}`);
    return (await axe.run(context)).violations;
  }, selector ?? null);
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Fails, listing them, on critical or serious axe-core violations (see seriousAxeViolations). */
export async function expectNoSeriousAxe(page: Page, selector?: string): Promise<void> {
  expect(await seriousAxeViolations(page, selector), `axe on ${selector ?? 'the page'}`).toEqual([]);
}
