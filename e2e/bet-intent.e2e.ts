/**
 * One intent, one bet (issue 30 items 1, 4, 5, 6) in the browser, on a cricket match not yet in
 * play: a double click on Place Bet (match odds, bookmaker, fancy) and a double click on a price
 * with one-click betting on place one bet each; a 500 on the place call after the server really
 * placed the bet ends with the slip saying "Placed" and one bet; a connection lost on every try
 * says "Not confirmed" and Place again places one bet; a refusal stays in the slip until the stake
 * changes; a page without crypto.randomUUID (plain HTTP off localhost) places a bet. The bets are
 * counted from the server's API.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
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
  look,
} from './harness.ts';

const POLL = { timeout: 30_000, interval: 250 };
const SPORT_CRICKET = 4;

type MatchRow = {
  match_id: number;
  sport_id: number;
  match_name: string;
  in_play: boolean;
  main_odds: { name: string }[];
};
type Detail = {
  bookmakers: {
    market_id: number;
    runners: { selection_id: number; name: string; back_rate: number | null; lay_rate: number | null }[];
  }[];
  fancies: { fancy_id: number; name: string; yes_line: number | null; yes_rate: number | null }[];
};
type Api = Awaited<ReturnType<typeof apiSession>>;

describeBrowser('one intent, one bet', () => {
  let server: RunningServer;
  let browser: Browser;
  let target: MatchRow;
  let detail: Detail;

  beforeAll(async () => {
    ensureWebBuilt();
    [server, browser] = await Promise.all([
      // The demo feed for its quotes on a match not yet in play; no ball of it matters here, so
      // the in-play matches bowl at their own pace, not the fast one of cricket.e2e.
      startServer({ FEED: 'demo' }),
      launchBrowser(),
    ]);
    const api = await apiSession(server.url, 'demo', 'demo1234');
    const list = (await api.call('match/getMatches', { is_active: 1 })).body.data as MatchRow[];
    target = list.find((m) => m.sport_id === SPORT_CRICKET && !m.in_play && m.main_odds.length >= 2)!;
    expect(target, 'a cricket match not yet in play').toBeDefined();
    detail = (await api.call('match/getCricketDetail', { match_id: target.match_id })).body.data as Detail;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The caller's bets on the match (exchange and cricket kinds), by market. */
  async function betsOn(api: Api, marketId: number | 'exchange'): Promise<number> {
    if (marketId === 'exchange') {
      const b = (await api.call('bet/getMatchBets', { match_id: target.match_id })).body.data as {
        matched: { bet_id: number }[];
        unmatched: { bet_id: number }[];
      };
      return new Set([...b.matched, ...b.unmatched].map((x) => x.bet_id)).size;
    }
    const b = (await api.call('bet/getCricketBets', { match_id: target.match_id })).body.data as {
      bets: { market_id: number }[];
    };
    return b.bets.filter((x) => x.market_id === marketId).length;
  }

  async function open(user: string, name: string, init?: (page: Page) => Promise<unknown>) {
    const { page, context } = await openPage(browser, name);
    if (init) await init(page);
    await signIn(page, server.url, user);
    await page.goto(`${server.url}/#/game-details/${target.sport_id}/${target.match_id}`);
    await page.getByRole('heading', { name: target.match_name }).waitFor();
    return { page, context, api: await apiSession(server.url, user, 'demo1234') };
  }

  /** How many place calls the page has sent (the lock: one per intent, a double click sends one). */
  function placeCalls(page: Page): () => number {
    let n = 0;
    page.on('request', (r) => {
      if (/\/api\/bet\/place(Market|Bookmaker|Fancy)Bet$/.test(r.url())) n += 1;
    });
    return () => n;
  }

  /** Settles: whatever a second request would do has been done by now. */
  const settle = (page: Page) => page.waitForTimeout(1500);

  it('a double click on Place Bet places one match-odds bet', async () => {
    const { page, context, api } = await open('demo', 'intent-exchange');
    const runner = target.main_odds[0]!.name;
    const before = await betsOn(api, 'exchange');
    const calls = placeCalls(page);
    await page
      .getByRole('button', { name: new RegExp(`Lay ${runner}$`) })
      .first()
      .click();
    const slip = page.getByRole('form', { name: 'Bet slip' });
    await slip.getByLabel('Stake', { exact: true }).fill('100');
    // Two clicks in one task: nothing is drawn between them, so only the synchronous lock holds.
    await slip.getByRole('button', { name: 'Place Bet' }).evaluate((el: HTMLElement) => {
      el.click();
      el.click();
    });
    await slip.waitFor({ state: 'detached', timeout: POLL.timeout });
    await settle(page);
    expect(await betsOn(api, 'exchange')).toBe(before + 1);
    expect(calls()).toBe(1);
    await context.close();
  });

  it('a double click on Place Bet places one bookmaker bet, and one fancy bet', async () => {
    const { page, context, api } = await open('demo2', 'intent-kinds');
    const bm = detail.bookmakers[0]!;
    const runner = bm.runners[0]!;
    const before = await betsOn(api, bm.market_id);
    const calls = placeCalls(page);
    await page.getByRole('button', { name: `${runner.back_rate}, Back ${runner.name}`, exact: true }).click();
    let slip = page.getByRole('form', { name: 'Bet slip' });
    await slip.getByLabel('Stake', { exact: true }).fill('100');
    await slip.getByRole('button', { name: 'Place Bet' }).dblclick();
    await slip.waitFor({ state: 'detached', timeout: POLL.timeout });
    await settle(page);
    expect(await betsOn(api, bm.market_id)).toBe(before + 1);

    const fancy = detail.fancies.find((f) => f.yes_line != null && f.yes_rate != null)!;
    const beforeFancy = await betsOn(api, fancy.fancy_id);
    await page
      .getByRole('button', { name: `${fancy.yes_line} ${fancy.yes_rate}, Yes ${fancy.name}`, exact: true })
      .click();
    slip = page.getByRole('form', { name: 'Bet slip' });
    await slip.getByLabel('Stake', { exact: true }).fill('100');
    await slip.getByRole('button', { name: 'Place Bet' }).dblclick();
    await slip.waitFor({ state: 'detached', timeout: POLL.timeout });
    await settle(page);
    expect(await betsOn(api, fancy.fancy_id)).toBe(beforeFancy + 1);
    expect(calls()).toBe(2);
    await context.close();
  });

  it('with one-click on, a double click on a price places one bet', async () => {
    const { page, context, api } = await open('demo', 'intent-oneclick');
    // The switch's track covers the checkbox: a click on the checkbox itself, as a keyboard would.
    await page.getByRole('switch', { name: 'One-click betting' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('switch', { name: 'One-click betting' }).isChecked()).toBe(true);
    await page.getByLabel('One-click stake').fill('100');
    const bm = detail.bookmakers[0]!;
    const runner = bm.runners[1] ?? bm.runners[0]!;
    const before = await betsOn(api, bm.market_id);
    const calls = placeCalls(page);
    // Two clicks that land before the page has drawn anything after the first (a fast double
    // click on a busy phone): the lock must hold without a render in between.
    await page
      .getByRole('button', { name: `${runner.back_rate}, Back ${runner.name}`, exact: true })
      .evaluate((el: HTMLElement) => {
        el.click();
        el.click();
      });
    await expect.poll(() => betsOn(api, bm.market_id), POLL).toBeGreaterThan(before);
    await settle(page);
    expect(await betsOn(api, bm.market_id)).toBe(before + 1);
    expect(calls()).toBe(1);
    await context.close();
  });

  it('a 500 after the server placed the bet: the slip says Placed, and there is one bet', async () => {
    const { page, context, api } = await open('demo2', 'intent-500');
    let calls = 0;
    await page.route('**/api/bet/placeBookmakerBet', async (route) => {
      calls += 1;
      if (calls === 1) {
        await route.fetch(); // the server really places it; the answer is lost
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"Internal Server Error"}',
        });
      } else await route.continue();
    });
    const bm = detail.bookmakers[0]!;
    const runner = bm.runners[0]!;
    const before = await betsOn(api, bm.market_id);
    await page.getByRole('button', { name: `${runner.lay_rate}, Lay ${runner.name}`, exact: true }).click();
    const slip = page.getByRole('form', { name: 'Bet slip' });
    await slip.getByLabel('Stake', { exact: true }).fill('100');
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    await expect.poll(() => slip.getByTestId('slip-result').textContent(), POLL).toMatch(/^Placed/);
    await settle(page);
    expect(calls).toBe(2);
    expect(await betsOn(api, bm.market_id)).toBe(before + 1);
    await context.close();
  });

  it('a connection lost on every try: the slip says Not confirmed; Place again places one bet', async () => {
    const { page, context, api } = await open('demo', 'intent-lost');
    const fancy = detail.fancies.find((f) => f.yes_line != null && f.yes_rate != null)!;
    const before = await betsOn(api, fancy.fancy_id);
    let lost = 0;
    await page.route('**/api/bet/placeFancyBet', async (route) => {
      lost += 1;
      if (lost === 1) {
        await route.fetch(); // placed, answer lost
        await route.abort('connectionreset');
      } else await route.abort('connectionreset');
    });
    await page
      .getByRole('button', { name: `${fancy.yes_line} ${fancy.yes_rate}, Yes ${fancy.name}`, exact: true })
      .click();
    const slip = page.getByRole('form', { name: 'Bet slip' });
    await slip.getByLabel('Stake', { exact: true }).fill('100');
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    await expect.poll(() => slip.getByTestId('slip-result').textContent(), POLL).toMatch(/^Not confirmed/);
    await page.unroute('**/api/bet/placeFancyBet');
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    await slip.waitFor({ state: 'detached', timeout: POLL.timeout });
    await settle(page);
    expect(await betsOn(api, fancy.fancy_id)).toBe(before + 1);
    await context.close();
  });

  it('a refusal stays in the slip until the stake changes', async () => {
    const { page, context } = await open('demo', 'intent-refusal');
    await page.route('**/api/bet/placeBookmakerBet', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ status: false, message: 'Insufficient balance for this bet' }),
      }),
    );
    const bm = detail.bookmakers[0]!;
    const runner = bm.runners[0]!;
    await page.getByRole('button', { name: `${runner.back_rate}, Back ${runner.name}`, exact: true }).click();
    const slip = page.getByRole('form', { name: 'Bet slip' });
    await slip.getByLabel('Stake', { exact: true }).fill('100');
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    await expect
      .poll(() => slip.getByTestId('slip-result').textContent(), POLL)
      .toBe('Not placed: Insufficient balance for this bet');
    await page.waitForTimeout(2000); // the toast is long gone
    // For the eye: the slip with its refusal at 1366 and 390 px (.e2e-artifacts/).
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 1000 ? 800 : 844 });
      await slip.scrollIntoViewIfNeeded();
      await look(page, { path: join(ARTIFACTS, `bet-intent-refusal-${width}.png`) });
    }
    expect(await slip.getByTestId('slip-result').textContent()).toBe(
      'Not placed: Insufficient balance for this bet',
    );
    await slip.getByLabel('Stake', { exact: true }).fill('50');
    await expect.poll(() => slip.getByTestId('slip-result').count()).toBe(0);
    await context.close();
  });

  it('without crypto.randomUUID (plain HTTP off localhost) a bet is placed', async () => {
    const { page, context, api } = await open('demo2', 'intent-insecure', (p) =>
      p.addInitScript(() => {
        Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      }),
    );
    const bm = detail.bookmakers[0]!;
    const runner = bm.runners[1] ?? bm.runners[0]!;
    const before = await betsOn(api, bm.market_id);
    await page.getByRole('button', { name: `${runner.lay_rate}, Lay ${runner.name}`, exact: true }).click();
    const slip = page.getByRole('form', { name: 'Bet slip' });
    await slip.getByLabel('Stake', { exact: true }).fill('100');
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    await slip.waitFor({ state: 'detached', timeout: POLL.timeout });
    expect(await betsOn(api, bm.market_id)).toBe(before + 1);
    await context.close();
  });
});
