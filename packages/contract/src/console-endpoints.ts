import type { z } from 'zod';
import { settlementSummary } from './admin.ts';
import { globalSetting } from './settings.ts';
import {
  adminAudit,
  adminAuditRequest,
  adminDashboard,
  adminDashboardCharts,
  adminMarketCreateRequest,
  adminMarketCreateResult,
  adminMarketRisk,
  adminMarketRiskRequest,
  adminMarketVoidPreview,
  adminMarketVoidPreviewRequest,
  adminMarketUpdateRequest,
  adminMarketVoidBetsRequest,
  adminMatch,
  adminMatchCreateRequest,
  adminMatchCreateResult,
  adminMatches,
  adminMatchesRequest,
  adminMatchRequest,
  adminMatchUpdateRequest,
  adminSeriesCreateRequest,
  adminSeriesList,
  adminSeriesRequest,
  adminSession,
  adminSettingsSaveRequest,
  adminSettingsUploadRequest,
  adminSettingsUploadResult,
  adminUser,
  adminUserCreateRequest,
  adminUserCreateResult,
  adminUserCreditReferenceRequest,
  adminUserBetLockRequest,
  adminUserLimitSetRequest,
  adminUserLimits,
  adminUserShareRequest,
  adminUserLockRequest,
  adminUserOfRequest,
  adminUserRequest,
  adminUserResetPasswordRequest,
  adminUserSessions,
  adminUserSessionsEndRequest,
  adminUsers,
  adminUsersRequest,
} from './console.ts';
import { accountStatement, betHistory, getAccountStatementRequest, getBetHistoryRequest } from './reports.ts';
import { currentBets, getCurrentBetsRequest } from './exchange.ts';
import { exposureDetail } from './wallet.ts';
import {
  adminBinaryCalendar,
  adminBinaryCalendarRequest,
  adminBinaryHolidayAddRequest,
  adminBinaryHolidayRemoveRequest,
  adminBinaryOverrideRequest,
  adminBinarySession,
  adminBinarySessions,
  adminBinarySessionsRequest,
  adminBinarySettleRequest,
  adminBinaryVoidRequest,
} from './binary-admin.ts';
import { adminCasinoSetLimitsRequest, adminCasinoTable, adminCasinoTables } from './casino-admin.ts';
import { downlineEndpoints } from './downline.ts';

/** The shape of an endpoint (endpoints.ts's `Endpoint`, restated: that file imports this one). */
type ConsoleEndpoint = {
  method: 'GET' | 'POST';
  path: string;
  access: 'operator';
  summary: string;
  request?: z.ZodType;
  response: z.ZodType;
};

const define = <const T extends Record<string, ConsoleEndpoint>>(endpoints: T) => endpoints;

/**
 * The operator console's calls (apps/admin), merged into the contract's endpoint table. Operator
 * role only (403 for a bettor). GET calls take their parameters in the query string.
 */
