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
  RACING_SPORTS,
  expectNoSeriousAxe,
  look,
} from './harness.ts';

const POLL = { timeout: 20_000, interval: 200 };
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

/**
 * Matches not in play with a main market and a name no other has, from the end of the list: the
 * first tests take theirs from its start, so the issue 47 tests pick by position from here.
 */
async function fromTheEnd(who: Awaited<ReturnType<typeof apiSession>>): Promise<MatchRow[]> {
  const matches = (await who.call('match/getMatches', { is_active: 1 })).body.data as MatchRow[];
  return matches
    .filter((m) => !m.in_play && m.main_odds.length >= 2 && !RACING_SPORTS.includes(m.sport_id))
    .filter((m) => matches.filter((o) => o.match_name === m.match_name).length === 1)
    .reverse();
}

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
    const target = matches.find(
      (m) => !m.in_play && m.main_odds.length >= 2 && !RACING_SPORTS.includes(m.sport_id),
    )!;
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
    await look(page, { path: `${ARTIFACTS}/settlement-statement.png`, fullPage: true });

    // A market row opens the market's settled bets: the back, WON, +1000.00.
    await statement.getByRole('row', { name: /won/ }).getByRole('button').first().click();
    const bets = page.getByRole('table', { name: 'Settled bets of the market' });
    await expect
      .poll(() => bets.textContent(), POLL)
      .toMatch(new RegExp(`${runner.name}.*Won.*1,000\\.00`, 's'));
    await look(page, { path: `${ARTIFACTS}/settlement-market-bets.png`, fullPage: true });

    // The ledger check holds after all of it.
    const check = await operator.call('admin/ledger/check');
    expect(check.body).toMatchObject({ status: true, data: { ok: true, problems: [] } });
    await context.close();
  });
  it('a voided market and a settled one as the bettor sees them: statement, Current Bets, My Market and Bet History (spec §4)', async () => {
    const demo = await apiSession(server.url, 'demo', 'demo1234');
    const demo2 = await apiSession(server.url, 'demo2', 'demo1234');
    const operator = await apiSession(server.url, 'operator', 'operator123');
    const matches = (await demo2.call('match/getMatches', { is_active: 1 })).body.data as MatchRow[];
    // Not the first test's match: two others, one to void and one to settle, each with a name no
    // other match has (race cards repeat "R1 …"), so every row below is theirs alone.
    const pool = matches.filter(
      (m) => !m.in_play && m.main_odds.length >= 2 && !RACING_SPORTS.includes(m.sport_id),
    );
    const [voided, settled] = pool
      .slice(1)
      .filter((m) => matches.filter((o) => o.match_name === m.match_name).length === 1);
    expect(settled, 'two more matches not yet in play').toBeDefined();
    const setUp = async (m: MatchRow, tag: string) => {
      const detail = (await demo2.call('match/getMatchDetail', { match_id: m.match_id })).body.data as Detail;
      const market = detail.markets[0]!;
      const runner = market.runners[0]!;
      const bet = (who: typeof demo, is_back: '0' | '1', odds: number, stack: number, id: string) =>
        who.call('bet/placeMarketBet', {
          match_id: m.match_id,
          market_id: market.market_id,
          selection_id: runner.selection_id,
          is_back,
          odds,
          stack,
          request_id: `e2e-${tag}-${id}`,
        });
      // demo backs 500 at 3 against demo2's lay (matched) and asks 10 for 100 more (unmatched).
      expect((await bet(demo2, '0', 3, 1000, 'lay')).body).toMatchObject({ status: true });
      expect((await bet(demo, '1', 3, 500, 'back')).body).toMatchObject({ data: { status: 'MATCHED' } });
      expect((await bet(demo, '1', 10, 100, 'ask')).body).toMatchObject({ data: { status: 'UNMATCHED' } });
      return { match: m, market, runner };
    };
    const v = await setUp(voided!, 'void');
    const w = await setUp(settled!, 'win');
    const balance = async () =>
      ((await demo.call('user/getUserBalance')).body.data as { total_balance: number }).total_balance;
    const before = await balance();

    const { page, context } = await openPage(browser, 'settlement-void-and-settle');
    await signIn(page, server.url, 'demo');
    const names = [v.match.match_name, w.match.match_name];

    // Before: Current Bets lists both markets' bets, matched and unmatched; My Market both markets.
    await page.goto(`${server.url}/#/report/current-bet`);
    const matched = page.getByRole('table', { name: 'Matched bets' });
    for (const name of names) await expect.poll(() => matched.textContent(), POLL).toContain(name);
    await page.getByRole('tab', { name: 'Unmatched', exact: true }).click();
    const unmatched = page.getByRole('table', { name: 'Unmatched bets' });
    for (const name of names) await expect.poll(() => unmatched.textContent(), POLL).toContain(name);
    const myMarket = async () => {
      await page.getByRole('button', { name: /Exposure/ }).click();
      const dialog = page.getByRole('dialog', { name: 'My Market' });
      await dialog.getByRole('table').waitFor();
      await expect.poll(() => dialog.getByRole('status').count(), POLL).toBe(0);
      const text = (await dialog.getByRole('table').textContent()) ?? '';
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      return text;
    };
    const open = await myMarket();
    for (const name of names) expect(open).toContain(name);

    // The operator voids one market and declares the other's runner the winner.
    const voidAnswer = await operator.call('admin/market/void', {
      market_id: v.market.market_id,
      request_id: 'e2e-void-whole',
    });
    expect(voidAnswer.body).toMatchObject({ status: true });
    const winAnswer = await operator.call('admin/market/result', {
      market_id: w.market.market_id,
      winners: [w.runner.selection_id],
      request_id: 'e2e-win-whole',
    });
    expect(winAnswer.body).toMatchObject({ status: true, data: { state: 'SETTLED', commission: 20 } });
    // The void gives every stake back and moves no money; the win pays 1,000 less 20 commission.
    await expect.poll(balance, POLL).toBe(before + 980);

    // Current Bets lists neither market any more, matched or unmatched.
    await page.reload();
    await page.getByRole('tab', { name: 'Matched', exact: true }).click();
    for (const name of names)
      await expect.poll(async () => (await matched.textContent()) ?? '', POLL).not.toContain(name);
    await page.getByRole('tab', { name: 'Unmatched', exact: true }).click();
    for (const name of names)
      await expect.poll(async () => (await unmatched.textContent()) ?? '', POLL).not.toContain(name);
    await look(page, { path: `${ARTIFACTS}/settlement-void-current-bets.png`, fullPage: true });

    // My Market: no exposure left on either.
    const after = await myMarket();
    for (const name of names) expect(after).not.toContain(name);

    // The statement: the settled market's win and commission; the void moved no money, so no row.
    await page.goto(`${server.url}/#/report/account-statement`);
    const statement = page.getByRole('table', { name: 'Account statement' });
    const where = `${w.match.match_name} › ${w.market.market_name}`;
    await expect.poll(() => statement.textContent(), POLL).toContain(`${where} — won`);
    await expect
      .poll(() => statement.textContent(), POLL)
      .toMatch(new RegExp(`${escapeRe(where)} — won.*1,000\\.00`, 's'));
    await expect.poll(() => statement.textContent(), POLL).toMatch(/commission.*20\.00/s);
    expect(await statement.textContent()).not.toContain(v.match.match_name);
    await look(page, { path: `${ARTIFACTS}/settlement-void-statement.png`, fullPage: true });

    // Bet History: the voided market's matched bet Void (none Won or Lost), the settled one's Won.
    await page.goto(`${server.url}/#/report/bet-history`);
    const history = page.getByRole('table', { name: 'Settled bets' });
    const rowsOf = (m: MatchRow) => history.getByRole('row', { name: new RegExp(escapeRe(m.match_name)) });
    await expect.poll(() => rowsOf(v.match).filter({ hasText: 'Void' }).count(), POLL).toBeGreaterThan(0);
    expect(
      await rowsOf(v.match)
        .filter({ hasText: /Won|Lost/ })
        .count(),
    ).toBe(0);
    await expect.poll(() => rowsOf(w.match).filter({ hasText: 'Won' }).count(), POLL).toBeGreaterThan(0);
    await look(page, { path: `${ARTIFACTS}/settlement-void-bet-history.png`, fullPage: true });

    const check = await operator.call('admin/ledger/check');
    expect(check.body).toMatchObject({ status: true, data: { ok: true, problems: [] } });
    await context.close();
  });

  // Issue 47, item 1: before, a voided market's page said "Closed" over the pre-void book
  // (+200.00 / -100.00 / -100.00) and My Bets listed the bet as matched; the money was right.
  for (const [width, viewport, pick, runnerPick] of [
    [1366, { width: 1366, height: 900 }, 1, 3],
    [390, { width: 390, height: 844 }, 2, 4],
  ] as const) {
    it(`at ${width} px a voided market and a voided runner say Void with the operator's reason: match page, My Bets, Current Bets (issue 47)`, async () => {
      const demo = await apiSession(server.url, 'demo', 'demo1234');
      const demo2 = await apiSession(server.url, 'demo2', 'demo1234');
      const operator = await apiSession(server.url, 'operator', 'operator123');
      const pool = await fromTheEnd(demo2);
      const [whole, partly] = [pool[pick - 1]!, pool[runnerPick - 1]!];
      expect(partly, 'four matches not yet in play').toBeDefined();
      const backed = async (m: MatchRow, tag: string) => {
        const detail = (await demo2.call('match/getMatchDetail', { match_id: m.match_id })).body
          .data as Detail;
        const market = detail.markets[0]!;
        const runner = market.runners[0]!;
        const bet = (who: typeof demo, is_back: '0' | '1') =>
          who.call('bet/placeMarketBet', {
            match_id: m.match_id,
            market_id: market.market_id,
            selection_id: runner.selection_id,
            is_back,
            odds: 3,
            stack: 100,
            request_id: `e2e-void-shown-${width}-${tag}-${is_back}`,
          });
        expect((await bet(demo2, '0')).body).toMatchObject({ status: true });
        expect((await bet(demo, '1')).body).toMatchObject({ data: { status: 'MATCHED' } });
        return { market, runner };
      };
      const w = await backed(whole, 'whole');
      const r = await backed(partly, 'runner');
      const voided = await operator.call('admin/market/void', {
        market_id: w.market.market_id,
        reason: 'Match abandoned (rain)',
        request_id: `e2e-void-shown-${width}-whole`,
      });
      expect(voided.body).toMatchObject({ status: true });
      const runnerVoid = await operator.call('admin/market/void', {
        market_id: r.market.market_id,
        selection_id: r.runner.selection_id,
        reason: 'Runner withdrawn',
        request_id: `e2e-void-shown-${width}-runner`,
      });
      expect(runnerVoid.body).toMatchObject({ status: true });

      const { page, context } = await openPage(browser, `void-shown-${width}`, viewport);
      await signIn(page, server.url, 'demo');
      // The whole market: "Void: <reason>" over it, no book left, My Bets marks the bet void.
      await page.goto(`${server.url}/#/game-details/${whole.sport_id}/${whole.match_id}`);
      await page.getByRole('heading', { name: whole.match_name }).waitFor();
      const card = page.getByRole('region', { name: w.market.market_name }).first();
      await card.getByRole('status').filter({ hasText: 'Void: Match abandoned (rain)' }).waitFor();
      expect(await card.getByText('200.00').count(), 'no pre-void book').toBe(0);
      const matched = page.getByTestId('matched-bets');
      await expect.poll(() => matched.textContent(), POLL).toContain('Void: Match abandoned (rain)');
      await expectNoSeriousAxe(page);
      await look(page, { path: `${ARTIFACTS}/void-shown-market-${width}.png`, fullPage: true });

      // The runner: its row says "Void: <reason>", its bet in My Bets too; the market stays open.
      await page.goto(`${server.url}/#/game-details/${partly.sport_id}/${partly.match_id}`);
      await page.getByRole('heading', { name: partly.match_name }).waitFor();
      const open = page.getByRole('region', { name: r.market.market_name }).first();
      await open.getByText('Void: Runner withdrawn').waitFor();
      await expect.poll(() => matched.textContent(), POLL).toContain('Void: Runner withdrawn');
      await expectNoSeriousAxe(page);
      await look(page, { path: `${ARTIFACTS}/void-shown-runner-${width}.png`, fullPage: true });

      // Current Bets: the runner's bet is listed (its market is not settled) and says why it is void.
      await page.goto(`${server.url}/#/report/current-bet`);
      const current = page.getByRole('table', { name: 'Matched bets' });
      const row = current.getByRole('row', { name: new RegExp(escapeRe(partly.match_name)) });
      await expect.poll(() => row.first().textContent(), POLL).toContain('Void: Runner withdrawn');
      await expectNoSeriousAxe(page);
      await look(page, { path: `${ARTIFACTS}/void-shown-current-${width}.png`, fullPage: true });

      const check = await operator.call('admin/ledger/check');
      expect(check.body).toMatchObject({ status: true, data: { ok: true, problems: [] } });
      await context.close();
    });
  }

  // Issue 47, item 3: after "Confirm Cash Out" the strip greyed and nothing changed for the whole
  // in-play delay (9 s on a loaded box) until a reload. Now the seconds count down, then the answer.
  for (const [width, viewport, pick] of [
    [1366, { width: 1366, height: 900 }, 5],
    [390, { width: 390, height: 844 }, 6],
  ] as const) {
    it(`at ${width} px an in-play cash out counts its delay down, then says what it locked, without a reload (issue 47)`, async () => {
      const demo = await apiSession(server.url, 'demo', 'demo1234');
      const demo2 = await apiSession(server.url, 'demo2', 'demo1234');
      const operator = await apiSession(server.url, 'operator', 'operator123');
      const pool = await fromTheEnd(demo2);
      const m = pool[pick - 1];
      expect(m, 'six matches not yet in play').toBeDefined();
      const detail = (await demo2.call('match/getMatchDetail', { match_id: m!.match_id })).body
        .data as Detail;
      const market = detail.markets[0]!;
      const runner = market.runners[0]!;
      const bet = (who: typeof demo, is_back: '0' | '1', odds: number, stack: number, id: string) =>
        who.call('bet/placeMarketBet', {
          match_id: m!.match_id,
          market_id: market.market_id,
          selection_id: runner.selection_id,
          is_back,
          odds,
          stack,
          request_id: `e2e-cashout-${width}-${id}`,
        });
      // demo backs 100 at 3.0 against demo2's lay; demo2 takes the rest of its lay down.
      expect((await bet(demo2, '0', 3, 1000, 'lay')).body).toMatchObject({ status: true });
      expect((await bet(demo, '1', 3, 100, 'back')).body).toMatchObject({ data: { status: 'MATCHED' } });
      expect((await demo2.call('bet/cancelBet', { market_id: market.market_id })).body).toMatchObject({
        status: true,
      });
      // In play (the sport's bet delay), then demo2 offers a back at 2.0: demo can lay 150 there,
      // which locks +50 whoever wins.
      const inPlay = await operator.call('admin/match/inPlay', {
        match_id: m!.match_id,
        request_id: `e2e-cashout-inplay-${width}`,
      });
      expect(inPlay.body).toMatchObject({ status: true });
      expect((await bet(demo2, '1', 2, 1000, 'offer')).body).toMatchObject({ status: true });
      const live = (await demo.call('match/getMatchDetail', { match_id: m!.match_id })).body.data as {
        markets: { market_id: number; in_play: boolean; bet_delay: number }[];
      };
      const delay = live.markets.find((x) => x.market_id === market.market_id)!;
      expect(delay.in_play).toBe(true);
      expect(delay.bet_delay, 'an in-play bet delay').toBeGreaterThan(0);

      const { page, context } = await openPage(browser, `cash-out-delay-${width}`, viewport);
      await signIn(page, server.url, 'demo');
      await page.goto(`${server.url}/#/game-details/${m!.sport_id}/${m!.match_id}`);
      await page.getByRole('heading', { name: m!.match_name }).waitFor();
      await page.getByRole('button', { name: /^Cash Out ₹50\.00, / }).click({ timeout: POLL.timeout });
      await page.getByRole('button', { name: 'Confirm Cash Out ₹50.00' }).click();
      const pending = page.getByTestId('cash-out-pending');
      await expect.poll(() => pending.textContent(), POLL).toMatch(/^Cashing out: in-play delay, \d+ s…$/);
      await expectNoSeriousAxe(page);
      await look(page, { path: `${ARTIFACTS}/cash-out-pending-${width}.png`, fullPage: true });
      const done = page.getByRole('status').filter({ hasText: 'Cashed out: ₹50.00 on every runner.' });
      await done.first().waitFor({ timeout: (delay.bet_delay + 20) * 1000 });
      expect(await pending.count()).toBe(0);
      await expectNoSeriousAxe(page);
      await look(page, { path: `${ARTIFACTS}/cash-out-done-${width}.png`, fullPage: true });
      const check = await operator.call('admin/ledger/check');
      expect(check.body).toMatchObject({ status: true, data: { ok: true, problems: [] } });
      await context.close();
    });
  }
});
