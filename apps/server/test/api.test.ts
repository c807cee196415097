import {
  DEFAULT_BUTTON_VALUES,
  endpoints,
  globalSetting,
  MAIN_ODDS_LIST_MAX,
  type EndpointName,
  type Match,
  type SearchGroup,
  type SeriesHeaderEntry,
  type VenueEntry,
} from '@backlay/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeStores } from './helpers/stores.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';

const istDate = (iso: string) =>
  new Date(new Date(iso).getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);

/** A valid payload for every POST call (GET calls send none). */
const VALID: Partial<Record<EndpointName, unknown>> = {
  login: { user_name: 'demo', password: 'demo1234' },
  logout: { user_id: 2, token: '' },
  changePassword: {
    master_password: 'demo1234',
    new_password: 'another123',
    confirm_password: 'another123',
  },
  setButtonValue: [{ button_name: '1k', button_value: 1000, type: 'Game' }],
  getSports: {},
  getSeriesHeader: { is_sidebar_call: 1 },
  getSeries: { sport_id: 4, is_active: 1 },
  getMatches: { sport_id: 4, is_active: 1 },
  searchByMatchNameHeader: { search: 'india' },
  getMatchVenueListByCountryCodeSportId: { country: 'GB', date: '2026-01-01', sport_id: 7 },
};

const protectedCalls = (Object.keys(endpoints) as EndpointName[]).filter(
  (n) => endpoints[n].access !== 'public',
);
// The gateway's webhook is called by another server, with no cookie: it is exempt from the CSRF
// check by design and guarded by its signature instead (payments.test.ts).
// Calls made by another server, authenticated by their signature (providers.test.ts and
// payments.test.ts send them with no cookie and no CSRF header, as the caller does).
const CSRF_EXEMPT: ReadonlySet<EndpointName> = new Set([
  'paymentWebhook',
  'providerAuthenticate',
  'providerBalance',
  'providerDebit',
  'providerCredit',
  'providerRollback',
]);
// A call with a bearer token is exempt too (no browser sends an Authorization header by itself):
// the check guards the POST calls made without one (bearer-csrf.test.ts has both sides).
const postCallsWithoutToken = (Object.keys(endpoints) as EndpointName[]).filter(
  (n) => endpoints[n].method === 'POST' && endpoints[n].access === 'public' && !CSRF_EXEMPT.has(n),
);

