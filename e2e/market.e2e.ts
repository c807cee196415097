/**
 * The exchange in two browsers (issue 4's browser test): demo2 lays a runner at a price, demo
 * backs it at that price; both screens show the bet matched, the ladder changing live and their
 * exposure in the header; then demo2 cancels the unmatched rest from the screen.
 * FEED=off, so the book holds only these two users' bets.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  apiSession,
  describeBrowser,
  ensureWebBuilt,
  launchBrowser,
  openPage,
  signIn,
  startServer,
  type RunningServer,
  RACING_SPORTS,
} from './harness.ts';

const MOBILE = { width: 390, height: 844 };
const POLL = { timeout: 20_000, interval: 200 };

type MainOdds = { selection_id: number; name: string };
type MatchRow = {
  match_id: number;
  sport_id: number;
  match_name: string;
  in_play: boolean;
  main_odds: MainOdds[];
};

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describeBrowser('exchange in two browsers', () => {
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

  it('one lays, the other backs at that price: matched on both screens, ladders and exposure follow; the rest is cancelled', async () => {
    const api = await apiSession(server.url, 'demo', 'demo1234');
    const matches = (await api.call('match/getMatches', { is_active: 1 })).body.data as MatchRow[];
    const target = matches.find(
      (m) => !m.in_play && m.main_odds.length >= 2 && !RACING_SPORTS.includes(m.sport_id),
    );
    expect(target, 'a match not yet in play with a main market').toBeDefined();
    const { match_id, sport_id, match_name } = target!;
    const runner = target!.main_odds[0]!.name;
    const url = `${server.url}/#/game-details/${sport_id}/${match_id}`;

    const layer = await openPage(browser, 'market-layer');
    const backer = await openPage(browser, 'market-backer', MOBILE);
    const a = layer.page;
    const b = backer.page;
    await Promise.all([signIn(a, server.url, 'demo2'), signIn(b, server.url, 'demo')]);
    await Promise.all([a.goto(url), b.goto(url)]);
    for (const p of [a, b]) {
      await p.getByRole('heading', { name: match_name }).waitFor();
      await expect.poll(() => p.getByTestId('live-indicator').getAttribute('data-state'), POLL).toBe('open');
    }

    // demo2 lays the first runner at 2.00 for 500 on an empty book: it rests unmatched.
    await a
      .getByRole('button', { name: `Lay ${runner}`, exact: true })
      .first()
      .click();
    const slipA = a.getByRole('form', { name: 'Bet slip' });
    await expect.poll(() => slipA.getByLabel('Odds', { exact: true }).inputValue()).toBe('2.00');
    await slipA.getByRole('button', { name: 'Raise odds by one tick' }).click();
    await slipA.getByRole('button', { name: 'Lower odds by one tick' }).click();
    await slipA.getByLabel('Stake', { exact: true }).fill('500');
    await expect.poll(() => slipA.getByTestId('slip-summary').textContent()).toBe('Liability: 500.00');
    await slipA.getByRole('button', { name: 'Place Bet' }).click();
    await slipA.waitFor({ state: 'detached' });
    const unmatchedA = a.getByTestId('unmatched-bets');
    await expect
      .poll(() => unmatchedA.textContent(), POLL)
      .toMatch(new RegExp(`Lay ${escapeRe(runner)}.*2.*500\\.00`));
    await expect.poll(() => a.getByTestId('exposure').textContent(), POLL).toBe('500.00');

    // demo sees the offer live on the ladder (to back at 2, 500 available), and backs 200 of it.
    const offer = (p: Page, size: string) =>
      p.getByRole('button', { name: `2 ${size}, Back ${runner}`, exact: true });
    await offer(b, '500').waitFor({ timeout: POLL.timeout });
    await offer(b, '500').click();
    const slipB = b.getByRole('form', { name: 'Bet slip' });
    await expect.poll(() => slipB.getByLabel('Odds', { exact: true }).inputValue()).toBe('2.00');
    await slipB.getByLabel('Stake', { exact: true }).fill('200');
    await expect.poll(() => slipB.getByTestId('slip-summary').textContent()).toBe('Profit: 200.00');
    await slipB.getByRole('button', { name: 'Place Bet' }).click();
    await slipB.waitFor({ state: 'detached' });

    // Both see the bet matched, the ladder drop to 300, and their exposure.
    await expect
      .poll(() => b.getByTestId('matched-bets').textContent(), POLL)
      .toMatch(new RegExp(`Back ${escapeRe(runner)}.*2.*200\\.00`));
    await expect
      .poll(() => a.getByTestId('matched-bets').textContent(), POLL)
      .toMatch(new RegExp(`Lay ${escapeRe(runner)}.*2.*200\\.00`));
    await expect.poll(() => unmatchedA.textContent(), POLL).toMatch(/300\.00/);
    await offer(a, '300').waitFor({ timeout: POLL.timeout });
    await offer(b, '300').waitFor({ timeout: POLL.timeout });
    await expect.poll(() => b.getByTestId('exposure').textContent(), POLL).toBe('200.00');
    await expect.poll(() => a.getByTestId('exposure').textContent(), POLL).toBe('500.00');
    // The phone-width screen fits: nothing wider than the viewport.
    expect(await b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    // Positions beside the runner: demo wins 200 if it wins, demo2 loses 200.
    const rowOf = (p: Page) => p.locator('.runner', { hasText: runner }).first();
    await expect.poll(() => rowOf(b).locator('.runner__pos').textContent(), POLL).toBe('200.00');
    await expect.poll(() => rowOf(a).locator('.runner__pos').textContent(), POLL).toBe('-200.00');

    // demo2 cancels the unmatched 300 from the screen: gone from the list, the ladder and the exposure.
    await unmatchedA.getByRole('button', { name: `Cancel lay ${runner} at 2` }).click();
    await expect.poll(() => unmatchedA.textContent(), POLL).toBe('No unmatched bets.');
    for (const p of [a, b]) {
      await expect
        .poll(() => p.getByRole('button', { name: new RegExp(`, Back ${escapeRe(runner)}$`) }).count(), POLL)
        .toBe(0);
    }
    await expect.poll(() => a.getByTestId('exposure').textContent(), POLL).toBe('200.00');

    // My Market lists the market demo2 holds exposure on; its row opens the market.
    await a.goto(`${server.url}/#/home`);
    await a.getByTestId('exposure').click();
    const myMarket = a.getByRole('dialog', { name: 'My Market' });
    await myMarket.getByRole('link', { name: match_name }).click();
    await a.waitForURL(new RegExp(`#/game-details/${sport_id}/${match_id}$`));
    await a.getByRole('heading', { name: match_name }).waitFor();

    await layer.context.close();
    await backer.context.close();
  });
});
