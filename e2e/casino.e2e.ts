/**
 * Our Casino in the browser at 390 px (issue 22's browser test). demo opens Our Casino from the
 * sidebar, the Dragon Tiger table from the lobby, bets on Dragon with a Casino button while the
 * window is open, watches the two cards dealt, sees the result big, in My bets and in the results
 * strip, the win or loss in the balance and the account statement, and opens the round's result
 * from the strip and verifies it in the browser.
 * The tables run on the server's own scheduler, twice real time (CASINO_CLOCK_SPEED=2: a 10 s
 * window, a card every 0.5 s, the result shown 2.5 s).
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

/** Every tile of the lobby shows its own picture, drawn (scrolled to, so the lazy ones load too). */
async function picturesShown(page: Page) {
  const tiles = page.getByTestId('casino-tile');
  const count = await tiles.count();
  expect(count).toBeGreaterThan(0);
  const games = new Set<string>();
  for (let i = 0; i < count; i++) {
    const pic = tiles.nth(i).locator('img.ctile__pic');
    await pic.scrollIntoViewIfNeeded();
    await expect
      .poll(() => pic.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), POLL)
      .toBe(320);
    games.add((await pic.getAttribute('data-game'))!);
  }
  expect(games.size).toBe(count);
  await page.evaluate(() => window.scrollTo(0, 0));
}
const POLL = { timeout: 30_000, interval: 200 };
/** Seconds a bettor needs in the window: pick an option, a button, Place Bet. */
const SECONDS_TO_BET = 5;

const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'no horizontal scroll',
  ).toBe(true);
}

