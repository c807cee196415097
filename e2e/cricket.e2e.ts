/**
 * Cricket's own markets in the browser (issue 10's browser test), at 390 px: before the start,
 * demo backs a bookmaker runner and takes Yes on the "1st over runs" fancy from the game-details
 * screen, and opens that fancy's book; the operator starts the match; the demo cricket feed (one
 * ball a second here) bowls the first over, settles the fancy on its runs, and the account
 * statement names the fancy with the money it moved. The ledger check holds afterwards.
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

// Generous: the feed, the socket push and the lazily loaded screens all run on a busy CI box.
const POLL = { timeout: 60_000, interval: 250 };
const SPORT_CRICKET = 4;
const MOBILE = { width: 390, height: 844 };

type MatchRow = { match_id: number; sport_id: number; match_name: string; in_play: boolean };
type Detail = {
  teams: string[];
  bookmakers: {
    market_id: number;
    runners: { selection_id: number; name: string; back_rate: number | null }[];
  }[];
  fancies: { fancy_id: number; name: string; yes_line: number | null; yes_rate: number | null }[];
};

const money = (rupees: number) =>
  rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describeBrowser('cricket bookmaker and fancy in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureWebBuilt();
    [server, browser] = await Promise.all([
      startServer({ FEED: 'demo', CRICKET_BALL_INTERVAL_MS: '1000' }),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('players (issue 25): the in-play match shows the two batters, the bowler and the fall of wickets at 390 and 1366 px, axe clean', async () => {
    const demo = await apiSession(server.url, 'demo', 'demo1234');
    // An in-play match whose batting side has lost a wicket, so the fall of wickets shows: a
    // first-class match can bat all the test's minutes without one (seen: 95/0 after 27 overs).
    type Board = { batting: number; totals: { wickets: number }[] } | null;
    const withWicket = async (): Promise<MatchRow | undefined> => {
      const list = (await demo.call('match/getMatches', { is_active: 1 })).body.data as MatchRow[];
      for (const m of list.filter((x) => x.sport_id === SPORT_CRICKET && x.in_play)) {
        const d = (await demo.call('match/getCricketDetail', { match_id: m.match_id })).body.data as {
          scoreboard: Board;
        };
        if ((d.scoreboard?.totals[d.scoreboard.batting]?.wickets ?? 0) > 0) return m;
      }
      return undefined;
    };
    let live: MatchRow | undefined;
    await expect
      .poll(async () => (live = await withWicket()) !== undefined, { ...POLL, timeout: 240_000 })
      .toBe(true);
    for (const viewport of [MOBILE, { width: 1366, height: 900 }]) {
      const { context, page } = await openPage(browser, `cricket-players-${viewport.width}`, viewport);
      // A shared CI box under load: the first page load can take longer than the default 30 s.
      page.setDefaultNavigationTimeout(120_000);
      page.setDefaultTimeout(60_000);
      await signIn(page, server.url, 'demo', 'demo1234');
      await page.goto(`${server.url}/#/game-details/${SPORT_CRICKET}/${live!.match_id}`);
      const board = page.getByRole('region', { name: 'Scoreboard' });
      const SLOW = { ...POLL, timeout: 180_000 };
      await board.waitFor({ timeout: SLOW.timeout });
      await expect.poll(() => board.getByTestId('score-batter').count(), SLOW).toBe(2);
      await expect.poll(() => board.getByTestId('score-bowler').count(), SLOW).toBe(1);
      // The batting side has lost a wicket (a new innings would start with none): the fall shows.
      await expect.poll(() => board.getByTestId('score-fall').count(), SLOW).toBe(1);
      // No sideways scroll at 390 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectNoSeriousAxe(page);
      await look(board, { path: `${ARTIFACTS}/cricket-${viewport.width}-players.png` });
      await look(page, { path: `${ARTIFACTS}/cricket-${viewport.width}-players-page.png` });
      await context.close();
    }
  }, 600_000);

  it('at 390 px demo backs a bookmaker runner and takes Yes on a fancy, sees the book; the feed bowls the over, the fancy settles and the statement shows it', async () => {
    const operator = await apiSession(server.url, 'operator', 'operator123');
    const demo = await apiSession(server.url, 'demo', 'demo1234');
    const list = (await demo.call('match/getMatches', { is_active: 1 })).body.data as MatchRow[];
    const target = list.find((m) => m.sport_id === SPORT_CRICKET && !m.in_play)!;
    expect(target, 'a cricket match not yet in play').toBeDefined();
    const detail = (await demo.call('match/getCricketDetail', { match_id: target.match_id })).body
      .data as Detail;
    const batting = detail.teams[0]!;
    const bm = detail.bookmakers[0]!;
    const runner = bm.runners[0]!;
    const fancy = detail.fancies.find((f) => f.name === `1st over runs ${batting}`)!;
    expect(fancy, 'the first-over fancy of the side batting first').toBeDefined();

    const { page, context } = await openPage(browser, 'cricket-mobile', MOBILE);
    await signIn(page, server.url, 'demo');
    await expect.poll(() => page.getByTestId('balance').textContent(), POLL).toBe('1,00,000.00');
    await page.goto(`${server.url}/#/game-details/${target.sport_id}/${target.match_id}`);
    await page.getByRole('heading', { name: target.match_name }).waitFor();

    // Bookmaker: back the first runner at its quoted rate for 1,000 — taken whole at once.
    const backRate = runner.back_rate!;
    await page.getByRole('button', { name: `${backRate}, Back ${runner.name}`, exact: true }).click();
    let slip = page.getByRole('form', { name: 'Bet slip' });
    await slip.getByLabel('Stake', { exact: true }).fill('1000');
    await expect
      .poll(() => slip.getByTestId('slip-summary').textContent())
      .toContain(`Profit: ${money((1000 * backRate) / 100)}`);
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    await slip.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('exposure').textContent(), POLL).toBe('1,000.00');

    // Fancy: Yes on the first over's runs for 500 at the quoted line and rate.
    const yesLine = fancy.yes_line!;
    const yesRate = fancy.yes_rate!;
    await page.getByRole('button', { name: `${yesLine} ${yesRate}, Yes ${fancy.name}`, exact: true }).click();
    slip = page.getByRole('form', { name: 'Bet slip' });
    await slip.getByLabel('Stake', { exact: true }).fill('500');
    await expect
      .poll(() => slip.getByTestId('slip-summary').textContent())
      .toContain(`Liability: ${money(500)}`);
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    await slip.waitFor({ state: 'detached' });
    const row = page.locator(`[data-fancy-id="${fancy.fancy_id}"]`);
    await expect.poll(() => row.getByTestId('fancy-exposure').textContent(), POLL).toContain('-500.00');
    await expect.poll(() => page.getByTestId('exposure').textContent(), POLL).toBe('1,500.00');
    await look(page, { path: `${ARTIFACTS}/cricket-390-bets.png`, fullPage: true });

    // The book: below the line the Yes loses 500, from the line up it wins 500 × rate / 100.
    await row.getByRole('button', { name: `Book of ${fancy.name}` }).click();
    const bookTable = page.getByRole('table', { name: `Book of ${fancy.name}` });
    await expect.poll(() => bookTable.textContent(), POLL).toContain(`${yesLine - 1}-500.00`);
    await expect
      .poll(() => bookTable.textContent(), POLL)
      .toContain(`${yesLine}${money((500 * yesRate) / 100)}`);
    await look(page, { path: `${ARTIFACTS}/cricket-390-book.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // The operator starts the match: the feed bowls; the first over settles the fancy.
    const started = await operator.call('admin/match/inPlay', {
      match_id: target.match_id,
      request_id: 'e2e-cricket-start',
    });
    expect(started.body).toMatchObject({ status: true, data: { in_play: true } });
    await page.getByRole('region', { name: 'Scoreboard' }).waitFor({ timeout: POLL.timeout });
    await look(page, { path: `${ARTIFACTS}/cricket-390-in-play.png`, fullPage: true });
    // Settled fancies leave the list; the bookmaker bet stays open (1,000 exposure).
    await expect.poll(() => row.count(), { ...POLL, timeout: 90_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('exposure').textContent(), POLL).toBe('1,000.00');

    // The statement names the fancy with the money it moved, won or lost.
    await page.goto(`${server.url}/#/report/account-statement`);
    const statement = page.getByRole('table', { name: 'Account statement' });
    await expect
      .poll(() => statement.textContent(), POLL)
      .toMatch(new RegExp(`${fancy.name} — (won.*${money((500 * yesRate) / 100)}|lost.*500\\.00)`, 's'));
    await look(page, { path: `${ARTIFACTS}/cricket-390-statement.png`, fullPage: true });

    const check = await operator.call('admin/ledger/check');
    expect(check.body).toMatchObject({ status: true, data: { ok: true, problems: [] } });
    await context.close();
  }, 240_000);
});
