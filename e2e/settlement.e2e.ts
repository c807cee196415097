/**
 * Settlement in the browser (issue 5's browser test): demo backs a runner from the game-details
 * screen against demo2's lay, the operator declares that runner the winner, and demo's header
 * balance rises by the win less 2% commission; the account statement shows the win and the
 * commission (and opens the market's settled bet); current bets no longer list the bet.
 * FEED=off, so the book holds only these two users' bets.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ARTIFACTS,
  apiSession,
  describeBrowser,
  ensureWebBuilt,
  launchBrowser,
  openPage,
  signIn,
  startServer,
  type RunningServer,
} from './harness.ts';

const POLL = { timeout: 20_000, interval: 200 };

type MatchRow = {
  match_id: number;
  sport_id: number;
  match_name: string;
  in_play: boolean;
  main_odds: unknown[];
};
type Detail = {
  markets: { market_id: number; market_name: string; runners: { selection_id: number; name: string }[] }[];
};

describeBrowser('settlement in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureWebBuilt();
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('demo backs, the operator settles: balance, statement (win and commission) and current bets follow', async () => {
    const demo2 = await apiSession(server.url, 'demo2', 'demo1234');
    const operator = await apiSession(server.url, 'operator', 'operator123');
    const matches = (await demo2.call('match/getMatches', { is_active: 1 })).body.data as MatchRow[];
    const target = matches.find((m) => !m.in_play && m.main_odds.length >= 2)!;
    expect(target, 'a match not yet in play with a main market').toBeDefined();
    const detail = (await demo2.call('match/getMatchDetail', { match_id: target.match_id })).body
      .data as Detail;
    const market = detail.markets[0]!;
    const runner = market.runners[0]!;

    // demo2 offers a lay at 3.00 for 1,000: demo can back at 3.
    const lay = await demo2.call('bet/placeMarketBet', {
      match_id: target.match_id,
      market_id: market.market_id,
      selection_id: runner.selection_id,
      is_back: '0',
      odds: 3,
      stack: 1000,
      request_id: 'e2e-settle-lay',
    });
    expect(lay.body).toMatchObject({ status: true, data: { status: 'UNMATCHED' } });

    const { page, context } = await openPage(browser, 'settlement-demo');
    await signIn(page, server.url, 'demo');
    await expect.poll(() => page.getByTestId('balance').textContent(), POLL).toBe('1,00,000.00');
    await page.goto(`${server.url}/#/game-details/${target.sport_id}/${target.match_id}`);
    await page.getByRole('heading', { name: target.match_name }).waitFor();

    // demo backs 500 at 3 from the ladder: matched, exposure 500.
    await page
      .getByRole('button', { name: `3 1.0K, Back ${runner.name}`, exact: true })
      .click({ timeout: POLL.timeout });
    const slip = page.getByRole('form', { name: 'Bet slip' });
    await slip.getByLabel('Stake', { exact: true }).fill('500');
    await expect.poll(() => slip.getByTestId('slip-summary').textContent()).toBe('Profit: 1,000.00');
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    await slip.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('exposure').textContent(), POLL).toBe('500.00');

    // Current bets lists it while the market is open.
    await page.goto(`${server.url}/#/report/current-bet`);
    const matchedTable = page.getByRole('table', { name: 'Matched bets' });
    await expect.poll(() => matchedTable.textContent(), POLL).toContain(runner.name);

    // The operator declares the runner the winner: +1,000 won, 20 commission.
    const settled = await operator.call('admin/market/result', {
      market_id: market.market_id,
      winners: [runner.selection_id],
      request_id: 'e2e-settle-1',
    });
    expect(settled.body).toMatchObject({ status: true, data: { state: 'SETTLED', commission: 20 } });

    // The header follows (polled every 5 s), exposure is gone.
    await expect.poll(() => page.getByTestId('balance').textContent(), POLL).toBe('1,00,980.00');
    await expect.poll(() => page.getByTestId('exposure').textContent(), POLL).toBe('0.00');

    // Current bets no longer lists it (the screen refetches on its own; reload to be sure of it).
    await page.reload();
    await expect
      .poll(async () => (await page.getByRole('table', { name: 'Matched bets' }).textContent()) ?? '', POLL)
      .not.toContain(runner.name);

    // The statement: the win and the commission, with the balance after each.
    await page
      .getByRole('navigation', { name: 'Reports' })
      .getByRole('link', { name: 'Account Statement' })
      .click();
    const statement = page.getByRole('table', { name: 'Account statement' });
    await expect.poll(() => statement.textContent(), POLL).toMatch(/won.*1,000\.00.*1,01,000\.00/s);
    await expect.poll(() => statement.textContent(), POLL).toMatch(/commission.*20\.00.*1,00,980\.00/s);
    await page.screenshot({ path: `${ARTIFACTS}/settlement-statement.png`, fullPage: true });

    // A market row opens the market's settled bets: the back, WON, +1000.00.
    await statement.getByRole('row', { name: /won/ }).getByRole('button').first().click();
    const bets = page.getByRole('table', { name: 'Settled bets of the market' });
    await expect
      .poll(() => bets.textContent(), POLL)
      .toMatch(new RegExp(`${runner.name}.*Won.*1,000\\.00`, 's'));
    await page.screenshot({ path: `${ARTIFACTS}/settlement-market-bets.png`, fullPage: true });

    // The ledger check holds after all of it.
    const check = await operator.call('admin/ledger/check');
    expect(check.body).toMatchObject({ status: true, data: { ok: true, problems: [] } });
    await context.close();
  });
});
