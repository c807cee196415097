// The operator console's calls (packages/contract/src/console-endpoints.ts): access, bad input,
// and what each does — the Markets screen's create/edit/risk/void, the Users screen's
// create/lock/reset and a user's reports as they see them, the Settings screen's save and upload,
// the Audit list and the dashboard.
import { consoleEndpoints, type EndpointName } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { sessions, users } from '../src/modules/account/schema.ts';
import { adminActions } from '../src/modules/audit/schema.ts';
import { matches } from '../src/modules/catalog/schema.ts';
import { bets } from '../src/modules/exchange/schema.ts';
import { markets } from '../src/modules/markets/schema.ts';
import type { Api } from './helpers/api.ts';
import { snapshotStore } from './helpers/api.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

let rid = 0;
const nextId = (p = 'r') => `${p}-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

/** A 1×1 PNG. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
/** The first bytes of a JPEG. */
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]).toString('base64');

type MatchDetail = {
  match_id: number;
  markets: {
    market_id: number;
    kind: string;
    status: string;
    min_stake: number;
    max_stake: number;
    bet_delay_s: number;
    commission_percent: number;
    bets: number;
    matched: number;
    exposure: number;
    runners: { selection_id: number; name: string }[];
    settlement: { state: string; winners: number[]; void_bets: number[] };
  }[];
};

const SETTINGS = {
  site_title: 'Backlay',
  site_message: 'Welcome to Backlay',
  payment_gateway: '0',
  is_show_apk: '0',
  logo: '/api/upload/image/logo.svg',
  favicon: '/api/upload/image/favicon.svg',
  welcome_banner: '/api/upload/image/welcome-banner.svg',
  bg_primary_color: '#0b3d2e',
  bg_secondry_color: '#145c43',
  text_primary_color: '#ffffff',
  text_secondry_color: '#f5c518',
  other_color: '#72bbef',
  fb_link: '',
  insta_link: '',
  telegram_link: '',
  twiter_link: '',
  whatsapp_link: 'https://wa.me/910000000000',
};

describeStores('operator console calls', (ctx) => {
  let operator: Api;
  async function op() {
    if (!operator) {
      operator = ctx.api.fork();
      await operator.login('operator', 'operator123');
    }
    return operator;
  }
  async function bettor(balanceRupees = 10_000): Promise<Api & { userId: number; userName: string }> {
    const u = await createBettor(ctx.app, balanceRupees * 100);
    const api = ctx.api.fork();
    await api.login(u.userName, u.password);
    return Object.assign(api, { userId: u.userId, userName: u.userName });
  }
  async function invariantsHold() {
    const check = await (await op()).call('adminLedgerCheck');
    expect(check.body.data).toMatchObject({ ok: true, problems: [] });
    await expectExchangeInvariants(ctx.app);
  }
  async function footballSeries() {
    const r = await (await op()).call('adminSeries', { sport_id: 1 });
    const rows = (r.body.data as { rows: { series_id: number; sport_id: number }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    return rows[0]!.series_id;
  }
  async function newMatch(extra: Record<string, unknown> = {}) {
    const r = await (
      await op()
    ).call('adminMatchCreate', {
      series_id: await footballSeries(),
      match_name: `Console FC v Test United ${nextId()}`,
      start_time: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      market: {
        kind: 'EXCHANGE',
        market_name: 'Match Odds',
        runners: ['Console FC', 'Test United', 'The Draw'],
      },
      request_id: nextId('match'),
      ...extra,
    });
    expect(r.body).toMatchObject({ status: true });
    return r.body.data as { match_id: number; market_id: number };
  }
  const detailOf = async (matchId: number) =>
    (await (await op()).call('adminMatch', { match_id: matchId })).body.data as MatchDetail;

  it('a bettor gets 403 on every console call and an anonymous caller 401, and nothing changes', async () => {
    const b = await bettor();
    const before = await snapshotStore(ctx.app);
    const names = Object.keys(consoleEndpoints) as EndpointName[];
    expect(names.length).toBeGreaterThanOrEqual(20);
    for (const name of names) {
      const r = await b.call(name, { match_id: 1, market_id: 1, user_id: 1 });
      expect(r.statusCode, name).toBe(403);
      expect(r.body, name).toEqual({ status: false, message: 'This call is for operators only' });
      const anon = await b.call(name, { match_id: 1 }, { token: null });
      expect(anon.statusCode, name).toBe(401);
    }
    expect(await snapshotStore(ctx.app)).toBe(before);
  });

  it('bad input is a 400 naming the field, or a readable refusal; never a 500, and nothing changes', async () => {
    const o = await op();
    const series = await footballSeries();
    const { match_id, market_id } = await newMatch();
    const before = await snapshotStore(ctx.app);
    const bad: [EndpointName, unknown, string][] = [
      ['adminMatches', { page: 'two' }, 'page: page must be a whole number'],
      ['adminMatches', { page: 0 }, 'page: page must be 1 or more'],
      ['adminMatches', { status: 'DONE' }, 'status: status must be one of'],
      ['adminMatch', { match_id: 'abc' }, 'match_id: must be a whole number'],
      ['adminMatch', {}, 'match_id:'],
      ['adminMarketRisk', { market_id: '1.5' }, 'market_id:'],
      ['adminUsers', { role: 'admin' }, "role: role must be 'operator', 'master', 'agent' or 'bettor'"],
      ['adminAudit', { from: 'yesterday' }, 'from:'],
      [
        'adminAudit',
        { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' },
        'from: from must not be after to',
      ],
      [
        'adminMatchCreate',
        { series_id: series, match_name: '', start_time: new Date().toISOString() },
        'match_name: match_name must not be empty',
      ],
      ['adminMatchCreate', { series_id: series, match_name: 'A v B', start_time: 'soon' }, 'start_time:'],
      [
        'adminMatchCreate',
        {
          series_id: series,
          match_name: 'A v B',
          start_time: new Date().toISOString(),
          market: { market_name: 'MO', runners: ['A'] },
        },
        'market.runners: runners must name at least 2 runners',
      ],
      [
        'adminMarketCreate',
        { match_id, kind: 'FANCY', market_name: '6 over runs' },
        'fancy: a FANCY market needs fancy',
      ],
      [
        'adminMarketCreate',
        { match_id, market_name: 'MO', runners: ['A', 'a'] },
        'runners: runner names must differ',
      ],
      [
        'adminMarketCreate',
        { match_id, market_name: 'MO', runners: ['A', 'B'], min_stake: 500, max_stake: 100 },
        'min_stake: min_stake must not be above max_stake',
      ],
      ['adminMarketUpdate', { market_id, bet_delay_s: 61 }, 'bet_delay_s: bet_delay_s must be at most 60'],
      ['adminMarketUpdate', { market_id, commission_percent: 2.555 }, 'commission_percent:'],
      ['adminMarketVoidBets', { market_id, bet_ids: [] }, 'bet_ids: bet_ids must name at least one bet'],
      ['adminUserCreate', { user_name: 'ab', password: 'secret1234' }, 'user_name:'],
      [
        'adminUserCreate',
        { user_name: 'newbettor', password: 'short1' },
        'password: password must be at least 8 characters',
      ],
      [
        'adminUserCreate',
        { user_name: 'newbettor', password: 'onlyletters' },
        'password: password must contain a digit',
      ],
      ['adminUserLock', { user_id: 1 }, 'locked: locked must be true or false'],
      ['adminUserResetPassword', { user_id: 1, new_password: 'x' }, 'new_password:'],
      ['adminUserStatement', { user_id: 1, from_date: '2026-02-30', to_date: '2026-03-01' }, 'from_date:'],
      [
        'adminSettingsSave',
        { ...SETTINGS, bg_primary_color: 'green' },
        'bg_primary_color: bg_primary_color must be a colour like #0b3d2e',
      ],
      [
        'adminSettingsSave',
        { ...SETTINGS, fb_link: 'javascript:alert(1)' },
        'fb_link: fb_link must be empty or an https:// address',
      ],
      [
        'adminSettingsSave',
        { ...SETTINGS, logo: 'https://evil.example/x.png' },
        'logo: logo must be an uploaded image or empty',
      ],
      [
        'adminSettingsSave',
        { ...SETTINGS, support_channel: 'WHATSAPP', support_contact: '98765 43210' },
        'support_contact: support_contact must be a number in international form',
      ],
      [
        'adminSettingsSave',
        { ...SETTINGS, support_channel: 'EMAIL', support_contact: 'nobody' },
        'support_contact: support_contact must be an e-mail address',
      ],
      [
        'adminSettingsSave',
        { ...SETTINGS, support_channel: '', support_contact: '+919876543210' },
        'support_contact: support_contact needs a support_channel',
      ],
      [
        'adminSettingsSave',
        { ...SETTINGS, support_channel: 'FAX', support_contact: '1' },
        'support_channel:',
      ],
      [
        'adminSettingsSave',
        { ...SETTINGS, site_message: 'x'.repeat(501) },
        'site_message: site_message must be at most 500 characters',
      ],
      [
        'adminSettingsUpload',
        { field: 'logo', content_type: 'image/svg+xml', data_base64: PNG_1PX },
        'content_type:',
      ],
      [
        'adminSettingsUpload',
        { field: 'logo', content_type: 'image/png', data_base64: 'not base64!' },
        'data_base64: data_base64 must be base64',
      ],
      ['adminSettingsUpload', { field: 'header', content_type: 'image/png', data_base64: PNG_1PX }, 'field:'],
    ];
    for (const [name, body, message] of bad) {
      const r = await o.call(name, body);
      expect(r.statusCode, `${name} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.status).toBe(false);
      expect(r.body.message, name).toContain(message);
    }
    const refused: [EndpointName, unknown, string][] = [
      ['adminMatch', { match_id: 999_999 }, 'Unknown match 999999'],
      ['adminMarketRisk', { market_id: 999_999 }, 'Unknown market 999999'],
      ['adminUser', { user_id: 999_999 }, 'Unknown user 999999'],
      [
        'adminMatchCreate',
        { series_id: 999_999, match_name: 'A v B', start_time: new Date().toISOString() },
        'Unknown series 999999',
      ],
      [
        'adminMatchCreate',
        {
          series_id: series,
          match_name: 'A v B',
          start_time: new Date().toISOString(),
          cricket: { format: 'T20', competition: 'IPL' },
        },
        'Cricket details are for cricket matches only',
      ],
      [
        'adminMarketCreate',
        {
          match_id,
          kind: 'FANCY',
          market_name: '6 over runs',
          fancy: { variant: 'RUNS', event: { kind: 'RUNS_AT_OVER', innings: 1, over: 6 } },
        },
        'A fancy needs a cricket match',
      ],
      ['adminMarketUpdate', { market_id: 999_999, market_name: 'x' }, 'Unknown market 999999'],
      ['adminMarketVoidBets', { market_id, bet_ids: [999_999] }, `Not bets of market ${market_id}: 999999`],
      ['adminUserLock', { user_id: 1, locked: true }, 'You cannot do this to your own account'],
      ['adminUserCreate', { user_name: 'demo', password: 'secret1234' }, 'The user name demo is taken'],
      [
        'adminUserCreate',
        { user_name: 'orphan', password: 'secret1234', parent_id: 999_999 },
        'Unknown parent 999999',
      ],
      [
        'adminUserStatement',
        { user_id: 999_999, from_date: '2026-01-01', to_date: '2026-01-02' },
        'Unknown user 999999',
      ],
      [
        'adminSettingsUpload',
        { field: 'logo', content_type: 'image/png', data_base64: JPEG_HEAD },
        'The file is not a PNG image',
      ],
      [
        'adminSettingsUpload',
        {
          field: 'favicon',
          content_type: 'image/png',
          data_base64: Buffer.concat([Buffer.from(PNG_1PX, 'base64'), Buffer.alloc(70 * 1024)]).toString(
            'base64',
          ),
        },
        'The favicon may be at most 64 KiB',
      ],
    ];
    for (const [name, body, message] of refused) {
      const r = await o.call(name, body);
      expect(r.statusCode, name).toBe(200);
      expect(r.body, `${name} ${JSON.stringify(body).slice(0, 120)}`).toMatchObject({ status: false });
      expect(r.body.message).toContain(message);
    }
    // An upload larger than the route takes is refused before it is read.
    const huge = await o.call('adminSettingsUpload', {
      field: 'welcome_banner',
      content_type: 'image/png',
      data_base64: 'A'.repeat(800 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    // What was refused left the store as it was (the audit log aside).
    const snapshotWithoutAudit = async () => {
      const s = JSON.parse(await snapshotStore(ctx.app)) as Record<string, unknown>;
      delete s.adminActions;
      return JSON.stringify(s);
    };
    const b = JSON.parse(before) as Record<string, unknown>;
    delete b.adminActions;
    expect(await snapshotWithoutAudit()).toBe(JSON.stringify(b));
  });

  it('creates a match with its market (INACTIVE until opened), lists and shows it; idempotent on request_id; audited', async () => {
    const o = await op();
    const series = await footballSeries();
    const body = {
      series_id: series,
      match_name: `Idempotent FC v Repeat Town ${nextId()}`,
      start_time: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      country: 'gb',
      market: {
        market_name: 'Match Odds',
        runners: ['Idempotent FC', 'Repeat Town', 'The Draw'],
        min_stake: 50,
        max_stake: 2_000,
        bet_delay_s: 4,
      },
      request_id: nextId('create'),
    };
    const first = await o.call('adminMatchCreate', body);
    expect(first.body).toMatchObject({
      status: true,
      data: { match_id: expect.any(Number), market_id: expect.any(Number) },
    });
    const again = await o.call('adminMatchCreate', body);
    expect(again.body).toEqual(first.body);
    const { match_id, market_id } = first.body.data as { match_id: number; market_id: number };
    expect(
      await ctx.app.db.select().from(matches).where(eq(matches.matchName, body.match_name)),
    ).toHaveLength(1);

    const d = await detailOf(match_id);
    expect(d).toMatchObject({ match_id, country: 'GB', in_play: false, is_active: true });
    expect(d.markets).toHaveLength(1);
    expect(d.markets[0]).toMatchObject({
      market_id,
      kind: 'EXCHANGE',
      status: 'INACTIVE',
      min_stake: 50,
      max_stake: 2000,
      bet_delay_s: 4,
      commission_percent: 2,
      bets: 0,
      settlement: { state: 'OPEN' },
    });
    expect(d.markets[0]!.runners.map((r) => r.name)).toEqual(['Idempotent FC', 'Repeat Town', 'The Draw']);

    // The list finds it by name, and by state; a page is at most 25 rows.
    const list = await o.call('adminMatches', { search: 'idempotent fc', page: 1 });
    expect(list.body.data).toMatchObject({
      total: 1,
      page: 1,
      page_size: 25,
      rows: [{ match_id, markets: [{ market_id, status: 'INACTIVE' }] }],
    });
    const inactive = await o.call('adminMatches', { status: 'INACTIVE', search: body.match_name });
    expect((inactive.body.data as { total: number }).total).toBe(1);
    const open = await o.call('adminMatches', { status: 'OPEN', search: body.match_name });
    expect((open.body.data as { total: number }).total).toBe(0);
    const all = await o.call('adminMatches', {});
    expect((all.body.data as { rows: unknown[] }).rows.length).toBeLessThanOrEqual(25);

    // Bettors cannot bet on it before it is opened.
    const b = await bettor();
    const runner = d.markets[0]!.runners[0]!.selection_id;
    const refused = await b.call('placeMarketBet', {
      match_id,
      market_id,
      selection_id: runner,
      is_back: '1',
      odds: 2,
      stack: 100,
      request_id: nextId('bet'),
    });
    expect(refused.body.status).toBe(false);

    // One audit row for the create, with its answer.
    const audit = await ctx.app.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.requestId, body.request_id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'match/create',
      response: { status: true, data: { match_id } },
    });
  });

  it('edits a match (its markets move with its start) and a market (terms only while it takes no bets)', async () => {
    const o = await op();
    const { match_id, market_id } = await newMatch();
    const start = new Date(Date.now() + 5 * 3_600_000);
    start.setMilliseconds(0);
    const upd = await o.call('adminMatchUpdate', {
      match_id,
      match_name: 'Renamed FC v Moved Town',
      start_time: start.toISOString(),
      request_id: nextId(),
    });
    expect(upd.body).toMatchObject({
      status: true,
      data: { match_name: 'Renamed FC v Moved Town', start_time: start.toISOString() },
    });
    const [m] = await ctx.app.db.select().from(markets).where(eq(markets.marketId, market_id));
    expect(m!.startTime.toISOString()).toBe(start.toISOString());

    // Open: name yes, terms no.
    await o.call('adminMarketStatus', { market_id, status: 'OPEN' });
    const renamed = await o.call('adminMarketUpdate', { market_id, market_name: 'Full Time Result' });
    expect(renamed.body.status).toBe(true);
    const terms = await o.call('adminMarketUpdate', { market_id, min_stake: 200 });
    expect(terms.body).toEqual({
      status: false,
      message: 'Suspend the market before changing its terms or runners',
    });

    // Suspended: terms and runner names change; the version moves.
    await o.call('adminMarketStatus', { market_id, status: 'SUSPENDED' });
    const [before] = await ctx.app.db.select().from(markets).where(eq(markets.marketId, market_id));
    const d0 = await detailOf(match_id);
    const sel = d0.markets[0]!.runners[2]!.selection_id;
    const changed = await o.call('adminMarketUpdate', {
      market_id,
      min_stake: 200,
      max_stake: 10_000,
      bet_delay_s: 6,
      commission_percent: 5,
      runners: [{ selection_id: sel, name: 'Draw' }],
      add_runners: ['Abandoned'],
      request_id: nextId(),
    });
    expect(changed.body.status).toBe(true);
    const mk = (changed.body.data as MatchDetail).markets[0]!;
    expect(mk).toMatchObject({ min_stake: 200, max_stake: 10_000, bet_delay_s: 6, commission_percent: 5 });
    expect(mk.runners.map((r) => r.name)).toEqual(['Console FC', 'Test United', 'Draw', 'Abandoned']);
    const [after] = await ctx.app.db.select().from(markets).where(eq(markets.marketId, market_id));
    expect(after!.version).toBeGreaterThan(before!.version);

    // The new minimum holds once it reopens; no runner may be added after the first bet.
    await o.call('adminMarketStatus', { market_id, status: 'OPEN' });
    const b = await bettor();
    const small = await b.call('placeMarketBet', {
      match_id,
      market_id,
      selection_id: mk.runners[0]!.selection_id,
      is_back: '0',
      odds: 2,
      stack: 150,
      request_id: nextId('bet'),
    });
    expect(small.body).toMatchObject({ status: false });
    expect(small.body.message).toContain('200');
    const ok = await b.call('placeMarketBet', {
      match_id,
      market_id,
      selection_id: mk.runners[0]!.selection_id,
      is_back: '0',
      odds: 2,
      stack: 250,
      request_id: nextId('bet'),
    });
    expect(ok.body.status).toBe(true);
    await o.call('adminMarketStatus', { market_id, status: 'SUSPENDED' });
    const late = await o.call('adminMarketUpdate', { market_id, add_runners: ['Late'] });
    expect(late.body).toEqual({ status: false, message: 'Runners can be added only before the first bet' });
    await invariantsHold();
  });

  it('risk: the bettors and the house per outcome, the largest exposures; then a voided bet and the result', async () => {
    const o = await op();
    const { match_id, market_id } = await newMatch();
    await o.call('adminMarketStatus', { market_id, status: 'OPEN' });
    const d = await detailOf(match_id);
    const [home, away] = d.markets[0]!.runners.map((r) => r.selection_id) as [number, number];
    const backer = await bettor();
    const layer = await bettor();
    const place = (api: Api, selection_id: number, back: boolean, odds: number, stack: number) =>
      api.call('placeMarketBet', {
        match_id,
        market_id,
        selection_id,
        is_back: back ? '1' : '0',
        odds,
        stack,
        request_id: nextId('bet'),
      });
    expect((await place(layer, home, false, 3, 1000)).body.status).toBe(true);
    const matched = await place(backer, home, true, 3, 1000);
    expect(matched.body).toMatchObject({ status: true, data: { status: 'MATCHED' } });
    expect((await place(layer, away, false, 4, 100)).body.status).toBe(true);
    const second = await place(backer, away, true, 4, 100);
    expect(second.body.status).toBe(true);

    const risk = await o.call('adminMarketRisk', { market_id });
    expect(risk.body.status).toBe(true);
    const r = risk.body.data as {
      outcomes: { key: string; bettors: number; house: number }[];
      users: { user_id: number; exposure: number; positions: number[] }[];
      totals: { exposure: number; users: number; bets: number };
    };
    // Home wins: the backer +2000 −100, the layer −2000 +100: the bettors net 0, the house takes 2% of 1900.
    expect(r.outcomes[0]).toMatchObject({ key: String(home), bettors: 0, house: 38 });
    // Away wins: the backer −1000 +300, the layer +1000 −300: 2% of 700.
    expect(r.outcomes[1]).toMatchObject({ key: String(away), bettors: 0, house: 14 });
    expect(r.totals).toMatchObject({ users: 2, bets: 4 });
    const layerRow = r.users.find((u) => u.user_id === layer.userId)!;
    expect(layerRow.positions.slice(0, 3)).toEqual([-1900, 700, 1100]);
    expect(layerRow.exposure).toBe(1900);
    expect(r.users[0]!.exposure).toBeGreaterThanOrEqual(r.users[1]!.exposure);

    // Void the backer's second bet by id: settled on Away, the backer gets nothing for it.
    const secondBetId = (second.body.data as { bet_id: number }).bet_id;
    const voided = await o.call('adminMarketVoidBets', {
      market_id,
      bet_ids: [secondBetId],
      request_id: nextId(),
    });
    expect(voided.body).toMatchObject({ status: true, data: { void_bets: [secondBetId], state: 'OPEN' } });
    const repeat = await o.call('adminMarketVoidBets', { market_id, bet_ids: [secondBetId] });
    expect(repeat.body).toMatchObject({ status: true, data: { void_bets: [secondBetId] } });
    const result = await o.call('adminMarketResult', { market_id, winners: [away], request_id: nextId() });
    expect(result.body).toMatchObject({ status: true, data: { state: 'SETTLED', void_bets: [secondBetId] } });
    const [b2] = await ctx.app.db.select().from(bets).where(eq(bets.betId, secondBetId));
    expect(b2).toMatchObject({ result: 'VOID', profitLossPaise: 0 });
    // Backer: −1000 on Home, the Away bet void: −1000. Layer: +1000 on Home, −300 on Away lay: +700 less 2%.
    const bal = async (api: Api) =>
      ((await api.call('getUserBalance')).body.data as { total_balance: number }).total_balance;
    expect(await bal(backer)).toBe(9_000);
    expect(await bal(layer)).toBe(10_700 - 14);
    const after = await detailOf(match_id);
    expect(after.markets[0]!.settlement).toMatchObject({
      state: 'SETTLED',
      winners: [away],
      void_bets: [secondBetId],
    });
    await invariantsHold();
  });

  it('voiding a bet of a settled market settles it again; a bookmaker market refuses single-bet voids', async () => {
    const o = await op();
    const { match_id, market_id } = await newMatch();
    await o.call('adminMarketStatus', { market_id, status: 'OPEN' });
    const home = (await detailOf(match_id)).markets[0]!.runners[0]!.selection_id;
    const backer = await bettor();
    const layer = await bettor();
    await layer.call('placeMarketBet', {
      match_id,
      market_id,
      selection_id: home,
      is_back: '0',
      odds: 2,
      stack: 500,
      request_id: nextId(),
    });
    const back = await backer.call('placeMarketBet', {
      match_id,
      market_id,
      selection_id: home,
      is_back: '1',
      odds: 2,
      stack: 500,
      request_id: nextId(),
    });
    await o.call('adminMarketResult', { market_id, winners: [home] });
    const betId = (back.body.data as { bet_id: number }).bet_id;
    const v = await o.call('adminMarketVoidBets', { market_id, bet_ids: [betId] });
    expect(v.body).toMatchObject({
      status: true,
      data: { state: 'SETTLED', generation: 2, void_bets: [betId] },
    });
    const bal = async (api: Api) =>
      ((await api.call('getUserBalance')).body.data as { total_balance: number }).total_balance;
    // The backer's win is reversed: only the layer's side stands (its loss goes to the house).
    expect(await bal(backer)).toBe(10_000);
    expect(await bal(layer)).toBe(9_500);

    const bm = await o.call('adminMarketCreate', {
      match_id,
      kind: 'BOOKMAKER',
      market_name: 'Bookmaker',
      runners: ['A', 'B'],
      request_id: nextId(),
    });
    expect(bm.body).toMatchObject({ status: true });
    const bmId = (bm.body.data as { market_id: number }).market_id;
    const detail = await detailOf(match_id);
    expect(detail.markets.find((k) => k.market_id === bmId)).toMatchObject({
      kind: 'BOOKMAKER',
      status: 'SUSPENDED',
      commission_percent: 0,
    });
    const refused = await o.call('adminMarketVoidBets', { market_id: bmId, bet_ids: [1] });
    expect(refused.body).toEqual({
      status: false,
      message: 'Single bets are voided on exchange (match odds) markets only',
    });
    await invariantsHold();
  });

  it('cricket: a match with its details takes bookmaker and fancy markets the quoting calls then run', async () => {
    const o = await op();
    const [cricketSeries] = (
      (await o.call('adminSeries', { sport_id: 4 })).body.data as { rows: { series_id: number }[] }
    ).rows;
    const created = await o.call('adminMatchCreate', {
      series_id: cricketSeries!.series_id,
      match_name: `Console XI v Test XI ${nextId()}`.slice(0, 40),
      start_time: new Date(Date.now() + 3_600_000).toISOString(),
      cricket: { format: 'T20', competition: 'IPL', teams: ['Console XI', 'Test XI'] },
      request_id: nextId(),
    });
    expect(created.body).toMatchObject({ status: true, data: { market_id: null } });
    const match_id = (created.body.data as { match_id: number }).match_id;
    const fancy = await o.call('adminMarketCreate', {
      match_id,
      kind: 'FANCY',
      market_name: '6 over runs Console XI',
      min_stake: 100,
      max_stake: 25_000,
      fancy: {
        variant: 'RUNS',
        event: { kind: 'RUNS_AT_OVER', innings: 1, over: 6 },
        max_user_stake: 50_000,
      },
      request_id: nextId(),
    });
    expect(fancy.body.status).toBe(true);
    const fancyId = (fancy.body.data as { market_id: number }).market_id;
    const quoted = await o.call('adminFancyQuote', {
      fancy_id: fancyId,
      no_line: 45,
      no_rate: 100,
      yes_line: 46,
      yes_rate: 100,
    });
    expect(quoted.body.status).toBe(true);
    expect((await o.call('adminFancyStatus', { fancy_id: fancyId, status: 'ACTIVE' })).body.status).toBe(
      true,
    );
    const d = (await o.call('adminMatch', { match_id })).body.data as {
      cricket: unknown;
      markets: { market_id: number; fancy: unknown; status: string }[];
    };
    expect(d.cricket).toEqual({ format: 'T20', competition: 'IPL', teams: ['Console XI', 'Test XI'] });
    expect(d.markets.find((k) => k.market_id === fancyId)).toMatchObject({
      status: 'OPEN',
      fancy: {
        variant: 'RUNS',
        status: 'ACTIVE',
        no_line: 45,
        yes_line: 46,
        max_user_stake: 50_000,
        result_max: 999,
      },
    });
    // A bettor takes Yes 46; the risk view lists results 44 … 48 with the house's side.
    const b = await bettor();
    const bet = await b.call('placeFancyBet', {
      match_id,
      fancy_id: fancyId,
      is_yes: '1',
      line: 46,
      rate: 100,
      stack: 1000,
      request_id: nextId(),
    });
    expect(bet.body.status).toBe(true);
    const risk = (await o.call('adminMarketRisk', { market_id: fancyId })).body.data as {
      outcomes: { key: string; bettors: number; house: number }[];
    };
    expect(risk.outcomes.map((x) => x.key)).toEqual(['44', '45', '46', '47', '48']);
    expect(risk.outcomes[0]).toEqual({ key: '44', label: '44', bettors: -1000, house: 1000 });
    expect(risk.outcomes[2]).toEqual({ key: '46', label: '46', bettors: 1000, house: -1000 });
    await invariantsHold();
  });

  it('every kind answers the console through the registry: figures, rates, window preview, dashboard', async () => {
    const o = await op();
    const [cricketSeries] = (
      (await o.call('adminSeries', { sport_id: 4 })).body.data as { rows: { series_id: number }[] }
    ).rows;
    const created = await o.call('adminMatchCreate', {
      series_id: cricketSeries!.series_id,
      match_name: `Seam XI v Kind XI ${nextId()}`.slice(0, 40),
      start_time: new Date(Date.now() + 3_600_000).toISOString(),
      cricket: { format: 'T20', competition: 'IPL', teams: ['Seam XI', 'Kind XI'] },
      market: { kind: 'BOOKMAKER', market_name: 'Bookmaker', runners: ['Seam XI', 'Kind XI'] },
      request_id: nextId(),
    });
    expect(created.body.status).toBe(true);
    const { match_id, market_id: bmId } = created.body.data as { match_id: number; market_id: number };
    const fancy = await o.call('adminMarketCreate', {
      match_id,
      kind: 'FANCY',
      market_name: '6 over runs Seam XI',
      min_stake: 100,
      max_stake: 25_000,
      fancy: {
        variant: 'RUNS',
        event: { kind: 'RUNS_AT_OVER', innings: 1, over: 6 },
        max_user_stake: 50_000,
      },
      request_id: nextId(),
    });
    const fancyId = (fancy.body.data as { market_id: number }).market_id;
    // A fancy has no runners to add; a bookmaker market takes them before its first bet, unquoted.
    expect((await o.call('adminMarketUpdate', { market_id: fancyId, add_runners: ['X'] })).body).toEqual({
      status: false,
      message: `Market ${fancyId} (6 over runs Seam XI) has no runners`,
    });
    expect((await o.call('adminMarketUpdate', { market_id: bmId, add_runners: ['Tie'] })).body.status).toBe(
      true,
    );
    type Detail = {
      markets: {
        market_id: number;
        bets: number;
        matched: number;
        bookmaker: { status: string } | null;
        fancy: { status: string } | null;
        runners: { selection_id: number; name: string; back_rate: number | null; lay_rate: number | null }[];
      }[];
    };
    const marketOf = async (id: number) =>
      ((await o.call('adminMatch', { match_id })).body.data as Detail).markets.find(
        (k) => k.market_id === id,
      )!;
    const bm0 = await marketOf(bmId);
    expect(bm0.runners.map((r) => [r.name, r.back_rate, r.lay_rate])).toEqual([
      ['Seam XI', null, null],
      ['Kind XI', null, null],
      ['Tie', null, null],
    ]);
    expect(bm0.bookmaker).toMatchObject({ status: 'SUSPENDED' });
    expect(bm0.fancy).toBeNull();
    expect((await marketOf(fancyId)).fancy).toMatchObject({ status: 'SUSPENDED' });
    expect((await marketOf(fancyId)).bookmaker).toBeNull();
    const [seam, kind] = bm0.runners;
    const quote = (back: number | null, lay: number | null) =>
      o.call('adminBookmakerQuote', {
        market_id: bmId,
        runners: [
          { selection_id: seam!.selection_id, back_rate: back, lay_rate: lay },
          { selection_id: kind!.selection_id, back_rate: back, lay_rate: lay },
        ],
        request_id: nextId(),
      });
    expect((await quote(85, 88)).body.status).toBe(true);
    expect((await o.call('adminBookmakerStatus', { market_id: bmId, status: 'ACTIVE' })).body.status).toBe(
      true,
    );
    const lastHour = async () =>
      ((await o.call('adminDashboard')).body.data as { last_hour: { bets: number; turnover: number } })
        .last_hour;
    const before = await lastHour();
    const from = new Date(Date.now() - 1_000).toISOString();
    const b = await bettor();
    const bet = await b.call('placeBookmakerBet', {
      match_id,
      market_id: bmId,
      selection_id: seam!.selection_id,
      is_back: '1',
      rate: 85,
      stack: 700,
      request_id: nextId(),
    });
    expect(bet.body.status).toBe(true);
    // The bookmaker's figures: one bet, its whole stake taken; its rates on the runners.
    const bm1 = await marketOf(bmId);
    expect(bm1).toMatchObject({ bets: 1, matched: 700, bookmaker: { status: 'ACTIVE' } });
    expect(bm1.runners.find((r) => r.selection_id === seam!.selection_id)).toMatchObject({
      back_rate: 85,
      lay_rate: 88,
    });
    const after = await lastHour();
    expect(after.bets - before.bets).toBe(1);
    expect(after.turnover - before.turnover).toBeCloseTo(700, 2);
    const preview = await o.call('adminMarketVoidPreview', {
      market_id: bmId,
      from,
      to: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(preview.body.data).toMatchObject({ bets: 1, users: 1, stake: 700 });
    // Once Seam XI's bets are void, the window holds none of them.
    expect(
      (await o.call('adminMarketVoid', { market_id: bmId, selection_id: seam!.selection_id })).body.status,
    ).toBe(true);
    const voided = await o.call('adminMarketVoidPreview', {
      market_id: bmId,
      from,
      to: new Date().toISOString(),
    });
    expect(voided.body.data).toMatchObject({ bets: 0, users: 0, stake: 0 });

    // In play, taking bets, no rate: the dashboard warns; a rate ends it.
    await ctx.app.db.update(markets).set({ inPlay: true }).where(eq(markets.marketId, bmId));
    expect((await quote(null, null)).body.status).toBe(true);
    type Alerts = { alerts: { kind: string; market_id: number | null }[] };
    const alerts = async () => ((await o.call('adminDashboard')).body.data as Alerts).alerts;
    expect(await alerts()).toContainEqual(expect.objectContaining({ kind: 'NO_PRICES', market_id: bmId }));
    expect((await quote(90, 94)).body.status).toBe(true);
    expect((await alerts()).some((a) => a.kind === 'NO_PRICES' && a.market_id === bmId)).toBe(false);

    // A fancy's call on a bookmaker market (a mistyped id) is refused and is no failed settlement;
    // a result refused on the right kind is one.
    const wrong = await o.call('adminFancyResult', { fancy_id: bmId, result: 40 });
    expect(wrong.body.status).toBe(false);
    expect((await alerts()).some((a) => a.kind === 'SETTLEMENT_FAILED' && a.market_id === bmId)).toBe(false);
    const refused = await o.call('adminMarketResult', { market_id: bmId, winners: [999_999] });
    expect(refused.body.status).toBe(false);
    expect(await alerts()).toContainEqual(
      expect.objectContaining({ kind: 'SETTLEMENT_FAILED', market_id: bmId }),
    );
    await invariantsHold();
  });

  it('users: create under a parent, lock and unlock, a temporary password, and their reports as they see them', async () => {
    const o = await op();
    const name = `con${Math.random().toString(36).slice(2, 8)}`;
    const created = await o.call('adminUserCreate', {
      user_name: name,
      password: 'First1234',
      request_id: nextId(),
    });
    expect(created.body).toMatchObject({ status: true, data: { user_name: name } });
    const userId = (created.body.data as { user_id: number }).user_id;
    const u = ctx.api.fork();
    const first = await u.call('login', { user_name: name, password: 'First1234' }, { token: null });
    expect(first.body).toMatchObject({ status: true, data: { is_change_password: '1', parent_id: 1 } });
    u.token = (first.body.data as { token: string }).token;

    await o.call('adminWalletDeposit', {
      user_id: userId,
      amount: 5000,
      request_id: nextId(),
      memo: 'Cash at the counter',
    });
    const row = await o.call('adminUser', { user_id: userId });
    expect(row.body).toMatchObject({
      status: true,
      data: {
        user_id: userId,
        balance: 5000,
        exposure: 0,
        available: 5000,
        lock: 'NONE',
        must_change_password: true,
        parent_name: 'operator',
        live_sessions: 1,
      },
    });
    const list = await o.call('adminUsers', { search: name });
    expect(list.body.data).toMatchObject({ total: 1, rows: [{ user_id: userId, role: 'bettor' }] });

    // Lock: the session ends, logins are refused; unlock: logins work again.
    const locked = await o.call('adminUserLock', {
      user_id: userId,
      locked: true,
      reason: 'KYC',
      request_id: nextId(),
    });
    expect(locked.body).toMatchObject({ status: true, data: { lock: 'LOCKED', live_sessions: 0 } });
    expect((await u.call('getUserBalance')).statusCode).toBe(401);
    const refused = await u.call('login', { user_name: name, password: 'First1234' }, { token: null });
    expect(refused.body).toEqual({
      status: false,
      message: 'This account is locked; please contact support',
    });
    expect(
      ((await o.call('adminUsers', { status: 'locked', search: name })).body.data as { total: number }).total,
    ).toBe(1);
    const unlocked = await o.call('adminUserLock', { user_id: userId, locked: false, request_id: nextId() });
    expect(unlocked.body).toMatchObject({ status: true, data: { lock: 'NONE' } });
    await u.login(name, 'First1234');

    // A temporary password: the session ends, the old password fails, the new one must be changed.
    const reset = await o.call('adminUserResetPassword', {
      user_id: userId,
      new_password: 'Temp5678',
      request_id: nextId(),
    });
    expect(reset.body).toMatchObject({
      status: true,
      data: { must_change_password: true, live_sessions: 0 },
    });
    expect((await u.call('getUserBalance')).statusCode).toBe(401);
    expect(
      (await u.call('login', { user_name: name, password: 'First1234' }, { token: null })).body.status,
    ).toBe(false);
    const temp = await u.call('login', { user_name: name, password: 'Temp5678' }, { token: null });
    expect(temp.body).toMatchObject({ status: true, data: { is_change_password: '1' } });
    u.token = (temp.body.data as { token: string }).token;
    // Nothing but changing it works on the temporary password (issue 29).
    expect((await u.call('getUserBalance')).statusCode).toBe(428);
    const chosen = { master_password: 'Temp5678', new_password: 'Chosen567', confirm_password: 'Chosen567' };
    expect((await u.call('changePassword', chosen)).body.status).toBe(true);
    // Neither call is kept with its password in the audit log.
    const audit = await ctx.app.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.action, 'user/resetPassword'));
    expect(JSON.stringify(audit)).not.toContain('Temp5678');

    // Reports: the operator sees exactly what the user sees.
    const m = await createMarket(ctx.app);
    const other = await bettor();
    await other.call('placeMarketBet', {
      match_id: m.matchId,
      market_id: m.marketId,
      selection_id: m.selectionIds[0],
      is_back: '0',
      odds: 2,
      stack: 300,
      request_id: nextId(),
    });
    await u.call('placeMarketBet', {
      match_id: m.matchId,
      market_id: m.marketId,
      selection_id: m.selectionIds[0],
      is_back: '1',
      odds: 2,
      stack: 300,
      request_id: nextId(),
    });
    await u.call('placeMarketBet', {
      match_id: m.matchId,
      market_id: m.marketId,
      selection_id: m.selectionIds[1],
      is_back: '1',
      odds: 5,
      stack: 100,
      request_id: nextId(),
    });
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const range = { from_date: today, to_date: today, account_type: 'all', page: 1 };
    const own = await u.call('getAccountStatement', range);
    const seen = await o.call('adminUserStatement', { ...range, user_id: userId });
    expect(seen.body).toEqual(own.body);
    expect(JSON.stringify(seen.body)).toContain('Cash at the counter');
    for (const bet_type of ['M', 'U'] as const) {
      expect((await o.call('adminUserCurrentBets', { user_id: userId, bet_type })).body).toEqual(
        (await u.call('getCurrentBets', { bet_type })).body,
      );
    }
    const myMarket = await u.call('getExposureDetail');
    expect((await o.call('adminUserExposure', { user_id: userId })).body).toEqual(myMarket.body);
    expect((myMarket.body.data as { data: unknown[] }).data).toHaveLength(1);
    await o.call('adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[0]] });
    const hist = { from_date: today, to_date: today, result: 'all', page: 1 };
    expect((await o.call('adminUserBetHistory', { ...hist, user_id: userId })).body).toEqual(
      (await u.call('getBetHistory', hist)).body,
    );
    // Operators are not changed from the console.
    const opRow = await o.call('adminUserResetPassword', { user_id: 1, new_password: 'Another123' });
    expect(opRow.body).toEqual({ status: false, message: 'You cannot do this to your own account' });
    await invariantsHold();
  });

  /** The global settings as a bettor's page reads them (no session). */
  const pub = async () =>
    (await ctx.api.fork().call('getGlobalSetting', undefined, { token: null })).body.data as Record<
      string,
      unknown
    >;

  it('settings: the 24X7 Support contact is the operator’s (kept when a save leaves it out)', async () => {
    const o = await op();
    const before = await pub();
    const original = Object.fromEntries(Object.keys(SETTINGS).map((k) => [k, before[k]]));
    const saved = await o.call('adminSettingsSave', {
      ...original,
      support_channel: 'TELEGRAM',
      support_contact: '@backlay_help',
    });
    expect(saved.body.status).toBe(true);
    expect(await pub()).toMatchObject({ support_channel: 'TELEGRAM', support_contact: '@backlay_help' });
    expect((await o.call('adminSettingsSave', original)).body.status).toBe(true);
    expect(await pub()).toMatchObject({ support_channel: 'TELEGRAM', support_contact: '@backlay_help' });
    await o.call('adminSettingsSave', {
      ...original,
      support_channel: before.support_channel,
      support_contact: before.support_contact,
    });
  });

  it('settings: 24X7 Support on every channel set; the first is the pair older clients read (issue 47)', async () => {
    const o = await op();
    const before = await pub();
    const original = Object.fromEntries(Object.keys(SETTINGS).map((k) => [k, before[k]]));
    const four = {
      support_whatsapp: '+919876543210',
      support_telegram: '',
      support_phone: '',
      support_email: 'help@site.example',
    };
    expect((await o.call('adminSettingsSave', { ...original, ...four })).body.status).toBe(true);
    expect(await pub()).toMatchObject({
      ...four,
      support_channel: 'WHATSAPP',
      support_contact: '+919876543210',
    });
    // A contact that is not its channel's is refused with the field named, and nothing changes.
    const bad = await o.call('adminSettingsSave', { ...original, ...four, support_telegram: 'x y' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('support_telegram must be a Telegram user name');
    expect(await pub()).toMatchObject(four);
    // The one channel of an older console still saves, as that one channel.
    await o.call('adminSettingsSave', {
      ...original,
      support_channel: before.support_channel,
      support_contact: before.support_contact,
    });
    expect(await pub()).toMatchObject({
      support_channel: before.support_channel,
      support_whatsapp: before.support_channel === 'WHATSAPP' ? before.support_contact : '',
      support_email: before.support_channel === 'EMAIL' ? before.support_contact : '',
    });
  });

  it('settings: saved at once for bettors; images uploaded, checked, kept once and served for good', async () => {
    const o = await op();
    const before = (await ctx.api.fork().call('getGlobalSetting', undefined, { token: null })).body
      .data as Record<string, string>;
    const original = Object.fromEntries(Object.keys(SETTINGS).map((k) => [k, before[k]]));
    const up = await o.call('adminSettingsUpload', {
      field: 'logo',
      content_type: 'image/png',
      data_base64: PNG_1PX,
      request_id: nextId(),
    });
    expect(up.body).toMatchObject({
      status: true,
      data: { field: 'logo', content_type: 'image/png', bytes: 70 },
    });
    const url = (up.body.data as { url: string }).url;
    expect(url).toMatch(/^\/api\/upload\/store\/[0-9a-f]{64}\.png$/);
    const again = await o.call('adminSettingsUpload', {
      field: 'favicon',
      content_type: 'image/png',
      data_base64: PNG_1PX,
    });
    expect((again.body.data as { url: string }).url).toBe(url);
    const img = await ctx.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(img.rawPayload.equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: url.replace('.png', '.gif') })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/upload/store/..%2f..%2fetc' })).statusCode).toBe(
      404,
    );
    // The audit keeps what was uploaded, not the file.
    const [row] = await ctx.app.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.action, 'settings/upload'));
    expect(JSON.stringify(row!.request)).not.toContain(PNG_1PX.slice(0, 20));

    const saved = await o.call('adminSettingsSave', {
      ...SETTINGS,
      site_message: 'Cup final tonight: markets open at 18:00',
      logo: url,
      request_id: nextId(),
    });
    expect(saved.body).toMatchObject({
      status: true,
      data: { site_message: 'Cup final tonight: markets open at 18:00', logo: url },
    });
    const pub = await ctx.api.fork().call('getGlobalSetting', undefined, { token: null });
    expect(pub.body.data).toMatchObject({
      site_message: 'Cup final tonight: markets open at 18:00',
      logo: url,
      whatsapp_link: SETTINGS.whatsapp_link,
    });
    // Back as they were (later tests rely on the demo's payment gateway being on).
    const restored = await o.call('adminSettingsSave', original);
    expect(restored.body.status).toBe(true);
  });

  it('audit: every change is listed newest first, searchable and filterable; reads of one user are audited too', async () => {
    const o = await op();
    const { market_id } = await newMatch();
    await o.call('adminMarketStatus', { market_id, status: 'OPEN', request_id: nextId('audit') });
    await o.call('adminMarketStatus', { market_id, status: 'BOGUS' });
    const refusedCall = await o.call('adminMarketUpdate', { market_id, min_stake: 999 });
    expect(refusedCall.body.status).toBe(false);
    const byAction = await o.call('adminAudit', { action: 'market/update', outcome: 'refused' });
    const rows = (
      byAction.body.data as {
        rows: {
          action: string;
          ok: boolean;
          message: string;
          operator_name: string;
          request: { market_id: number };
        }[];
      }
    ).rows;
    expect(rows[0]).toMatchObject({
      action: 'market/update',
      ok: false,
      message: 'Suspend the market before changing its terms or runners',
      operator_name: 'operator',
      request: { market_id },
    });
    const search = await o.call('adminAudit', { search: String(market_id) });
    const found = (search.body.data as { rows: { action: string }[]; total: number }).rows.map(
      (r) => r.action,
    );
    expect(found).toEqual(expect.arrayContaining(['market/update', 'market/status', 'match/create']));
    const okOnly = await o.call('adminAudit', { outcome: 'ok', action: 'market/status' });
    expect((okOnly.body.data as { rows: { ok: boolean }[] }).rows.every((r) => r.ok)).toBe(true);
    const future = await o.call('adminAudit', { from: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.body.data).toMatchObject({ total: 0, rows: [] });
  });

  it('dashboard: bettors online, the last hour, the house today, markets by status, the ledger check and alerts', async () => {
    const o = await op();
    const b = await bettor();
    await b.call('getUserBalance');
    // last_seen_at is written after the answer: wait for it.
    await expect
      .poll(
        async () =>
          (await ctx.app.db.select().from(sessions).where(eq(sessions.userId, b.userId)))[0]?.lastSeenAt,
      )
      .toBeTruthy();
    await o.call('adminLedgerCheck');
    // A market in play without prices raises an alert.
    const quiet = await createMarket(ctx.app, { inPlay: true });
    const r = await o.call('adminDashboard');
    expect(r.body.status).toBe(true);
    const d = r.body.data as {
      bettors_online: number;
      bettors_signed_in: number;
      bettors_total: number;
      last_hour: { bets: number; turnover: number };
      house_today: { profit_loss: number; commission: number; net: number };
      markets: Record<string, number>;
      ledger: { ok: boolean; operator: string } | null;
      alerts: { kind: string; market_id: number | null }[];
    };
    expect(d.bettors_online).toBeGreaterThanOrEqual(1);
    expect(d.bettors_signed_in).toBeGreaterThanOrEqual(d.bettors_online);
    expect(d.bettors_total).toBeGreaterThanOrEqual(d.bettors_signed_in);
    // Earlier tests placed and settled bets today: the last hour and the house show them.
    expect(d.last_hour.bets).toBeGreaterThan(0);
    expect(d.last_hour.turnover).toBeGreaterThan(0);
    expect(d.house_today.commission).toBeGreaterThan(0);
    expect(d.house_today.net).toBeCloseTo(d.house_today.profit_loss + d.house_today.commission, 2);
    expect(d.markets.OPEN).toBeGreaterThan(0);
    expect(d.ledger).toMatchObject({ ok: true, operator: 'operator' });
    expect(d.alerts).toContainEqual(
      expect.objectContaining({ kind: 'NO_PRICES', market_id: quiet.marketId }),
    );
    // Closing it ends that alert.
    await o.call('adminMarketStatus', { market_id: quiet.marketId, status: 'SUSPENDED' });
    const after = (await o.call('adminDashboard')).body.data as typeof d;
    expect(after.alerts.some((a) => a.kind === 'NO_PRICES' && a.market_id === quiet.marketId)).toBe(false);
  });

  it('a refused settlement is an alert until the market is settled', async () => {
    const o = await op();
    const { market_id } = await newMatch();
    const r = await o.call('adminMarketResult', { market_id, winners: [999_999] });
    expect(r.body.status).toBe(false);
    const d = (await o.call('adminDashboard')).body.data as {
      alerts: { kind: string; market_id: number | null }[];
    };
    expect(d.alerts).toContainEqual(expect.objectContaining({ kind: 'SETTLEMENT_FAILED', market_id }));
    await o.call('adminMarketVoid', { market_id });
    const after = (await o.call('adminDashboard')).body.data as typeof d;
    expect(after.alerts.some((a) => a.kind === 'SETTLEMENT_FAILED' && a.market_id === market_id)).toBe(false);
  });

  it('payments: the request queue is paged and filtered on the server', async () => {
    const o = await op();
    const [operatorRow] = await ctx.app.db.select().from(users).where(eq(users.userName, 'operator'));
    const userName = `payq${Math.random().toString(36).slice(2, 8)}`;
    const userId = await ctx.app.account.createUser({
      userName,
      password: 'secret1234',
      parentId: operatorRow!.userId,
      isSignupUser: true,
    });
    const u = ctx.api.fork();
    await u.login(userName, 'secret1234');
    const methods = (await u.call('getPaymentMethods')).body.data as { methods: { method_id: number }[] };
    for (const amount of [500, 600, 700]) {
      const d = await u.call('requestDeposit', {
        amount,
        method_id: methods.methods[0]!.method_id,
        reference: `UTR${amount}${Math.random().toString(36).slice(2, 8)}`.toUpperCase(),
        request_id: nextId('dep'),
      });
      expect(d.body.status, d.body.message).toBe(true);
    }
    const page1 = await o.call('adminPayments', { user_id: userId, status: 'PENDING', limit: 2, page: 1 });
    expect(page1.body).toMatchObject({ status: true, data: { page: 1, page_size: 2, total: 3 } });
    const rows1 = (page1.body.data as { rows: { amount: number; user_name: string }[] }).rows;
    expect(rows1.map((r) => r.amount)).toEqual([700, 600]);
    const page2 = await o.call('adminPayments', { user_id: userId, status: 'PENDING', limit: 2, page: 2 });
    expect((page2.body.data as { rows: { amount: number }[] }).rows.map((r) => r.amount)).toEqual([500]);
    const none = await o.call('adminPayments', { user_id: userId, type: 'WITHDRAW' });
    expect(none.body.data).toMatchObject({ rows: [], total: 0 });
    const bad = await o.call('adminPayments', { page: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe('page: page must be 1 or more');
  });
});
