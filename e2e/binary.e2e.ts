/**
 * Binary sessions in the browser (issue 24's browser test) in a fast-clock run: the binary clock
 * starts at Monday 13:50 IST and runs 60 times faster (BINARY_CLOCK_SPEED), so the equity session
 * closes at 14:30 about 40 s after the server starts and settles on its last price. At 390 px demo
 * opens Binary from the top navigation, takes Yes on NFY, watches the chart move (the text
 * alternative's last price changes; the canvas is redrawn), and sees the bet settle in the account
 * statement. Then the screen at 1366 px (list left, chart and lines right), for the record.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ARTIFACTS,
  describeBrowser,
  ensureWebBuilt,
  expectNoSeriousAxe,
  launchBrowser,
  openPage,
  signIn,
  startServer,
  type RunningServer,
  look,
} from './harness.ts';

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const POLL = { timeout: 30_000, interval: 250 };
/** Monday 30 Nov 2026, 13:50 IST: 40 binary minutes before the equity close. */
const CLOCK_START = '2026-11-30T08:20:00.000Z';
const CLOCK_SPEED = 60;

/** "1h 02m 05s" / "2m 05s" / "5s" (the countdown's text) in seconds. */
function secondsOf(text: string): number {
  const m = /(?:(\d+)h )?(?:(\d+)m )?(\d+)s/.exec(text);
  if (!m) throw new Error(`not a countdown: ${text}`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3]);
}

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'no horizontal scroll',
  ).toBe(true);
}

describeBrowser('binary sessions in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureWebBuilt();
    [server, browser] = await Promise.all([
      startServer({
        BINARY_FEED: 'on',
        BINARY_CLOCK_SPEED: String(CLOCK_SPEED),
        BINARY_CLOCK_START: CLOCK_START,
      }),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('at 390 px: Yes on NFY, the chart moves, the session settles into the statement', async () => {
    const { context, page } = await openPage(browser, 'binary-390', MOBILE);
    await signIn(page, server.url, 'demo');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Binary' }).click();
    await page.waitForURL(/#\/binary$/);
    await page
      .getByRole('navigation', { name: 'Binary instruments' })
      .getByRole('link', { name: /^NFY/ })
      .click();
    await page.waitForURL(/#\/binary\/\d+$/);
    const yes = page.getByRole('button', { name: /^Yes [\d,]+ @\d+, NFY closes at or above/ });
    await expect.poll(() => yes.isEnabled(), POLL).toBe(true);
    await noSidewaysScroll(page);

    // The chart moves: its text alternative's last price changes with the ticks.
    const summary = page.getByTestId('chart-summary');
    const first = await summary.textContent();
    await expect.poll(() => summary.textContent(), POLL).not.toBe(first);
    await look(page, { path: `${ARTIFACTS}/binary-390.png`, fullPage: true });

    // The countdown runs at the binary clock's pace (the server sends clock_speed): at 60× two
    // seconds here are two binary minutes, not two seconds.
    const countdown = page.locator('.binary-panel__countdown strong');
    const left = async () => secondsOf((await countdown.textContent()) ?? '');
    const before = await left();
    await page.waitForTimeout(2_000);
    expect(before - (await left()), 'binary seconds gone in 2 s').toBeGreaterThanOrEqual(60);

    // Yes at the line shown; a "Line changed" refusal (the price moved on) is taken again.
    let placed = false;
    for (let attempt = 0; attempt < 5 && !placed; attempt++) {
      await yes.click();
      const slip = page.getByRole('form', { name: 'Bet slip' });
      await slip.getByLabel('Stake', { exact: true }).fill('500');
      await slip.getByRole('button', { name: 'Place Bet' }).click();
      placed = await slip
        .waitFor({ state: 'detached', timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (!placed) await slip.getByRole('button', { name: 'Cancel' }).click();
    }
    expect(placed, 'the Yes bet was placed').toBe(true);
    // The same figure and sign as the header's Exposure, which here holds this one bet (issue 47).
    await expect.poll(() => page.getByTestId('binary-exposure').textContent(), POLL).toBe('500.00');
    await expect.poll(() => page.getByTestId('exposure').textContent(), POLL).toBe('500.00');
    await look(page, { path: `${ARTIFACTS}/binary-390-placed.png`, fullPage: true });

    // The session closes at 14:30 binary time and settles on its last price.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: /opens/i }).count(), {
        timeout: 90_000,
        interval: 500,
      })
      .toBeGreaterThan(0);
    await page.goto(`${server.url}/#/report/account-statement`);
    const statement = page.getByRole('table', { name: 'Account statement' });
    await expect
      .poll(async () => (await statement.textContent()) ?? '', { timeout: 60_000, interval: 1000 })
      .toMatch(/NFY close [\d-]+ — (won|lost)/);
    await look(page, { path: `${ARTIFACTS}/binary-390-statement.png`, fullPage: true });
    await context.close();
  });

  it('at 1366 px: list left, chart and lines right; axe clean', async () => {
    const { context, page } = await openPage(browser, 'binary-1366', DESKTOP);
    await signIn(page, server.url, 'demo');
    await page.goto(`${server.url}/#/binary`);
    await page
      .getByRole('heading', { level: 2, name: /NFY|B-NFY|GOLD|DOWJONES/ })
      .first()
      .waitFor();
    await page.getByTestId('chart-summary').waitFor();
    await page.waitForTimeout(1500);
    await look(page, { path: `${ARTIFACTS}/binary-1366.png`, fullPage: true });
    await expectNoSeriousAxe(page);
    // By keyboard: Enter on an open Yes opens the slip with the cursor in its stake; Escape closes it.
    const yes = page.getByRole('button', { name: /^Yes [\d,]+ @\d+, / });
    await expect.poll(() => yes.isEnabled(), POLL).toBe(true);
    await yes.focus();
    await page.keyboard.press('Enter');
    const stake = page.getByRole('form', { name: 'Bet slip' }).getByLabel('Stake', { exact: true });
    await expect.poll(() => stake.evaluate((el) => el === document.activeElement), POLL).toBe(true);
    await page.keyboard.type('500');
    await look(page, { path: `${ARTIFACTS}/binary-1366-slip.png`, fullPage: true });
    await page.keyboard.press('Escape');
    await page.getByRole('form', { name: 'Bet slip' }).waitFor({ state: 'detached' });
    await context.close();
  });
});
