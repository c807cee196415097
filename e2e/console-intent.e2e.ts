/**
 * Issue 31 in the browser: the console does what the operator means. A wrong-rate bet matched
 * seconds before the operator opens Void… is inside the window's default, the dialog says how many
 * bets and how much it voids, and the void takes them out of the risk view; a voided runner leaves
 * the risk view, whose house figure is what settling moves.
 */
import { ADMIN_AUDIT_ACTIONS } from '@backlay/contract';
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

const POLL = { timeout: 20_000, interval: 200 };
const DESKTOP = { width: 1366, height: 900 };
const MOBILE = { width: 390, height: 844 };

type Risk = { outcomes: { key: string; label: string; house: number; bettors: number }[] };

async function consoleSignIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/admin/`);
  await page.getByLabel('User name').fill('operator');
  await page.getByLabel('Password').fill('operator123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

describeBrowser('the console does what the operator means', () => {
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

  async function openMatch(name: string) {
    const op = await apiSession(server.url, 'operator', 'operator123');
    const series = (await op.call('admin/series?sport_id=1')).body.data as { rows: { series_id: number }[] };
    const created = await op.call('admin/match/create', {
      series_id: series.rows[0]!.series_id,
      match_name: name,
      start_time: new Date(Date.now() + 3_600_000).toISOString(),
      market: {
        kind: 'EXCHANGE',
        market_name: 'Match Odds',
        runners: name.split(' v ').concat('The Draw'),
      },
      request_id: `e2e-intent-${name.replace(/\W+/g, '-')}`,
    });
    expect(created.body).toMatchObject({ status: true });
    const { match_id, market_id } = created.body.data as { match_id: number; market_id: number };
    expect(
      (await op.call('admin/market/status', { market_id, status: 'OPEN', request_id: `open-${market_id}` }))
        .body.status,
    ).toBe(true);
    const m = (await op.call(`admin/match?match_id=${match_id}`)).body.data as {
      markets: { runners: { selection_id: number; name: string }[] }[];
    };
    return { op, match_id, market_id, runners: m.markets[0]!.runners };
  }

  async function matchedPair(
    matchId: number,
    marketId: number,
    selectionId: number,
    odds: number,
    stake: number,
    tag: string,
  ) {
    const demo2 = await apiSession(server.url, 'demo2', 'demo1234');
    const demo = await apiSession(server.url, 'demo', 'demo1234');
    const base = { match_id: matchId, market_id: marketId, selection_id: selectionId, odds, stack: stake };
    expect(
      (await demo2.call('bet/placeMarketBet', { ...base, is_back: '0', request_id: `${tag}-lay` })).body
        .status,
    ).toBe(true);
    const back = await demo.call('bet/placeMarketBet', { ...base, is_back: '1', request_id: `${tag}-back` });
    expect(back.body).toMatchObject({ status: true, data: { status: 'MATCHED' } });
  }

  it('a void window left at its defaults voids the bet matched seconds before, after saying how many and how much', async () => {
    const { op, match_id, market_id, runners } = await openMatch('Window Wanderers v Rate Rovers');
    await matchedPair(match_id, market_id, runners[0]!.selection_id, 50, 100, 'e2e-wrong-rate');

    const { page } = await openPage(browser, 'console-intent-window', DESKTOP);
    await consoleSignIn(page, server.url);
    await page.goto(`${server.url}/admin/#/markets/${match_id}`);
    const panel = page.getByTestId(`market-${market_id}`);
    await panel.getByRole('button', { name: 'Void…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Void: Match Odds' });
    await dialog.getByRole('radio', { name: 'Bets placed in a time window' }).check();
    const preview = dialog.getByTestId('void-window-preview');
    await expect
      .poll(() => preview.textContent(), POLL)
      .toMatch(/2 bets of 2 users, ₹200\.00 staked, will be void/);
    await look(page, { path: `${ARTIFACTS}/console-void-window.png`, fullPage: true });
    await expectNoSeriousAxe(page, '[role="dialog"]');
    await page.setViewportSize(MOBILE);
    await look(page, { path: `${ARTIFACTS}/console-void-window-390.png`, fullPage: true });
    await expectNoSeriousAxe(page, '[role="dialog"]');
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Void 2 bets (₹200.00)' }).click();
    await dialog.waitFor({ state: 'detached' });

    const risk = (await op.call(`admin/market/risk?market_id=${market_id}`)).body.data as Risk;
    expect(risk.outcomes.every((o) => o.bettors === 0 && o.house === 0)).toBe(true);
    const settled = await op.call('admin/market/result', {
      market_id,
      winners: [runners[0]!.selection_id],
      request_id: `e2e-window-result-${market_id}`,
    });
    expect(settled.body).toMatchObject({ status: true, data: { bets_void: 2, house: 0 } });
  });

  it('after a runner void the risk view leaves the runner out, and each house figure is what settling moves', async () => {
    const { op, match_id, market_id, runners } = await openMatch('Risk Rangers v Settle City');
    const [home, away, draw] = runners as [(typeof runners)[0], (typeof runners)[0], (typeof runners)[0]];
    await matchedPair(match_id, market_id, home.selection_id, 2.5, 1000, 'e2e-risk-home');
    await matchedPair(match_id, market_id, away.selection_id, 3, 400, 'e2e-risk-away');
    await matchedPair(match_id, market_id, draw.selection_id, 4, 700, 'e2e-risk-draw');

    const { page } = await openPage(browser, 'console-intent-risk', DESKTOP);
    await consoleSignIn(page, server.url);
    await page.goto(`${server.url}/admin/#/markets/${match_id}`);
    const panel = page.getByTestId(`market-${market_id}`);
    await panel.getByRole('button', { name: 'Void…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Void: Match Odds' });
    await dialog.getByRole('radio', { name: 'One runner' }).check();
    await dialog.getByLabel('Runner', { exact: true }).selectOption({ label: 'The Draw' });
    await dialog.getByRole('button', { name: 'Void The Draw' }).click();
    await dialog.waitFor({ state: 'detached' });

    await panel.getByRole('button', { name: 'Risk' }).click();
    const riskPanel = page.getByTestId(`risk-${market_id}`);
    await expect.poll(() => riskPanel.textContent(), POLL).toContain(home.name);
    expect(await riskPanel.textContent()).not.toContain('The Draw');
    await look(page, { path: `${ARTIFACTS}/console-risk-after-runner-void.png`, fullPage: true });
    await expectNoSeriousAxe(page, `[data-testid="risk-${market_id}"]`);
    await page.setViewportSize(MOBILE);
    await look(page, { path: `${ARTIFACTS}/console-risk-after-runner-void-390.png`, fullPage: true });
    await expectNoSeriousAxe(page, `[data-testid="risk-${market_id}"]`);

    const risk = (await op.call(`admin/market/risk?market_id=${market_id}`)).body.data as Risk;
    expect(risk.outcomes.map((o) => o.label)).toEqual([home.name, away.name]);
    for (const o of risk.outcomes) {
      const settled = await op.call('admin/market/result', {
        market_id,
        winners: [Number(o.key)],
        request_id: `e2e-risk-result-${o.key}`,
      });
      expect(settled.body.status).toBe(true);
      expect((settled.body.data as { house: number }).house).toBe(o.house);
      expect(
        (await op.call('admin/market/unsettle', { market_id, request_id: `e2e-risk-unsettle-${o.key}` })).body
          .status,
      ).toBe(true);
    }
  });

  async function userId(op: Awaited<ReturnType<typeof apiSession>>, name: string): Promise<number> {
    const list = (await op.call(`admin/users?search=${name}`)).body.data as {
      rows: { user_id: number; user_name: string }[];
    };
    return list.rows.find((r) => r.user_name === name)!.user_id;
  }

  it('a deposit is confirmed first, naming the amount and the user; a refused one shows the server’s words as a refusal', async () => {
    const op = await apiSession(server.url, 'operator', 'operator123');
    const demo2 = await userId(op, 'demo2');
    const { page } = await openPage(browser, 'console-intent-deposit', DESKTOP);
    await consoleSignIn(page, server.url);
    await page.goto(`${server.url}/admin/#/users/${demo2}`);
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Deposit to demo2' });
    await form.getByLabel('Amount (₹)').fill('1234.50');
    await form.getByLabel('Reason').fill('Bank transfer 4411');
    await form.getByRole('button', { name: 'Deposit…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deposit ₹1,234.50 to demo2?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('₹1,234.50 goes from the house into demo2');
    await look(page, { path: `${ARTIFACTS}/console-deposit-confirm.png`, fullPage: true });
    await expectNoSeriousAxe(page, '[role="dialog"]');
    await page.setViewportSize(MOBILE);
    await look(page, { path: `${ARTIFACTS}/console-deposit-confirm-390.png`, fullPage: true });
    await expectNoSeriousAxe(page, '[role="dialog"]');
    await page.setViewportSize(DESKTOP);
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    await form.getByLabel('Amount (₹)').fill('10000000000');
    await form.getByRole('button', { name: 'Deposit…' }).click();
    const big = page.getByRole('dialog', { name: /^Deposit ₹[\d,]+\.00 to demo2\?$/ });
    await big.getByRole('button', { name: /^Deposit ₹/ }).click();
    const alert = big.getByRole('alert');
    await alert.waitFor();
    const words = (await alert.textContent()) ?? '';
    expect(words).toMatch(/at most ₹/);
    expect(words).not.toMatch(/Trying again is safe|network/i);
    await look(page, { path: `${ARTIFACTS}/console-deposit-refused.png`, fullPage: true });
  });

  it('a result dialog with a dead heat names it', async () => {
    const { match_id, market_id, runners } = await openMatch('Heat Harriers v Tie Town');
    const { page } = await openPage(browser, 'console-intent-dead-heat', DESKTOP);
    await consoleSignIn(page, server.url);
    await page.goto(`${server.url}/admin/#/markets/${match_id}`);
    const panel = page.getByTestId(`market-${market_id}`);
    await panel.getByRole('button', { name: 'Result…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Result: Match Odds' });
    await dialog.getByRole('checkbox', { name: /^Dead heat/ }).check();
    await dialog.getByRole('checkbox', { name: runners[0]!.name }).check();
    await dialog.getByRole('checkbox', { name: runners[1]!.name }).check();
    await dialog
      .getByRole('button', {
        name: `Settle: ${runners[0]!.name} and ${runners[1]!.name} won (dead heat of 2)`,
      })
      .waitFor();
  });

  it('editing only the venue leaves the start time as it was', async () => {
    const { op, match_id } = await openMatch('Venue Vagabonds v Clock Keepers');
    const exact = new Date(Math.floor(Date.now() / 1000) * 1000 + 7_200_000 + 37_000).toISOString();
    expect(
      (
        await op.call('admin/match/update', {
          match_id,
          start_time: exact,
          request_id: `e2e-start-${match_id}`,
        })
      ).body.status,
    ).toBe(true);
    const before = (await op.call(`admin/match?match_id=${match_id}`)).body.data as { start_time: string };
    const { page } = await openPage(browser, 'console-intent-venue', DESKTOP);
    await consoleSignIn(page, server.url);
    await page.goto(`${server.url}/admin/#/markets/${match_id}`);
    await page.getByRole('button', { name: 'Edit match' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit match' });
    await dialog.getByLabel('Venue').fill('Eden Gardens');
    await dialog.getByRole('button', { name: 'Save match' }).click();
    await dialog.waitFor({ state: 'detached' });
    const after = (await op.call(`admin/match?match_id=${match_id}`)).body.data as {
      start_time: string;
      venue: string;
    };
    expect(after.venue).toBe('Eden Gardens');
    expect(after.start_time).toBe(before.start_time);
  });

  it('the audit screen filters every audited action and names the user each row concerns', async () => {
    const op = await apiSession(server.url, 'operator', 'operator123');
    const demo = await userId(op, 'demo');
    expect(
      (
        await op.call('admin/wallet/deposit', {
          user_id: demo,
          amount: 12,
          memo: 'audit row',
          request_id: `e2e-audit-deposit-${demo}`,
        })
      ).body.status,
    ).toBe(true);
    const { page } = await openPage(browser, 'console-intent-audit', DESKTOP);
    await consoleSignIn(page, server.url);
    await page.goto(`${server.url}/admin/#/audit`);
    const filter = page.getByLabel('Action');
    const offered = await filter.locator('option').allTextContents();
    for (const a of ADMIN_AUDIT_ACTIONS) expect(offered).toContain(a);
    await filter.selectOption('wallet/deposit');
    const row = page.getByRole('row').filter({ hasText: 'e2e-audit-deposit' });
    await row.waitFor();
    expect(await row.getByRole('link', { name: 'demo' }).count()).toBe(1);
    await look(page, { path: `${ARTIFACTS}/console-audit.png`, fullPage: true });
    await expectNoSeriousAxe(page, 'main');
    await page.setViewportSize(MOBILE);
    await look(page, { path: `${ARTIFACTS}/console-audit-390.png`, fullPage: true });
    await expectNoSeriousAxe(page, 'main');
  });
});
