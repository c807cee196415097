/**
 * The operator console in the browser (issue 13): the operator signs in at /admin/, creates a
 * match with its match-odds market and opens it; demo backs on it in the bettor app against
 * demo2's lay; the operator suspends it (demo's screen shows Suspended), declares the result
 * (demo's statement shows the win and the commission), changes the site message (demo's marquee
 * shows it) and runs the ledger check. FEED=off, so the book holds only these bets.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ARTIFACTS,
  apiSession,
  describeBrowser,
  ensureAdminBuilt,
  ensureWebBuilt,
  launchBrowser,
  openPage,
  signIn,
  startServer,
  type RunningServer,
  look,
} from './harness.ts';

const POLL = { timeout: 20_000, interval: 200 };
const DESKTOP = { width: 1366, height: 900 };
const MOBILE = { width: 390, height: 844 };

type AdminMatch = {
  match_id: number;
  markets: { market_id: number; status: string; runners: { selection_id: number; name: string }[] }[];
};

async function consoleSignIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/admin/`);
  await page.getByLabel('User name').fill('operator');
  await page.getByLabel('Password').fill('operator123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

describeBrowser('the operator console', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureWebBuilt();
    ensureAdminBuilt();
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates and opens a market, suspends it under a bettor, settles it into their statement, and changes the site message', async () => {
    const op = await openPage(browser, 'console-operator', DESKTOP);
    const admin = op.page;
    await consoleSignIn(admin, server.url);
    expect(await admin.getByTestId('operator-name').textContent()).toBe('operator');
    await look(admin, { path: `${ARTIFACTS}/console-dashboard.png`, fullPage: true });

    // A new match with its match-odds market: the runners come from the match's name.
    await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Markets' }).click();
    await admin.getByRole('heading', { name: 'Markets' }).waitFor();
    await admin.getByRole('button', { name: 'New match' }).click();
    const form = admin.getByRole('dialog', { name: 'New match' });
    await form.getByLabel('Sport').selectOption({ label: 'Football' });
    await expect.poll(() => form.getByLabel('Series').locator('option').count(), POLL).toBeGreaterThan(2);
    await form.getByLabel('Series').selectOption({ index: 1 });
    await form.getByLabel('Match name').fill('Console United v Browser Rovers');
    await expect
      .poll(() => form.getByLabel('Runners, one per line').inputValue())
      .toBe('Console United\nBrowser Rovers\nThe Draw');
    await look(form, { path: `${ARTIFACTS}/console-new-match.png` });
    await form.getByRole('button', { name: 'Create match' }).click();
    await admin.waitForURL(/#\/markets\/\d+$/);
    const matchId = Number(/#\/markets\/(\d+)$/.exec(admin.url())![1]);
    await admin.getByRole('heading', { name: 'Console United v Browser Rovers' }).waitFor();

    const opApi = await apiSession(server.url, 'operator', 'operator123');
    const created = (await opApi.call(`admin/match?match_id=${matchId}`)).body.data as AdminMatch;
    const market = created.markets[0]!;
    const runner = market.runners[0]!;
    const panel = admin.getByTestId(`market-${market.market_id}`);
    await expect.poll(() => panel.getByTestId('market-status').textContent(), POLL).toBe('INACTIVE');

    // Open it.
    await panel.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => panel.getByTestId('market-status').textContent(), POLL).toBe('OPEN');

    // demo2 lays the first runner at 3.00 for 1,000; demo backs 500 of it from the ladder.
    const demo2 = await apiSession(server.url, 'demo2', 'demo1234');
    const lay = await demo2.call('bet/placeMarketBet', {
      match_id: matchId,
      market_id: market.market_id,
      selection_id: runner.selection_id,
      is_back: '0',
      odds: 3,
      stack: 1000,
      request_id: 'e2e-console-lay',
    });
    expect(lay.body).toMatchObject({ status: true, data: { status: 'UNMATCHED' } });
    const bettor = await openPage(browser, 'console-bettor', MOBILE);
    const demo = bettor.page;
    await signIn(demo, server.url, 'demo');
    await demo.goto(`${server.url}/#/game-details/1/${matchId}`);
    await demo.getByRole('heading', { name: 'Console United v Browser Rovers' }).waitFor();
    await demo
      .getByRole('button', { name: `3 1.0K, Back ${runner.name}`, exact: true })
      .click({ timeout: POLL.timeout });
    const slip = demo.getByRole('form', { name: 'Bet slip' });
    await slip.getByLabel('Stake', { exact: true }).fill('500');
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    await slip.waitFor({ state: 'detached' });
    await expect.poll(() => demo.getByTestId('exposure').textContent(), POLL).toBe('500.00');

    // The console sees the bets and the risk: if the first runner wins, demo wins 1,000, demo2 loses it.
    await expect.poll(() => panel.textContent(), POLL).toMatch(/Bets\s*2/);
    await panel.getByRole('button', { name: 'Risk' }).click();
    const risk = admin.getByTestId(`risk-${market.market_id}`);
    await expect.poll(() => risk.textContent(), POLL).toContain('demo2');
    await look(admin, { path: `${ARTIFACTS}/console-match.png`, fullPage: true });

    // Suspend: the bettor's market shows Suspended.
    await panel.getByRole('button', { name: 'Suspend' }).click();
    await expect.poll(() => panel.getByTestId('market-status').textContent(), POLL).toBe('SUSPENDED');
    const overlay = demo.locator(`[data-market-id="${market.market_id}"] .market__overlay`);
    await expect.poll(() => overlay.textContent(), POLL).toBe('Suspended');
    await look(demo, { path: `${ARTIFACTS}/console-bettor-suspended.png`, fullPage: true });

    // Declare the first runner the winner, after the dialog names it.
    await panel.getByRole('button', { name: 'Result…' }).click();
    const result = admin.getByRole('dialog', { name: 'Result: Match Odds' });
    await result.getByRole('radio', { name: runner.name }).check();
    await result.getByRole('button', { name: `Settle: ${runner.name} won` }).click();
    await result.waitFor({ state: 'detached' });
    await expect.poll(() => panel.getByTestId('market-status').textContent(), POLL).toBe('SETTLED');

    // demo: +1,000 won, 20 commission, on the statement.
    await expect.poll(() => demo.getByTestId('balance').textContent(), POLL).toBe('1,00,980.00');
    await demo.goto(`${server.url}/#/report/account-statement`);
    const statement = demo.getByRole('table', { name: 'Account statement' });
    await expect.poll(() => statement.textContent(), POLL).toMatch(/won.*1,000\.00.*1,01,000\.00/s);
    await expect.poll(() => statement.textContent(), POLL).toMatch(/commission.*20\.00.*1,00,980\.00/s);
    await look(demo, { path: `${ARTIFACTS}/console-bettor-statement.png`, fullPage: true });

    // The site message: previewed, reviewed, saved; demo's marquee shows it.
    await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click();
    const message = admin.getByLabel('Site message (news marquee)');
    await message.fill('Console United v Browser Rovers is settled: thanks for playing');
    await expect
      .poll(() => admin.getByTestId('preview-message').textContent())
      .toBe('Console United v Browser Rovers is settled: thanks for playing');
    await look(admin, { path: `${ARTIFACTS}/console-settings.png`, fullPage: true });
    await admin.getByRole('button', { name: 'Review and save…' }).click();
    await admin
      .getByRole('dialog', { name: 'Save these settings?' })
      .getByRole('button', { name: 'Save settings' })
      .click();
    await expect.poll(() => admin.getByText('0 change(s) not saved').count(), POLL).toBe(0);
    await expect.poll(() => admin.getByText('No changes').count(), POLL).toBe(1);
    await demo.reload();
    await expect
      .poll(() => demo.getByRole('region', { name: 'News' }).textContent(), POLL)
      .toContain('Console United v Browser Rovers is settled: thanks for playing');

    // The audit shows the calls; the ledger check holds.
    await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit' }).click();
    const log = admin.getByRole('table', { name: 'Audit log' });
    await expect.poll(() => log.textContent(), POLL).toContain('settings/save');
    await expect.poll(() => log.textContent(), POLL).toContain('market/result');
    await admin.getByRole('button', { name: 'Run ledger check' }).click();
    await expect
      .poll(() => admin.getByTestId('ledger-result').textContent(), POLL)
      .toContain('Every invariant holds.');
    await look(admin, { path: `${ARTIFACTS}/console-audit.png`, fullPage: true });

    // At 390 px the console still works: the menu opens, the match page shows the settled market.
    const narrow = await openPage(browser, 'console-narrow', MOBILE);
    await consoleSignIn(narrow.page, server.url);
    await narrow.page.getByRole('button', { name: 'Menu' }).click();
    await narrow.page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Markets' })
      .click();
    await narrow.page.getByRole('heading', { name: 'Markets' }).waitFor();
    await narrow.page.goto(`${server.url}/admin/#/markets/${matchId}`);
    await expect
      .poll(
        () =>
          narrow.page.getByTestId(`market-${market.market_id}`).getByTestId('market-status').textContent(),
        POLL,
      )
      .toBe('SETTLED');
    await look(narrow.page, { path: `${ARTIFACTS}/console-match-390.png`, fullPage: true });

    await Promise.all([op.context.close(), bettor.context.close(), narrow.context.close()]);
  });

  it('keeps bettors out: a bettor signing in at /admin/ is told it is for operators, and stays signed out', async () => {
    const { page, context } = await openPage(browser, 'console-bettor-refused', DESKTOP);
    await page.goto(`${server.url}/admin`);
    await page.waitForURL(/\/admin\/#\/login$/);
    await page.getByLabel('User name').fill('demo');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent(), POLL)
      .toContain('This console is for operators');
    await page.goto(`${server.url}/admin/#/users`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await context.close();
  });
});
