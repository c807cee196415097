import { z } from 'zod';
import { accountEndpoints } from './account-endpoints.ts';
import { consoleEndpoints } from './console-endpoints.ts';
import { changePasswordRequest, loginRequest, logoutRequest } from './auth.ts';
import { loginResult } from './onboarding.ts';
import {
  casinoSport,
  cup,
  getMatchesRequest,
  getSeriesHeaderRequest,
  getSeriesRequest,
  getSportsRequest,
  match,
  searchGroup,
  searchRequest,
  series,
  seriesHeaderEntry,
  sport,
  venueEntry,
  venueListRequest,
} from './catalog.ts';
import {
  cancelBetRequest,
  cancelBetResult,
  currentBets,
  getCurrentBetsRequest,
  getMatchBetsRequest,
  getMatchDetailRequest,
  matchBets,
  matchDetail,
  placeMarketBetRequest,
  placeMarketBetResult,
} from './exchange.ts';
import {
  adminMarketResultRequest,
  adminMarketStatusRequest,
  adminMarketStatusResult,
  adminMatchInPlayRequest,
  adminMatchInPlayResult,
  adminMarketUnsettleRequest,
  adminMarketVoidRequest,
  adminMarketVoidWindowRequest,
  adminWalletRequest,
  adminWalletResult,
  ledgerCheck,
  settlementSummary,
} from './admin.ts';
import {
  accountStatement,
  betHistory,
  getAccountStatementRequest,
  getBetHistoryRequest,
  getProfitLossRequest,
  profitLoss,
} from './reports.ts';
import {
  adminBookmakerIncompleteRequest,
  adminBookmakerIncompleteResult,
  adminCricketReduceRequest,
  adminCricketScoreResult,
  adminCricketStopRequest,
  adminBookmakerQuoteRequest,
  adminBookmakerStatusRequest,
  adminBookmakerView,
  adminFancyAverageRequest,
  adminFancyAverageSetRequest,
  adminFancyAveragesRequest,
  adminFancyIncompleteRequest,
  adminFancyIncompleteResult,
  adminFancyQuoteRequest,
  adminFancyResultRequest,
  adminFancyStatusRequest,
  adminFancyView,
  adminFancyVoidRequest,
  cricketDetail,
  fancyAveragesTable,
  fancyBook,
  getCricketDetailRequest,
  getFancyBookRequest,
  getKindBetsRequest,
  kindBets,
  placeBookmakerBetRequest,
  placeFancyBetRequest,
  placeKindBetResult,
} from './cricket.ts';
import { globalSetting } from './settings.ts';
import { buttonValue, setButtonValueRequest } from './stakes.ts';
import { exposureDetail, userBalance } from './wallet.ts';

/** Who may call an endpoint: anyone, a signed-in user, or an operator. */
export type Access = 'public' | 'user' | 'operator';

export type Endpoint = {
  method: 'GET' | 'POST';
  /** Path under /api/, exactly as spec §7 names it. */
  path: string;
  access: Access;
  summary: string;
  /** Body schema for POST; undefined for calls without a payload. */
  request?: z.ZodType;
  /** Schema of the envelope's `data` on success. */
  response: z.ZodType;
};

const define = <const T extends Record<string, Endpoint>>(endpoints: T) => endpoints;

/**
 * Every call of the API. The server registers a route per entry with these schemas,
 * the client's fetchers use them, and docs/api.md is generated from this table.
 */
