/**
 * Issue 45, charts: the bettor's Profit & Loss draws the running profit and loss over the chosen
 * days (uPlot, loaded with the chart only), with its words and the days as a table for anyone who
 * would rather read; the console's dashboard draws the last 24 hours (bets, turnover, bettors
 * online) and the house's last 30 days the same way; at 1366 and 390 px, within the screen, axe
 * clean.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ARTIFACTS,
  apiSession,
  describeBrowser,
  ensureAdminBuilt,
  ensureWebBuilt,
  expectNoSeriousAxe,
  launchBrowser,
  openPage,
  RACING_SPORTS,
  signIn,
  startServer,
  type RunningServer,
  look,
} from './harness.ts';

type MatchRow = { match_id: number; sport_id: number; in_play: boolean; main_odds: unknown[] };
type Detail = { markets: { market_id: number; runners: { selection_id: number }[] }[] };

describeBrowser('charts', () => {
  let server: RunningServer;
  let browser: Browser;
  let open: MatchRow;
  let openMarketId = 0;

  beforeAll(async () => {
    ensureWebBuilt();
    ensureAdminBuilt();
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    // demo backs and wins one market, loses another: two settlements to draw.
    const demo = await apiSession(server.url, 'demo', 'demo1234');
    const demo2 = await apiSession(server.url, 'demo2', 'demo1234');
    const operator = await apiSession(server.url, 'operator', 'operator123');
    const matches = ((await demo.call('match/getMatches', { is_active: 1 })).body.data as MatchRow[]).filter(
      (m) => !m.in_play && m.main_odds.length >= 2 && !RACING_SPORTS.includes(m.sport_id),
    );
    for (const [i, won] of [true, false].entries()) {
      const m = matches[i]!;
      const market = ((await demo.call('match/getMatchDetail', { match_id: m.match_id })).body.data as Detail)
        .markets[0]!;
      const [a, b] = market.runners;
      const bet = (who: typeof demo, is_back: '0' | '1', id: string) =>
        who.call('bet/placeMarketBet', {
          match_id: m.match_id,
          market_id: market.market_id,
          selection_id: a!.selection_id,
          is_back,
          odds: 2.5,
          stack: 400,
          request_id: id,
        });
      expect((await bet(demo2, '0', `e2e-chart-lay-${i}`)).body).toMatchObject({ status: true });
      expect((await bet(demo, '1', `e2e-chart-back-${i}`)).body).toMatchObject({
        status: true,
        data: { status: 'MATCHED' },
      });
      const settled = await operator.call('admin/market/result', {
        market_id: market.market_id,
        winners: [(won ? a : b)!.selection_id],
        request_id: `e2e-chart-settle-${i}`,
      });
      expect(settled.body).toMatchObject({ status: true });
    }
    // A third market left open with demo's back matched against demo2's lay: its risk to draw.
    open = matches[2]!;
    const market = (
      (await demo.call('match/getMatchDetail', { match_id: open.match_id })).body.data as Detail
    ).markets[0]!;
    openMarketId = market.market_id;
    const runner = market.runners[0]!.selection_id;
    for (const [who, is_back] of [
      [demo2, '0'],
      [demo, '1'],
    ] as const) {
      const r = await who.call('bet/placeMarketBet', {
        match_id: open.match_id,
        market_id: market.market_id,
        selection_id: runner,
        is_back,
        odds: 3,
        stack: 500,
        request_id: `e2e-chart-open-${is_back}`,
      });
      expect(r.body).toMatchObject({ status: true });
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [name, viewport] of [
    ['1366', { width: 1366, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    it(`${name} px: Profit & Loss draws the running line, says it in words, and lists the days`, async () => {
      const { context, page } = await openPage(browser, `charts-pnl-${name}`, viewport);
      try {
        await signIn(page, server.url, 'demo');
        await page.goto(`${server.url}/#/report/profit-loss`);
        // Won 400 × 1.5 = 600 less 2 % commission (588), lost 400: the day's net +188.
        const figure = page.getByRole('figure', {
          name: /^Running profit and loss over 1 day with settlements: ₹188\.00 on /,
        });
        await figure.waitFor();
        const canvas = figure.locator('canvas').first();
        await canvas.waitFor();
        const box = (await canvas.boundingBox())!;
        expect(box.width).toBeGreaterThan(150);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        // The table alternative, opened by keyboard.
        await figure.getByText('Show the days as a table').focus();
        await page.keyboard.press('Enter');
        const days = figure.getByRole('table', { name: 'Profit and loss by day' });
        await expect.poll(() => days.getByRole('row').count()).toBe(2);
        await look(page, { path: `${ARTIFACTS}/charts-pnl-${name}.png`, fullPage: true });
        await expectNoSeriousAxe(page);
      } finally {
        await context.close();
      }
    });

    it(`${name} px: a match-odds market's price history: the last traded price over time, in words and a table`, async () => {
      const { context, page } = await openPage(browser, `charts-price-${name}`, viewport);
      try {
        await signIn(page, server.url, 'demo');
        await page.goto(`${server.url}/#/game-details/${open.sport_id}/${open.match_id}`);
        const market = page.locator(`[data-market-id="${openMarketId}"]`);
        await market.getByRole('button', { name: /^Price history/ }).click();
        // demo's back of 500 at 3 matched demo2's lay: one trade.
        const figure = market.getByRole('figure', {
          name: /: last traded 3 at \d\d:\d\d IST; at 3 throughout since /,
        });
        await figure.waitFor();
        const canvas = figure.locator('canvas').first();
        await canvas.waitFor();
        const box = (await canvas.boundingBox())!;
        expect(box.width).toBeGreaterThan(150);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        await figure.getByText('Show the trades as a table').click();
        await expect.poll(() => figure.getByRole('table').getByRole('row').count()).toBe(2);
        // Another runner: not traded.
        const runner = market.getByLabel('Runner');
        const other = (await runner.locator('option').nth(1).textContent())!;
        await runner.selectOption({ index: 1 });
        await market.getByRole('figure', { name: `${other} has not traded yet.` }).waitFor();
        await runner.selectOption({ index: 0 });
        await figure.waitFor();
        await market.scrollIntoViewIfNeeded();
        await look(page, { path: `${ARTIFACTS}/charts-price-${name}.png`, fullPage: false });
        await expectNoSeriousAxe(page);
      } finally {
        await context.close();
      }
    });

    it(`${name} px: the console's dashboard draws the last 24 hours and the house's 30 days, in words and tables`, async () => {
      const { context, page } = await openPage(browser, `charts-console-${name}`, viewport);
      try {
        await page.goto(`${server.url}/admin/`);
        await page.getByLabel('User name').fill('operator');
        await page.getByLabel('Password').fill('operator123');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
        // The six bets above, in this hour; the two settlements, today.
        const bets = page.getByRole('figure', { name: /^6 bets in the last 24 hours; the busiest hour / });
        const house = page.getByRole('figure', { name: /^House net over the last 30 days / });
        const online = page.getByRole('figure', { name: /^At most \d+ bettors online at once/ });
        for (const figure of [bets, house, online]) {
          await figure.waitFor();
          const canvas = figure.locator('canvas').first();
          await canvas.waitFor();
          const box = (await canvas.boundingBox())!;
          expect(box.width).toBeGreaterThan(150);
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        }
        await page.getByText('Show the hours as a table').focus();
        await page.keyboard.press('Enter');
        const hours = page.getByRole('table', { name: /by hour/ });
        await expect.poll(() => hours.getByRole('row').count()).toBe(25);
        await page.getByText('Show the days as a table').click();
        await expect
          .poll(() =>
            page
              .getByRole('table', { name: /by day/ })
              .getByRole('row')
              .count(),
          )
          .toBe(31);
        await page.getByRole('heading', { name: 'Last 24 hours' }).scrollIntoViewIfNeeded();
        await look(page, { path: `${ARTIFACTS}/charts-console-${name}.png`, fullPage: true });
        await expectNoSeriousAxe(page);

        // The risk view of the open market: the house's result per outcome.
        await page.goto(`${server.url}/admin/#/markets/${open.match_id}`);
        const panel = page.getByTestId(`market-${openMarketId}`);
        await panel.getByRole('button', { name: 'Risk' }).click();
        // demo backs 500 at 3 against demo2's lay: if the first runner wins the bettors' net is 0
        // before commission, and the house takes the commission on demo's 1,000.
        const risk = page.getByRole('figure', { name: /^The house gains whatever happens: most if / });
        await risk.waitFor();
        const canvas = risk.locator('canvas').first();
        await canvas.waitFor();
        const box = (await canvas.boundingBox())!;
        expect(box.width).toBeGreaterThan(150);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        await risk.scrollIntoViewIfNeeded();
        await look(page, { path: `${ARTIFACTS}/charts-risk-${name}.png`, fullPage: true });
        await expectNoSeriousAxe(page);
      } finally {
        await context.close();
      }
    });
  }
});
