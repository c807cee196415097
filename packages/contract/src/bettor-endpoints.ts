import { z } from 'zod';
import { changePasswordRequest, loginRequest, logoutRequest, userInfo } from './auth.ts';
import {
  getMatchesRequest,
  getSeriesHeaderRequest,
  getSeriesRequest,
  getSportsRequest,
  casinoSport,
  cup,
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
  cricketDetail,
  fancyBook,
  getCricketDetailRequest,
  getFancyBookRequest,
  getKindBetsRequest,
  kindBets,
  placeBookmakerBetRequest,
  placeFancyBetRequest,
  placeKindBetResult,
} from './cricket.ts';
import { getRaceCardRequest, raceCard } from './racing.ts';
import {
  casinoLobby,
  casinoRound,
  casinoRoundResult,
  getCasinoLobbyRequest,
  getCasinoResultRequest,
  getCasinoRoundRequest,
  placeCasinoBetRequest,
  placeCasinoBetResult,
} from './casino.ts';
import { casinoResults, getCasinoResultsRequest } from './reports.ts';
import {
  binaryBoard,
  binaryInstrument,
  getBinaryInstrumentRequest,
  placeBinaryBetRequest,
  placeBinaryBetResult,
} from './binary.ts';
import { defineEndpoints, type RequestIn, type ResponseIn } from './endpoint.ts';
import {
  cancelBetRequest,
  cancelBetResult,
  cashOutQuote,
  cashOutRequest,
  cashOutResult,
  currentBets,
  getCurrentBetsRequest,
  getMatchBetsRequest,
  getCashOutRequest,
  getMatchDetailRequest,
  matchBets,
  matchDetail,
  placeMarketBetRequest,
  placeMarketBetResult,
} from './exchange.ts';
import {
  checkReferralCodeRequest,
  loginResult,
  loginTwoFactorRequest,
  referralCodeCheck,
  resendOtpRequest,
  secondStepChallenge,
  signUpRequest,
  twoFactorDisableRequest,
  twoFactorEnableRequest,
  twoFactorEnableResult,
  twoFactorSetup,
  twoFactorStatus,
  verifyOtpRequest,
  visitorCountry,
} from './onboarding.ts';
import {
  addBankAccountRequest,
  bankAccount,
  bankAccounts,
  depositRequest,
  gatewayAck,
  gatewayEvent,
  getPaymentStatementRequest,
  paymentMethods,
  paymentRequestView,
  paymentStatement,
  removeBankAccountRequest,
  withdrawRequest,
} from './payments.ts';
import {
  accountStatement,
  betHistory,
  getAccountStatementRequest,
  getBetHistoryRequest,
  getProfitLossRequest,
  profitLoss,
} from './reports.ts';
import {
  excludeRequest,
  excludeResult,
  responsibleGaming,
  setLimitRequest,
  setRealityCheckRequest,
} from './responsible.ts';
import { globalSetting } from './settings.ts';
import { buttonValue, setButtonValueRequest } from './stakes.ts';
import { exposureDetail, userBalance } from './wallet.ts';

// The bettor's side of the endpoint table: every public and user call, and nothing of the
// operator's. apps/web imports this module alone (`@backlay/contract/bettor-endpoints`), so the
// operator console's schemas (console.ts, admin.ts) never reach a bettor's browser; the full
// `endpoints` table (endpoints.ts) is these entries plus the operator's, in the same order as
// before, for the server, the console and docs/api.md (docs/performance.md, "First load").

