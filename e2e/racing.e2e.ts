/**
 * Racing in the browser at 390 px (issue 21's browser test). demo opens a venue from the sidebar's
 * Racing Sports, backs a runner to place against demo2's lay; the operator withdraws another
 * runner with a 20 % reduction factor and demo's matched odds show reduced (3.00 → 2.60, the place
 * formula 1 + (3 − 1) × 0.8); the race goes off, finishes and is resulted, and the statement shows
 * the win at the reduced odds. Then on another race demo backs at 4.0, the price shortens to 2.0
 * (demo2 offers a back there), and Cash Out locks ₹100 on every runner: the lay of ₹200 at 2.0 is
 * placed and the position is +100 whoever wins.
 * FEED=off, so the books hold only these users' bets and the races wait for the operator.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ARTIFACTS,
  apiSession,
  describeBrowser,
  ensureWebBuilt,
  launchBrowser,
  openPage,
  expectNoSeriousAxe,
  signIn,
  startServer,
  type RunningServer,
  look,
} from './harness.ts';

const MOBILE = { width: 390, height: 844 };
const POLL = { timeout: 20_000, interval: 200 };

type Venue = {
  venue: string;
  country: string;
  races: { match_id: number; match_name: string; time: string }[];
};
type Runner = {
  number: number;
  name: string;
  win_selection_id: number;
  place_selection_id: number | null;
  non_runner: boolean;
};
type Card = {
  match_id: number;
  race_name: string;
  state: string;
  places_paid: number;
  win_market_id: number;
  place_market_id: number | null;
  runners: Runner[];
};
type Detail = { markets: { market_id: number; runners: { selection_id: number; position: number }[] }[] };

/**
 * Today's and tomorrow's days in UTC+5:30, the sidebar's racing day being today's. The demo's first
 * races are minutes from the seed's start, so late in India's evening today's card holds one or two
 * races and the rest are tomorrow's: the tests look at both days, and a browser shown tomorrow's
 * race is told it is tomorrow (its clock, for the sidebar's day).
 */
const raceDays = () =>
  [0, 1].map((d) => new Date(Date.now() + 330 * 60_000 + d * 86_400_000).toISOString().slice(0, 10));

async function venuesOn(session: Awaited<ReturnType<typeof apiSession>>, date: string): Promise<Venue[]> {
  const r = await session.call('match/getMatchVenueListByCountryCodeSportId', {
    country: '',
    date,
    sport_id: 7,
  });
  expect(r.body, `venues on ${date}`).toMatchObject({ status: true });
  return r.body.data as Venue[];
}

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'no horizontal scroll',
  ).toBe(true);
}

