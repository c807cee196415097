/**
 * Issue 31 in the browser: the console does what the operator means. A wrong-rate bet matched
 * seconds before the operator opens Void… is inside the window's default, the dialog says how many
 * bets and how much it voids, and the void takes them out of the risk view; a voided runner leaves
 * the risk view, whose house figure is what settling moves.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ARTIFACTS,
  apiSession,
  describeBrowser,
  ensureAdminBuilt,
  launchBrowser,
  openPage,
  startServer,
  type RunningServer,
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
        kind: 'MATCH_ODDS',
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
    await page.screenshot({ path: `${ARTIFACTS}/console-void-window.png`, fullPage: true });
    await page.setViewportSize(MOBILE);
    await page.screenshot({ path: `${ARTIFACTS}/console-void-window-390.png`, fullPage: true });
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
    await page.screenshot({ path: `${ARTIFACTS}/console-risk-after-runner-void.png`, fullPage: true });

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
});
