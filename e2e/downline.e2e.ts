/**
 * Issue 41 in the browser: what a master sees of its downline. The demo tree (master 30 % → agent
 * 20 % → bettor1, bettor2): bettor1 loses a settled bet, and both bet on an open market. The master's
 * Downline screens show the P/L by child with its share, the risk per outcome at share and 100 %, the
 * subtree's bets with their paths, and settle with the agent from the keyboard. 1366 and 390 px,
 * screenshots in .e2e-artifacts, axe clean.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ARTIFACTS,
  apiSession,
  describeBrowser,
  ensureAdminBuilt,
  expectNoSeriousAxe,
  launchBrowser,
  openPage,
  startServer,
  type RunningServer,
  look,
} from './harness.ts';

const DESKTOP = { width: 1366, height: 900 };
const MOBILE = { width: 390, height: 844 };

async function consoleSignIn(page: Page, baseUrl: string, user: string, password: string) {
  await page.goto(`${baseUrl}/admin/`);
  await page.getByLabel('User name').fill(user);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Users' }).waitFor();
}

describeBrowser('a master sees its downline: P/L with shares, risk, bets, settlement', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureAdminBuilt();
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function market(name: string) {
    const op = await apiSession(server.url, 'operator', 'operator123');
    const series = (await op.call('admin/series?sport_id=1')).body.data as { rows: { series_id: number }[] };
    const created = await op.call('admin/match/create', {
      series_id: series.rows[0]!.series_id,
      match_name: name,
      start_time: new Date(Date.now() + 3_600_000).toISOString(),
      market: { kind: 'EXCHANGE', market_name: 'Match Odds', runners: name.split(' v ') },
      request_id: `e2e-dl-${name.replace(/\W+/g, '-')}`,
    });
    expect(created.body).toMatchObject({ status: true });
    const { match_id, market_id } = created.body.data as { match_id: number; market_id: number };
    await op.call('admin/market/status', {
      market_id,
      status: 'OPEN',
      request_id: `e2e-dl-open-${market_id}`,
    });
    const m = (await op.call(`admin/match?match_id=${match_id}`)).body.data as {
      markets: { runners: { selection_id: number }[] }[];
    };
    return { op, match_id, market_id, runners: m.markets[0]!.runners.map((r) => r.selection_id) };
  }

  async function pair(m: Awaited<ReturnType<typeof market>>, stake: number, tag: string) {
    const b1 = await apiSession(server.url, 'bettor1', 'bettor123');
    const b2 = await apiSession(server.url, 'bettor2', 'bettor123');
    const base = { match_id: m.match_id, market_id: m.market_id, selection_id: m.runners[0], odds: 2 };
    const lay = await b2.call('bet/placeMarketBet', {
      ...base,
      stack: stake,
      is_back: '0',
      request_id: `${tag}-l`,
    });
    expect(lay.body.status, JSON.stringify(lay.body)).toBe(true);
    const back = await b1.call('bet/placeMarketBet', {
      ...base,
      stack: stake,
      is_back: '1',
      request_id: `${tag}-b`,
    });
    expect(back.body, JSON.stringify(back.body)).toMatchObject({ status: true, data: { status: 'MATCHED' } });
  }

  it('P/L by child with the master’s share, risk per outcome, bets with paths, Settle from the keyboard', async () => {
    // bettor1 backs ₹1,000 against bettor2 and loses: both are the agent's, so the downline nets 0;
    // then an open market for the risk view.
    const settled = await market('Downline Dynamos v Share City');
    await pair(settled, 1000, 'e2e-dl-1');
    const r = await settled.op.call('admin/market/result', {
      market_id: settled.market_id,
      winners: [settled.runners[1]],
      request_id: `e2e-dl-result-${settled.market_id}`,
    });
    expect(r.body).toMatchObject({ status: true });
    const open = await market('Risk Rovers v Exposure United');
    await pair(open, 500, 'e2e-dl-2');

    const { page } = await openPage(browser, 'downline-master', DESKTOP);
    await consoleSignIn(page, server.url, 'master', 'master123');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Downline' }).click();
    const pl = page.getByRole('table', { name: 'Downline profit and loss' });
    await pl.getByRole('link', { name: 'agent' }).waitFor();
    // The commission on bettor2's ₹1,000 win (2 %, ₹20.00) is the book's result: the master's 30 % of it
    // (Mine, right after the name), then total, below and up.
    await expect.poll(() => pl.locator('tfoot').textContent()).toMatch(/₹6\.00.*₹20\.00.*₹4\.00.*₹10\.00/);
    const shots = async (name: string) => {
      await page.setViewportSize(DESKTOP);
      await look(page, { path: `${ARTIFACTS}/downline-${name}.png`, fullPage: true });
      await expectNoSeriousAxe(page);
      await page.setViewportSize(MOBILE);
      await look(page, { path: `${ARTIFACTS}/downline-${name}-390.png`, fullPage: true });
      await expectNoSeriousAxe(page);
      await page.setViewportSize(DESKTOP);
    };
    await shots('pl');

    await page.getByRole('link', { name: 'Risk' }).click();
    const risk = page.getByRole('table', { name: /Risk of Risk Rovers v Exposure United/ });
    await risk.waitFor();
    expect(await risk.locator('tbody tr').count()).toBe(2);
    await shots('risk');

    await page.getByRole('link', { name: 'Bets' }).click();
    const bets = page.getByRole('table', { name: 'Downline bets' });
    await bets.getByRole('link', { name: 'bettor1' }).first().waitFor();
    expect(await bets.textContent()).toMatch(/agent \(agent\) › master \(master\)/);
    await shots('bets');

    // Settle with the agent from the Users list, keyboard only. Its owed figure counts the ₹50,000
    // it lent its bettors: the master owes it its ₹4.00 share (20 % of the ₹20.00), nothing more.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Users' }).click();
    const settle = page.getByRole('button', { name: 'Settle with agent' });
    await settle.waitFor();
    expect(await page.getByRole('row', { name: /agent #/ }).textContent()).toMatch(/you owe it ₹4\.00/);
    await settle.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Settle with agent' });
    await dialog.waitFor();
    await dialog.getByLabel('Note').fill('cash at the office');
    await shots('settle');
    await dialog.getByRole('button', { name: 'Settle…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Settle ₹4.00 with agent?' });
    await confirm.getByRole('button', { name: /^Settle ₹/ }).click();
    await confirm.waitFor({ state: 'detached' });
    // Nothing owed now: the agent's row says so and offers no Settle.
    await settle.waitFor({ state: 'detached' });
    expect(await page.getByRole('row', { name: /agent #/ }).textContent()).toMatch(/nothing owed/);
  });
});
