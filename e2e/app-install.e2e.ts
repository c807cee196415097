/**
 * Issue 45, the installable app in a real browser, at 1366 and 390 px: Chromium finds it
 * installable (the manifest from the settings, the service worker active), "Download the app" on
 * the login page once the operator turns it on, the app's shell opening with no network and saying
 * so in words, and the update prompt after a rebuild. The server serves a copy of the web build
 * (WEB_DIST_DIR), so "a rebuild" can change its service worker without touching apps/web/dist.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ARTIFACTS,
  apiSession,
  describeBrowser,
  ensureWebBuilt,
  expectNoSeriousAxe,
  launchBrowser,
  openPage,
  ROOT,
  signIn,
  startServer,
  type RunningServer,
  look,
} from './harness.ts';

const OFFLINE = 'You are offline — prices and betting resume when the connection is back';
const APK = 'https://downloads.example.in/backlay.apk';
const WIDTHS = [
  { name: '1366', viewport: { width: 1366, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

/** Waits until a service worker controls the page (the first one claims it at once). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

describeBrowser('the installable app', () => {
  let server: RunningServer;
  let browser: Browser;
  let dist: string;

  beforeAll(async () => {
    ensureWebBuilt();
    dist = mkdtempSync(join(tmpdir(), 'backlay-web-dist-'));
    cpSync(join(ROOT, 'apps/web/dist'), dist, { recursive: true });
    [server, browser] = await Promise.all([startServer({ WEB_DIST_DIR: dist }), launchBrowser()]);
    // The operator turns "Download the app" on, with an APK for phones with no install prompt.
    const operator = await apiSession(server.url, 'operator', 'operator123');
    const settings = (await operator.call('globalSetting/getGlobalSetting')).body.data as Record<
      string,
      unknown
    >;
    const saved = await operator.call('admin/settings/save', {
      ...settings,
      is_show_apk: '1',
      apk_link: APK,
    });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ status: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  for (const { name, viewport } of WIDTHS) {
    it(`${name} px: installable, "Download the app", and the shell opens offline, saying so`, async () => {
      const { context, page } = await openPage(browser, `app-install-${name}`, viewport, {
        serviceWorkers: 'allow',
      });
      try {
        await page.goto(`${server.url}/#/`);
        await page.getByRole('button', { name: 'Login' }).waitFor();
        await controlled(page);
        // Chromium's own verdict on the manifest and the worker: nothing stops an install.
        const cdp = await context.newCDPSession(page);
        const manifest = (await cdp.send('Page.getAppManifest')) as {
          errors: unknown[];
          data?: string;
        };
        expect(manifest.errors).toEqual([]);
        expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
          name: 'Backlay Exchange',
          display: 'standalone',
          theme_color: '#0b3d2e',
        });
        // Every test context is incognito, where Chromium never installs ('in-incognito'): any
        // other reason is the app's.
        await expect
          .poll(
            async () =>
              (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.filter(
                (e) => e.errorId !== 'in-incognito',
              ),
            { timeout: 15_000 },
          )
          .toEqual([]);
        // On: the install prompt where Chromium offers one, else the APK link.
        const download = page.getByRole('main').getByText('Download the app');
        await download.waitFor();
        await look(page, { path: join(ARTIFACTS, `app-install-login-${name}.png`) });
        await expectNoSeriousAxe(page);

        // A bettor's visit online, then the network goes: the signed-in shell opens from the
        // worker's copy and says, in words, that it is offline.
        await signIn(page, server.url, 'demo');
        await page.getByRole('heading', { name: "Today's Matches" }).waitFor();
        await context.setOffline(true);
        await page.reload();
        await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
        await page.getByRole('button', { name: /account menu/i }).waitFor();
        await look(page, { path: join(ARTIFACTS, `app-install-offline-${name}.png`) });
        await expectNoSeriousAxe(page);
        await context.setOffline(false);
        await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor({ state: 'detached' });
      } finally {
        await context.close();
      }
    });
  }

  it('a rebuild: the page offers the new version, and "Reload" puts it in place', async () => {
    let context: BrowserContext | null = null;
    try {
      const opened = await openPage(browser, 'app-install-update', WIDTHS[1].viewport, {
        serviceWorkers: 'allow',
      });
      context = opened.context;
      const page = opened.page;
      await page.goto(`${server.url}/#/`);
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await controlled(page);
      const before = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
      // What a rebuild does to the worker: a new build id written in (its .br and .gz copies too).
      const sw = join(dist, 'sw.js');
      const rebuilt = `${readFileSync(sw, 'utf8')}\n// build ${Date.now()}\n`;
      writeFileSync(sw, rebuilt);
      writeFileSync(`${sw}.br`, brotliCompressSync(rebuilt));
      writeFileSync(`${sw}.gz`, gzipSync(rebuilt));
      // The page looks for a new build when it is shown again; here, at once.
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByRole('region', { name: 'Update' });
      await prompt.getByText('A new version of the site is ready.').waitFor({ timeout: 30_000 });
      await look(page, { path: join(ARTIFACTS, 'app-install-update-390.png') });
      await expectNoSeriousAxe(page);
      // Keyboard alone: Tab to "Reload", Enter.
      await prompt.getByRole('button', { name: 'Reload' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForEvent('load');
      await page.getByRole('button', { name: 'Login' }).waitFor();
      expect(await prompt.count()).toBe(0);
      const after = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return { waiting: reg?.waiting ?? null, active: reg?.active?.scriptURL };
      });
      expect(after).toEqual({ waiting: null, active: before });
    } finally {
      await context?.close();
    }
  });
});
