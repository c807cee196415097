// Bad input (issue 10): every call of the contract's endpoint table, signed in as a bettor and as an
// operator, gets hostile payloads — the body missing or of the wrong shape, each field in turn left
// out or replaced by a wrong type, a huge, negative, zero or fractional number, a NaN-like string,
// a very long string, a NUL or another control character, an unknown id, extra fields. The rule
// of the product: the answer is a 4xx naming what is wrong or a 200 with status:false and a
// readable message (a harmless read may answer status:true), never a 5xx; and nothing that
// matters moves: the ledger check is clean and nobody's balance or liability changed.
//
// The bettor who sweeps has no money, so no bet of theirs can be taken whatever a field holds;
// another bettor holds open bets of every kind, and their money is checked before and after.
// The operator's calls that settle or re-quote aim at a match of their own with no bets on it.
// The two sweeps (some 3,000 calls each) run on one store (ONE_STORE): what they guard is the
// contract's and the handlers' refusals, the same SQL on either; the rest of the file runs on both.
import { endpoints, type CricketDetail, type Endpoint, type EndpointName } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { users } from '../src/modules/account/schema.ts';
import { bookmakerBets } from '../src/modules/bookmaker/schema.ts';
import { matches } from '../src/modules/catalog/schema.ts';
import { bets } from '../src/modules/exchange/schema.ts';
import { fancyBets } from '../src/modules/fancy/schema.ts';
import { exposureHolds, ledgerAccounts, transfers } from '../src/modules/wallet/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { setUpCricketMatch } from '../src/seed/cricket-match.ts';
import { Api } from './helpers/api.ts';
import { openRound, termOf } from './helpers/casino.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { describeStores, ONE_STORE, type StoreContext } from './helpers/stores.ts';

/** A field left out (not the same as null). */
const MISSING = Symbol('missing');

/** What each field is replaced by in turn. */
const HOSTILE: [label: string, value: unknown][] = [
  ['missing', MISSING],
  ['null', null],
  ['true', true],
  ['{}', {}],
  ['[]', []],
  ['[1]', [1]],
  ['""', ''],
  ['"   "', '   '],
  ['"abc"', 'abc'],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['"1e309"', '1e309'],
  ['"-1"', '-1'],
  ['"0x1F"', '0x1F'],
  ['0', 0],
  ['-1', -1],
  ['1.5', 1.5],
  ['0.001', 0.001],
  ['999999999', 999_999_999],
  ['2^31', 2 ** 31],
  ['2^53 + 2', 2 ** 53 + 2],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['5e-324', 5e-324],
  ['a long string', 'x'.repeat(10_000)],
  ['NUL', '\u0000'],
  ['a NUL inside', 'ab\u0000cd'],
  ['ESC', '\u001b[2J'],
  ['a lone surrogate', '\ud800'],
  ['SQL', "' or 1=1; --"],
  ['LIKE wildcards', '%_\\'],
];

/** The strings that must be refused wherever a string goes (a 400 naming the field). */
const CONTROL_STRINGS = new Set<unknown>(['\u0000', 'ab\u0000cd', '\u001b[2J']);

/** Whole payloads, as raw text, instead of the body. */
const RAW_BODIES = [
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '12',
  '{"a": NaN}',
  '{"__proto__": {"polluted": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
];

/**
 * Calls that must refuse every payload of the sweep: the sweeping bettor has no money, the login
 * and the master password are wrong, the wallet calls name an unknown user, the bet to cancel is
 * someone else's. Any other call may answer status:true (a read, or the operator's call on its own
 * match) — what it may not do is move money, which the last test checks.
 */
const MUST_REFUSE = new Set<EndpointName>([
  'login',
  'changePassword',
  'placeMarketBet',
  'cancelBet',
  'placeBookmakerBet',
  'placeFancyBet',
  'placeCasinoBet',
  'adminWalletDeposit',
  'adminWalletWithdraw',
]);

type Path = (string | number)[];

/** Every node under the root (fields, array elements and what they hold), parents first. */
function paths(value: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) {
    value.forEach((v, i) => out.push([...prefix, i], ...paths(v, [...prefix, i])));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push([...prefix, k], ...paths(v, [...prefix, k]));
  }
  return out;
}

/** A copy of `base` with the node at `path` replaced (or left out). */
function replaced(base: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value !== MISSING) node[last] = value;
  else if (Array.isArray(node)) node.splice(last as number, 1);
  else delete node[last];
  return copy;
}

