import { defineEndpoints, type RequestIn, type ResponseIn } from './endpoint.ts';
import { sessionEndpoints } from './bettor/session.ts';
import { catalogEndpoints } from './bettor/catalog.ts';
import { casinoEndpoints } from './bettor/casino.ts';
import { binaryEndpoints } from './bettor/binary.ts';
import { exchangeEndpoints } from './bettor/exchange.ts';
import { reportsEndpoints } from './bettor/reports.ts';
import { authEndpoints } from './bettor/auth.ts';
import { securityEndpoints } from './bettor/security.ts';
import { paymentsEndpoints } from './bettor/payments.ts';
import { responsibleEndpoints } from './bettor/responsible.ts';
import { worldCasinoEndpoints } from './bettor/world-casino.ts';
import { providerWalletEndpoints } from './bettor/provider-wallet.ts';
import { apiKeyEndpoints } from './bettor/api-keys.ts';
import { fantasyEndpoints } from './fantasy.ts';

// The bettor's side of the endpoint table: every public and user call, and nothing of the
// operator's. The entries themselves live in one table per feature (bettor/<feature>.ts: session,
// catalog, casino, binary, exchange, reports, auth, security, payments, responsible, world-casino,
// provider-wallet; fantasy's in fantasy.ts), which apps/web imports where it calls them
// (`@backlay/contract/bettor/<feature>`): a screen's chunk carries its own endpoints' schemas, no
// other feature's, and never the operator console's (console.ts, admin.ts). The tables here gather
// them in the order `endpoints` (endpoints.ts) always had, for the server, the console and
// docs/api.md (docs/performance.md, "First load").

/** The bettor's first calls: settings, login, the catalog, bets and reports (endpoints.ts's first entries). */
export const bettorCoreEndpoints = defineEndpoints({
  getGlobalSetting: sessionEndpoints.getGlobalSetting,
  login: authEndpoints.login,
  logout: sessionEndpoints.logout,
  changePassword: sessionEndpoints.changePassword,
  getUserBalance: sessionEndpoints.getUserBalance,
  getButtonValue: sessionEndpoints.getButtonValue,
  setButtonValue: sessionEndpoints.setButtonValue,
  setLanguage: sessionEndpoints.setLanguage,
  getSports: catalogEndpoints.getSports,
  getSeriesHeader: catalogEndpoints.getSeriesHeader,
  getSeries: catalogEndpoints.getSeries,
  getMatches: catalogEndpoints.getMatches,
  getCupsForMenu: catalogEndpoints.getCupsForMenu,
  getCasinoSport: catalogEndpoints.getCasinoSport,
  getCasinoLobby: casinoEndpoints.getCasinoLobby,
  getCasinoRound: casinoEndpoints.getCasinoRound,
  getCasinoResult: casinoEndpoints.getCasinoResult,
  getCasinoResults: casinoEndpoints.getCasinoResults,
  placeCasinoBet: casinoEndpoints.placeCasinoBet,
  getBinaryBoard: binaryEndpoints.getBinaryBoard,
  getBinaryInstrument: binaryEndpoints.getBinaryInstrument,
  placeBinaryBet: binaryEndpoints.placeBinaryBet,
  searchByMatchNameHeader: catalogEndpoints.searchByMatchNameHeader,
  getExposureDetail: sessionEndpoints.getExposureDetail,
  getMatchVenueListByCountryCodeSportId: catalogEndpoints.getMatchVenueListByCountryCodeSportId,
  getRaceCard: exchangeEndpoints.getRaceCard,
  getMatchDetail: exchangeEndpoints.getMatchDetail,
  placeMarketBet: exchangeEndpoints.placeMarketBet,
  cancelBet: exchangeEndpoints.cancelBet,
  placeOrders: exchangeEndpoints.placeOrders,
  cancelOrders: exchangeEndpoints.cancelOrders,
  getPriceHistory: exchangeEndpoints.getPriceHistory,
  getCashOut: exchangeEndpoints.getCashOut,
  cashOut: exchangeEndpoints.cashOut,
  getCurrentBets: exchangeEndpoints.getCurrentBets,
  getMatchBets: exchangeEndpoints.getMatchBets,
  getCricketDetail: exchangeEndpoints.getCricketDetail,
  placeBookmakerBet: exchangeEndpoints.placeBookmakerBet,
  placeFancyBet: exchangeEndpoints.placeFancyBet,
  getFancyBook: exchangeEndpoints.getFancyBook,
  getCricketBets: exchangeEndpoints.getCricketBets,
  getAccountStatement: reportsEndpoints.getAccountStatement,
  getProfitLoss: reportsEndpoints.getProfitLoss,
  getBetHistory: reportsEndpoints.getBetHistory,
});