describeBrowser('racing in the browser', () => {
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

  it('at 390 px: back to place, a non-runner reduces the odds, the result pays; then Cash Out locks a profit', async () => {
    const demo2 = await apiSession(server.url, 'demo2', 'demo1234');
    const operator = await apiSession(server.url, 'operator', 'operator123');
    // Two open races with a PLACE market on one day, each with at least five runners.
    let cards: { venue: Venue; card: Card; day: string }[] = [];
    for (const day of raceDays()) {
      cards = [];
      for (const v of await venuesOn(demo2, day)) {
        for (const r of v.races) {
          const card = (await demo2.call('racing/getRaceCard', { match_id: r.match_id })).body.data as Card;
          if (card.state === 'OPEN' && card.place_market_id !== null && card.runners.length >= 5)
            cards.push({ venue: v, card, day });
          if (cards.length === 2) break;
        }
        if (cards.length === 2) break;
      }
      if (cards.length === 2) break;
    }
    expect(cards, 'two open races with place markets today or tomorrow').toHaveLength(2);
    const [{ venue, card, day }, { card: second }] = cards as [
      { venue: Venue; card: Card; day: string },
      { venue: Venue; card: Card; day: string },
    ];
    const [backed, removed, ...others] = card.runners;

    // demo2 lays backed to place at 3.00 for 1,000: demo can back it at 3.
    const lay = await demo2.call('bet/placeMarketBet', {
      match_id: card.match_id,
      market_id: card.place_market_id,
      selection_id: backed!.place_selection_id,
      is_back: '0',
      odds: 3,
      stack: 1000,
      request_id: 'e2e-race-lay',
    });
    expect(lay.body).toMatchObject({ status: true, data: { status: 'UNMATCHED' } });

    const { page, context } = await openPage(browser, 'racing-demo', MOBILE);
    if (day !== raceDays()[0]) await context.clock.setFixedTime(new Date(`${day}T00:05:00+05:30`));
    await signIn(page, server.url, 'demo');
    await expect.poll(() => page.getByTestId('balance').textContent(), POLL).toBe('1,00,000.00');

    // The sidebar (a drawer at 390): Racing Sports › Horse Racing › the venue › the race.
    await page.getByRole('button', { name: 'Open sports menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Sports menu' });
    await drawer.getByRole('button', { name: 'Horse Racing', exact: true }).first().click();
    await drawer.getByRole('button', { name: `${venue.venue} (${venue.country})` }).click();
    await drawer
      .getByRole('link', { name: new RegExp(card.race_name) })
      .first()
      .click();
    await page.waitForURL(new RegExp(`#/horse-racing/${card.match_id}/`));
    const raceCard = page.getByRole('region', { name: 'Race card' });
    await raceCard.waitFor();
    await noSidewaysScroll(page);

    // demo backs it to place: the Place switch, the 3.00 back cell, stake 100.
    await raceCard.getByRole('button', { name: /^Place/ }).click();
    await raceCard
      .getByRole('button', {
        name: new RegExp(`^3 .*Back ${backed!.number}\\. ${backed!.name} \\(Place\\)$`),
      })
      .click({ timeout: POLL.timeout });
    const slip = page.getByRole('form', { name: 'Bet slip' });
    await slip.getByLabel('Stake', { exact: true }).fill('100');
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    await slip.waitFor({ state: 'detached' });
    const myBets = page.getByRole('region', { name: 'My bets' });
    /** The odds cell of demo's matched bet on this runner, as My bets shows it. */
    const oddsOf = (name: string) =>
      myBets
        .getByRole('row', { name: new RegExp(name) })
        .first()
        .getByRole('cell')
        .nth(1)
        .textContent();
    await expect.poll(() => oddsOf(backed!.name), POLL).toBe('3');
    await look(page, { path: `${ARTIFACTS}/racing-390-backed.png`, fullPage: true });

    // The operator withdraws another runner at 20 %: struck through, and demo's odds read 2.60.
    const nr = await operator.call('admin/racing/nonRunner', {
      match_id: card.match_id,
      number: removed!.number,
      reduction_factor: 20,
      request_id: 'e2e-race-nr',
    });
    expect(nr.body).toMatchObject({ status: true });
    await expect.poll(() => raceCard.getByTestId('non-runner').first().textContent(), POLL).toContain('20%');
    await expect.poll(() => oddsOf(backed!.name), POLL).toBe('2.6');
    await look(page, { path: `${ARTIFACTS}/racing-390-non-runner.png`, fullPage: true });

    // Off, past the post, the weigh-in: backed first, then the other runners to the places paid.
    for (const step of ['off', 'finish'] as const) {
      const r = await operator.call(`admin/racing/${step}`, {
        match_id: card.match_id,
        request_id: `e2e-race-${step}`,
      });
      expect(r.body, step).toMatchObject({ status: true });
    }
    const placings = [backed!, ...others].slice(0, card.places_paid).map((r) => [r.number]);
    const result = await operator.call('admin/racing/result', {
      match_id: card.match_id,
      placings,
      request_id: 'e2e-race-result',
    });
    expect(result.body).toMatchObject({ status: true, data: { state: 'RESULTED' } });
    await expect.poll(() => page.getByTestId('race-state').textContent(), POLL).toMatch(/Resulted/i);

    // Won 100 × (2.60 − 1) = 160 less 2 % commission: 1,00,156.80.
    await expect.poll(() => page.getByTestId('balance').textContent(), POLL).toBe('1,00,156.80');
    await page.goto(`${server.url}/#/report/account-statement`);
    const statement = page.getByRole('table', { name: 'Account statement' });
    await expect.poll(() => statement.textContent(), POLL).toMatch(/won.*160\.00/s);
    await look(page, { path: `${ARTIFACTS}/racing-390-statement.png`, fullPage: true });

    // Another race: demo backs 100 at 4.0 on the WIN market (demo2's lay), the price shortens.
    const pick = second.runners[0]!;
    const winBet = (who: typeof demo2, is_back: '0' | '1', odds: number, stack: number, id: string) =>
      who.call('bet/placeMarketBet', {
        match_id: second.match_id,
        market_id: second.win_market_id,
        selection_id: pick.win_selection_id,
        is_back,
        odds,
        stack,
        request_id: id,
      });
    expect((await winBet(demo2, '0', 4, 1000, 'e2e-co-lay')).body).toMatchObject({ status: true });
    await page.goto(`${server.url}/#/game-details/7/${second.match_id}`);
    const card2 = page.getByRole('region', { name: 'Race card' });
    await card2.waitFor();
    await card2
      .getByRole('button', { name: new RegExp(`^4 .*Back ${pick.number}\\. ${pick.name} \\(Win\\)$`) })
      .click({ timeout: POLL.timeout });
    await slip.getByLabel('Stake', { exact: true }).fill('100');
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    await slip.waitFor({ state: 'detached' });
    // The price shortens: demo2 takes its rest of the lay at 4.0 down (it would match its own
    // back) and offers a back at 2.0, where demo can lay.
    expect((await demo2.call('bet/cancelBet', { market_id: second.win_market_id })).body).toMatchObject({
      status: true,
    });
    expect((await winBet(demo2, '1', 2, 1000, 'e2e-co-back')).body).toMatchObject({ status: true });

    // Cash Out: lay 200 at 2.0 locks +100 whoever wins.
    const cashOut = page.getByRole('button', { name: /^Cash Out ₹100(\.00)?, / });
    await cashOut.click({ timeout: POLL.timeout });
    await page.getByRole('button', { name: /^Confirm Cash Out ₹100/ }).click();
    await expect
      .poll(() => myBets.getByRole('row', { name: new RegExp(`Lay .*${pick.name}`) }).count(), POLL)
      .toBe(1);
    await noSidewaysScroll(page);
    await look(page, { path: `${ARTIFACTS}/racing-390-cash-out.png`, fullPage: true });
    const demo = await apiSession(server.url, 'demo', 'demo1234');
    const detail = (await demo.call('match/getMatchDetail', { match_id: second.match_id })).body
      .data as Detail;
    const win = detail.markets.find((m) => m.market_id === second.win_market_id)!;
    expect(new Set(win.runners.map((r) => r.position))).toEqual(new Set([100]));
    await context.close();
  });

  // Issue 47, item 4: a resulted race said "In Play" beside "Resulted", and finished events stayed
  // In Play on the lists. Now the winner replaces In Play on the race's page and in the list.
  for (const [width, viewport, fromEnd] of [
    [1366, { width: 1366, height: 900 }, 0],
    [390, MOBILE, 1],
  ] as const) {
    it(`at ${width} px a resulted race says who won in place of In Play: its page and the sport's list (issue 47)`, async () => {
      const demo2 = await apiSession(server.url, 'demo2', 'demo1234');
      const operator = await apiSession(server.url, 'operator', 'operator123');
      // From the end of tomorrow's card: the test above takes the first open races.
      const open: { card: Card; name: string }[] = [];
      const races = [];
      for (const day of raceDays()) races.push(...(await venuesOn(demo2, day)).flatMap((v) => v.races));
      for (const r of races.reverse()) {
        const card = (await demo2.call('racing/getRaceCard', { match_id: r.match_id })).body.data as Card;
        if (card.state === 'OPEN' && card.runners.length >= 3) open.push({ card, name: r.match_name });
        if (open.length > fromEnd) break;
      }
      const card = open[fromEnd]?.card;
      const listedAs = open[fromEnd]?.name ?? '';
      expect(card, 'an open race today').toBeDefined();
      const { page, context } = await openPage(browser, `race-resulted-${width}`, viewport);
      await signIn(page, server.url, 'demo');
      await page.goto(`${server.url}/#/game-details/7/${card!.match_id}`);
      await page.getByRole('region', { name: 'Race card' }).waitFor();
      const off = await operator.call('admin/racing/off', {
        match_id: card!.match_id,
        request_id: `e2e-resulted-off-${width}`,
      });
      expect(off.body).toMatchObject({ status: true });
      await expect.poll(() => page.getByText(/^In Play$/i).count(), POLL).toBeGreaterThan(0);
      for (const step of ['finish', 'result'] as const) {
        const r = await operator.call(`admin/racing/${step}`, {
          match_id: card!.match_id,
          ...(step === 'result'
            ? { placings: card!.runners.slice(0, card!.places_paid).map((x) => [x.number]) }
            : {}),
          request_id: `e2e-resulted-${step}-${width}`,
        });
        expect(r.body, step).toMatchObject({ status: true });
      }
      const winner = `Won by ${card!.runners[0]!.name}`;
      await page.reload();
      await page.getByText(winner, { exact: true }).first().waitFor({ timeout: POLL.timeout });
      await expect.poll(() => page.getByTestId('race-state').textContent(), POLL).toMatch(/Resulted/i);
      expect(await page.getByText(/^In Play$/i).count(), 'no In Play on a resulted race').toBe(0);
      await expectNoSeriousAxe(page);
      await noSidewaysScroll(page);
      await look(page, { path: `${ARTIFACTS}/race-resulted-${width}.png`, fullPage: true });

      // The sport's list: the race's row says who won, not In Play.
      await page.goto(`${server.url}/#/all-sports/7`);
      const row = page.locator('.match-row').filter({ hasText: listedAs }).filter({ hasText: winner });
      await row.first().waitFor({ timeout: POLL.timeout });
      expect(await row.filter({ hasText: /In Play/i }).count()).toBe(0);
      await expectNoSeriousAxe(page);
      await look(page, { path: `${ARTIFACTS}/race-resulted-list-${width}.png`, fullPage: true });
      await context.close();
    });
  }
});