describeBrowser('Our Casino in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureWebBuilt();
    [server, browser] = await Promise.all([
      startServer({ CASINO_TABLES: 'on', CASINO_CLOCK_SPEED: '2' }),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // Issue 47 item 7: a lobby with a picture per table, Our Casino and Our Virtual, at 1366.
  it('at 1366 px: both lobbies show a picture per table, and pass axe', async () => {
    const { page, context } = await openPage(browser, 'casino-lobby-1366', DESKTOP);
    await signIn(page, server.url, 'demo');
    for (const [series, title] of [
      ['ourcasino', 'Our Casino'],
      ['virtual', 'Our Virtual'],
    ] as const) {
      await page.goto(`${server.url}/#/casino/list/${series}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByTestId('casino-tile').first().waitFor();
      await picturesShown(page);
      await noSidewaysScroll(page);
      await expectNoSeriousAxe(page);
      await look(page, { path: `${ARTIFACTS}/casino-1366-lobby-${series}.png`, fullPage: true });
    }
    await context.close();
  }, 120_000);

  it('at 390 px: Dragon Tiger from the sidebar, a Casino button bet, the deal, the result in the strip and the statement, verified', async () => {
    const { page, context } = await openPage(browser, 'casino-demo', MOBILE);
    await signIn(page, server.url, 'demo');
    await expect.poll(() => page.getByTestId('balance').textContent(), POLL).toBe('1,00,000.00');

    // The sidebar (a drawer at 390): Others › Our Casino, then the Dragon Tiger tile.
    await page.getByRole('button', { name: 'Open sports menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Sports menu' });
    await drawer.getByRole('link', { name: 'Our Casino' }).click();
    await page.waitForURL(/#\/casino\/list\/ourcasino$/);
    await page.getByRole('heading', { level: 1, name: 'Our Casino' }).waitFor();
    await page.getByRole('link', { name: 'Dragon Tiger 20-20' }).waitFor();
    await picturesShown(page);
    await noSidewaysScroll(page);
    await expectNoSeriousAxe(page);
    await look(page, { path: `${ARTIFACTS}/casino-390-lobby.png`, fullPage: true });
    await page.getByRole('link', { name: 'Dragon Tiger 20-20' }).click();
    await page.waitForURL(/#\/casino\/match\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Dragon Tiger 20-20' }).waitFor();

    // A window with time enough to bet (else the next round's).
    const timer = page.getByRole('timer');
    await expect
      .poll(
        async () =>
          (await page.getByText('Place your bets', { exact: true }).count()) > 0 &&
          rupees(await timer.textContent()) >= SECONDS_TO_BET,
        { ...POLL, timeout: 60_000 },
      )
      .toBe(true);
    const roundId = (await page.getByTestId('round-id').textContent())!.trim();

    // Dragon at 1.98, the first Casino button (₹25), Place Bet.
    await page.getByRole('button', { name: /^Dragon 1\.98/ }).click();
    const slip = page.getByRole('form', { name: 'Bet slip' });
    const button = slip.getByRole('group', { name: 'Casino buttons' }).getByRole('button').first();
    const stake = rupees(await button.textContent());
    expect(stake).toBeGreaterThan(0);
    await button.click();
    await expect.poll(() => slip.getByLabel('Stake').inputValue()).toBe(String(stake));
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    const myBet = page.getByTestId('round-bet');
    await expect.poll(() => myBet.count(), POLL).toBe(1);
    await expect.poll(() => myBet.textContent()).toContain('Dragon');
    await noSidewaysScroll(page);
    await expectNoSeriousAxe(page);
    await look(page, { path: `${ARTIFACTS}/casino-390-bet.png`, fullPage: true });

    // The deal: Dragon's card, then Tiger's, face up.
    await page.getByRole('region', { name: 'Dragon' }).getByRole('img').waitFor({ timeout: POLL.timeout });
    await page.getByRole('region', { name: 'Tiger' }).getByRole('img').waitFor({ timeout: POLL.timeout });

    // The result, big, and the bet's outcome: a win pays 0.98 × stake, a tie loses half, else the stake.
    const banner = page.getByTestId('round-result');
    await expect.poll(() => banner.textContent(), POLL).toMatch(/wins|void/);
    // Read the bet's outcome before the screenshot: the result shows only until the table's next
    // round opens, and a full-page screenshot on a loaded box can take longer than that.
    await expect.poll(() => myBet.textContent(), POLL).toMatch(/Won|Lost|returned/);
    const outcome = (await myBet.textContent())!;
    await look(page, { path: `${ARTIFACTS}/casino-390-result.png`, fullPage: true });
    const won = /Won/.test(outcome);
    const net = won
      ? Math.floor(stake * 98) / 100
      : /Lost/.test(outcome)
        ? -rupees(outcome.split('Lost')[1]!)
        : 0;
    if (!won && net !== 0) expect([-stake, -stake / 2]).toContain(net);
    await expect
      .poll(() => page.getByTestId('balance').textContent(), POLL)
      .toBe((100_000 + net).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

    // The round in the results strip; it opens the result, and Verify recomputes it here.
    const chip = page
      .getByRole('list', { name: 'Last results' })
      .getByRole('button', { name: new RegExp(`^Round ${roundId}: `) });
    await chip.waitFor({ timeout: POLL.timeout });
    await chip.click();
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    await modal.getByRole('tab', { name: 'Verify' }).click();
    await modal.getByRole('button', { name: 'Verify this round' }).click();
    await expect
      .poll(() => modal.getByRole('status').last().textContent(), POLL)
      .toContain('The cards match the round');
    await expectNoSeriousAxe(page);
    await look(page, { path: `${ARTIFACTS}/casino-390-verified.png`, fullPage: true });
    await page.keyboard.press('Escape');

    // The statement shows what the round moved: a win, or a loss (a tie's half loss is a loss of
    // half the stake), as a row of its own with the amount and the balance after it. A push or a
    // void moves no money, so the round has no row (the deposit's row is there).
    await page.goto(`${server.url}/#/report/account-statement`);
    const statement = page.getByRole('table', { name: 'Account statement' });
    const title = `Dragon Tiger 20-20 › Round ${roundId}`;
    const rows = statement.getByRole('row');
    await expect.poll(() => rows.count(), POLL).toBeGreaterThan(1);
    const roundRow = rows.filter({ hasText: title });
    if (net === 0) {
      expect(await roundRow.count()).toBe(0);
    } else {
      await expect.poll(() => roundRow.count(), POLL).toBe(1);
      const [, description, credit, debit, balance] = await roundRow.getByRole('cell').allTextContents();
      expect(description).toBe(`${title} — ${net > 0 ? 'won' : 'lost'}`);
      expect([rupees(credit!), rupees(debit!)]).toEqual(net > 0 ? [net, 0] : [0, -net]);
      expect(rupees(balance!)).toBe(100_000 + net);
    }
    await look(page, { path: `${ARTIFACTS}/casino-390-statement.png`, fullPage: true });
    await context.close();
  });
});