/**
 * Sign-up, the second step of a login, Security Auth, deposits and withdrawals, responsible
 * gaming: the public and user part of `accountEndpoints` (account-endpoints.ts), in its order.
 */
export const bettorAccountEndpoints = defineEndpoints({
  getVisitorCountry: authEndpoints.getVisitorCountry,
  checkReferralCode: authEndpoints.checkReferralCode,
  signUp: authEndpoints.signUp,
  verifyOtp: authEndpoints.verifyOtp,
  resendOtp: authEndpoints.resendOtp,
  loginTwoFactor: authEndpoints.loginTwoFactor,
  twoFactorStatus: securityEndpoints.twoFactorStatus,
  twoFactorSetup: securityEndpoints.twoFactorSetup,
  twoFactorEnable: securityEndpoints.twoFactorEnable,
  twoFactorDisable: securityEndpoints.twoFactorDisable,
  getPaymentMethods: paymentsEndpoints.getPaymentMethods,
  requestDeposit: paymentsEndpoints.requestDeposit,
  getBankAccounts: paymentsEndpoints.getBankAccounts,
  addBankAccount: paymentsEndpoints.addBankAccount,
  removeBankAccount: paymentsEndpoints.removeBankAccount,
  requestWithdraw: paymentsEndpoints.requestWithdraw,
  getPaymentStatement: paymentsEndpoints.getPaymentStatement,
  paymentWebhook: paymentsEndpoints.paymentWebhook,
  getResponsibleGaming: responsibleEndpoints.getResponsibleGaming,
  setResponsibleLimit: responsibleEndpoints.setResponsibleLimit,
  setRealityCheck: responsibleEndpoints.setRealityCheck,
  selfExclude: responsibleEndpoints.selfExclude,
  createApiKey: apiKeyEndpoints.createApiKey,
  listApiKeys: apiKeyEndpoints.listApiKeys,
  revokeApiKey: apiKeyEndpoints.revokeApiKey,
});

/**
 * Live Casino and Slot Game (issue 23): the lobby, the launch, the Live Casino Bets report, and
 * the wallet callbacks a provider makes (public: signed per provider, not by a session). The
 * public and user part of `providerEndpoints` (provider-endpoints.ts), in its order.
 */
export const bettorProviderEndpoints = defineEndpoints({
  getProvidersList: worldCasinoEndpoints.getProvidersList,
  getGameList: worldCasinoEndpoints.getGameList,
  userAuthentication: worldCasinoEndpoints.userAuthentication,
  getLiveCasinoBets: worldCasinoEndpoints.getLiveCasinoBets,
  providerAuthenticate: providerWalletEndpoints.providerAuthenticate,
  providerBalance: providerWalletEndpoints.providerBalance,
  providerDebit: providerWalletEndpoints.providerDebit,
  providerCredit: providerWalletEndpoints.providerCredit,
  providerRollback: providerWalletEndpoints.providerRollback,
});

/** Every call the bettor's app may make (access public or user). */
export const bettorEndpoints = defineEndpoints({
  ...bettorCoreEndpoints,
  ...bettorAccountEndpoints,
  ...bettorProviderEndpoints,
  ...fantasyEndpoints,
});

export type BettorEndpoints = typeof bettorEndpoints;
export type BettorEndpointName = keyof BettorEndpoints;
export type BettorRequestOf<N extends BettorEndpointName> = RequestIn<BettorEndpoints, N>;
export type BettorResponseOf<N extends BettorEndpointName> = ResponseIn<BettorEndpoints, N>;