export const endpoints = define({
  getGlobalSetting: {
    method: 'GET',
    path: 'globalSetting/getGlobalSetting',
    access: 'public',
    summary: 'Global settings (logo, colours, site message, links); loaded on start.',
    response: globalSetting,
  },
  login: {
    method: 'POST',
    path: 'user/login',
    access: 'public',
    summary:
      'Sign in; returns the user info with a fresh token, or only `challenge` when a second step is needed (OTP of an unverified sign-up, Security Auth code): nothing about the user until that step is passed.',
    request: loginRequest,
    response: loginResult,
  },
  logout: {
    method: 'POST',
    path: 'user/logout',
    access: 'user',
    summary: 'Revoke the token.',
    request: logoutRequest,
    response: z.null(),
  },
  changePassword: {
    method: 'POST',
    path: 'user/changePassword',
    access: 'user',
    summary: 'Change password (master_password is the current one); revokes the other sessions.',
    request: changePasswordRequest,
    response: z.null(),
  },
  getUserBalance: {
    method: 'GET',
    path: 'user/getUserBalance',
    access: 'user',
    summary: 'Balance and liability (exposure) in rupees; polled every 5 s.',
    response: userBalance,
  },
  getButtonValue: {
    method: 'GET',
    path: 'user/getButtonValue',
    access: 'user',
    summary: "The user's quick-stake buttons (Game and Casino).",
    response: z.array(buttonValue),
  },
  setButtonValue: {
    method: 'POST',
    path: 'user/setButtonValue',
    access: 'user',
    summary: "Replace the user's buttons of each type present in the array.",
    request: setButtonValueRequest,
    response: z.array(buttonValue),
  },
  getSports: {
    method: 'POST',
    path: 'sport/getSports',
    access: 'user',
    summary: 'Sport list.',
    request: getSportsRequest,
    response: z.array(sport),
  },
  getSeriesHeader: {
    method: 'POST',
    path: 'series/getSeriesHeader',
    access: 'user',
    summary: 'Sports with their series (1: header) or with series and matches (2: sidebar).',
    request: getSeriesHeaderRequest,
    response: z.array(seriesHeaderEntry),
  },
  getSeries: {
    method: 'POST',
    path: 'series/getSeries',
    access: 'user',
    summary: 'Series of a sport.',
    request: getSeriesRequest,
    response: z.array(series),
  },
  getMatches: {
    method: 'POST',
    path: 'match/getMatches',
    access: 'user',
    summary: 'Matches of a sport and/or series, soonest first.',
    request: getMatchesRequest,
    response: z.array(match),
  },
  getCupsForMenu: {
    method: 'GET',
    path: 'match/getCupsForMenu',
    access: 'user',
    summary: 'Cup menu entries.',
    response: z.array(cup),
  },
  getCasinoSport: {
    method: 'GET',
    path: 'casino/getCasinoSport',
    access: 'user',
    summary: 'Casino sports (for example matka, worldcasino).',
    response: z.array(casinoSport),
  },
  searchByMatchNameHeader: {
    method: 'POST',
    path: 'match/searchByMatchNameHeader',
    access: 'user',
    summary: 'Matches whose name contains the text (case-insensitive), grouped by sport; at most 50.',
    request: searchRequest,
    response: z.array(searchGroup),
  },
  getExposureDetail: {
    method: 'GET',
    path: 'bet/getExposureDetail',
    access: 'user',
    summary: 'Markets holding exposure, in data.data.',
    response: exposureDetail,
  },
  getMatchVenueListByCountryCodeSportId: {
    method: 'POST',
    path: 'match/getMatchVenueListByCountryCodeSportId',
    access: 'user',
    summary: 'Races of a racing sport on a day (UTC+5:30) in a country, grouped by venue.',
    request: venueListRequest,
    response: z.array(venueEntry),
  },
  getMatchDetail: {
    method: 'POST',
    path: 'match/getMatchDetail',
    access: 'user',
    summary:
      "A match with its markets: runners, three best back and lay levels {price, size} and the caller's position.",
    request: getMatchDetailRequest,
    response: matchDetail,
  },
  placeMarketBet: {
    method: 'POST',
    path: 'bet/placeMarketBet',
    access: 'user',
    summary:
      'Place a back or lay bet (decimal odds, stake in rupees); matches at once as far as the book allows. The same request_id twice returns the first result.',
    request: placeMarketBetRequest,
    response: placeMarketBetResult,
  },
  cancelBet: {
    method: 'POST',
    path: 'bet/cancelBet',
    access: 'user',
    summary:
      "Cancel the unmatched part of one bet ({bet_id}) or of all the caller's bets on a market ({market_id}).",
    request: cancelBetRequest,
    response: cancelBetResult,
  },
  getCurrentBets: {
    method: 'POST',
    path: 'bet/getCurrentBets',
    access: 'user',
    summary: "The caller's bets: M matched, U unmatched, D cancelled or lapsed; newest first, paged.",
    request: getCurrentBetsRequest,
    response: currentBets,
  },
  getMatchBets: {
    method: 'POST',
    path: 'bet/getMatchBets',
    access: 'user',
    summary: "The caller's matched and unmatched bets on one match (game-details screen).",
    request: getMatchBetsRequest,
    response: matchBets,
  },
  getCricketDetail: {
    method: 'POST',
    path: 'match/getCricketDetail',
    access: 'user',
    summary:
      "A cricket match's own markets: the scoreboard, bookmaker tables (rates per 100 with the caller's position) and fancy rows (No/Yes lines and rates, the caller's exposure).",
    request: getCricketDetailRequest,
    response: cricketDetail,
  },
  placeBookmakerBet: {
    method: 'POST',
    path: 'bet/placeBookmakerBet',
    access: 'user',
    summary:
      'Back or lay a bookmaker runner at the quoted rate (per 100): taken whole at once or refused ("Rate changed"). The same request_id twice returns the first bet.',
    request: placeBookmakerBetRequest,
    response: placeKindBetResult,
  },
  placeFancyBet: {
    method: 'POST',
    path: 'bet/placeFancyBet',
    access: 'user',
    summary:
      'Yes or No on a fancy at the quoted line and rate: taken whole at once or refused ("Line changed", "Ball running"). The same request_id twice returns the first bet.',
    request: placeFancyBetRequest,
    response: placeKindBetResult,
  },
  getFancyBook: {
    method: 'POST',
    path: 'bet/getFancyBook',
    access: 'user',
    summary:
      "The caller's profit or loss on a fancy by result, from (lowest line − 2) to (highest line + 2).",
    request: getFancyBookRequest,
    response: fancyBook,
  },
  getCricketBets: {
    method: 'POST',
    path: 'bet/getCricketBets',
    access: 'user',
    summary: "The caller's bookmaker and fancy bets on one match, newest first (at most 200).",
    request: getKindBetsRequest,
    response: kindBets,
  },
  getAccountStatement: {
    method: 'POST',
    path: 'report/getAccountStatement',
    access: 'user',
    summary:
      "The caller's statement over IST days: opening balance, then every transfer oldest first with credit, debit and the balance after it; filter all / deposit_withdraw / game; paged.",
    request: getAccountStatementRequest,
    response: accountStatement,
  },
  getProfitLoss: {
    method: 'POST',
    path: 'report/getProfitLoss',
    access: 'user',
    summary:
      "The caller's settled profit and loss over IST days, by sport or by market, with commission and net.",
    request: getProfitLossRequest,
    response: profitLoss,
  },
  getBetHistory: {
    method: 'POST',
    path: 'report/getBetHistory',
    access: 'user',
    summary:
      "The caller's settled bets with their results and profit or loss: by settlement day or by market; paged.",
    request: getBetHistoryRequest,
    response: betHistory,
  },
  adminMarketStatus: {
    method: 'POST',
    path: 'admin/market/status',
    access: 'operator',
    summary: 'Open, suspend or close a market (closing lapses every unmatched bet). Audited; idempotent.',
    request: adminMarketStatusRequest,
    response: adminMarketStatusResult,
  },
  adminMatchInPlay: {
    method: 'POST',
    path: 'admin/match/inPlay',
    access: 'operator',
    summary:
      'Start a match now: its match-odds markets go in play (unmatched bets lapse as at the off; each keeps its own bet delay) and the cricket feed starts bowling. Audited; idempotent.',
    request: adminMatchInPlayRequest,
    response: adminMatchInPlayResult,
  },
  adminMarketResult: {
    method: 'POST',
    path: 'admin/market/result',
    access: 'operator',
    summary:
      'Declare the winners (dead_heat_count for a dead heat) and settle the market: every matched bet wins or loses, commission on net winnings, ledger transfers. Refused when already settled.',
    request: adminMarketResultRequest,
    response: settlementSummary,
  },
  adminMarketVoid: {
    method: 'POST',
    path: 'admin/market/void',
    access: 'operator',
    summary:
      "Void a whole market, or one runner's bets (selection_id). A settled market is settled again with the void applied.",
    request: adminMarketVoidRequest,
    response: settlementSummary,
  },
  adminMarketVoidWindow: {
    method: 'POST',
    path: 'admin/market/voidWindow',
    access: 'operator',
    summary:
      'Void the bets placed between from and to (the "wrong rate" rule). A settled market is settled again with the void applied.',
    request: adminMarketVoidWindowRequest,
    response: settlementSummary,
  },
  adminMarketUnsettle: {
    method: 'POST',
    path: 'admin/market/unsettle',
    access: 'operator',
    summary: "Undo a market's settlement with reversing transfers so it can be settled again.",
    request: adminMarketUnsettleRequest,
    response: settlementSummary,
  },
  adminWalletDeposit: {
    method: 'POST',
    path: 'admin/wallet/deposit',
    access: 'operator',
    summary: "Credit a user's cash from the house (rupees). Idempotent on request_id.",
    request: adminWalletRequest,
    response: adminWalletResult,
  },
  adminWalletWithdraw: {
    method: 'POST',
    path: 'admin/wallet/withdraw',
    access: 'operator',
    summary:
      "Pay out from a user's cash to the house, at most their available balance (balance − exposure). Idempotent on request_id.",
    request: adminWalletRequest,
    response: adminWalletResult,
  },
  adminBookmakerQuote: {
    method: 'POST',
    path: 'admin/bookmaker/quote',
    access: 'operator',
    summary:
      "Quote a bookmaker market's back and lay rates per runner (per 100; null takes a side off). Audited; idempotent.",
    request: adminBookmakerQuoteRequest,
    response: adminBookmakerView,
  },
  adminBookmakerStatus: {
    method: 'POST',
    path: 'admin/bookmaker/status',
    access: 'operator',
    summary: 'Set a bookmaker market ACTIVE, BALL_RUNNING, SUSPENDED or CLOSED. Audited; idempotent.',
    request: adminBookmakerStatusRequest,
    response: adminBookmakerView,
  },
  adminFancyQuote: {
    method: 'POST',
    path: 'admin/fancy/quote',
    access: 'operator',
    summary: "Quote a fancy's No and Yes lines and rates. Audited; idempotent.",
    request: adminFancyQuoteRequest,
    response: adminFancyView,
  },
  adminFancyStatus: {
    method: 'POST',
    path: 'admin/fancy/status',
    access: 'operator',
    summary:
      'Set a fancy ACTIVE, BALL_RUNNING, SUSPENDED, CLOSED or REMOVED (removing it voids its bets). Audited; idempotent.',
    request: adminFancyStatusRequest,
    response: adminFancyView,
  },
  adminFancyResult: {
    method: 'POST',
    path: 'admin/fancy/result',
    access: 'operator',
    summary:
      "Declare a fancy's result and settle it (Yes wins when result ≥ line, No when result < line; a FANCY1 dead heat settles on rate / dead_heat_count). Refused when already settled.",
    request: adminFancyResultRequest,
    response: settlementSummary,
  },
  adminFancyVoid: {
    method: 'POST',
    path: 'admin/fancy/void',
    access: 'operator',
    summary: 'Void a fancy: every stake is returned. A settled fancy is settled again as void.',
    request: adminFancyVoidRequest,
    response: settlementSummary,
  },
  adminFancyAverage: {
    method: 'POST',
    path: 'admin/fancy/average',
    access: 'operator',
    summary:
      "Settle a fancy on its competition's average (abandoned or reduced match; the operator's table overrides the defaults), a Meter on its midpoint; void where the rules give no average.",
    request: adminFancyAverageRequest,
    response: settlementSummary,
  },
  adminFancyAverages: {
    method: 'POST',
    path: 'admin/fancy/averages',
    access: 'operator',
    summary:
      "The fancy averages table: per competition and event the spec's default, the operator's override and the value an average settlement uses. Audited.",
    request: adminFancyAveragesRequest,
    response: fancyAveragesTable,
  },
  adminFancyAverageSet: {
    method: 'POST',
    path: 'admin/fancy/averages/set',
    access: 'operator',
    summary:
      "Override one competition's average for an event (null: back to the default); answers that competition's rows. Audited; idempotent.",
    request: adminFancyAverageSetRequest,
    response: fancyAveragesTable,
  },
  adminFancyIncomplete: {
    method: 'POST',
    path: 'admin/fancy/incomplete',
    access: 'operator',
    summary:
      "Declare a match incomplete with the overs bowled: every unsettled fancy of it is settled by the rules text (Test minimum overs 300/70/25/80, Khado 70 overs, Meter midpoint, the competition's averages) or voided. Refused, changing nothing, when a fancy that stands has no result given. Audited; idempotent.",
    request: adminFancyIncompleteRequest,
    response: adminFancyIncompleteResult,
  },
  adminBookmakerIncomplete: {
    method: 'POST',
    path: 'admin/bookmaker/incomplete',
    access: 'operator',
    summary:
      'Settle a match-winner bookmaker market of an unfinished match on the 25-over (ODI) / 10-over (T20) comparison: more runs at the mark wins, equal runs a dead heat, no comparison (a Test, or an innings short of the mark) void. Scores given or read from the stored scoreboard. Audited; refused when already settled.',
    request: adminBookmakerIncompleteRequest,
    response: adminBookmakerIncompleteResult,
  },
  adminCricketStop: {
    method: 'POST',
    path: 'admin/cricket/stop',
    access: 'operator',
    summary:
      'Stop a cricket match for good (RAIN, BAD_LIGHT, ABANDONED): the innings in progress ends there, the match is complete with no result, and the feed stops bowling it and settles its fancies and bookmaker by the incomplete rules (averages, Meter midpoint, the 10/25-over comparison). Refused on a complete match. Audited.',
    request: adminCricketStopRequest,
    response: adminCricketScoreResult,
  },
  adminCricketReduce: {
    method: 'POST',
    path: 'admin/cricket/reduce',
    access: 'operator',
    summary:
      "Reduce a cricket match's overs (rain): the innings in progress (the chase too, when it is the first) or, at the break, the chase now lasts `overs`; the chase's target is revised (`target`, else the first innings' run rate over the chase's overs). Sessions past the new limit settle by the incomplete rules. Refused while a ball is running, on a match not started or complete, or overs that cut nothing. Audited.",
    request: adminCricketReduceRequest,
    response: adminCricketScoreResult,
  },
  adminLedgerCheck: {
    method: 'GET',
    path: 'admin/ledger/check',
    access: 'operator',
    summary:
      'The invariant check: transfers sum to zero, every balance equals its transfers, every stored exposure equals a recomputation from open bets, no available balance below zero.',
    response: ledgerCheck,
  },
  ...consoleEndpoints,
  ...accountEndpoints,
});

export type EndpointName = keyof typeof endpoints;
export type RequestOf<N extends EndpointName> = (typeof endpoints)[N] extends {
  request: infer R extends z.ZodType;
}
  ? z.input<R>
  : never;
export type ResponseOf<N extends EndpointName> = z.infer<(typeof endpoints)[N]['response']>;
