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
import type { Browser, Page } from 'playwright-core';
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
  look,
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
  /** Waits (up to 40 s) for a live table's betting window with at least `seconds` left on its timer. */
  const windowWithSecondsLeft = (page: Page, seconds: number) =>
    expect
      .poll(
        async () =>
          Number(
            /Place your bets: (\d+) s left/.exec((await page.locator('#timer').textContent()) ?? '')?.[1] ??
              0,
          ),
        { timeout: 40_000 },
      )
      .toBeGreaterThanOrEqual(seconds);

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

        // The reels are pictures named by their symbols (issue 47 item 7).
        const reels = page.locator('#reels');
        await expect.poll(() => reels.getByRole('img').count()).toBe(15);
        const names = new Set(
          await reels.getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('aria-label'))),
        );
        for (const name of names)
          expect([
            'Maharaja',
            'Palace',
            'Elephant',
            'Peacock',
            'Lotus',
            'Ace',
            'King',
            'Queen',
            'Jack',
          ]).toContain(name);
        // They roll before they stop, except for a bettor who asked for reduced motion (here at 390).
        const reduce = viewport.width === 390;
        await page.emulateMedia({ reducedMotion: reduce ? 'reduce' : 'no-preference' });
        await page.evaluate(() => {
          const w = window as unknown as { rolled: boolean };
          w.rolled = false;
          new MutationObserver(() => {
            if (document.getElementById('reels')?.classList.contains('rolling')) w.rolled = true;
          }).observe(document.getElementById('reels')!, { attributes: true });
        });
        await page.getByLabel('Stake').selectOption({ label: '₹50.00' });
        await page.getByRole('button', { name: 'Spin' }).focus();
        await page.keyboard.press('Enter');
        const status = page.getByRole('status');
        await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/You won|No win/);
        expect(await page.evaluate(() => (window as unknown as { rolled: boolean }).rolled)).toBe(!reduce);
        const text = (await status.textContent())!;
        const win = /You won (₹[\d,.]+)/.exec(text);
        const result = (win ? rupees(win[1]!) : 0) - 5_000;
        expect(rupees((await balance.textContent())!)).toBe(before + result);
        await expect
          .poll(() => page.locator('#last-wins li').first().textContent())
          .toMatch(/^Stake ₹50\.00/);
        await expectNoSeriousAxe(page);
        mkdirSync(ARTIFACTS, { recursive: true });
        await look(page, {
          path: join(ARTIFACTS, `provider-demo-${viewport.width}.png`),
          fullPage: true,
        });
      } finally {
        await context.close();
      }
    });
  }
  // Issue 47 item 7: the standard board. Red, then by the arrow keys alone a split beside 17 and a
  // corner beyond it; the win is worked out from the labels the board read out (numbers covered,
  // payout), so a bet that covers or pays the wrong numbers fails here.
  for (const viewport of WIDTHS) {
    it(`the roulette table at ${viewport.width} px: the wheel, the standard board by keyboard (red, a split, a corner), the result and the balance`, async () => {
      const { context, page } = await openPage(
        browser!,
        `provider-demo-roulette-${viewport.width}`,
        viewport,
      );
      try {
        await page.goto(await launchUrl('European Roulette', 'LIVE'));
        await page.getByRole('heading', { level: 1, name: 'European Roulette' }).waitFor();
        const balance = page.locator('#balance');
        await expect.poll(() => balance.textContent()).toMatch(/^₹/);
        const before = rupees((await balance.textContent())!);
        await page.locator('.wheel').waitFor();
        // A window with time enough for the keys below.
        await windowWithSecondsLeft(page, 9);
        await expectNoSeriousAxe(page);
        await page.getByLabel('Chip').selectOption({ label: '₹10.00' });
        await page.getByRole('button', { name: 'Red, pays 1 to 1', exact: true }).focus();
        await page.keyboard.press('Enter');
        // One Tab stop on the felt (Number 17 first); the arrows walk to the lines around it.
        const focusedLabel = () =>
          page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
        await page.getByRole('button', { name: 'Number 17, pays 35 to 1', exact: true }).focus();
        await page.keyboard.press('ArrowRight');
        const split = await focusedLabel();
        expect(split).toMatch(/^Split 17 and (18|20), pays 17 to 1$/);
        await page.keyboard.press('Enter');
        await page.keyboard.press('ArrowUp');
        const corner = await focusedLabel();
        expect(corner).toMatch(/^Corner (\d+, ){3}\d+, pays 8 to 1$/);
        expect(corner).toContain('17');
        await page.keyboard.press('Enter');
        const labels = ['Red, pays 1 to 1', split, corner];
        await expect
          .poll(() => page.locator('#slip li').allTextContents())
          .toEqual(labels.map((l) => `${l.replace(/, pays.*$/, '')}: ₹10.00`));
        await page.getByRole('button', { name: 'Place bets' }).focus();
        await page.keyboard.press('Enter');
        const status = page.getByRole('status');
        await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/Bets placed: ₹30\.00/);
        await expect.poll(async () => rupees((await balance.textContent())!)).toBe(before - 3_000);
        // While the ball is in play the wheel turns, except for a bettor who asked for reduced motion.
        const reduce = viewport.width === 390;
        await page.emulateMedia({ reducedMotion: reduce ? 'reduce' : 'no-preference' });
        await page.locator('.wheel-figure.spinning').waitFor({ timeout: 20_000 });
        expect(await page.locator('.rotor').evaluate((r) => getComputedStyle(r).animationName)).toBe(
          reduce ? 'none' : 'rotor-turn',
        );
        // The chips stay on the board until the ball lands.
        expect(await page.locator('.felt .chip').count()).toBe(2);
        mkdirSync(ARTIFACTS, { recursive: true });
        await look(page, {
          path: join(ARTIFACTS, `provider-demo-roulette-${viewport.width}-bets.png`),
          fullPage: true,
        });
        await expect
          .poll(() => status.textContent(), { timeout: 40_000 })
          .toMatch(/The ball landed on (\d+) (red|black|green)/);
        const text = (await status.textContent())!;
        const pocket = Number(/landed on (\d+)/.exec(text)![1]);
        const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(pocket);
        const covers = (label: string) => (label.replace(/, pays.*$/, '').match(/\d+/g) ?? []).map(Number);
        const pays = (label: string) => Number(/pays (\d+) to 1/.exec(label)![1]);
        const expected =
          (red ? 2_000 : 0) +
          [split, corner].reduce(
            (sum, l) => sum + (covers(l).includes(pocket) ? (pays(l) + 1) * 1_000 : 0),
            0,
          );
        const won = /You won (₹[\d,.]+)/.exec(text);
        expect(won ? rupees(won[1]!) : 0).toBe(expected);
        await expect.poll(async () => rupees((await balance.textContent())!)).toBe(before - 3_000 + expected);
        // The wheel shows the pocket the ball landed in.
        await expect
          .poll(() => page.locator('.wheel-caption').textContent())
          .toMatch(new RegExp(`^${pocket} `));
        await expectNoSeriousAxe(page);
        await look(page, {
          path: join(ARTIFACTS, `provider-demo-roulette-${viewport.width}.png`),
          fullPage: true,
        });
      } finally {
        await context.close();
      }
    });
  }

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
        await windowWithSecondsLeft(page, 6);
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
        await look(page, {
          path: join(ARTIFACTS, `provider-demo-dt-${viewport.width}.png`),
          fullPage: true,
        });
      } finally {
        await context.close();
      }
    });
  }
});
