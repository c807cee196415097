/**
 * Browser-test harness: builds the web client when dist is missing or stale, starts the real
 * server on a temporary data dir and a free port (FEED=off), and drives the system Chromium
 * through playwright-core. A failing test saves a screenshot into .e2e-artifacts/.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type LocatorScreenshotOptions,
  type Page,
  type PageScreenshotOptions,
} from 'playwright-core';
import { describe, expect, inject, onTestFailed } from 'vitest';
import { browserPath } from './browser-path.ts';
import { buildIfStale, ROOT } from './build.ts';
import { freePort, launchProviderDemo, launchServer, type RunningServer } from './server.ts';

export { ROOT };
export const ARTIFACTS = join(ROOT, '.e2e-artifacts');
/** The racing sports: a race shows its own card, not match odds (e2e/racing.e2e.ts). */
export const RACING_SPORTS: readonly number[] = [7, 4339];
/**
 * The browser the tests drive: CHROMIUM_PATH, else Debian's headless shell, else Debian's full
 * Chromium. The headless shell is Chromium's engine without the browser around it (Chromium's
 * old headless mode, which Playwright itself drives for headless runs): the same Blink, V8 and
 * DevTools protocol, about a third less CPU for the same browser file on the 2-core box
 * (docs/performance.md, "Test suite time"; docs/decisions.md, "The browser tests' browser").
 */
export const CHROMIUM_PATH = browserPath();
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
    console.log(
      `e2e: skipped — no Chromium at ${CHROMIUM_PATH} (install chromium-headless-shell or chromium, or set CHROMIUM_PATH).`,
    );
  }
  describe.skip(name, fn);
}

/** Builds apps/web once when dist is missing or older than its sources. */
export function ensureWebBuilt(): void {
  buildIfStale('web');
}

/** Builds the operator console (apps/admin) once when dist is missing or older than its sources. */
export function ensureAdminBuilt(): void {
  buildIfStale('admin');
}

export { freePort, type RunningServer };

/**
 * A copy of the e2e global setup's seeded data dir spares a server its migrations and demo seed
 * (about half its start). Not when the test sets the store up itself, nor from a template older
 * than this: the demo fixtures' start times are relative to when they were seeded.
 */
const TEMPLATE_MAX_AGE_MS = 30 * 60_000;
function seededTemplate(env: Record<string, string>): string | undefined {
  if ('DATA_DIR' in env || 'DATABASE_URL' in env || 'SEED_DEMO' in env) return undefined;
  const dir = inject('e2eDataTemplate');
  const age_ms = Date.now() - (inject('e2eDataTemplateSeededAt') ?? 0);
  return dir && existsSync(dir) && age_ms < TEMPLATE_MAX_AGE_MS ? dir : undefined;
}

/** Starts `apps/server/src/main.ts` (via tsx) on a temp DATA_DIR and a free port; waits for /healthz. */
export async function startServer(env: Record<string, string> = {}, port?: number): Promise<RunningServer> {
  const template = seededTemplate(env);
  const { url, stop, output } = await launchServer(env, {
    ...(template ? { fromDataDir: template } : {}),
    ...(port ? { port } : {}),
  });
  return { url, stop, output };
}

/**
 * The server and the demo game provider beside it, as `npm start` runs them (issue 23): the
 * provider first, so the server's catalog sync on start finds its games. `stop` stops both.
 */
export async function startServerWithProvider(
  env: Record<string, string> = {},
): Promise<RunningServer & { provider: RunningServer }> {
  const [serverPort, providerPort] = [await freePort(), await freePort()];
  const provider = await launchProviderDemo({
    port: providerPort,
    walletUrl: `http://127.0.0.1:${serverPort}/api/provider/wallet`,
  });
  try {
    const server = await startServer({ PROVIDER_DEMO_URL: provider.url, ...env }, serverPort);
    return {
      ...server,
      provider,
      stop: async () => {
        await server.stop();
        await provider.stop();
      },
    };
  } catch (err) {
    await provider.stop();
    throw err;
  }
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

/**
 * A fresh browser context and page for one test; its screenshot is saved if the test fails.
 *
 * The page asks for reduced motion, as a bettor's phone set so does: the site's endless animations
 * (the news marquee on every page, spinners) stop, and nothing else changes. With them running,
 * headless Chromium draws 60 frames a second for every open page: a signed-in home page left idle
 * for 20 s cost 2.4 s of Chromium CPU, 0.3 s with reduced motion, and the browser tests' pages sit
 * open for minutes on a 2-core box (docs/performance.md, "Test suite time"). shell.e2e.ts's own
 * context keeps the default motion, so the animated site is still driven there.
 *
 * The site's service worker is blocked unless the test asks for it (`serviceWorkers: 'allow'`):
 * app-install.e2e.ts, whose subject it is, and shell.e2e.ts's reload test, so a page reloaded under
 * the worker is still driven. Every fresh context installed it and fetched and stored the shell's
 * twenty files again beside the page's own: two browser files took 43.5–51.1 CPU-s with it and
 * 38.8–41.3 without (docs/performance.md, "Test suite time").
 */
export async function openPage(
  browser: Browser,
  testName: string,
  viewport = { width: 1280, height: 800 },
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    timezoneId: 'Europe/London',
    locale: 'en-GB',
    reducedMotion: 'reduce',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  onTestFailed(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = join(ARTIFACTS, `${testName.replace(/[^\w-]+/g, '_').slice(0, 80)}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    console.log(`e2e: screenshot of the failure saved to ${file}`);
  });
  return { context, page };
}

/**
 * Whether the browser tests save the screens they pass through into .e2e-artifacts/, for a person
 * to look at (`E2E_SCREENSHOTS=1 npm test -- --project e2e <file>`). Off by default: nobody looks
 * at a CI run's pictures, and the 111 of them (full-page ones about 0.7 CPU-s each on the 2-core
 * box) were Chromium's work in every run. A failing test's screenshot is saved either way.
 */
const SAVE_SCREENS = process.env.E2E_SCREENSHOTS === '1';

/** Saves a screen (or a part of one) for a person to look at, when E2E_SCREENSHOTS=1. */
export async function look(target: Page, options: PageScreenshotOptions & { path: string }): Promise<void>;
export async function look(
  target: Locator,
  options: LocatorScreenshotOptions & { path: string },
): Promise<void>;
export async function look(
  target: Page | Locator,
  options: (PageScreenshotOptions | LocatorScreenshotOptions) & { path: string },
): Promise<void> {
  if (!SAVE_SCREENS) return;
  await target.screenshot(options);
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
        axe: {
          run: (
            c: Element | Document,
            o: { resultTypes: string[] },
          ) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    const context = sel ? document.querySelector(sel) : document;
    if (!context) throw new Error(`axe: nothing matches ${sel}`);
    // Every rule still runs; only the violations are gathered node by node (axe's documented
    // option for speed: passes, incomplete and inapplicable keep one node each, and are not read).
    return (await axe.run(context, { resultTypes: ['violations'] })).violations;
  }, selector ?? null);
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Fails, listing them, on critical or serious axe-core violations (see seriousAxeViolations). */
export async function expectNoSeriousAxe(page: Page, selector?: string): Promise<void> {
  expect(await seriousAxeViolations(page, selector), `axe on ${selector ?? 'the page'}`).toEqual([]);
}
