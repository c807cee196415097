/**
 * Issue 30's browser test of the slip's figures: on an Odd/Even fancy both sides are backs, so the
 * "Even" slip at 98 for 1,000 wins 980.00 and risks the 1,000.00 stake, and after Place the
 * server holds exactly that (header exposure 1,000.00; the row's exposure −1,000.00) and the
 * bets panel lists the bet as "Even" at 98 (never "Fancy No 0"). At 1366 and 390 px.
 * axe-core checks the slip and the bets panel for critical/serious issues.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ARTIFACTS,
  apiSession,
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

const POLL = { timeout: 30_000, interval: 200 };
const SPORT_CRICKET = 4;

type MatchRow = { match_id: number; sport_id: number; match_name: string; in_play: boolean };
type Detail = { fancies: { fancy_id: number; name: string; variant: string; no_rate: number | null }[] };

describeBrowser('the slip’s figures in the browser', () => {
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

  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`Odd/Even at ${viewport.width} px: Even at 98 for 1,000 shows Profit 980.00, Liability 1,000.00 and the server holds 1,000`, async () => {
      const demo = await apiSession(server.url, 'demo', 'demo1234');
      const list = (await demo.call('match/getMatches', { is_active: 1 })).body.data as MatchRow[];
      const target = list.find((m) => m.sport_id === SPORT_CRICKET)!;
      expect(target, 'a cricket match').toBeDefined();
      const detail = (await demo.call('match/getCricketDetail', { match_id: target.match_id })).body
        .data as Detail;
      const oddEven = detail.fancies.find((f) => f.variant === 'ODD_EVEN')!;
      expect(oddEven, 'an Odd/Even fancy').toBeDefined();
      const rate = oddEven.no_rate!;

      const { page, context } = await openPage(browser, `slip-figures-${viewport.width}`, viewport);
      await signIn(page, server.url, 'demo');
      await page.goto(`${server.url}/#/game-details/${target.sport_id}/${target.match_id}`);
      await page.getByRole('heading', { name: target.match_name }).waitFor();
      const amount = async (text: Promise<string | null>) => Number((await text)!.replace(/[^\d.]/g, ''));
      // demo bets at each width: what it held before on this fancy (k Even bets of 1,000 so far).
      const row = page.locator(`[data-fancy-id="${oddEven.fancy_id}"]`);
      await page
        .getByRole('tablist', { name: 'Fancy markets' })
        .getByRole('tab', { name: 'Odd/Even' })
        .click();
      const exposureBefore = await amount(page.getByTestId('exposure').textContent());
      const k = (await amount(row.getByTestId('fancy-exposure').textContent())) / 1000;

      await page.getByRole('button', { name: `Even ${rate}, ${oddEven.name}`, exact: true }).click();
      const slip = page.getByRole('form', { name: 'Bet slip' });
      await slip.getByLabel('Stake', { exact: true }).fill('1000');
      const profit = ((1000 * rate) / 100).toFixed(2);
      await expect
        .poll(() => slip.getByTestId('slip-summary').textContent(), POLL)
        .toBe(`Profit: ${profit}Liability: 1,000.00`);
      await look(page, { path: `${ARTIFACTS}/slip-figures-${viewport.width}-slip.png` });
      await expectNoSeriousAxe(page, 'form[aria-label="Bet slip"]');

      await slip.getByRole('button', { name: 'Place Bet' }).click();
      await slip.waitFor({ state: 'detached' });
      // The server holds what the slip said: the stake is the worst loss.
      await expect
        .poll(() => amount(row.getByTestId('fancy-exposure').textContent()), POLL)
        .toBe(1000 * (k + 1));
      await expect
        .poll(() => amount(page.getByTestId('exposure').textContent()), POLL)
        .toBe(exposureBefore + 1000);
      // The book: an even result wins 980, an odd one loses the 1,000.
      await row.getByRole('button', { name: `Book of ${oddEven.name}` }).click();
      const book = page.getByRole('table', { name: `Book of ${oddEven.name}` });
      const money = (r: number) => r.toLocaleString('en-IN', { minimumFractionDigits: 2 });
      const win = money(((1000 * rate) / 100) * (k + 1));
      const lose = money(1000 * (k + 1));
      // Rows "0 or less" (even) and "1 or more" (odd): the book's edge rows.
      await expect.poll(() => book.textContent(), POLL).toMatch(new RegExp(`0( or less)?${win}`));
      await expect.poll(() => book.textContent(), POLL).toMatch(new RegExp(`1( or more)?-${lose}`));
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

      // The bets panel names the bet as placed.
      const bets = page.getByTestId('kind-bets');
      const first = bets.getByRole('row').nth(1);
      await expect.poll(() => first.locator('td').first().textContent(), POLL).toMatch(/^Even\s/);
      await expect.poll(() => first.locator('td').nth(1).textContent(), POLL).toBe(String(rate));
      await look(page, {
        path: `${ARTIFACTS}/slip-figures-${viewport.width}-placed.png`,
        fullPage: true,
      });
      await expectNoSeriousAxe(page, '[data-testid="kind-bets"]');
      await context.close();
    }, 120_000);
  }

  it('the exchange slip says the price moved away from the clicked odds (1366 and 390 px)', async () => {
    const demo2 = await apiSession(server.url, 'demo2', 'demo1234');
    const list = (await demo2.call('match/getMatches', { is_active: 1 })).body.data as MatchRow[];
    const target = list.find((m) => m.sport_id === SPORT_CRICKET && !m.in_play) ?? list[0]!;
    type Md = {
      markets: { market_id: number; version: number; runners: { selection_id: number; name: string }[] }[];
    };
    const md = (await demo2.call('match/getMatchDetail', { match_id: target.match_id })).body.data as Md;
    const market = md.markets[0]!;
    const runner = market.runners[0]!;
    let n = 0;
    const lay = async (odds: number) => {
      const r = await demo2.call('bet/placeMarketBet', {
        match_id: target.match_id,
        market_id: market.market_id,
        selection_id: runner.selection_id,
        is_back: '0',
        odds,
        stack: 100,
        version: market.version,
        request_id: `e2e-moved-${Date.now()}-${++n}`,
      });
      expect(r.body.status, r.body.message).toBe(true);
    };
    for (const [viewport, base, better] of [
      [{ width: 1366, height: 900 }, '3.5', '3.55'],
      [{ width: 390, height: 844 }, '3.6', '3.65'],
    ] as const) {
      await lay(Number(base));
      const { page, context } = await openPage(browser, `slip-moved-${viewport.width}`, viewport);
      await signIn(page, server.url, 'demo');
      await page.goto(`${server.url}/#/game-details/${target.sport_id}/${target.match_id}`);
      await page.getByRole('heading', { name: target.match_name }).waitFor();
      await page
        .getByRole('button', { name: new RegExp(`^${base.replace('.', '\\.')} \\S+, Back ${runner.name}$`) })
        .first()
        .click();
      const slip = page.getByRole('form', { name: 'Bet slip' });
      await expect
        .poll(() => slip.getByLabel('Odds', { exact: true }).inputValue(), POLL)
        .toBe(Number(base).toFixed(2));
      // Someone offers better: the best back moves up.
      await lay(Number(better));
      const moved = slip.getByText(/The price is now/);
      await expect.poll(() => moved.textContent(), POLL).toBe(`The price is now ${better}. Take ${better}`);
      await look(page, { path: `${ARTIFACTS}/slip-moved-${viewport.width}.png` });
      await expectNoSeriousAxe(page, 'form[aria-label="Bet slip"]');
      await slip.getByRole('button', { name: `Take ${better}` }).click();
      await expect.poll(() => slip.getByLabel('Odds', { exact: true }).inputValue(), POLL).toBe(better);
      await expect.poll(() => moved.count(), POLL).toBe(0);
      await context.close();
    }
  }, 120_000);
});
