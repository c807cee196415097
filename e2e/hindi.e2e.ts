/**
 * Issue 45, Hindi: the whole betting flow in Hindi at 390 and 1366 px — the login switched to
 * हिन्दी, the sign-in (which remembers the choice on the server), home, a back bet from the bet
 * slip matched against another bettor's lay, My Bets, the account statement — with screenshots
 * (.e2e-artifacts/hindi-*.png) and axe clean on each screen. The expected words are read from the
 * catalogues (apps/web/src/**\/locales/hi.po), so the test checks that the app shows them, not a
 * copy of them.
 */
import PO from 'pofile';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ARTIFACTS,
  apiSession,
  describeBrowser,
  ensureWebBuilt,
  expectNoSeriousAxe,
  launchBrowser,
  openPage,
  RACING_SPORTS,
  ROOT,
  startServer,
  type RunningServer,
  look,
} from './harness.ts';

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const POLL = { timeout: 20_000, interval: 200 };

/** A catalogue's Hindi message, with its `{name}` values filled in. */
function hindi(catalogue: string, id: string, values: Record<string, string | number> = {}): string {
  const dir =
    catalogue === 'common'
      ? join(ROOT, 'apps/web/src/locales')
      : catalogue === 'ui'
        ? join(ROOT, 'apps/web/src/lib/i18n/locales')
        : join(ROOT, 'apps/web/src/features', catalogue, 'locales');
  const item = PO.parse(readFileSync(join(dir, 'hi.po'), 'utf8')).items.find((i) => i.msgid === id);
  if (!item) throw new Error(`no Hindi for ${catalogue}: ${id}`);
  return Object.entries(values).reduce(
    (text, [k, v]) => text.replaceAll(`{${k}}`, String(v)),
    item.msgstr.join(''),
  );
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type MatchRow = {
  match_id: number;
  sport_id: number;
  in_play: boolean;
  main_odds: { selection_id: number; name: string }[];
};
type Detail = { markets: { market_id: number; runners: { selection_id: number; name: string }[] }[] };

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await look(page, { path: join(ARTIFACTS, `hindi-${name}.png`), fullPage: true });
}

describeBrowser('the betting flow in Hindi', () => {
  let server: RunningServer;
  let browser: Browser;
  let match: MatchRow;
  let runner = '';

  beforeAll(async () => {
    ensureWebBuilt();
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const demo2 = await apiSession(server.url, 'demo2', 'demo1234');
    const matches = (await demo2.call('match/getMatches', { is_active: 1 })).body.data as MatchRow[];
    match = matches.find(
      (m) => !m.in_play && m.main_odds.length >= 2 && !RACING_SPORTS.includes(m.sport_id),
    )!;
    const market = (
      (await demo2.call('match/getMatchDetail', { match_id: match.match_id })).body.data as Detail
    ).markets[0]!;
    const first = market.runners[0]!;
    runner = first.name;
    // demo2 offers 2.00 to lay for 1,000: enough for each width's bet of 200.
    const lay = await demo2.call('bet/placeMarketBet', {
      match_id: match.match_id,
      market_id: market.market_id,
      selection_id: first.selection_id,
      is_back: '0',
      odds: 2,
      stack: 1000,
      request_id: 'e2e-hindi-lay',
    });
    expect(lay.body).toMatchObject({ status: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [width, viewport] of [
    ['390', MOBILE],
    ['1366', DESKTOP],
  ] as const) {
    it(`at ${width} px: login in Hindi, a bet from the slip, My Bets and the statement`, async () => {
      const { page } = await openPage(browser, `hindi-${width}`, viewport);
      await page.goto(`${server.url}/#/`);
      // The login, switched to Hindi before signing in.
      await page.locator('#login-language').selectOption('hi');
      await page.getByRole('heading', { name: hindi('auth', 'auth.login.title') }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await expectNoSeriousAxe(page);
      await shot(page, `login-${width}`);
      await page.getByLabel(hindi('auth', 'auth.login.userName')).fill('demo');
      await page.getByLabel(hindi('auth', 'auth.login.password'), { exact: true }).fill('demo1234');
      await page.getByRole('button', { name: hindi('auth', 'auth.login.submit'), exact: true }).click();
      await page.waitForURL(/#\/home$/);
      const welcome = page.getByRole('dialog', { name: hindi('welcome', 'welcome.title') });
      await welcome.waitFor();
      await welcome.getByRole('button', { name: hindi('ui', 'ui.close') }).click();
      await welcome.waitFor({ state: 'detached' });
      // The shell in Hindi.
      await page.getByRole('heading', { name: hindi('home', 'home.title') }).waitFor();
      expect(await page.locator('#header-language').inputValue()).toBe('hi');
      if (viewport === DESKTOP) {
        await page.getByRole('button', { name: hindi('header', 'header.rules'), exact: true }).waitFor();
      }
      await expectNoSeriousAxe(page);
      await shot(page, `home-${width}`);

      // The choice made on the login screen is the server's now: the next sign-in anywhere is Hindi.
      const again = await apiSession(server.url, 'demo', 'demo1234');
      const user = await again.call('user/login', { user_name: 'demo', password: 'demo1234' });
      expect(user.body).toMatchObject({ status: true, data: { language: 'hi' } });

      // A back bet at 2.00 for 200 from the slip, matched against demo2's lay.
      await page.goto(`${server.url}/#/game-details/${match.sport_id}/${match.match_id}`);
      // demo2's offer on the ladder: "2 <size>, Back <runner>" in Hindi.
      const offer = hindi('market', 'market.price.backAt', { odds: '2', size: '\u0000', runner });
      const [before, after] = offer.split('\u0000').map(escapeRe);
      await page
        .getByRole('button', { name: new RegExp(`^${before}.+${after}$`) })
        .first()
        .click();
      const slip = page.getByRole('form', { name: hindi('market', 'market.slip.label') });
      // The best price to back is demo2's 2.00.
      await expect
        .poll(() => slip.getByLabel(hindi('market', 'market.field.odds'), { exact: true }).inputValue(), POLL)
        .toBe('2.00');
      await slip.getByLabel(hindi('market', 'market.field.stake'), { exact: true }).fill('200');
      await expect
        .poll(() => slip.getByTestId('slip-summary').textContent(), POLL)
        .toContain(hindi('market', 'market.slip.profit'));
      await expectNoSeriousAxe(page);
      await shot(page, `slip-${width}`);
      await slip.getByRole('button', { name: hindi('market', 'market.slip.place'), exact: true }).click();
      await slip.waitFor({ state: 'detached' });
      const matched = page.getByTestId('matched-bets');
      await expect
        .poll(() => matched.textContent(), POLL)
        .toMatch(new RegExp(`${escapeRe(hindi('ui', 'ui.side.back'))}.*${escapeRe(runner)}.*200\\.00`));
      await expectNoSeriousAxe(page);
      await shot(page, `bets-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      // The account statement.
      await page.goto(`${server.url}/#/report/account-statement`);
      await page.getByRole('heading', { name: hindi('reports', 'reports.statement.title') }).waitFor();
      await expect.poll(() => page.locator('table tbody tr').count(), POLL).toBeGreaterThan(0);
      await expectNoSeriousAxe(page);
      await shot(page, `statement-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  }
});