/** The bettor's first calls: settings, login, the catalog, bets and reports (endpoints.ts's first entries). */
export const bettorCoreEndpoints = defineEndpoints({
  getGlobalSetting: {
    method: 'GET',
    path: 'globalSetting/getGlobalSetting',
    access: 'public',
    summary: 'Global settings (logo, colours, site message, links); loaded on start.',
    response: globalSetting,
  },
  login: {
    // As login.ts's LOGIN_METHOD and LOGIN_PATH (test/login.test.ts): written out, not imported,
    // so the login's checks stay in the login screen's own chunk.
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
  getCasinoLobby: {
    method: 'POST',
    path: 'casino/getLobby',
    access: 'user',
    summary:
      "A casino series' lobby: its tables, each with its current round (state, time left) and its last 10 results.",
    request: getCasinoLobbyRequest,
    response: casinoLobby,
  },
  getCasinoRound: {
    method: 'POST',
    path: 'casino/getRound',
    access: 'user',
    summary:
      "A casino table's current round (round_id, state, seconds left, options with payouts, server_seed_hash, the cards dealt so far), its limits, the last 10 results and the caller's bets on the round. Live changes arrive over the WebSocket (`casino` messages).",
    request: getCasinoRoundRequest,
    response: casinoRound,
  },
  getCasinoResult: {
    method: 'POST',
    path: 'casino/getCasinoResult',
    access: 'user',
    summary:
      'One round of a casino table: its cards or steps, result, seed hash and (once dealt) the revealed server seed, so anyone can recompute it.',
    request: getCasinoResultRequest,
    response: casinoRoundResult,
  },
  getCasinoResults: {
    method: 'POST',
    path: 'casino/getResults',
    access: 'user',
    summary:
      "A casino table's finished rounds on a day (UTC+5:30), newest first, paged (Casino Result report).",
    request: getCasinoResultsRequest,
    response: casinoResults,
  },
  placeCasinoBet: {
    method: 'POST',
    path: 'bet/placeCasinoBet',
    access: 'user',
    summary:
      "Back an option of a casino table's round at its payout: taken at once, or refused once the window has closed by the server's clock or over the limits. The same request_id twice returns the first bet.",
    request: placeCasinoBetRequest,
    response: placeCasinoBetResult,
  },
  getBinaryBoard: {
    method: 'GET',
    path: 'binary/getBoard',
    access: 'user',
    summary:
      "Every binary instrument (sport −17) by session group: its hours, state (OPEN / SUSPENDED / CLOSED by the server's clock in India time), last price and change, the line pair while open, the session's close and the next open. Live changes arrive over the WebSocket (`binary` messages).",
    response: binaryBoard,
  },
  getBinaryInstrument: {
    method: 'POST',
    path: 'binary/getInstrument',
    access: 'user',
    summary:
      "One binary instrument: its head (as on the board), the session's ticks for the chart (at most 2000), limits, and the caller's exposure, book by settlement price and bets on the session.",
    request: getBinaryInstrumentRequest,
    response: binaryInstrument,
  },
  placeBinaryBet: {
    method: 'POST',
    path: 'bet/placeBinaryBet',
    access: 'user',
    summary:
      'Yes (closes at or above the line) or No (closes below it) on an instrument\'s session at the quoted line and rate: taken whole at once, or refused outside the hours by the server\'s clock ("Suspended …", "Market closed"), "Line changed" once the line moved, over the limits or the balance. The same request_id twice returns the first bet.',
    request: placeBinaryBetRequest,
    response: placeBinaryBetResult,
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
  getRaceCard: {
    method: 'POST',
    path: 'racing/getRaceCard',
    access: 'user',
    summary:
      "A race's card (runners with silks or trap, jockey, trainer, weight, draw, form; non-runners with their reduction factors), its state and places paid, the ids of its WIN and PLACE markets (prices from match/getMatchDetail), its result, and the day's meetings of its sport for the tabs.",
    request: getRaceCardRequest,
    response: raceCard,
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
  getCashOut: {
    method: 'POST',
    path: 'bet/getCashOut',
    access: 'user',
    summary:
      "The cash out of the caller's matched position on an exchange market: the hedge bets at the best prices now and the equal profit (or loss) they lock on every runner, or why none is available.",
    request: getCashOutRequest,
    response: cashOutQuote,
  },
  cashOut: {
    method: 'POST',
    path: 'bet/cashOut',
    access: 'user',
    summary:
      'Place the cash out: every hedge bet matched in full at its price or better, or nothing placed (refused with the quote now in data). Refused when it would lock less than the profit the caller accepted. The same request_id twice returns the first answer.',
    request: cashOutRequest,
    response: cashOutResult,
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
});

/**
 * Sign-up, the second step of a login, Security Auth, deposits and withdrawals, responsible
 * gaming: the public and user part of `accountEndpoints` (account-endpoints.ts), in its order.
 */
export const bettorAccountEndpoints = defineEndpoints({
  getVisitorCountry: {
    method: 'GET',
    path: 'user/getVisitorCountry',
    access: 'public',
    summary:
      "The country the sign-up's dial code starts on: the caller's address looked up in an offline GeoIP database on the server (no key in the browser, no outside call), else the operator's default country.",
    response: visitorCountry,
  },
  checkReferralCode: {
    method: 'POST',
    path: 'user/checkReferralCode',
    access: 'public',
    summary:
      "Whether the sign-up route's third segment is a referral code that opens an account (valid true/false), so the sign-up screen can say at once that an invitation is not valid. Limited per IP like sign-up.",
    request: checkReferralCodeRequest,
    response: referralCodeCheck,
  },
  signUp: {
    method: 'POST',
    path: 'user/signUp',
    access: 'public',
    summary:
      "Open an account under the parent whose referral code is given (the sign-up route's third segment) and send a 6-digit code to the mobile number; answers the OTP challenge. Per-number and per-IP send limits.",
    request: signUpRequest,
    response: secondStepChallenge,
  },
  verifyOtp: {
    method: 'POST',
    path: 'user/verifyOtp',
    access: 'public',
    summary:
      'Second step of a sign-up (or of a login before the number was verified): the code sent to the mobile. Right: the user becomes a sign-up user (is_signup_user "1") and is signed in. Codes expire after 5 minutes and die after 5 wrong tries.',
    request: verifyOtpRequest,
    response: userInfo,
  },
  resendOtp: {
    method: 'POST',
    path: 'user/resendOtp',
    access: 'public',
    summary: 'Send a new code for an OTP challenge (the previous one stops working); 30 s apart at least.',
    request: resendOtpRequest,
    response: secondStepChallenge,
  },
  loginTwoFactor: {
    method: 'POST',
    path: 'user/loginTwoFactor',
    access: 'public',
    summary:
      'Second step of a login with Security Auth on: the authenticator code (±1 step of 30 s) or a recovery code. Signs in.',
    request: loginTwoFactorRequest,
    response: userInfo,
  },
  twoFactorStatus: {
    method: 'GET',
    path: 'user/twoFactor/status',
    access: 'user',
    summary: 'Whether Security Auth (TOTP) is on, since when, and how many recovery codes are left.',
    response: twoFactorStatus,
  },
  twoFactorSetup: {
    method: 'POST',
    path: 'user/twoFactor/setup',
    access: 'user',
    summary:
      'Start turning Security Auth on: a new secret with its otpauth URL and QR code (SVG). Nothing changes until a code confirms it.',
    response: twoFactorSetup,
  },
  twoFactorEnable: {
    method: 'POST',
    path: 'user/twoFactor/enable',
    access: 'user',
    summary:
      "Confirm the new secret with a code from the app: Security Auth is on, and the account's other sessions end (the caller's stays); answers 10 recovery codes, shown once.",
    request: twoFactorEnableRequest,
    response: twoFactorEnableResult,
  },
  twoFactorDisable: {
    method: 'POST',
    path: 'user/twoFactor/disable',
    access: 'user',
    summary:
      "Turn Security Auth off with the account's password and a current code (or a recovery code). A wrong password or code counts towards the account's lock (10 wrong codes in 15 minutes lock it for 15 minutes).",
    request: twoFactorDisableRequest,
    response: z.null(),
  },
  getPaymentMethods: {
    method: 'GET',
    path: 'payment/getPaymentMethods',
    access: 'user',
    summary:
      "Deposit methods (bank transfer, UPI) with the details to pay to, the amount bounds, and the caller's available balance. Spec §6 users only.",
    response: paymentMethods,
  },
  requestDeposit: {
    method: 'POST',
    path: 'payment/deposit',
    access: 'user',
    summary:
      'Ask for a deposit: amount, method and the payment reference (UTR / UPI id) of the money sent. Waits for the operator (or the gateway). A reference already submitted is refused; the same request_id answers the first request.',
    request: depositRequest,
    response: paymentRequestView,
  },
  getBankAccounts: {
    method: 'GET',
    path: 'payment/getBankAccounts',
    access: 'user',
    summary: "The caller's saved bank accounts for withdrawals (account numbers masked).",
    response: bankAccounts,
  },
  addBankAccount: {
    method: 'POST',
    path: 'payment/addBankAccount',
    access: 'user',
    summary: 'Save a bank account (IFSC checked by format, account number typed twice).',
    request: addBankAccountRequest,
    response: bankAccount,
  },
  removeBankAccount: {
    method: 'POST',
    path: 'payment/removeBankAccount',
    access: 'user',
    summary: 'Remove a saved bank account (withdrawals already asked for keep it).',
    request: removeBankAccountRequest,
    response: z.null(),
  },
  requestWithdraw: {
    method: 'POST',
    path: 'payment/withdraw',
    access: 'user',
    summary:
      'Ask for a withdrawal to a saved bank account, at most the available balance: the amount is held at once (a ledger transfer to the pending-withdrawals account) until the operator pays or rejects it. The same request_id answers the first request.',
    request: withdrawRequest,
    response: paymentRequestView,
  },
  getPaymentStatement: {
    method: 'POST',
    path: 'report/getPaymentStatement',
    access: 'user',
    summary:
      "The caller's deposit and withdrawal requests over IST days, newest first: date, type, amount, method, status, reason; paged.",
    request: getPaymentStatementRequest,
    response: paymentStatement,
  },
  paymentWebhook: {
    method: 'POST',
    path: 'payment/webhook',
    access: 'public',
    summary:
      "The payment gateway's signed notice (header x-gateway-signature: t=<unix s>,v1=<hex HMAC-SHA256 of '<t>.<raw body>'>); verified on the raw body, idempotent on the event id, exempt from the CSRF cookie check. 401 on a bad signature.",
    request: gatewayEvent,
    response: gatewayAck,
  },
  getResponsibleGaming: {
    method: 'GET',
    path: 'user/responsibleGaming',
    access: 'user',
    summary:
      "The caller's deposit and loss limits (in force, used, pending raises), reality-check interval, and the session's start and net result.",
    response: responsibleGaming,
  },
  setResponsibleLimit: {
    method: 'POST',
    path: 'user/responsibleGaming/limit',
    access: 'user',
    summary:
      'Set a deposit or loss limit for a day, week or month (null removes it): lowering counts at once, raising or removing after 24 hours.',
    request: setLimitRequest,
    response: responsibleGaming,
  },
  setRealityCheck: {
    method: 'POST',
    path: 'user/responsibleGaming/realityCheck',
    access: 'user',
    summary: 'Reality-check reminder every N minutes of a session (0 = off).',
    request: setRealityCheckRequest,
    response: responsibleGaming,
  },
  selfExclude: {
    method: 'POST',
    path: 'user/responsibleGaming/exclude',
    access: 'user',
    summary:
      'Time-out (24 h, 7 or 30 days) or self-exclusion (6 months, 1 or 5 years), confirmed with the password: every session ends and login is refused until then; open bets stand. Cannot be shortened.',
    request: excludeRequest,
    response: excludeResult,
  },
});

/** Every call the bettor's app may make (access public or user). */
export const bettorEndpoints = defineEndpoints({ ...bettorCoreEndpoints, ...bettorAccountEndpoints });

export type BettorEndpoints = typeof bettorEndpoints;
export type BettorEndpointName = keyof BettorEndpoints;
export type BettorRequestOf<N extends BettorEndpointName> = RequestIn<BettorEndpoints, N>;
export type BettorResponseOf<N extends BettorEndpointName> = ResponseIn<BettorEndpoints, N>;
