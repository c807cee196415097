/**
 * Live Casino & Slots in the browser at 390 px (issue 23's browser test). The server and the demo
 * game provider run as two processes, as `npm start` runs them. demo opens Slot Game from the
 * sidebar, launches a slot from the lobby, spins inside the provider's page (an iframe), sees the
 * header balance move by the spin's result, and finds the spin in Live Casino Bets and in the
 * account statement.
 */
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ARTIFACTS,
  apiSession,
  describeBrowser,
  ensureWebBuilt,
  expectNoSeriousAxe,
  launchBrowser,
  openPage,
  RACING_SPORTS,
  signIn,
  startServerWithProvider,
  type RunningServer,
  look,
} from './harness.ts';

const MOBILE = { width: 390, height: 844 };
const POLL = { timeout: 30_000, interval: 200 };
const START_BALANCE = 100_000;

const shown = (rupees: number) =>
  rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

type SpinAnswer = {
  status: boolean;
  message?: string;
  data?: { round_id: string; win_paise: number; stake_paise: number; credited: boolean };
};

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'no horizontal scroll',
  ).toBe(true);
}

describeBrowser('Live Casino & Slots in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureWebBuilt();
    [server, browser] = await Promise.all([startServerWithProvider(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('at 390 px: Slot Game from the sidebar, a slot launched and spun, the balance, Live Casino Bets and the statement', async () => {
    const { page, context } = await openPage(browser, 'world-casino-demo', MOBILE);
    await signIn(page, server.url, 'demo');
    await expect.poll(() => page.getByTestId('balance').textContent(), POLL).toBe(shown(START_BALANCE));

    // The sidebar (a drawer at 390): Others › Slot Game opens the lobby on its tab.
    await page.getByRole('button', { name: 'Open sports menu' }).click();
    await page.getByRole('dialog', { name: 'Sports menu' }).getByRole('link', { name: 'Slot Game' }).click();
    await page.waitForURL(/#\/world-casino\?category=SLOTS$/);
    const tabs = page.getByRole('tablist', { name: 'Game categories' });
    await expect
      .poll(() => tabs.getByRole('tab', { selected: true }).textContent(), POLL)
      .toMatch(/^Slots \d+$/);
    const tiles = page.getByTestId('game-tile');
    await tiles.first().waitFor({ timeout: POLL.timeout });
    expect(await tiles.count()).toBeGreaterThanOrEqual(2);
    await noSidewaysScroll(page);
    await page.waitForFunction(() => !document.querySelector('.spinner, [aria-busy="true"]'));
    await expectNoSeriousAxe(page);
    await look(page, { path: `${ARTIFACTS}/world-casino-390-lobby.png`, fullPage: true });

    // By keyboard: search the first slot by name (the server filters), Tab to its tile, Enter.
    const gameName = (await tiles.first().getByRole('link').textContent())!.trim();
    const others = (await tiles.count()) - 1;
    await page.getByRole('searchbox', { name: 'Search games' }).fill(gameName.slice(0, 6));
    await expect.poll(() => tiles.count(), POLL).toBe(1);
    expect(others).toBeGreaterThanOrEqual(1);
    await page.getByRole('searchbox', { name: 'Search games' }).focus();
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    for (let i = 0; i < 8 && (await focused()) !== gameName; i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe(gameName);
    // Launch it: the provider's page opens in the frame, with the wallet's balance.
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/world-casino\/play\/\d+$/);
    await page.getByRole('heading', { level: 1, name: gameName }).waitFor();
    const game = page.frameLocator(`iframe[title="${gameName} (game)"]`);
    const spin = game.getByRole('button', { name: 'Spin' });
    await spin.waitFor({ timeout: POLL.timeout });
    await expect.poll(() => game.locator('#balance').textContent(), POLL).toBe(`₹${shown(START_BALANCE)}`);
    await look(page, { path: `${ARTIFACTS}/world-casino-390-game.png`, fullPage: true });

    // Spin (inside the frame) and read the provider's answer: the stake taken and the win paid.
    const answered = page.waitForResponse((r: Response) => r.url().endsWith('/api/spin'), POLL);
    await spin.click();
    const body = (await (await answered).json()) as SpinAnswer;
    expect(body.status, body.message).toBe(true);
    const { round_id, win_paise, stake_paise, credited } = body.data!;
    expect(credited).toBe(true);
    const after = START_BALANCE + (win_paise - stake_paise) / 100;

    // The header follows the game's debit and credit; so does the game's own balance.
    await expect.poll(() => page.getByTestId('balance').textContent(), POLL).toBe(shown(after));
    await expect.poll(() => game.locator('#balance').textContent(), POLL).toBe(`₹${shown(after)}`);
    await noSidewaysScroll(page);
    await look(page, { path: `${ARTIFACTS}/world-casino-390-spun.png`, fullPage: true });

    // Live Casino Bets: the round, its game, stake and win/loss, and the provider's transaction ids.
    await page.goto(`${server.url}/#/report/live-casino-bets`);
    const bets = page.getByRole('table', { name: 'Live casino bets' });
    await bets.waitFor({ timeout: POLL.timeout });
    const row = bets.getByRole('row').filter({ hasText: round_id });
    await expect.poll(() => row.count(), POLL).toBe(1);
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[1]).toBe(gameName);
    expect(cells[3]).toBe(round_id);
    expect(cells[4]).toBe('Settled');
    expect(cells[5]).toBe(shown(stake_paise / 100));
    expect(cells[6]).toBe(shown(win_paise / 100));
    expect(cells[7]).toBe(shown((win_paise - stake_paise) / 100));
    expect(cells[8]).toMatch(new RegExp(`^Bet ${shown(stake_paise / 100).replace('.', '\\.')} \\S+Win `));
    await noSidewaysScroll(page);
    await expectNoSeriousAxe(page);
    await look(page, { path: `${ARTIFACTS}/world-casino-390-bets.png`, fullPage: true });

    // The account statement: the bet and the win as their own rows, naming the game and round.
    await page.goto(`${server.url}/#/report/account-statement`);
    const statement = page.getByRole('table', { name: 'Account statement' });
    await statement.waitFor({ timeout: POLL.timeout });
    const moves = statement.getByRole('row').filter({ hasText: `${gameName} round ${round_id}` });
    await expect.poll(() => moves.count(), POLL).toBeGreaterThanOrEqual(win_paise > 0 ? 2 : 1);
    const texts = await moves.allTextContents();
    expect(texts.some((t) => t.includes(shown(stake_paise / 100)))).toBe(true);
    if (win_paise > 0) expect(texts.some((t) => t.includes(shown(win_paise / 100)))).toBe(true);
    await look(page, { path: `${ARTIFACTS}/world-casino-390-statement.png`, fullPage: true });

    // Live Casino from the sidebar: its tab lists the provider's live table, which opens framed.
    await page.getByRole('button', { name: 'Open sports menu' }).click();
    await page
      .getByRole('dialog', { name: 'Sports menu' })
      .getByRole('link', { name: 'Live Casino' })
      .click();
    await page.waitForURL(/#\/world-casino\?category=LIVE$/);
    const live = page.getByTestId('game-tile').first();
    await live.waitFor({ timeout: POLL.timeout });
    const liveName = (await live.getByRole('link').textContent())!.trim();
    await live.getByRole('link').click();
    await page
      .frameLocator(`iframe[title="${liveName} (game)"]`)
      .getByRole('heading', { level: 1, name: liveName })
      .waitFor({ timeout: POLL.timeout });
    await expectNoSeriousAxe(page);
    await look(page, { path: `${ARTIFACTS}/world-casino-390-live.png`, fullPage: true });
    await context.close();
  }, 180_000);

  // Issue 47, item 5: the game frame showed the available balance under a header showing the
  // whole balance, both called "Balance". The wallet now says which figure it reports, the frame
  // labels it "Available", and it is the header's Balance less its Exposure, to the paisa.
  for (const [width, viewport] of [
    [1366, { width: 1366, height: 900 }],
    [390, MOBILE],
  ] as const) {
    it(`at ${width} px the game frame's figure is labelled Available and is the header's Balance less its Exposure (issue 47)`, async () => {
      const demo = await apiSession(server.url, 'demo', 'demo1234');
      const demo2 = await apiSession(server.url, 'demo2', 'demo1234');
      // demo2 gets an exposure: a back of 100 at 3.0 matched against demo's lay.
      const matches = (await demo.call('match/getMatches', { is_active: 1 })).body.data as {
        match_id: number;
        sport_id: number;
        in_play: boolean;
        main_odds: unknown[];
      }[];
      const m = matches.find(
        (x) => !x.in_play && x.main_odds.length >= 2 && x.sport_id > 0 && !RACING_SPORTS.includes(x.sport_id),
      )!;
      const detail = (await demo.call('match/getMatchDetail', { match_id: m.match_id })).body.data as {
        markets: { market_id: number; runners: { selection_id: number }[] }[];
      };
      const market = detail.markets[0]!;
      const bet = (who: typeof demo, is_back: '0' | '1') =>
        who.call('bet/placeMarketBet', {
          match_id: m.match_id,
          market_id: market.market_id,
          selection_id: market.runners[0]!.selection_id,
          is_back,
          odds: 3,
          stack: 100,
          request_id: `e2e-balances-${width}-${is_back}`,
        });
      expect((await bet(demo, '0')).body).toMatchObject({ status: true });
      expect((await bet(demo2, '1')).body).toMatchObject({ status: true, data: { status: 'MATCHED' } });

      const { page, context } = await openPage(browser, `balances-${width}`, viewport);
      await signIn(page, server.url, 'demo2');
      const money = (text: string | null) => Number((text ?? '').replace(/[₹,]/g, ''));
      await expect
        .poll(async () => money(await page.getByTestId('exposure').textContent()), POLL)
        .toBeGreaterThan(0);
      await page.goto(`${server.url}/#/world-casino?category=SLOTS`);
      const tile = page.getByTestId('game-tile').first();
      await tile.waitFor({ timeout: POLL.timeout });
      const gameName = (await tile.getByRole('link').textContent())!.trim();
      await tile.getByRole('link').click();
      const game = page.frameLocator(`iframe[title="${gameName} (game)"]`);
      await game.getByRole('button', { name: 'Spin' }).waitFor({ timeout: POLL.timeout });
      expect(await game.locator('#balance-label').textContent()).toBe('Available ');
      const balance = money(await page.getByTestId('balance').textContent());
      const exposure = money(await page.getByTestId('exposure').textContent());
      await expect
        .poll(async () => money(await game.locator('#balance').textContent()), POLL)
        .toBeCloseTo(balance - exposure, 2);
      await expectNoSeriousAxe(page);
      await look(page, { path: `${ARTIFACTS}/balances-${width}.png`, fullPage: true });
      await context.close();
    });
  }
});