export const consoleEndpoints = define({
  adminSession: {
    method: 'GET',
    path: 'admin/session',
    access: 'operator',
    summary: "The caller's operator identity: what the console asks after login (a bettor gets 403).",
    response: adminSession,
  },
  adminDashboard: {
    method: 'GET',
    path: 'admin/dashboard',
    access: 'operator',
    summary:
      'Bettors online and signed in, bets and turnover in the last hour, the house result today, unsettled markets by status, the last ledger check, and alerts (a market in play without prices, a feed that stopped, a settlement refused or overdue, a withdrawal waiting over an hour).',
    response: adminDashboard,
  },
  adminDashboardCharts: {
    method: 'GET',
    path: 'admin/dashboard/charts',
    access: 'operator',
    summary:
      "The dashboard's charts: bets, turnover and the most bettors online in each of the last 24 clock hours, and the house's result on each of the last 30 IST days.",
    response: adminDashboardCharts,
  },
  adminSeries: {
    method: 'GET',
    path: 'admin/series',
    access: 'operator',
    summary: 'Every series (active or not) with its sport and match count; query sport_id filters.',
    request: adminSeriesRequest,
    response: adminSeriesList,
  },
  adminSeriesCreate: {
    method: 'POST',
    path: 'admin/series/create',
    access: 'operator',
    summary: 'Add a series (competition) to a sport. Audited; idempotent.',
    request: adminSeriesCreateRequest,
    response: adminSeriesList,
  },
  adminMatches: {
    method: 'GET',
    path: 'admin/matches',
    access: 'operator',
    summary:
      'Matches with their markets, paged (25): query search (match, series or sport name), sport_id, series_id, status (IN_PLAY, OPEN, SUSPENDED, CLOSED, INACTIVE, UNSETTLED, SETTLED), page. In play first, then nearest to now.',
    request: adminMatchesRequest,
    response: adminMatches,
  },
  adminMatch: {
    method: 'GET',
    path: 'admin/match',
    access: 'operator',
    summary:
      'One match with every market of every kind: terms, runners, bookmaker quotes, fancy lines, settlement state, bets, matched stake and exposure held. Query match_id.',
    request: adminMatchRequest,
    response: adminMatch,
  },
  adminMatchCreate: {
    method: 'POST',
    path: 'admin/match/create',
    access: 'operator',
    summary:
      'Create a match in a series (cricket: with its format and competition), optionally with its first market. Markets start INACTIVE (bookmaker and fancy: SUSPENDED) until opened. Audited; idempotent.',
    request: adminMatchCreateRequest,
    response: adminMatchCreateResult,
  },
  adminMatchUpdate: {
    method: 'POST',
    path: 'admin/match/update',
    access: 'operator',
    summary:
      'Edit a match: name, start time (its markets that started with it move too), country, venue, shown to bettors or not. Audited; idempotent.',
    request: adminMatchUpdateRequest,
    response: adminMatch,
  },
  adminMarketCreate: {
    method: 'POST',
    path: 'admin/market/create',
    access: 'operator',
    summary:
      'Add a market to a match: EXCHANGE (match odds, win, place) or BOOKMAKER with runners, FANCY with its variant and the event it settles on; start time, bet delay, min/max stake, commission. Audited; idempotent.',
    request: adminMarketCreateRequest,
    response: adminMarketCreateResult,
  },
  adminMarketUpdate: {
    method: 'POST',
    path: 'admin/market/update',
    access: 'operator',
    summary:
      'Edit a market: name and start time at any time; bet delay, stakes, commission and runners only while it takes no bets (suspended, inactive or closed); new runners only before its first bet; commission not once settled. Audited; idempotent.',
    request: adminMarketUpdateRequest,
    response: adminMatch,
  },
  adminMarketVoidBets: {
    method: 'POST',
    path: 'admin/market/voidBets',
    access: 'operator',
    summary:
      'Void named bets of an exchange market whatever their result (a deleted bet, the other side of a conduct void); their unmatched rest is cancelled. A settled market is settled again with the void applied. Audited; idempotent.',
    request: adminMarketVoidBetsRequest,
    response: settlementSummary,
  },
  adminMarketRisk: {
    method: 'GET',
    path: 'admin/market/risk',
    access: 'operator',
    summary:
      "A market's risk: for each way it can end, the bettors' total profit and the house's result; the largest exposures with each user's profit per outcome. Query market_id.",
    request: adminMarketRiskRequest,
    response: adminMarketRisk,
  },
  adminMarketVoidPreview: {
    method: 'GET',
    path: 'admin/market/voidPreview',
    access: 'operator',
    summary:
      'What voiding the bets placed between from and to would void now: how many bets, of how many users, and their stake (matched stake on the exchange). Query market_id, from, to. Nothing is written.',
    request: adminMarketVoidPreviewRequest,
    response: adminMarketVoidPreview,
  },
  adminUsers: {
    method: 'GET',
    path: 'admin/users',
    access: 'operator',
    summary:
      "Users of the caller's subtree (every user for the operator) with role, parent, share, balance, exposure, available, credit reference, lock and last login, paged (25): query search (name or id), role, status (active, locked), parent_id, page.",
    request: adminUsersRequest,
    response: adminUsers,
  },
  adminUser: {
    method: 'GET',
    path: 'admin/user',
    access: 'operator',
    summary: 'One user: the list row plus children, live sessions and lock time. Query user_id. Audited.',
    request: adminUserRequest,
    response: adminUser,
  },
  adminUserCreate: {
    method: 'POST',
    path: 'admin/user/create',
    access: 'operator',
    summary:
      'Create a master, an agent or a bettor (role, default bettor) under a parent (default the caller) with a first password (changed at the first login unless must_change_password is false) and, for a master or an agent, share_pct. An operator creates any of them, a master agents and bettors, an agent bettors. Audited; idempotent.',
    request: adminUserCreateRequest,
    response: adminUserCreateResult,
  },
  adminUserCreditReference: {
    method: 'POST',
    path: 'admin/user/creditReference',
    access: 'operator',
    summary:
      "Set a child's credit reference: what its parent lent it, shown beside its balance. Its parent (or the operator) only. Audited; idempotent.",
    request: adminUserCreditReferenceRequest,
    response: adminUser,
  },
  adminUserLock: {
    method: 'POST',
    path: 'admin/user/lock',
    access: 'operator',
    summary:
      'Lock a bettor (every session ends; logins refused until unlocked) or unlock one (also clears a failed-login lockout). Audited; idempotent.',
    request: adminUserLockRequest,
    response: adminUser,
  },
  adminUserBetLock: {
    method: 'POST',
    path: 'admin/user/betLock',
    access: 'operator',
    summary:
      'Lock (or unlock) betting on an account of your downline: it and every account below it stake nothing, refused in words; logins and reports go on. Unlocked only by the account that locked it or one above. Audited; idempotent.',
    request: adminUserBetLockRequest,
    response: adminUser,
  },
  adminUserLimits: {
    method: 'POST',
    path: 'admin/user/limits',
    access: 'operator',
    summary:
      "An account's limits per sport: the maximum stake and exposure set on it by an upline, and what binds once every account above it counts.",
    request: adminUserRequest,
    response: adminUserLimits,
  },
  adminUserLimitSet: {
    method: 'POST',
    path: 'admin/user/limitSet',
    access: 'operator',
    summary:
      'Set (or clear with null) the maximum stake of one bet and the maximum exposure on one sport for an account of your downline: no bettor at or below it may exceed them, refused in words naming the limit. Only an account above it sets them. Audited; idempotent.',
    request: adminUserLimitSetRequest,
    response: adminUserLimits,
  },
  adminUserShare: {
    method: 'POST',
    path: 'admin/user/share',
    access: 'operator',
    summary:
      "Change a master's or an agent's share of its downline's result (0–100 %): it applies to bets placed after the change, a settlement reading each bettor's chain as it was at its first stake on the market. Its parent or anyone above it; down any chain the shares add up to at most 100 %. Audited; idempotent.",
    request: adminUserShareRequest,
    response: adminUser,
  },
  adminUserResetPassword: {
    method: 'POST',
    path: 'admin/user/resetPassword',
    access: 'operator',
    summary:
      'Give a bettor a temporary password: every session ends and the bettor must change it at the next login. Audited; idempotent.',
    request: adminUserResetPasswordRequest,
    response: adminUser,
  },
  adminUserSessions: {
    method: 'GET',
    path: 'admin/user/sessions',
    access: 'operator',
    summary:
      "A user's open sessions, newest first (at most 100): started, last used, expires, IP. Query user_id.",
    request: adminUserOfRequest,
    response: adminUserSessions,
  },
  adminUserSessionsEnd: {
    method: 'POST',
    path: 'admin/user/sessions/end',
    access: 'operator',
    summary:
      "End one of a user's sessions (session_id) or all of them with every half-finished login (no session_id): the next call with it gets 401 on every node. Answers the sessions still open. Audited; idempotent.",
    request: adminUserSessionsEndRequest,
    response: adminUserSessions,
  },
  adminUserStatement: {
    method: 'POST',
    path: 'admin/user/statement',
    access: 'operator',
    summary: "A user's account statement, exactly as getAccountStatement shows it to them. Audited.",
    request: getAccountStatementRequest.and(adminUserOfRequest),
    response: accountStatement,
  },
  adminUserCurrentBets: {
    method: 'POST',
    path: 'admin/user/currentBets',
    access: 'operator',
    summary: "A user's matched, unmatched or cancelled bets, exactly as getCurrentBets shows them. Audited.",
    request: getCurrentBetsRequest.and(adminUserOfRequest),
    response: currentBets,
  },
  adminUserBetHistory: {
    method: 'POST',
    path: 'admin/user/betHistory',
    access: 'operator',
    summary: "A user's settled bets, exactly as getBetHistory shows them. Audited.",
    request: getBetHistoryRequest.and(adminUserOfRequest),
    response: betHistory,
  },
  adminUserExposure: {
    method: 'GET',
    path: 'admin/user/exposure',
    access: 'operator',
    summary: "The markets holding a user's exposure, as their My Market shows them. Query user_id. Audited.",
    request: adminUserOfRequest,
    response: exposureDetail,
  },
  adminAudit: {
    method: 'GET',
    path: 'admin/audit',
    access: 'operator',
    summary:
      'Every audited operator call, newest first, paged (25): query search (action, request or answer), action, operator_id, outcome (ok, refused), from, to, page.',
    request: adminAuditRequest,
    response: adminAudit,
  },
  adminSettingsSave: {
    method: 'POST',
    path: 'admin/settings/save',
    access: 'operator',
    summary:
      'Save every global setting of spec §3 (site message, title, colours, images uploaded before, social links, payment gateway and app flags); answers the settings as bettors now get them. Audited; idempotent.',
    request: adminSettingsSaveRequest,
    response: globalSetting,
  },
  adminSettingsUpload: {
    method: 'POST',
    path: 'admin/settings/upload',
    access: 'operator',
    summary:
      'Upload an image for the logo (≤ 256 KiB), favicon (≤ 64 KiB) or welcome banner (≤ 512 KiB): PNG, JPEG, WebP, GIF or ICO, checked by its bytes; answers the URL to save in the settings. Audited; idempotent.',
    request: adminSettingsUploadRequest,
    response: adminSettingsUploadResult,
  },
  adminBinarySessions: {
    method: 'GET',
    path: 'admin/binary/sessions',
    access: 'operator',
    summary:
      "Binary sessions of a trading day (query trading_day; omitted: today's and every unsettled earlier one): state, recorded last price, override, settlement price, bets and stake.",
    request: adminBinarySessionsRequest,
    response: adminBinarySessions,
  },
  adminBinarySettle: {
    method: 'POST',
    path: 'admin/binary/settle',
    access: 'operator',
    summary:
      "Settle a closed binary session on its official price: the figure given (recorded as the override), else the override, else the session's last feed price. Yes wins when the price ≥ its line, No when below. Refused before the close or when already settled. Audited.",
    request: adminBinarySettleRequest,
    response: settlementSummary,
  },
  adminBinaryVoid: {
    method: 'POST',
    path: 'admin/binary/void',
    access: 'operator',
    summary:
      'Void a binary session: every stake returned; a settled session is settled again as void. Audited.',
    request: adminBinaryVoidRequest,
    response: settlementSummary,
  },
  adminBinaryOverride: {
    method: 'POST',
    path: 'admin/binary/override',
    access: 'operator',
    summary:
      "Set (or clear, with null) a binary session's official settlement price before it is settled; the automatic settlement at the close uses it. Audited.",
    request: adminBinaryOverrideRequest,
    response: adminBinarySession,
  },
  adminBinaryCalendar: {
    method: 'GET',
    path: 'admin/binary/calendar',
    access: 'operator',
    summary: 'The binary holiday calendar from a day on (query from; omitted: today), per group or ALL.',
    request: adminBinaryCalendarRequest,
    response: adminBinaryCalendar,
  },
  adminBinaryHolidayAdd: {
    method: 'POST',
    path: 'admin/binary/calendar/add',
    access: 'operator',
    summary:
      "Add a holiday for a group (or ALL): that day's sessions stay suspended (a session already open is suspended at once). Audited; idempotent.",
    request: adminBinaryHolidayAddRequest,
    response: adminBinaryCalendar,
  },
  adminBinaryHolidayRemove: {
    method: 'POST',
    path: 'admin/binary/calendar/remove',
    access: 'operator',
    summary: 'Remove a holiday of a group (or ALL). Audited; idempotent.',
    request: adminBinaryHolidayRemoveRequest,
    response: adminBinaryCalendar,
  },
  adminCasinoTables: {
    method: 'GET',
    path: 'admin/casino/tables',
    access: 'operator',
    summary: 'The casino tables (Our Casino, Our Virtual) with the limits their next round opens with.',
    response: adminCasinoTables,
  },
  adminCasinoSetLimits: {
    method: 'POST',
    path: 'admin/casino/setLimits',
    access: 'operator',
    summary:
      "Set a casino table's limits (rupees): min_stake ≤ max_per_option ≤ max_per_round. A round's limits are fixed at its open, so they apply from the table's next round; the round in its window keeps its own. Audited.",
    request: adminCasinoSetLimitsRequest,
    response: adminCasinoTable,
  },
  // What each level sees of its downline (downline.ts).
  ...downlineEndpoints,
});
