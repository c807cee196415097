/**
 * Issue 41 in the browser, end to end: the operator creates a master (30 %) and gives it cash; the
 * master signs in (on a phone) and creates an agent (20 %) and gives it cash; the agent creates a
 * bettor and gives it credit from the keyboard; the bettor backs ₹100 in the bettor app and loses
 * (the market is made and settled through the API, as console.e2e.ts does). Then each of the three
 * sees its share: the agent +₹20.00, the master +₹30.00 in their P/L and statement, the operator the
 * house's ₹50.00 in its P/L. Every screen is photographed at 1366 and 390 px and is axe clean.
 */
import type { Browser, Page } from 'playwright-core';
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
  signIn,
  startServer,
  type RunningServer,
  look,
} from './harness.ts';

const POLL = { timeout: 20_000, interval: 200 };
const DESKTOP = { width: 1366, height: 900 };
const MOBILE = { width: 390, height: 844 };
const MATCH = 'Chain Chargers v Share Rangers';
const PASSWORD = 'Chain41pass';

async function consoleSignIn(page: Page, baseUrl: string, user: string, password: string, landing: string) {
  await page.goto(`${baseUrl}/admin/`);
  await page.getByLabel('User name').fill(user);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: landing }).waitFor();
}

/** A menu entry; on a narrow screen the menu is behind its button first. */
async function menu(page: Page, label: string) {
  const toggle = page.getByRole('button', { name: 'Menu' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: label }).click();
}

/** The screen at both widths: a full-page screenshot of each and axe (critical, serious) clean. */
async function shots(page: Page, name: string) {
  const back = page.viewportSize() ?? DESKTOP;
  for (const [size, suffix] of [
    [DESKTOP, ''],
    [MOBILE, '-390'],
  ] as const) {
    await page.setViewportSize(size);
    await look(page, { path: `${ARTIFACTS}/chain-${name}${suffix}.png`, fullPage: true });
    await expectNoSeriousAxe(page);
    // Nothing runs off the side: the page never scrolls sideways (wide tables scroll in their box).
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} at ${size.width} px`,
    ).toBe(size.width);
  }
  await page.setViewportSize(back);
}

/** At 390 px the caller's own share (Mine) is in view without scrolling the P/L table sideways. */
async function expectMineInView(page: Page) {
  const back = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(MOBILE);
  const table = page.getByRole('table', { name: 'Downline profit and loss' });
  const box = await table.getByRole('columnheader', { name: 'Mine', exact: true }).boundingBox();
  expect(box, 'Mine at 390 px').not.toBeNull();
  expect(box!.x + box!.width, 'Mine ends inside the 390 px screen').toBeLessThanOrEqual(MOBILE.width);
  await page.setViewportSize(back);
}

/** New account from the Users screen; answers the new user's id (the console opens its page). */
async function createAccount(
  page: Page,
  name: string,
  role: 'master' | 'agent' | 'bettor',
  sharePct: string | null,
  shot: string,
): Promise<number> {
  await page.getByRole('button', { name: 'New account' }).click();
  const dialog = page.getByRole('dialog', { name: /^New / });
  const roleSelect = dialog.getByLabel('Role');
  if (await roleSelect.count()) await roleSelect.selectOption(role);
  await page.getByRole('dialog', { name: `New ${role}` }).waitFor();
  if (sharePct !== null) await dialog.getByLabel('Share (%)').fill(sharePct);
  await dialog.getByLabel('User name').fill(name);
  await dialog.getByLabel('First password').fill(PASSWORD);
  await dialog.getByLabel(/Must choose a new password/).uncheck();
  await shots(page, shot);
  await dialog.getByRole('button', { name: `Create ${role}` }).click();
  await page.getByRole('heading', { name, exact: true }).waitFor();
  return Number(/#\/users\/(\d+)$/.exec(page.url())![1]);
}

/** Deposit on a direct child's page, the dialog and its confirmation. */
async function deposit(page: Page, name: string, amount: string, shown: string) {
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Deposit to ${name}` });
  await dialog.getByLabel('Amount (₹)').fill(amount);
  await dialog.getByLabel('Reason').fill('opening credit');
  await dialog.getByRole('button', { name: 'Deposit…' }).click();
  await page
    .getByRole('dialog', { name: `Deposit ${shown} to ${name}?` })
    .getByRole('button', { name: `Deposit ${shown}` })
    .click();
  await expect.poll(() => page.getByTestId('user-balance').textContent(), POLL).toBe(shown);
}