describeStores('every call', (ctx) => {
  beforeAll(async () => {
    await ctx.api.login('demo', 'demo1234');
  });

  it('getGlobalSetting is public and carries every field of spec §3', async () => {
    const r = await ctx.api.call('getGlobalSetting', undefined, { token: null });
    expect(r.statusCode).toBe(200);
    expect(r.body.status).toBe(true);
    const s = globalSetting.parse(r.body.data);
    expect(s.payment_gateway).toBe('1');
    expect(s.site_message.length).toBeGreaterThan(0);
    expect(s.fb_link).toMatch(/^https:/);
    for (const image of [s.logo, s.welcome_banner, s.favicon]) {
      expect(image).toMatch(/^\/api\/upload\/image\/.+\.svg$/);
      const img = await ctx.app.inject({ method: 'GET', url: image });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toContain('image/svg+xml');
    }
  });

  it('login returns the user info of spec §3', async () => {
    const r = await ctx.api.call('login', { user_name: 'demo', password: 'demo1234' }, { token: null });
    expect(r.statusCode).toBe(200);
    expect(r.body).toMatchObject({
      status: true,
      data: { user_name: 'demo', is_change_password: '0', is_signup_user: '1' },
    });
    const data = r.body.data as { token: string; parent_id: number };
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.parent_id).toBeGreaterThan(0);
    const newbie = await ctx.api.call(
      'login',
      { user_name: 'NEWBIE', password: 'newbie123' },
      { token: null },
    );
    expect(newbie.body.data).toMatchObject({ user_name: 'newbie', is_change_password: '1' });
    const op = await ctx.api.call(
      'login',
      { user_name: 'operator', password: 'operator123' },
      { token: null },
    );
    expect(op.body.data).toMatchObject({ parent_id: -1 });
    // The operator is the parent of both bettors.
    expect(data.parent_id).toBe((op.body.data as { user_id: number }).user_id);
  });

  it('getUserBalance: ₹1,00,000.00 and no liability', async () => {
    const r = await ctx.api.call('getUserBalance');
    expect(r.body).toEqual({ status: true, data: { total_balance: 100000, liability: 0 } });
    await expectLedgerBalanced(ctx.app);
  });

  it('getButtonValue: the default Game and Casino rows', async () => {
    const r = await ctx.api.call('getButtonValue');
    const rows = r.body.data as { button_value: number; type: string; button_name: string }[];
    expect(rows.filter((b) => b.type === 'Game').map((b) => b.button_value)).toEqual(
      DEFAULT_BUTTON_VALUES.Game,
    );
    expect(rows.filter((b) => b.type === 'Casino').map((b) => b.button_value)).toEqual(
      DEFAULT_BUTTON_VALUES.Casino,
    );
    expect(rows[0]!.button_name).toBe('100');
  });

  it('setButtonValue replaces only the types present, and says so', async () => {
    const api = ctx.api.fork();
    await api.login('operator', 'operator123');
    const rows = [
      { button_name: 'Small', button_value: 50, type: 'Casino' },
      { button_name: 'Big', button_value: '2500', type: 'Casino' },
    ];
    const r = await api.call('setButtonValue', rows);
    expect(r.statusCode).toBe(200);
    expect(r.body.status).toBe(true);
    expect(r.body.message).toBe('Button values updated');
    const after = (await api.call('getButtonValue')).body.data as { type: string; button_value: number }[];
    expect(after.filter((b) => b.type === 'Casino')).toEqual([
      { button_name: 'Small', button_value: 50, type: 'Casino' },
      { button_name: 'Big', button_value: 2500, type: 'Casino' },
    ]);
    expect(after.filter((b) => b.type === 'Game')).toHaveLength(DEFAULT_BUTTON_VALUES.Game.length);
  });

  it('getSports lists the spec ids, cricket first, with -17 and -1 present for the client to exclude', async () => {
    const r = await ctx.api.call('getSports', {});
    const sports = r.body.data as { sport_id: number; name: string; order: number }[];
    expect(sports.map((s) => s.sport_id)).toEqual([4, 1, 2, 7, 4339, 998917, 7522, 2378961, -17, -1]);
    expect(sports.find((s) => s.sport_id === 4339)?.name).toBe('Greyhound Racing');
    const one = await ctx.api.call('getSports', { sport_id: '7', is_active: '1' });
    expect(one.body.data).toEqual([{ sport_id: 7, name: 'Horse Racing', is_active: 1, order: 4 }]);
  });

  it('getSeries and getMatches: cricket series with matches and their markets', async () => {
    const series = (await ctx.api.call('getSeries', { sport_id: 4, is_active: 1 })).body.data as {
      series_id: number;
      sport_id: number;
    }[];
    expect(series.length).toBeGreaterThanOrEqual(2);
    expect(series.every((s) => s.sport_id === 4)).toBe(true);
    const r = await ctx.api.call('getMatches', {
      sport_id: 4,
      series_id: series[0]!.series_id,
      is_active: 1,
    });
    const matches = r.body.data as Match[];
    expect(matches.length).toBeGreaterThan(0);
    for (const m of matches) {
      expect(m.series_id).toBe(series[0]!.series_id);
      expect(m.sport_name).toBe('Cricket');
      expect(m.markets[0]).toMatchObject({ market_type: 'MATCH_ODDS', status: 'OPEN' });
      expect(m.markets[0]!.market_start_time).toBe(m.match_Date);
    }
    const times = matches.map((m) => m.match_Date);
    expect([...times].sort()).toEqual(times);
    // Some in play, some later.
    const all = (await ctx.api.call('getMatches', { is_active: 1 })).body.data as Match[];
    expect(all.some((m) => m.in_play)).toBe(true);
    expect(all.some((m) => !m.in_play && new Date(m.match_Date) > new Date())).toBe(true);
    expect(
      all.filter((m) => new Date(m.match_Date).getTime() > Date.now() + 24 * 3_600_000).length,
    ).toBeGreaterThan(0);
  });

  it('getMatches brief: the same matches with their main market only, and no odds for a race', async () => {
    const full = (await ctx.api.call('getMatches', { is_active: 1 })).body.data as Match[];
    const r = await ctx.api.call('getMatches', { is_active: 1, brief: 1 });
    expect(r.body.status).toBe(true);
    const brief = r.body.data as Match[];
    expect(brief.map((m) => m.match_id)).toEqual(full.map((m) => m.match_id));
    expect(JSON.stringify(brief).length).toBeLessThan(JSON.stringify(full).length / 2);
    for (const [i, m] of brief.entries()) {
      const f = full[i]!;
      const { markets, main_odds, ...rest } = m;
      const { markets: fullMarkets, main_odds: fullOdds, ...fullRest } = f;
      expect(rest).toEqual(fullRest);
      // The main market: the one whose runners main_odds lists (the first one when none is main).
      expect(markets).toHaveLength(fullMarkets.length > 0 ? 1 : 0);
      if (fullMarkets.length > 0) expect(fullMarkets).toContainEqual(markets[0]);
      if (fullOdds!.length > MAIN_ODDS_LIST_MAX) expect(main_odds).toBeUndefined();
      else expect(main_odds?.map((o) => o.selection_id)).toEqual(fullOdds!.map((o) => o.selection_id));
    }
    // Cricket and football show their odds; the day's races (4 to 20 runners) show none.
    expect(brief.some((m) => m.sport_id === 4 && m.main_odds?.length === 2)).toBe(true);
    expect(brief.some((m) => m.sport_id === 7 && m.main_odds === undefined)).toBe(true);
    expect(full.some((m) => m.markets.length > 1)).toBe(true);
  });

  it('every demo match has a market with runners fitting its sport', async () => {
    const all = (await ctx.api.call('getMatches', {})).body.data as Match[];
    const { runners, markets } = await import('../src/modules/markets/schema.ts');
    const rows = await ctx.app.db.select().from(runners);
    const marketRows = await ctx.app.db.select().from(markets);
    for (const m of all) {
      expect(m.markets.length).toBeGreaterThanOrEqual(1);
      const mk = marketRows.find((x) => x.marketId === m.markets[0]!.market_id)!;
      expect(mk.commissionBps).toBe(200);
      const names = rows.filter((r) => r.marketId === mk.marketId).map((r) => r.name);
      if (m.sport_id === 1) expect(names).toContain('The Draw');
      // Racing cards (docs/racing.md): horses from a 4-runner novice race to a 20-runner handicap,
      // greyhounds six traps.
      if (m.sport_id === 7) {
        expect(names.length).toBeGreaterThanOrEqual(4);
        expect(names.length).toBeLessThanOrEqual(20);
      } else if (m.sport_id === 4339) expect(names).toHaveLength(6);
      else if (m.sport_id !== 1 && m.sport_id !== 2378961) expect(names).toHaveLength(2);
    }
  });

  it('getSeriesHeader: 1 without matches, 2 with matches', async () => {
    const header = (await ctx.api.call('getSeriesHeader', { is_sidebar_call: 1 })).body
      .data as SeriesHeaderEntry[];
    expect(header[0]!.sport_id).toBe(4);
    expect(header.flatMap((s) => s.series).every((s) => s.matches === undefined)).toBe(true);
    const sidebar = (await ctx.api.call('getSeriesHeader', { is_sidebar_call: '2' })).body
      .data as SeriesHeaderEntry[];
    const football = sidebar.find((s) => s.sport_id === 1)!;
    expect(football.series.length).toBeGreaterThan(0);
    expect(football.series[0]!.matches!.length).toBeGreaterThan(0);
  });

  it('a POST without a body is an empty payload', async () => {
    const r = await ctx.api.raw('POST', '/api/sport/getSports');
    expect(r.statusCode).toBe(200);
    expect((r.body.data as unknown[]).length).toBe(10);
  });

  it('getCupsForMenu and getCasinoSport', async () => {
    const cups = (await ctx.api.call('getCupsForMenu')).body.data as { name: string }[];
    expect(cups.length).toBeGreaterThan(0);
    const casino = (await ctx.api.call('getCasinoSport')).body.data as {
      sport_id: string;
      category: string;
    }[];
    expect(casino).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sport_id: 'ourcasino', category: 'indian' }),
        expect.objectContaining({ sport_id: 'virtual', category: 'indian' }),
        expect.objectContaining({ sport_id: 'worldcasino', category: 'world' }),
      ]),
    );
  });

  it('searchByMatchNameHeader: case-insensitive, grouped by sport, empty search → empty list', async () => {
    const r = await ctx.api.call('searchByMatchNameHeader', { search: 'REAL madrid' });
    const groups = r.body.data as SearchGroup[];
    expect(groups.map((g) => g.sport_name).sort()).toEqual(['Basketball', 'Football']);
    expect(groups.flatMap((g) => g.matches).every((m) => /real madrid/i.test(m.match_name))).toBe(true);
    expect((await ctx.api.call('searchByMatchNameHeader', { search: '   ' })).body.data).toEqual([]);
    expect((await ctx.api.call('searchByMatchNameHeader', { search: '%' })).body.data).toEqual([]);
    // A one-letter search is capped at 50 matches.
    const many = (await ctx.api.call('searchByMatchNameHeader', { search: 'r' })).body.data as SearchGroup[];
    const count = many.reduce((n, g) => n + g.matches.length, 0);
    expect(count).toBe(50);
  });

  it('getExposureDetail: data.data is an empty list until bets exist', async () => {
    const r = await ctx.api.call('getExposureDetail');
    expect(r.body).toEqual({ status: true, data: { data: [] } });
  });

  it('getMatchVenueListByCountryCodeSportId: races in at least three countries, grouped by venue', async () => {
    // The race day (UTC+5:30) with the most countries: the day after today always has them all.
    const all = (await ctx.api.call('getMatches', { sport_id: 7 })).body.data as Match[];
    const countries = new Map<string, Set<string | null>>();
    for (const m of all)
      countries.set(
        istDate(m.match_Date),
        (countries.get(istDate(m.match_Date)) ?? new Set()).add(m.country),
      );
    const day = [...countries.entries()].sort((a, b) => b[1].size - a[1].size)[0]![0];
    const r = await ctx.api.call('getMatchVenueListByCountryCodeSportId', {
      country: '',
      date: day,
      sport_id: 7,
    });
    const venues = r.body.data as VenueEntry[];
    expect(new Set(venues.map((v) => v.country)).size).toBeGreaterThanOrEqual(3);
    for (const v of venues) {
      expect(v.races.length).toBeGreaterThan(0);
      for (const race of v.races) {
        expect(istDate(race.time)).toBe(day);
        expect(race.country).toBe(v.country);
      }
    }
    const gb = await ctx.api.call('getMatchVenueListByCountryCodeSportId', {
      country: 'gb',
      date: day,
      sport_id: 7,
    });
    expect((gb.body.data as VenueEntry[]).every((v) => v.country === 'GB')).toBe(true);
    const dogs = await ctx.api.call('getMatchVenueListByCountryCodeSportId', {
      country: '',
      date: day,
      sport_id: 4339,
    });
    expect((dogs.body.data as VenueEntry[]).length).toBeGreaterThan(0);
  });

  it('logout revokes the token', async () => {
    const api = ctx.api.fork();
    const token = await api.login('demo', 'demo1234');
    const me = (await api.call('login', VALID.login, { token: null })).body.data as { user_id: number };
    const r = await api.call('logout', { user_id: me.user_id, token });
    expect(r.body).toMatchObject({ status: true, message: 'Logged out' });
    expect((await api.call('getUserBalance')).statusCode).toBe(401);
  });

  it.each(protectedCalls)('%s without a token → 401', async (name) => {
    const r = await ctx.api.call(name, VALID[name], { token: null });
    expect(r.statusCode).toBe(401);
    expect(r.body.status).toBe(false);
    expect(r.body.message).toBeTruthy();
  });

  it.each(protectedCalls)('%s with a made-up token → 401', async (name) => {
    const r = await ctx.api.call(name, VALID[name], { token: 'A'.repeat(43) });
    expect(r.statusCode).toBe(401);
  });

  it.each(postCallsWithoutToken)('%s without the CSRF header → 403', async (name) => {
    const r = await ctx.api.call(name, VALID[name], { csrf: false, token: null });
    expect(r.statusCode).toBe(403);
    expect(r.body).toMatchObject({ status: false });
  });

  it('a CSRF header that differs from the cookie → 403', async () => {
    const r = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: {
        cookie: 'XSRF-TOKEN=one',
        'x-xsrf-token': 'two',
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(r.statusCode).toBe(403);
  });

  it('sets a readable XSRF-TOKEN cookie on a response that lacks it', async () => {
    const r = await ctx.app.inject({ method: 'GET', url: '/api/globalSetting/getGlobalSetting' });
    const cookie = r.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    // Not set again when the request has it.
    const again = await ctx.api.call('getGlobalSetting');
    expect(again.res.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('unknown routes → 404 JSON envelope', async () => {
    for (const url of ['/api/nope', '/api/user/getUserBalance/extra', '/nothing-here']) {
      const r = await ctx.api.raw('GET', url);
      expect(r.statusCode).toBe(404);
      expect(r.body).toMatchObject({ status: false });
    }
    // A known path asked with another method is not "not found": 405, naming the method it takes.
    const wrongMethod = await ctx.api.raw('GET', '/api/user/login');
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.res.headers.allow).toBe('POST');
    expect(wrongMethod.body).toMatchObject({ status: false });
  });

  it('malformed JSON, wrong content type, empty and huge bodies → 4xx, never 500', async () => {
    const cases = [
      { rawBody: '{"search": ', contentType: 'application/json', status: 400 },
      { rawBody: '', contentType: 'application/json', status: 400 },
      { rawBody: 'search=x', contentType: 'application/x-www-form-urlencoded', status: 415 },
      { rawBody: '<xml/>', contentType: 'application/xml', status: 415 },
      { rawBody: 'hello', contentType: 'text/plain', status: 400 },
      { rawBody: '{"__proto__": {"x": 1}, "search": "a"}', contentType: 'application/json', status: 400 },
      {
        rawBody: JSON.stringify({ search: 'x'.repeat(200_000) }),
        contentType: 'application/json',
        status: 413,
      },
      { rawBody: 'null', contentType: 'application/json', status: 400 },
      { rawBody: '[]', contentType: 'application/json', status: 400 },
    ];
    for (const c of cases) {
      const r = await ctx.api.call('searchByMatchNameHeader', undefined, c);
      expect({ body: c.rawBody.slice(0, 30), status: r.statusCode }).toEqual({
        body: c.rawBody.slice(0, 30),
        status: c.status,
      });
      expect(r.body.status).toBe(false);
      expect(r.body.message).toBeTruthy();
    }
  });

  it('healthz checks the store', async () => {
    const r = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      status: true,
      data: { store: ctx.store, degraded: [], parts: { store: 'ok', redis: 'off', bus: 'off' } },
    });
  });

  it('security headers: a CSP that lets the SPA load its own assets and inline styles', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('security headers: an answer that is not a page lets nothing run or frame it, without the page-only headers', async () => {
    for (const url of [
      '/api/globalSetting/getGlobalSetting',
      '/manifest.webmanifest',
      '/api/upload/image/logo.svg',
    ]) {
      const r = await ctx.app.inject({ method: 'GET', url });
      expect(r.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(r.headers['x-content-type-options'], url).toBe('nosniff');
      expect(r.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      for (const h of [
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
      ])
        expect(r.headers[h], `${url} ${h}`).toBeUndefined();
    }
    // The service worker runs under its script's CSP: the page's, so it may fetch the app's files.
    const worker = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(String(worker.headers['content-security-policy'])).toContain("connect-src 'self'");
    const r = await ctx.api.call('getGlobalSetting');
    expect(r.res.headers['cache-control']).toBe('no-store');
    expect(r.res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the ledger still balances', async () => {
    await expectLedgerBalanced(ctx.app);
  });
});
