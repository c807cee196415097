/**
 * The demo provider's game page (apps/provider-demo, issue 23) in Chromium against the real
 * server and the real provider process: a bettor launches Jaipur Jewels through the server's
 * `worldCasino/userAuthentication`, the page exchanges the launch token, shows the balance the
 * wallet reports, spins by keyboard, and the balance it shows moves by exactly the round's result;
 * axe-core finds no critical or serious violation at 1366 and 390 px. (The lobby and the iframe on
 * `#/world-casino/play/{gameId}` are the bettor client's; this is the page inside it.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compiledAppArgs } from './build.ts';
import {
  ARTIFACTS,
  apiSession,
  describeBrowser,
  expectNoSeriousAxe,
  freePort,
  launchBrowser,
  openPage,
  startServer,
  type RunningServer,
} from './harness.ts';

const SECRET = 'e2e-demo-provider-secret-0123456';
const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;
const SYNC_TIMEOUT_MS = 30_000;

type GameList = { games: { game_id: number; name: string }[] };

describeBrowser('the demo provider: a slot launched, spun and paid through the wallet', () => {
  let provider: ChildProcess | null = null;
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  let dataDir = '';
  let providerUrl = '';

  beforeAll(async () => {
    const [port, serverPort] = [await freePort(), await freePort()];
    providerUrl = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'provider-demo-e2e-'));
    // The provider first, on the server's port chosen ahead, so the server's catalog sync at its
    // start finds the games (started after it, the sync waited 15 s for its retry). Shorter
    // windows than the demo's 20 s (each test waits for a window with time enough for its keys).
    const compiled = compiledAppArgs('provider-demo');
    provider = spawn(process.execPath, compiled.args, {
      cwd: compiled.cwd,
      env: {
        ...process.env,
        PROVIDER_DEMO_PORT: String(port),
        PROVIDER_DEMO_SECRET: SECRET,
        PROVIDER_DEMO_DATA: dataDir,
        BACKLAY_WALLET_URL: `http://127.0.0.1:${serverPort}/api/provider/wallet`,
        ROULETTE_WINDOW_MS: '12000',
        ROULETTE_SPIN_MS: '3000',
        CARD_WINDOW_MS: '12000',
        CARD_DEAL_MS: '3000',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ready = new Promise<void>((resolve, reject) => {
      provider!.on('exit', (code) => reject(new Error(`provider exited ${code}`)));
      createInterface({ input: provider!.stdout! }).on(
        'line',
        (l) => l.includes('PROVIDER_DEMO_READY') && resolve(),
      );
    });
    const launched = launchBrowser();
    await ready;
    [server, browser] = await Promise.all([
      startServer({ PROVIDER_DEMO_URL: providerUrl, PROVIDER_DEMO_SECRET: SECRET }, serverPort),
      launched,
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    provider?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A fresh launch URL for demo (tokens are single use). */
  async function launchUrl(name = 'Jaipur Jewels', category = 'SLOTS'): Promise<string> {
    const api = await apiSession(server!.url, 'demo', 'demo1234');
    const end = Date.now() + SYNC_TIMEOUT_MS;
    for (;;) {
      const list = (await api.call('worldCasino/getGameList', { category })).body.data as GameList;
      const game = list?.games.find((g) => g.name === name);
      if (game) {
        const launch = await api.call('worldCasino/userAuthentication', { game_id: game.game_id });
        expect(launch.body.status, launch.body.message).toBe(true);
        return (launch.body.data as { url: string }).url;
      }
      if (Date.now() > end) throw new Error("the server never listed the demo provider's slots");
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  const rupees = (text: string) => Math.round(Number(text.replace(/[₹,]/g, '')) * 100);

  for (const viewport of WIDTHS) {
    it(`at ${viewport.width} px: the page shows the wallet's balance, spins by keyboard, and the balance moves by the result`, async () => {
      const { context, page } = await openPage(browser!, `provider-demo-${viewport.width}`, viewport);
      try {
        const url = await launchUrl();
        expect(url.startsWith(`${providerUrl}/play/jaipur-jewels?token=`)).toBe(true);
        await page.goto(url);
        await page.getByRole('heading', { level: 1, name: 'Jaipur Jewels' }).waitFor();
        // The token is dropped from the address once used.
        expect(page.url()).toBe(`${providerUrl}/play/jaipur-jewels`);
        const balance = page.locator('#balance');
        await expect.poll(() => balance.textContent()).toMatch(/^₹/);
        const before = rupees((await balance.textContent())!);
        await expectNoSeriousAxe(page);

        await page.getByLabel('Stake').selectOption({ label: '₹50.00' });
        await page.getByRole('button', { name: 'Spin' }).focus();
        await page.keyboard.press('Enter');
        const status = page.getByRole('status');
        await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/You won|No win/);
        const text = (await status.textContent())!;
        const win = /You won (₹[\d,.]+)/.exec(text);
        const result = (win ? rupees(win[1]!) : 0) - 5_000;
        expect(rupees((await balance.textContent())!)).toBe(before + result);
        await expect
          .poll(() => page.locator('#last-wins li').first().textContent())
          .toMatch(/^Stake ₹50\.00/);
        await expectNoSeriousAxe(page);
        mkdirSync(ARTIFACTS, { recursive: true });
        await page.screenshot({
          path: join(ARTIFACTS, `provider-demo-${viewport.width}.png`),
          fullPage: true,
        });
      } finally {
        await context.close();
      }
    });
  }
  it('the roulette table at 390 px: the dealer timer, a bet placed by keyboard, the result and the balance', async () => {
    const { context, page } = await openPage(browser!, 'provider-demo-roulette-390', WIDTHS[1]);
    try {
      await page.goto(await launchUrl('European Roulette', 'LIVE'));
      await page.getByRole('heading', { level: 1, name: 'European Roulette' }).waitFor();
      const balance = page.locator('#balance');
      await expect.poll(() => balance.textContent()).toMatch(/^₹/);
      const before = rupees((await balance.textContent())!);
      // A window with time enough for the keys below.
      await expect
        .poll(
          async () =>
            Number(
              /Place your bets: (\d+) s left/.exec((await page.locator('#timer').textContent()) ?? '')?.[1] ??
                0,
            ),
          {
            timeout: 40_000,
          },
        )
        .toBeGreaterThanOrEqual(6);
      await expectNoSeriousAxe(page);
      await page.getByLabel('Chip').selectOption({ label: '₹10.00' });
      await page.getByRole('button', { name: 'Red', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Place bets' }).focus();
      await page.keyboard.press('Enter');
      const status = page.getByRole('status');
      await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/Bets placed: ₹10\.00/);
      await expect.poll(async () => rupees((await balance.textContent())!)).toBe(before - 1_000);
      await expect
        .poll(() => status.textContent(), { timeout: 40_000 })
        .toMatch(/The ball landed on (\d+) (red|black|green)/);
      const text = (await status.textContent())!;
      const won = /You won (₹[\d,.]+)/.exec(text);
      expect(won ? rupees(won[1]!) : 0).toBe(/ red\./.test(text) ? 2_000 : 0);
      await expect
        .poll(async () => rupees((await balance.textContent())!))
        .toBe(before - 1_000 + (won ? rupees(won[1]!) : 0));
      await expectNoSeriousAxe(page);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'provider-demo-roulette-390.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });

  for (const viewport of WIDTHS) {
    it(`Dragon Tiger 20-20 Live at ${viewport.width} px: a bet by keyboard, the cards dealt, the seed, the balance`, async () => {
      const { context, page } = await openPage(browser!, `provider-demo-dt-${viewport.width}`, viewport);
      try {
        await page.goto(await launchUrl('Dragon Tiger 20-20 Live', 'LIVE'));
        await page.getByRole('heading', { level: 1, name: 'Dragon Tiger 20-20 Live' }).waitFor();
        const balance = page.locator('#balance');
        await expect.poll(() => balance.textContent()).toMatch(/^₹/);
        const before = rupees((await balance.textContent())!);
        await expect.poll(() => page.locator('#seed-hash').textContent()).toMatch(/[0-9a-f]{64}/);
        await expect
          .poll(
            async () =>
              Number(
                /Place your bets: (\d+) s left/.exec(
                  (await page.locator('#timer').textContent()) ?? '',
                )?.[1] ?? 0,
              ),
            { timeout: 40_000 },
          )
          .toBeGreaterThanOrEqual(6);
        await expectNoSeriousAxe(page);
        await page.getByLabel('Chip').selectOption({ label: '₹10.00' });
        await page.getByRole('button', { name: 'Dragon pays 1.98' }).focus();
        await page.keyboard.press('Enter');
        await page.getByRole('button', { name: 'Place bets' }).focus();
        await page.keyboard.press('Enter');
        const status = page.getByRole('status');
        await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/Bets placed: ₹10\.00/);
        await expect.poll(async () => rupees((await balance.textContent())!)).toBe(before - 1_000);
        await expect
          .poll(() => status.textContent(), { timeout: 40_000 })
          .toMatch(/^(Dragon|Tiger|Tie): \w+ of \w+, \w+ of \w+\./);
        const text = (await status.textContent())!;
        const back = /You get (₹[\d,.]+)/.exec(text);
        // Dragon pays 1.98 (₹19.80); on a tie it loses half (₹5.00 back); Tiger loses it all.
        const expected = text.startsWith('Dragon') ? 1_980 : text.startsWith('Tie') ? 500 : 0;
        expect(back ? rupees(back[1]!) : 0).toBe(expected);
        await expect.poll(async () => rupees((await balance.textContent())!)).toBe(before - 1_000 + expected);
        await page
          .getByRole('img', { name: /of (spades|hearts|clubs|diamonds)$/ })
          .first()
          .waitFor();
        await expectNoSeriousAxe(page);
        mkdirSync(ARTIFACTS, { recursive: true });
        await page.screenshot({
          path: join(ARTIFACTS, `provider-demo-dt-${viewport.width}.png`),
          fullPage: true,
        });
      } finally {
        await context.close();
      }
    });
  }
});