/**
 * The caller's P/L row for one child: bettors P/L, commission, total, below, mine, up (the screen
 * puts Mine right after the name, so it is in view at 390 px).
 */
async function plRow(page: Page, child: string) {
  await menu(page, 'Downline');
  const table = page.getByRole('table', { name: 'Downline profit and loss' });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: child, exact: true }) });
  await row.waitFor({ timeout: POLL.timeout });
  const [, mine, bettors, commission, total, below, up] = await row.getByRole('cell').allTextContents();
  return [bettors, commission, total, below, mine, up];
}

/** The caller's own statement (its page from the Users list): the share line's text. */
async function ownStatementShare(page: Page, self: string) {
  await menu(page, 'Users');
  await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: self, exact: true }).click();
  await page.getByRole('heading', { name: self, exact: true }).waitFor();
  const statement = page.getByRole('table', { name: "User's account statement" });
  const line = statement.getByRole('row').filter({ hasText: 'share of the downline’s loss' });
  await line.waitFor({ timeout: POLL.timeout });
  return (await line.getByRole('cell').allTextContents()).slice(1, 4);
}

describeBrowser('issue 41: operator → master → agent → bettor, each share in P/L and statement', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureWebBuilt();
    ensureAdminBuilt();
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates the chain in the console, the bettor loses ₹100, and each level sees its share', async () => {
    // The operator (1366 px) creates the master with 30 % and gives it ₹10,000.
    const op = (await openPage(browser, 'chain-operator', DESKTOP)).page;
    await consoleSignIn(op, server.url, 'operator', 'operator123', 'Dashboard');
    await menu(op, 'Users');
    await createAccount(op, 'chainmaster', 'master', '30', 'operator-new-master');
    await deposit(op, 'chainmaster', '10000', '₹10,000.00');
    expect(await op.getByText('master (share 30%)').count()).toBe(1);

    // The master signs in on a phone (390 px), creates the agent with 20 % and gives it ₹5,000.
    const master = (await openPage(browser, 'chain-master', MOBILE)).page;
    await consoleSignIn(master, server.url, 'chainmaster', PASSWORD, 'Users');
    await createAccount(master, 'chainagent', 'agent', '20', 'master-new-agent');
    await deposit(master, 'chainagent', '5000', '₹5,000.00');
    await shots(master, 'master-agent-page');

    // The agent (390 px) creates the bettor and gives it ₹1,000 of credit, from the keyboard.
    const agent = (await openPage(browser, 'chain-agent', MOBILE)).page;
    await consoleSignIn(agent, server.url, 'chainagent', PASSWORD, 'Users');
    await createAccount(agent, 'chainbettor', 'bettor', null, 'agent-new-bettor');
    await agent.getByRole('button', { name: 'Deposit', exact: true }).focus();
    await agent.keyboard.press('Enter');
    const cash = agent.getByRole('dialog', { name: 'Deposit to chainbettor' });
    await expect
      .poll(() => agent.evaluate(() => document.activeElement?.getAttribute('inputmode')))
      .toBe('decimal');
    await agent.keyboard.type('1000');
    await agent.keyboard.press('Tab');
    await agent.keyboard.type('opening credit');
    const focused = () => agent.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    for (let i = 0; i < 4 && (await focused()) !== 'Deposit…'; i++) await agent.keyboard.press('Tab');
    expect(await focused()).toBe('Deposit…');
    await agent.keyboard.press('Enter');
    await cash.waitFor({ state: 'hidden' });
    const confirm = agent.getByRole('dialog', { name: 'Deposit ₹1,000.00 to chainbettor?' });
    await confirm.waitFor();
    for (let i = 0; i < 4 && (await focused()) !== 'Deposit ₹1,000.00'; i++)
      await agent.keyboard.press('Tab');
    expect(await focused()).toBe('Deposit ₹1,000.00');
    await agent.keyboard.press('Enter');
    await expect.poll(() => agent.getByTestId('user-balance').textContent(), POLL).toBe('₹1,000.00');

    // A market (API); demo2 (under the operator, no shares) lays ₹100 at 2.00.
    const opApi = await apiSession(server.url, 'operator', 'operator123');
    const series = (await opApi.call('admin/series?sport_id=1')).body.data as {
      rows: { series_id: number }[];
    };
    const created = await opApi.call('admin/match/create', {
      series_id: series.rows[0]!.series_id,
      match_name: MATCH,
      start_time: new Date(Date.now() + 3_600_000).toISOString(),
      market: { kind: 'EXCHANGE', market_name: 'Match Odds', runners: MATCH.split(' v ') },
      request_id: 'e2e-chain-match',
    });
    expect(created.body).toMatchObject({ status: true });
    const { match_id, market_id } = created.body.data as { match_id: number; market_id: number };
    await opApi.call('admin/market/status', { market_id, status: 'OPEN', request_id: 'e2e-chain-open' });
    const m = (await opApi.call(`admin/match?match_id=${match_id}`)).body.data as {
      markets: { runners: { selection_id: number }[] }[];
    };
    const [chargers, rangers] = m.markets[0]!.runners.map((r) => r.selection_id);
    const demo2 = await apiSession(server.url, 'demo2', 'demo1234');
    const lay = await demo2.call('bet/placeMarketBet', {
      match_id,
      market_id,
      selection_id: chargers,
      is_back: '0',
      odds: 2,
      stack: 100,
      request_id: 'e2e-chain-lay',
    });
    expect(lay.body, JSON.stringify(lay.body)).toMatchObject({ status: true });

    // The bettor backs Chain Chargers for ₹100 in the bettor app (390 px).
    const bettor = (await openPage(browser, 'chain-bettor', MOBILE)).page;
    await signIn(bettor, server.url, 'chainbettor', PASSWORD);
    await bettor.goto(`${server.url}/#/game-details/1/${match_id}`);
    await bettor.getByRole('heading', { name: MATCH }).waitFor();
    await bettor
      .getByRole('button', { name: /^2 .*, Back Chain Chargers$/ })
      .first()
      .click({ timeout: POLL.timeout });
    const slip = bettor.getByRole('form', { name: 'Bet slip' });
    await slip.getByLabel('Stake', { exact: true }).fill('100');
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    await slip.waitFor({ state: 'detached' });
    await expect.poll(() => bettor.getByTestId('exposure').textContent(), POLL).toBe('100.00');

    // Share Rangers win: the bettor loses ₹100 (API settlement).
    const result = await opApi.call('admin/market/result', {
      market_id,
      winners: [rangers],
      request_id: 'e2e-chain-result',
    });
    expect(result.body).toMatchObject({ status: true });
    await expect.poll(() => bettor.getByTestId('balance').textContent(), POLL).toBe('900.00');

    // Each level's P/L by child: bettors P/L, commission, total (100 %), below, mine, up.
    expect(await plRow(agent, 'chainbettor')).toEqual([
      '−₹100.00',
      '₹0.00',
      '₹100.00',
      '₹0.00',
      '₹20.00',
      '₹80.00',
    ]);
    await shots(agent, 'agent-pl');
    await expectMineInView(agent);
    expect(await plRow(master, 'chainagent')).toEqual([
      '−₹100.00',
      '₹0.00',
      '₹100.00',
      '₹20.00',
      '₹30.00',
      '₹50.00',
    ]);
    await shots(master, 'master-pl');
    await expectMineInView(master);
    // The operator's "Mine" is what the house kept: ₹50.00 after the master's and the agent's shares.
    expect(await plRow(op, 'chainmaster')).toEqual([
      '−₹100.00',
      '₹0.00',
      '₹100.00',
      '₹50.00',
      '₹50.00',
      '₹0.00',
    ]);
    await shots(op, 'operator-pl');
    await expectMineInView(op);

    // Each upline's statement: a credit line for its share of the downline's loss.
    const agentLine = await ownStatementShare(agent, 'chainagent');
    expect(agentLine).toEqual([expect.stringContaining(MATCH), '₹20.00', '']);
    expect(await agent.getByTestId('user-balance').textContent()).toBe('₹4,020.00');
    await shots(agent, 'agent-statement');
    const masterLine = await ownStatementShare(master, 'chainmaster');
    expect(masterLine).toEqual([expect.stringContaining(MATCH), '₹30.00', '']);
    expect(await master.getByTestId('user-balance').textContent()).toBe('₹5,030.00');
    await shots(master, 'master-statement');
  });
});
