// Who below the operator may make each console call, and on whom (issue 41, docs/hierarchy.md).
// Every call of the endpoint table with access 'operator' (the console's) has an entry here; the
// type makes a missing one a compile error and `hierarchy-scope.test.ts` a failing test. The
// server's one check (http/route.ts, `registerEndpoint`'s preHandler) reads this table for every
// console call made by a master or an agent: an 'operator' call answers 403; a 'downline' call
// answers 403 unless every user its request names (the fields listed) is the caller or below it.
import type { endpoints } from './endpoints.ts';

/** The console's roles: the operator (the root of the tree), masters under it, agents under them. */
export const CONSOLE_ROLES = ['operator', 'master', 'agent'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];
/** Every role of an account. */
export const USER_ROLES = ['operator', 'master', 'agent', 'bettor'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export type ConsoleScope =
  /** The operator's alone: markets, settlement, settings, providers, payments, the house's figures. */
  | { kind: 'operator' }
  /**
   * Also a master's and an agent's, on their own subtree: each of `users` (request fields holding a
   * user id, in the body or the query string) must name the caller or one of its descendants.
   * `lists`: the handler answers only the caller's subtree (a list with no user named).
   */
  | { kind: 'downline'; users: readonly string[]; lists?: boolean };

const operatorOnly = { kind: 'operator' } as const;
const downline = (...users: string[]): ConsoleScope => ({ kind: 'downline', users });
const list = (...users: string[]): ConsoleScope => ({ kind: 'downline', users, lists: true });

type Table = typeof endpoints;
/** The names of the console's calls: every entry of the endpoint table with access 'operator'. */
export type ConsoleEndpointName = {
  [N in keyof Table]: Table[N]['access'] extends 'operator' ? N : never;
}[keyof Table];

/** The scope of every console call. */
export const consoleScopes: { readonly [N in ConsoleEndpointName]: ConsoleScope } = {
  // What masters and agents may do, on their own subtree.
  adminSession: downline(),
  adminUsers: list('parent_id'),
  adminUser: downline('user_id'),
  adminUserCreate: downline('parent_id'),
  adminUserCreditReference: downline('user_id'),
  adminUserLock: downline('user_id'),
  adminUserBetLock: downline('user_id'),
  adminUserLimits: downline('user_id'),
  adminUserLimitSet: downline('user_id'),
  adminUserShare: downline('user_id'),
  adminUserResetPassword: downline('user_id'),
  adminUserSessions: downline('user_id'),
  adminUserSessionsEnd: downline('user_id'),
  adminUserApiKeys: downline('user_id'),
  adminApiKeyRevoke: downline('user_id'),
  adminUserStatement: downline('user_id'),
  adminUserCurrentBets: downline('user_id'),
  adminUserBetHistory: downline('user_id'),
  adminUserExposure: downline('user_id'),
  adminWalletDeposit: downline('user_id'),
  adminWalletWithdraw: downline('user_id'),
  adminAudit: list('operator_id'),
  adminDownlineSettle: downline('user_id'),
  adminDownlinePl: list(),
  adminDownlineRisk: list(),
  adminDownlineBets: list('user_id'),

  // The operator's alone.
  adminDashboard: operatorOnly,
  adminDashboardCharts: operatorOnly,
  adminLedgerCheck: operatorOnly,
  adminMarketStatus: operatorOnly,
  adminMatchInPlay: operatorOnly,
  adminMarketResult: operatorOnly,
  adminMarketVoid: operatorOnly,
  adminMarketRemoveRunner: operatorOnly,
  adminMarketVoidWindow: operatorOnly,
  adminMarketUnsettle: operatorOnly,
  adminMarketVoidBets: operatorOnly,
  adminMarketRisk: operatorOnly,
  adminMarketVoidPreview: operatorOnly,
  adminMarketCreate: operatorOnly,
  adminMarketUpdate: operatorOnly,
  adminSeries: operatorOnly,
  adminSeriesCreate: operatorOnly,
  adminMatches: operatorOnly,
  adminMatch: operatorOnly,
  adminMatchCreate: operatorOnly,
  adminMatchUpdate: operatorOnly,
  adminBookmakerQuote: operatorOnly,
  adminBookmakerStatus: operatorOnly,
  adminBookmakerIncomplete: operatorOnly,
  adminFancyQuote: operatorOnly,
  adminFancyStatus: operatorOnly,
  adminFancyResult: operatorOnly,
  adminFancyVoid: operatorOnly,
  adminFancyAverage: operatorOnly,
  adminFancyAverages: operatorOnly,
  adminFancyAverageSet: operatorOnly,
  adminFancyIncomplete: operatorOnly,
  adminCricketStop: operatorOnly,
  adminCricketReduce: operatorOnly,
  adminCricketReplacePlayer: operatorOnly,
  adminRaceNonRunner: operatorOnly,
  adminRaceOff: operatorOnly,
  adminRaceFinish: operatorOnly,
  adminRaceResult: operatorOnly,
  adminRaceVoid: operatorOnly,
  adminRaceSurface: operatorOnly,
  adminSettingsSave: operatorOnly,
  adminSettingsUpload: operatorOnly,
  adminBinarySessions: operatorOnly,
  adminBinarySettle: operatorOnly,
  adminBinaryVoid: operatorOnly,
  adminBinaryOverride: operatorOnly,
  adminBinaryCalendar: operatorOnly,
  adminBinaryHolidayAdd: operatorOnly,
  adminBinaryHolidayRemove: operatorOnly,
  adminCasinoTables: operatorOnly,
  adminCasinoSetLimits: operatorOnly,
  adminMessages: operatorOnly,
  adminReferralCreate: operatorOnly,
  adminPayments: operatorOnly,
  adminDepositApprove: operatorOnly,
  adminDepositReject: operatorOnly,
  adminWithdrawPay: operatorOnly,
  adminWithdrawReject: operatorOnly,
  adminPaymentDiscrepancies: operatorOnly,
  adminPaymentDiscrepancyResolve: operatorOnly,
  adminPaymentDiscrepancyDismiss: operatorOnly,
  adminPaymentMethodSet: operatorOnly,
  adminProviders: operatorOnly,
  adminProviderEnable: operatorOnly,
  adminProviderSync: operatorOnly,
  adminProviderGames: operatorOnly,
  adminProviderGameEnable: operatorOnly,
  adminProviderRounds: operatorOnly,
  adminProviderReconciliation: operatorOnly,
};

/** A console call's scope, or undefined for a name the table does not scope (refused below the operator). */
export function consoleScopeOf(name: string): ConsoleScope | undefined {
  return Object.prototype.hasOwnProperty.call(consoleScopes, name)
    ? (consoleScopes as Record<string, ConsoleScope>)[name]
    : undefined;
}