/** `runners[0].back_rate`, as the server names a field. */
const fieldName = (path: Path) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${p}`)).join('');

type Def = {
  type: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  innerType?: unknown;
  in?: unknown;
  options?: unknown[];
  entries?: Record<string, string>;
  values?: unknown[];
  items?: unknown[];
  format?: string;
  getter?: () => unknown;
};

/**
 * A payload that fits a request schema, for a call without a hand-written one below (a call added
 * to the contract later is swept too): every optional field present, ids unknown, the first choice
 * of each enum.
 */
function synthesize(schema: unknown): unknown {
  const def = (schema as { _zod: { def: Def } })._zod.def;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape!).map(([k, v]) => [k, synthesize(v)]));
    case 'array':
      return [synthesize(def.element)];
    case 'tuple':
      return def.items!.map(synthesize);
    case 'union':
      return synthesize(def.options![0]);
    case 'pipe':
      return synthesize(def.in);
    case 'lazy':
      return synthesize(def.getter!());
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'literal':
      return def.values![0];
    case 'number':
      return 999_999_999;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      if (def.format === 'datetime') return new Date().toISOString();
      if (def.format === 'date') return new Date().toISOString().slice(0, 10);
      if (def.format === 'email') return 'nobody@example.com';
      return 'abc';
    default:
      return def.innerType ? synthesize(def.innerType) : 'abc';
  }
}

const GENERIC_500 = 'Something went wrong on our side; please try again';

type Fixture = Awaited<ReturnType<typeof makeFixture>>;

let made = 0;
/** A match of its own with a bookmaker market and fancies (as cricket.test.ts sets one up). */
async function cricketMatch(ctx: StoreContext) {
  const m = await createMarket(ctx.app);
  const [match] = await ctx.app.db.select().from(matches).where(eq(matches.matchId, m.matchId));
  const c = await ctx.app.db.transaction((tx) =>
    setUpCricketMatch(tx, {
      matchId: m.matchId,
      format: 'T20',
      competition: 'IPL',
      teams: ['AUS', 'IND'],
      startTime: match!.startTime,
      inPlay: true,
      at: new Date(),
    }),
  );
  return { ...m, ...c };
}

async function makeFixture(ctx: StoreContext) {
  made += 1;
  const app = ctx.app;
  // The holder: open bets of every kind, whose money must not move.
  const h = await createBettor(app, 10_000 * 100, 'holder');
  const holder = ctx.api.fork();
  await holder.login(h.userName, h.password);
  const market = await createMarket(app);
  const cricket = await cricketMatch(ctx);
  const placed = [
    await holder.call('placeMarketBet', {
      match_id: market.matchId,
      market_id: market.marketId,
      selection_id: market.selectionIds[0],
      is_back: '0',
      odds: 3,
      stack: 100,
      request_id: `hold-${made}-1`,
    }),
    await holder.call('placeBookmakerBet', {
      match_id: cricket.matchId,
      market_id: cricket.bookmakerMarketId,
      selection_id: cricket.selectionIds[0],
      is_back: '1',
      rate: 85,
      stack: 100,
      request_id: `hold-${made}-2`,
    }),
    await holder.call('placeFancyBet', {
      match_id: cricket.matchId,
      fancy_id: cricket.fancyIds[0],
      is_yes: '0',
      line: 48,
      rate: 100,
      stack: 100,
      request_id: `hold-${made}-3`,
    }),
  ];
  for (const p of placed) expect(p.body.status, p.body.message).toBe(true);
  const holderBetId = (placed[0]!.body.data as { bet_id: number }).bet_id;

  // The sweepers: a bettor without money and the operator.
  const s = await createBettor(app, 0, 'sweeper');
  const bettor = ctx.api.fork();
  await bettor.login(s.userName, s.password);
  const operator = ctx.api.fork();
  await operator.login('operator', 'operator123');
  const [op] = await app.db.select().from(users).where(eq(users.userName, 'operator'));
  const operatorId = op!.userId;

  // The operator's own targets: a market and a cricket match nobody bet on.
  const spare = await createMarket(app);
  const spareCricket = await cricketMatch(ctx);
  // A casino table's round in its window (ten minutes: it outlasts the sweep).
  const casino = await openRound(app, await termOf(app), 'dragon_tiger_20', 600_000);
  const version = (
    (await holder.call('getMatchDetail', { match_id: market.matchId })).body.data as {
      markets: { version: number }[];
    }
  ).markets[0]!.version;
  return {
    holder,
    holderId: h.userId,
    holderBetId,
    market,
    cricket,
    bettor,
    bettorId: s.userId,
    operator,
    operatorId,
    spare,
    spareCricket,
    version,
    casino,
  };
}

const today = new Date().toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

/**
 * A payload per call that passes validation and reaches the call's own checks (a call without
 * one gets a synthesized payload). Keyed by name as a string: an entry for a call the contract does
 * not have (yet, or any more) is simply unused.
 */
function baseBodies(f: Fixture, selfId: number): Record<string, unknown> {
  const { market, cricket, spare, spareCricket } = f;
  return {
    getGlobalSetting: undefined,
    login: { user_name: 'nobody-here', password: 'wrong-pass-1' },
    logout: { user_id: selfId, token: 'not-a-token-of-anyone' },
    changePassword: {
      master_password: 'not-my-password-1',
      old_password: 'not-my-password-1',
      new_password: 'Newpass1234',
      confirm_password: 'Newpass1234',
    },
    getUserBalance: undefined,
    getButtonValue: undefined,
    setButtonValue: [{ button_name: 'Go', button_value: 100, type: 'Game' }],
    getSports: { sport_id: 4, is_active: 1 },
    getSeriesHeader: { is_sidebar_call: 2 },
    getSeries: { sport_id: 4, is_active: 1 },
    getMatches: { sport_id: 4, series_id: 1, is_active: 1 },
    getCupsForMenu: undefined,
    getCasinoSport: undefined,
    getCasinoLobby: { series_id: 'ourcasino' },
    getCasinoRound: { match_id: f.casino.matchId },
    getCasinoResult: { match_id: f.casino.matchId, round_id: f.casino.roundId },
    getCasinoResults: { match_id: f.casino.matchId, date: today, page: 1 },
    placeCasinoBet: {
      match_id: f.casino.matchId,
      round_id: f.casino.roundId,
      option_id: 'dragon',
      stack: 100,
      request_id: 'sweep-casino',
    },
    searchByMatchNameHeader: { search: 'Test' },
    getExposureDetail: undefined,
    getMatchVenueListByCountryCodeSportId: { country: 'GB', date: today, sport_id: 7 },
    getMatchDetail: { match_id: market.matchId },
    placeMarketBet: {
      match_id: market.matchId,
      market_id: market.marketId,
      selection_id: market.selectionIds[1],
      is_back: '1',
      odds: 2,
      stack: 100,
      request_id: 'sweep-bet',
      keep_in_play: false,
      version: f.version,
    },
    cancelBet: { bet_id: f.holderBetId },
    getCurrentBets: { bet_type: 'M', page: 1, search: 'Test' },
    getMatchBets: { match_id: market.matchId },
    getCricketDetail: { match_id: cricket.matchId },
    placeBookmakerBet: {
      match_id: cricket.matchId,
      market_id: cricket.bookmakerMarketId,
      selection_id: cricket.selectionIds[0],
      is_back: '1',
      rate: 85,
      stack: 100,
      request_id: 'sweep-bm',
    },
    placeFancyBet: {
      match_id: cricket.matchId,
      fancy_id: cricket.fancyIds[0],
      is_yes: '1',
      line: 49,
      rate: 100,
      stack: 100,
      request_id: 'sweep-fancy',
    },
    getFancyBook: { fancy_id: cricket.fancyIds[0] },
    getCricketBets: { match_id: cricket.matchId },
    getAccountStatement: { from_date: monthAgo, to_date: today, account_type: 'all', page: 1 },
    getProfitLoss: { from_date: monthAgo, to_date: today, group_by: 'market', sport_id: 4 },
    getBetHistory: {
      from_date: monthAgo,
      to_date: today,
      market_id: market.marketId,
      sport_id: 4,
      result: 'all',
      search: 'Test',
      page: 1,
    },
    adminMarketStatus: { market_id: spare.marketId, status: 'OPEN', request_id: 'sweep-status' },
    adminMatchInPlay: { match_id: spare.matchId },
    adminMarketResult: { market_id: spare.marketId, winners: [spare.selectionIds[0]], dead_heat_count: 1 },
    adminMarketVoid: { market_id: spare.marketId, selection_id: spare.selectionIds[1] },
    adminMarketRemoveRunner: {
      market_id: spare.marketId,
      selection_id: spare.selectionIds[2],
      reduction_factor: 25,
    },
    // An unknown race: a call that went through would change nothing.
    adminRaceNonRunner: {
      match_id: 999_999_999,
      number: 1,
      reduction_factor: 25,
      place_reduction_factor: 20,
    },
    adminRaceResult: { match_id: 999_999_999, placings: [[1], [2]] },
    adminMarketVoidWindow: {
      market_id: spare.marketId,
      from: new Date(Date.now() - 60_000).toISOString(),
      to: new Date().toISOString(),
    },
    adminMarketUnsettle: { market_id: spare.marketId },
    // An unknown user: a deposit or withdrawal that went through would move money.
    adminWalletDeposit: { user_id: 999_999_999, amount: 100, request_id: 'sweep-dep', memo: 'sweep' },
    adminWalletWithdraw: { user_id: 999_999_999, amount: 100, request_id: 'sweep-wd', memo: 'sweep' },
    adminBookmakerQuote: {
      market_id: spareCricket.bookmakerMarketId,
      runners: [{ selection_id: spareCricket.selectionIds[0], back_rate: 85, lay_rate: 88 }],
      request_id: 'sweep-bq',
    },
    adminBookmakerStatus: { market_id: spareCricket.bookmakerMarketId, status: 'ACTIVE' },
    adminFancyQuote: {
      fancy_id: spareCricket.fancyIds[0],
      no_line: 48,
      no_rate: 100,
      yes_line: 49,
      yes_rate: 100,
    },
    adminFancyStatus: { fancy_id: spareCricket.fancyIds[0], status: 'ACTIVE' },
    adminFancyResult: { fancy_id: spareCricket.fancyIds[1], result: 80, dead_heat_count: 2 },
    adminFancyVoid: { fancy_id: spareCricket.fancyIds[2], reason: 'sweep', request_id: 'sweep-fv' },
    // Binary (issue 24): ids that pass validation; the calls refuse them in words (unknown ones).
    placeBinaryBet: {
      match_id: 1,
      line: 24_350,
      is_yes: '1',
      rate: 100,
      stack: 100,
      request_id: 'sweep-bin',
    },
    getBinaryInstrument: { match_id: 1 },
    adminBinarySessions: { trading_day: today },
    adminBinarySettle: { session_id: 1, price: 24_350.05, request_id: 'sweep-bs' },
    adminBinaryVoid: { session_id: 1, reason: 'Sweep void', request_id: 'sweep-bv' },
    adminBinaryOverride: { session_id: 1, price: 24_350.05, request_id: 'sweep-bo' },
    adminBinaryCalendar: { from: today },
    adminBinaryHolidayAdd: { day: '2099-01-01', group: 'ALL', reason: 'Sweep', request_id: 'sweep-bh' },
    adminBinaryHolidayRemove: { day: '2099-01-01', group: 'ALL', request_id: 'sweep-bhr' },
    // Fantasy (issue 25): the sweeping bettor has no money, so no join is taken; ids out of the elevens.
    getFantasyContests: { match_id: spareCricket.matchId },
    getFantasyPlayers: { match_id: spareCricket.matchId },
    saveFantasyTeam: {
      match_id: spareCricket.matchId,
      player_ids: Array.from({ length: 11 }, (_, k) => 999_000 + k),
      captain_id: 999_000,
      vice_captain_id: 999_001,
    },
    joinFantasyContest: { contest_id: 999_999, team_id: 999_999, request_id: 'sweep-fj' },
    getFantasyLeaderboard: { contest_id: 999_999 },
    getFantasyMyContests: undefined,
    adminCasinoTables: undefined,
    // The defaults again: the sweep's valid payload changes nothing.
    adminCasinoSetLimits: {
      match_id: f.casino.matchId,
      min_stake: 10,
      max_per_option: 25_000,
      max_per_round: 50_000,
      request_id: 'sweep-csl',
    },
    adminFancyAverage: { fancy_id: spareCricket.fancyIds[3] },
    adminFancyAverages: { competition: 'IPL' },
    adminFancyAverageSet: { competition: 'IPL', event: 'MATCH_SIXES', value: null },
    adminFancyIncomplete: {
      match_id: spareCricket.matchId,
      overs_bowled: 10,
      abandoned_or_reduced: true,
      fancy_ids: [spareCricket.fancyIds[4]],
      results: [{ fancy_id: spareCricket.fancyIds[4], result: 10, complete: true }],
    },
    adminBookmakerIncomplete: { market_id: spareCricket.bookmakerMarketId, runs_at_mark: [80, 90] },
    adminLedgerCheck: undefined,
    // Sign-up, Security Auth, payments, responsible gaming: each body reaches a refusal that
    // changes no money (unknown code, challenge, payment or method; a bettor the payments are not for).
    signUp: {
      referral_code: 'NOSUCHCODE',
      user_name: 'sweepuser1',
      password: 'secret123',
      confirm_password: 'secret123',
      country_code: 'IN',
      mobile: '9876543210',
    },
    verifyOtp: { challenge_token: 'x'.repeat(43), otp: '123456' },
    resendOtp: { challenge_token: 'x'.repeat(43) },
    loginTwoFactor: { challenge_token: 'x'.repeat(43), code: '123456' },
    twoFactorEnable: { code: '123456' },
    twoFactorDisable: { password: 'wrong-pass-1', code: '123456' },
    requestDeposit: { amount: 500, method_id: 999_999, reference: 'UTR123456', request_id: 'sweep-dep-1' },
    addBankAccount: {
      account_name: 'Sweep Tester',
      account_number: '123456789012',
      confirm_account_number: '123456789012',
      ifsc: 'HDFC0001234',
      bank_name: 'HDFC Bank',
    },
    removeBankAccount: { bank_account_id: 999_999 },
    requestWithdraw: { amount: 500, bank_account_id: 999_999, request_id: 'sweep-wd-1' },
    getPaymentStatement: { from_date: '2025-01-01', to_date: '2025-01-07', type: 'all', page: 1 },
    setResponsibleLimit: { kind: 'DEPOSIT', period: 'DAY', amount: 1000 },
    setRealityCheck: { minutes: 30 },
    selfExclude: { kind: 'TIME_OUT', period: '24h', password: 'wrong-pass-1' },
    // API keys (issue 46): a sweep makes keys until the bettor holds the most allowed.
    createApiKey: {
      name: 'sweep bot',
      scopes: ['read', 'trade'],
      ip_allow: ['10.0.0.0/8', '2001:db8::1'],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    },
    revokeApiKey: { key_id: 'bk_0123456789abcdef' },
    // Batches (issue 46): the sweeping bettor has no money, so every order is refused on its own.
    placeOrders: {
      match_id: market.matchId,
      market_id: market.marketId,
      orders: [
        { selection_id: market.selectionIds[1], is_back: '1', odds: 2, stack: 100, request_id: 'sweep-po-1' },
      ],
    },
    cancelOrders: { market_id: market.marketId, bet_ids: [999_999] },
    adminUserApiKeys: { user_id: selfId },
    adminApiKeyRevoke: { user_id: selfId, key_id: 'bk_0123456789abcdef' },
    adminMessages: { limit: 5 },
    // Game providers (issue 23): none is configured here, so every operator call names what is
    // missing. The wallet callbacks have no base row: unsigned, every variant is a 401 here;
    // providers.test.ts sweeps them signed ("hostile bodies on every callback").
    getGameList: { category: 'SLOTS', search: 'gem', page: 1 },
    userAuthentication: { game_id: 999_999 },
    getLiveCasinoBets: { from_date: monthAgo, to_date: today, page: 1 },
    adminProviderEnable: { provider_id: 'nobody', enabled: false },
    adminProviderSync: { provider_id: 'nobody' },
    adminProviderGames: { search: 'gem', page: 1 },
    adminProviderGameEnable: { game_id: 999_999, enabled: false },
    adminProviderRounds: { provider_id: 'nobody', date: today, page: 1 },
    adminProviderReconciliation: { provider_id: 'nobody', date: today },
    adminReferralCreate: { user_id: 999_999, code: 'sweepcode' },
    adminPayments: { limit: 5 },
    adminDepositApprove: { payment_id: 999_999 },
    adminDepositReject: { payment_id: 999_999, reason: 'sweep test' },
    adminWithdrawPay: { payment_id: 999_999 },
    adminWithdrawReject: { payment_id: 999_999, reason: 'sweep test' },
    adminPaymentMethodSet: {
      method_id: 999_999,
      kind: 'UPI',
      label: 'Sweep',
      details: { upi_id: 'sweep@upi' },
      is_active: true,
    },
    // The operator console (issue 13): unknown series, match, market or user, a taken user name,
    // an image whose bytes are not its type — refusals that change nothing; the settings saved as
    // they are.
    adminSeriesCreate: { sport_id: 999_999, name: 'Sweep Series', request_id: 'sweep-series-1' },
    adminMatchCreate: {
      series_id: 999_999,
      match_name: 'Sweep A v Sweep B',
      start_time: '2030-01-01T10:00:00.000Z',
      country: 'GB',
      venue: 'Sweep Ground',
      cricket: { format: 'T20', competition: 'IPL', teams: ['Sweep A', 'Sweep B'] },
      market: {
        kind: 'EXCHANGE',
        market_name: 'Match Odds',
        runners: ['Sweep A', 'Sweep B'],
        start_time: '2030-01-01T10:00:00.000Z',
        bet_delay_s: 0,
        min_stake: 100,
        max_stake: 1000,
        commission_percent: 2,
      },
      request_id: 'sweep-match-1',
    },
    adminMatchUpdate: {
      match_id: 999_999,
      match_name: 'Sweep A v Sweep B',
      start_time: '2030-01-01T10:00:00.000Z',
      country: 'GB',
      venue: 'Sweep Ground',
      is_active: true,
      request_id: 'sweep-match-2',
    },
    adminMarketCreate: {
      match_id: 999_999,
      kind: 'EXCHANGE',
      market_name: 'Match Odds',
      runners: ['Sweep A', 'Sweep B'],
      bet_delay_s: 0,
      min_stake: 100,
      max_stake: 1000,
      commission_percent: 2,
      request_id: 'sweep-market-1',
    },
    adminMarketUpdate: {
      market_id: 999_999,
      market_name: 'Match Odds',
      start_time: '2030-01-01T10:00:00.000Z',
      bet_delay_s: 0,
      min_stake: 100,
      max_stake: 1000,
      commission_percent: 2,
      runners: [{ selection_id: 999_999, name: 'Sweep A' }],
      add_runners: ['Sweep C'],
      request_id: 'sweep-market-2',
    },
    adminMarketVoidBets: { market_id: 999_999, bet_ids: [999_999], request_id: 'sweep-void-1' },
    adminUserCreate: {
      user_name: 'demo',
      password: 'secret1234',
      parent_id: selfId,
      must_change_password: true,
      request_id: 'sweep-user-1',
    },
    adminUserLock: { user_id: 999_999, locked: true, reason: 'sweep', request_id: 'sweep-lock-1' },
    adminUserCreditReference: { user_id: 999_999, credit_reference: 100, request_id: 'sweep-credit-1' },
    adminUserShare: { user_id: 999_999, share_pct: 10, request_id: 'sweep-share-1' },
    adminUserLimitSet: {
      user_id: 999_999,
      sport_id: 4,
      max_stake: 500,
      max_exposure: 1000,
      request_id: 'sweep-limit-1',
    },
    adminUserResetPassword: { user_id: 999_999, new_password: 'secret1234', request_id: 'sweep-reset-1' },
    adminUserStatement: {
      user_id: 999_999,
      from_date: '2025-01-01',
      to_date: '2025-01-07',
      account_type: 'all',
      page: 1,
    },
    adminUserCurrentBets: { user_id: 999_999, bet_type: 'M', page: 1, search: 'sweep' },
    adminUserBetHistory: {
      user_id: 999_999,
      from_date: '2025-01-01',
      to_date: '2025-01-07',
      result: 'all',
      search: 'sweep',
      page: 1,
    },
    adminSettingsSave: {
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
      whatsapp_link: '',
      support_channel: 'EMAIL',
      support_contact: 'help@backlay.example',
      request_id: 'sweep-settings-1',
    },
    adminCricketStop: { match_id: 999_999, reason: 'RAIN', request_id: 'sweep-stop-1' },
    adminCricketReduce: { match_id: 999_999, overs: 10, target: 100, request_id: 'sweep-reduce-1' },
    adminCricketReplacePlayer: {
      match_id: 999_999,
      player_id: 1,
      replacement_id: 2,
      request_id: 'sweep-replace-1',
    },
    adminSettingsUpload: {
      field: 'logo',
      content_type: 'image/png',
      data_base64: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]).toString('base64'),
      request_id: 'sweep-upload-1',
    },
  };
}

/**
 * Everyone's money and open positions: every account's balance (an account opened at 0 during the
 * sweep, as the house's commission account on a first settlement, is no money moved), the
 * transfers, the exposure holds and the bets of every kind.
 */
async function money(ctx: StoreContext) {
  const db = ctx.app.db;
  const sorted = (xs: unknown[]) => xs.map((x) => JSON.stringify(x)).sort();
  const accounts = await db.select().from(ledgerAccounts);
  return {
    balances: Object.fromEntries(
      accounts.filter((a) => a.balancePaise !== 0).map((a) => [a.accountId, a.balancePaise]),
    ),
    transfers: sorted(await db.select().from(transfers)),
    holds: sorted(await db.select().from(exposureHolds)),
    bets: sorted(await db.select().from(bets)),
    bookmakerBets: sorted(await db.select().from(bookmakerBets)),
    fancyBets: sorted(await db.select().from(fancyBets)),
  };
}

/** A sweep sends thousands of calls (more with every endpoint): slower than one test's default. */
const SWEEP_TIMEOUT_MS = 180_000;

describeStores('bad input on every call', (ctx) => {
  let f: Fixture;
  let before: Awaited<ReturnType<typeof money>>;
  let holderBalance: unknown;
  beforeAll(async () => {
    f = await makeFixture(ctx);
    before = await money(ctx);
    holderBalance = (await f.holder.call('getUserBalance')).body.data;
  });

  /** Checks one answer; returns what is wrong with it, or null. */
  function judge(
    name: EndpointName,
    what: string,
    r: { statusCode: number; body: { status: boolean; message?: string } },
    field?: { path: Path; value: unknown },
  ): string | null {
    const at = `${name} ${what} → ${r.statusCode} ${JSON.stringify(r.body).slice(0, 160)}`;
    if (r.statusCode >= 500) return at;
    if (typeof r.body.status !== 'boolean') return `${at}: no status`;
    const message = r.body.message ?? '';
    if (r.body.status === false && (message.trim() === '' || message === GENERIC_500))
      return `${at}: a refusal without a readable message`;
    if (r.statusCode >= 400) {
      if (r.body.status !== false) return `${at}: a 4xx with status true`;
      // A control character in a text field is a 400 naming that field.
      if (field && r.statusCode === 400 && CONTROL_STRINGS.has(field.value)) {
        const where = fieldName(field.path);
        if (!message.includes(where)) return `${at}: should name ${where}`;
      }
      return null;
    }
    if (r.statusCode !== 200) return `${at}: unexpected status code`;
    if (r.body.status === false) return null;
    if (MUST_REFUSE.has(name)) return `${at}: should have been refused`;
    if (field && CONTROL_STRINGS.has(field.value))
      return `${at}: a control character was accepted in ${fieldName(field.path)}`;
    return null;
  }

  async function sweep(who: 'bettor' | 'operator') {
    const api = who === 'bettor' ? f.bettor : f.operator;
    const selfId = who === 'bettor' ? f.bettorId : f.operatorId;
    const bases = baseBodies(f, selfId);
    const problems: string[] = [];
    let calls = 0;
    for (const name of Object.keys(endpoints) as EndpointName[]) {
      const ep: Endpoint = endpoints[name];
      const base = name in bases ? bases[name] : ep.request && synthesize(ep.request);
      const allowed = ep.access !== 'operator' || who === 'operator';
      /** logout ends the session it is sent with: each one gets a fresh session. */
      const caller = async () => {
        if (name !== 'logout') return api;
        const fresh = new Api(ctx.app);
        fresh.token = (await ctx.app.db.transaction((tx) => ctx.app.auth.issue(tx, selfId, null))).token;
        return fresh;
      };
      const send = async (what: string, body: unknown, field?: { path: Path; value: unknown }) => {
        calls += 1;
        const r = await (await caller()).call(name, body);
        const problem = judge(name, what, r, field);
        if (problem) problems.push(`${who}: ${problem}`);
        if (!allowed && r.statusCode !== 403)
          problems.push(`${who}: ${name} ${what} → ${r.statusCode}, not 403`);
        return r;
      };
      if (ep.method === 'GET') {
        await send('as is', undefined);
        const c = await caller();
        for (const query of [
          '?user_id=999999999',
          '?search=%00',
          '?page=-1&x[]=1',
          `?q=${'x'.repeat(5000)}`,
        ]) {
          calls += 1;
          const r = await c.raw('GET', `/api/${ep.path}${query}`);
          const problem = judge(name, query.slice(0, 40), r);
          if (problem) problems.push(`${who}: ${problem}`);
        }
        continue;
      }
      const first = await send('base', base);
      // A hand-written payload passes validation, so the variants below reach the call's own checks.
      if (allowed && name in bases && first.statusCode !== 200)
        problems.push(`${who}: ${name}: the base payload was refused (${first.body.message})`);
      // The whole body.
      await send('no body', undefined);
      for (const raw of RAW_BODIES) {
        calls += 1;
        const r = await (await caller()).raw('POST', `/api/${ep.path}`, undefined, { rawBody: raw });
        const problem = judge(name, `raw ${JSON.stringify(raw)}`, r);
        if (problem) problems.push(`${who}: ${problem}`);
      }
      for (const [label, body] of [
        ['{}', {}],
        ['[base]', [base]],
        [
          'extra fields',
          Array.isArray(base)
            ? base
            : {
                ...(base as object),
                extra: 'x',
                user_id_of_someone: f.holderId,
                role: 'operator',
                balance: 1e9,
              },
        ],
        ['another user_id', Array.isArray(base) ? base : { ...(base as object), user_id: f.holderId }],
      ] as const) {
        await send(label, body);
      }
      if (!allowed) continue; // a 403 before the body is read: no need to try each field
      for (const path of paths(base)) {
        for (const [label, value] of HOSTILE) {
          await send(`${fieldName(path)} = ${label}`, replaced(base, path, value), { path, value });
        }
      }
    }
    return { problems, calls };
  }

  it.runIf(ctx.store === ONE_STORE)(
    'as a bettor without money: never a 5xx, every refusal readable',
    async () => {
      const { problems, calls } = await sweep('bettor');
      expect(problems).toEqual([]);
      expect(calls).toBeGreaterThan(1000);
    },
    SWEEP_TIMEOUT_MS,
  );

  it.runIf(ctx.store === ONE_STORE)(
    'as the operator: never a 5xx, every refusal readable',
    async () => {
      const { problems, calls } = await sweep('operator');
      expect(problems).toEqual([]);
      expect(calls).toBeGreaterThan(1000);
    },
    SWEEP_TIMEOUT_MS,
  );

  it('the ledger check is clean and nobody’s money moved', async () => {
    expect((await checkLedger(ctx.app)).problems).toEqual([]);
    const check = await f.operator.call('adminLedgerCheck');
    expect(check.body.data).toMatchObject({ ok: true, problems: [] });
    await expectExchangeInvariants(ctx.app);
    expect(await money(ctx)).toEqual(before);
    expect((await f.holder.call('getUserBalance')).body.data).toEqual(holderBalance);
    expect((await f.bettor.call('getUserBalance')).body.data).toEqual({ total_balance: 0, liability: 0 });
  });

  it('casino: a bet that cannot stand is a readable refusal naming its field, and moves nothing', async () => {
    const u = await createBettor(ctx.app, 500_000 * 100, 'casino');
    const a = ctx.api.fork();
    await a.login(u.userName, u.password);
    const balance = (await a.call('getUserBalance')).body.data;
    const beforeAll = await money(ctx);
    const ok = { match_id: f.casino.matchId, round_id: f.casino.roundId, option_id: 'dragon', stack: 100 };
    const cases: [EndpointName, object, number, string][] = [
      ['placeCasinoBet', { ...ok, option_id: 'joker' }, 200, 'option_id'],
      ['placeCasinoBet', { ...ok, option_id: '' }, 200, 'option_id'],
      ['placeCasinoBet', { ...ok, stack: 0 }, 400, 'stack'],
      ['placeCasinoBet', { ...ok, stack: 9 }, 200, 'stack: the smallest stake'],
      ['placeCasinoBet', { ...ok, stack: 30_000 }, 200, 'stack: at most'],
      ['placeCasinoBet', { ...ok, round_id: 999_999_999 }, 200, 'round_id'],
      ['placeCasinoBet', { ...ok, match_id: 999_999_999 }, 200, 'round_id'],
      ['placeCasinoBet', { ...ok, round_id: -1 }, 200, 'round_id'],
      ['getCasinoRound', { match_id: 999_999_999 }, 200, 'match_id'],
      ['getCasinoLobby', { series_id: 'matka' }, 400, 'series_id'],
      ['getCasinoResult', { match_id: f.casino.matchId, round_id: 999_999_999 }, 200, 'round_id'],
      ['getCasinoResults', { match_id: 999_999_999 }, 200, 'match_id'],
      ['getCasinoResults', { match_id: f.casino.matchId, date: '2024-02-30' }, 400, 'date'],
    ];
    let n = 0;
    for (const [name, body, code, message] of cases) {
      n += 1;
      const r = await a.call(name, { ...body, request_id: `casino-case-${n}` });
      expect([r.statusCode, r.body.status], `${name} ${JSON.stringify(body)}`).toEqual([code, false]);
      expect(r.body.message, `${name} ${JSON.stringify(body)}`).toContain(message);
    }
    // The operator's table limits: each bad figure named, an unknown table refused; nothing changes.
    const limits = {
      match_id: f.casino.matchId,
      min_stake: 10,
      max_per_option: 25_000,
      max_per_round: 50_000,
    };
    const before = (await f.operator.call('adminCasinoTables')).body;
    const operatorCases: [object, number, string][] = [
      [{ ...limits, min_stake: 0 }, 400, 'min_stake'],
      [{ ...limits, min_stake: 0.005 }, 400, 'min_stake'],
      [{ ...limits, max_per_option: 9 }, 400, 'max_per_option'],
      [{ ...limits, max_per_round: 100 }, 400, 'max_per_round'],
      [{ ...limits, max_per_round: 1e12 }, 400, 'max_per_round'],
      [{ ...limits, match_id: 999_999_999 }, 200, 'match_id'],
    ];
    for (const [body, code, message] of operatorCases) {
      const r = await f.operator.call('adminCasinoSetLimits', body);
      expect([r.statusCode, r.body.status], JSON.stringify(body)).toEqual([code, false]);
      expect(r.body.message, JSON.stringify(body)).toContain(message);
    }
    expect((await f.operator.call('adminCasinoTables')).body).toEqual(before);
    expect((await a.call('getUserBalance')).body.data).toEqual(balance);
    expect(await money(ctx)).toEqual(beforeAll);
    expect((await checkLedger(ctx.app)).problems).toEqual([]);
  });

  it('cricket: a fancy or bookmaker bet that cannot stand is a readable refusal and moves nothing', async () => {
    const { cricket } = f;
    // Money enough for any of these bets: each refusal is for the reason the case is about.
    const u = await createBettor(ctx.app, 500_000 * 100, 'cricket');
    const a = ctx.api.fork();
    await a.login(u.userName, u.password);
    const d = (await a.call('getCricketDetail', { match_id: cricket.matchId })).body.data as CricketDetail;
    const fancy = d.fancies.find((x) => x.fancy_id === cricket.fancyIds[0])!;
    const bm = d.bookmakers[0]!;
    expect([fancy.no_line, fancy.yes_line, fancy.yes_rate]).toEqual([48, 49, 100]);
    const fancyBet = {
      match_id: cricket.matchId,
      fancy_id: fancy.fancy_id,
      is_yes: '1',
      line: 49,
      rate: 100,
      stack: 100,
    };
    const bmBet = {
      match_id: cricket.matchId,
      market_id: bm.market_id,
      selection_id: bm.runners[0]!.selection_id,
      is_back: '1',
      rate: bm.runners[0]!.back_rate,
      stack: 100,
    };
    const balance = (await a.call('getUserBalance')).body.data;
    expect(balance).toEqual({ total_balance: 500_000, liability: 0 });
    const beforeAll = await money(ctx);
    let n = 0;
    const cases: [EndpointName, object, number, string][] = [
      // A line nobody quoted (the quote is No 48 / Yes 49).
      ['placeFancyBet', { ...fancyBet, line: 60 }, 200, 'Line changed'],
      ['placeFancyBet', { ...fancyBet, is_yes: '0', line: 49 }, 200, 'Line changed'],
      ['placeFancyBet', { ...fancyBet, rate: 90 }, 200, 'Line changed'],
      ['placeFancyBet', { ...fancyBet, rate: 0 }, 400, 'rate: rate must be 1 or more'],
      ['placeFancyBet', { ...fancyBet, line: -1 }, 400, 'line: line must be 0 or more'],
      ['placeFancyBet', { ...fancyBet, stack: fancy.max_stake + 1 }, 200, 'Maximum stake'],
      ['placeFancyBet', { ...fancyBet, stack: 0 }, 400, 'stack:'],
      ['placeFancyBet', { ...fancyBet, fancy_id: 999_999_999 }, 200, 'Unknown fancy'],
      ['placeFancyBet', { ...fancyBet, match_id: 999_999_999 }, 200, 'Unknown fancy for this match'],
      ['placeFancyBet', { ...fancyBet, fancy_id: bm.market_id }, 200, 'Unknown fancy'],
      ['placeBookmakerBet', { ...bmBet, rate: 0 }, 400, 'rate: rate must be 1 or more'],
      ['placeBookmakerBet', { ...bmBet, rate: bmBet.rate! + 1 }, 200, 'Rate changed'],
      ['placeBookmakerBet', { ...bmBet, market_id: 999_999_999 }, 200, 'Unknown bookmaker market'],
      ['placeBookmakerBet', { ...bmBet, market_id: fancy.fancy_id }, 200, 'Unknown bookmaker market'],
      ['placeBookmakerBet', { ...bmBet, match_id: 999_999_999 }, 200, 'Unknown market for this match'],
      ['placeBookmakerBet', { ...bmBet, selection_id: 999_999_999 }, 200, 'Unknown runner for this market'],
      [
        'placeBookmakerBet',
        { ...bmBet, selection_id: f.spareCricket.selectionIds[0] },
        200,
        'Unknown runner for this market',
      ],
      ['placeBookmakerBet', { ...bmBet, stack: bm.max_stake + 1 }, 200, 'Maximum stake'],
    ];
    for (const [name, body, code, message] of cases) {
      n += 1;
      const r = await a.call(name, { ...body, request_id: `cricket-case-${n}` });
      expect([r.statusCode, r.body.status], `${name} ${JSON.stringify(body)}`).toEqual([code, false]);
      expect(r.body.message, `${name} ${JSON.stringify(body)}`).toContain(message);
    }
    expect((await a.call('getUserBalance')).body.data).toEqual(balance);
    expect((await a.call('getCricketBets', { match_id: cricket.matchId })).body.data).toEqual({ bets: [] });
    expect(await money(ctx)).toEqual(beforeAll);
    expect((await checkLedger(ctx.app)).problems).toEqual([]);
  });
});
