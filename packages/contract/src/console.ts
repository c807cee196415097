import { z } from 'zod';
import { adminRequestId, voidReason } from './admin.ts';
import { PASSWORD_ALLOWED, PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from './auth.ts';
import { marketStatus } from './catalog.ts';
import {
  documented,
  idInput,
  isoDateTime,
  marketKind,
  plainText,
  TEXT_MAX_CHARS,
  TWO_DECIMALS,
  wholeNumberInput,
} from './common.ts';
import { cricketFormat, fancyCompetition, fancyStatus, fancyVariant, quoteStatus } from './cricket.ts';
import { runnerStatus } from './exchange.ts';
import { rupees } from './wallet.ts';
import {
  SUPPORT_CHANNEL_LABELS,
  SUPPORT_CHANNELS,
  SUPPORT_FIELDS,
  supportContactProblem,
} from './settings.ts';

/** One channel's contact for 24X7 Support in the settings form: '' none. */
const supportField = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(254, `${field} must be at most 254 characters`)
    .check(plainText(field))
    .optional();

// The operator console's calls (apps/admin): the lists and views it reads, and the changes it
// makes that the older operator calls (admin.ts, cricket.ts) do not cover. Operator role only.
// Lists are paged and filtered on the server (CONSOLE_PAGE_SIZE rows a page). Reads that take
// parameters are GET calls with a query string, so every parameter is a string on the wire:
// numbers come as digits, choices as their names. Every change is audited and idempotent on its
// request_id, as the other operator calls are.

export const CONSOLE_PAGE_SIZE = 25;

// ---------------------------------------------------------------- common inputs

/** A page number of a console list: 1 to 100,000, as a number or digits. */
export const pageInput = documented(
  wholeNumberInput('page must be a whole number').pipe(
    z
      .number()
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(100_000, 'page is out of range'),
  ),
  {
    json: {
      anyOf: [
        { type: 'integer', minimum: 1, maximum: 100_000 },
        // 1 to 100000 in digits (15 at most, leading zeros allowed).
        { type: 'string', pattern: '^\\s*(?=\\d{1,15}\\s*$)0*(?:[1-9]\\d{0,4}|100000)\\s*$' },
      ],
    },
  },
).default(1);

const searchInput = z
  .string({ error: 'search must be text' })
  .check(plainText('search'))
  .trim()
  .max(TEXT_MAX_CHARS, `search must be at most ${TEXT_MAX_CHARS} characters`)
  .optional();

/** A name an operator types (match, market, runner, series): 1–120 characters after trimming. */
const nameInput = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .check(plainText(what))
    .trim()
    .min(1, `${what} must not be empty`)
    .max(120, `${what} must be at most 120 characters`);

/** Rupees with at most 2 decimals, > 0: a stake limit. */
const stakeLimit = (what: string) =>
  documented(
    z
      .number({ error: `${what} must be a number of rupees` })
      .positive(`${what} must be more than 0`)
      .max(100_000_000, `${what} must be at most 100000000`)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${what} must have at most 2 decimals`),
    { add: TWO_DECIMALS },
  );

/** The longest in-play bet delay an operator may set on a market. */
export const BET_DELAY_MAX_S = 60;

const betDelayInput = z
  .number({ error: 'bet_delay_s must be a whole number of seconds' })
  .int('bet_delay_s must be a whole number of seconds')
  .min(0, 'bet_delay_s must be 0 or more')
  .max(BET_DELAY_MAX_S, `bet_delay_s must be at most ${BET_DELAY_MAX_S}`);

/** Commission on net winnings, percent with up to 2 decimals (2 = 2%). */
const commissionInput = documented(
  z
    .number({ error: 'commission_percent must be a number' })
    .min(0, 'commission_percent must be 0 or more')
    .max(100, 'commission_percent must be at most 100')
    .refine(
      (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      'commission_percent must have at most 2 decimals',
    ),
  { add: TWO_DECIMALS },
);

const countryInput = z
  .string({ error: 'country must be a two-letter code' })
  .regex(/^([A-Za-z]{2})?$/, 'country must be a two-letter code')
  .transform((v) => (v === '' ? null : v.toUpperCase()));

const runnerNames = documented(
  z
    .array(nameInput('runner name'), { error: 'runners must be a list of names' })
    .min(2, 'runners must name at least 2 runners')
    .max(20, 'runners may name at most 20 runners')
    .refine(
      (names) => new Set(names.map((n) => n.toLowerCase())).size === names.length,
      'runner names must differ',
    ),
  { cross: [{ rule: 'distinct', a: '' }] },
);

const paged = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  });

// ---------------------------------------------------------------- session

/** The console's roles (console-scope.ts): the operator, a master, an agent. */
export const consoleRole = z.enum(['operator', 'master', 'agent']);
/** Every account's role. */
export const userRole = z.enum(['operator', 'master', 'agent', 'bettor'], {
  error: "role must be 'operator', 'master', 'agent' or 'bettor'",
});

export const adminSession = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  /** A master or an agent sees only its own subtree and the calls console-scope.ts gives it. */
  role: consoleRole,
});

// ---------------------------------------------------------------- dashboard

export const alertKind = z.enum([
  'NO_PRICES',
  'FEED_STOPPED',
  'SETTLEMENT_FAILED',
  'AWAITING_RESULT',
  'WITHDRAWAL_PENDING',
  'LEDGER',
]);

export const dashboardAlert = z.object({
  kind: alertKind,
  severity: z.enum(['warning', 'critical']),
  message: z.string(),
  market_id: z.number().int().nullable(),
  match_id: z.number().int().nullable(),
  /** Since when the condition holds, when known. */
  since: isoDateTime.nullable(),
});
export type DashboardAlert = z.infer<typeof dashboardAlert>;

export const adminDashboard = z.object({
  at: isoDateTime,
  /** Bettors whose session made a call in the last ONLINE_WINDOW_MINUTES. */
  bettors_online: z.number().int(),
  bettors_signed_in: z.number().int(),
  bettors_total: z.number().int(),
  last_hour: z.object({
    /** Bets placed in the last hour by bettors (the demo feed's market makers left out), every kind. */
    bets: z.number().int(),
    /** Their stakes matched: exchange fills (each counted once) and bookmaker and fancy stakes, rupees. */
    turnover: rupees,
  }),
  /** The house's result today (IST day): what settlements moved to the house, commission apart. */
  house_today: z.object({
    since: isoDateTime,
    profit_loss: rupees,
    commission: rupees,
    net: rupees,
  }),
  /** Markets not settled yet, by status (CLOSED: closed and waiting for a result). */
  markets: z.object({
    OPEN: z.number().int(),
    SUSPENDED: z.number().int(),
    CLOSED: z.number().int(),
    INACTIVE: z.number().int(),
    in_play: z.number().int(),
  }),
  /** The last ledger check an operator ran. */
  ledger: z
    .object({ at: isoDateTime, ok: z.boolean(), problems: z.number().int(), operator: z.string() })
    .nullable(),
  alerts: z.array(dashboardAlert),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

/** The dashboard's charts: hours of the last day, days of the last month. */
export const DASHBOARD_CHART_HOURS = 24;
export const DASHBOARD_CHART_DAYS = 30;

export const dashboardHour = z.object({
  /** The clock hour's start; the last entry is the hour under way. */
  hour: isoDateTime,
  /** Bets placed in the hour by bettors (the demo feed's market makers left out), every kind. */
  bets: z.number().int(),
  /** Their stakes matched in the hour (as last_hour's turnover), rupees. */
  turnover: rupees,
  /** The most bettors online at once in the hour, from the samples the server keeps; null where none was taken (no server ran). */
  bettors_online: z.number().int().nullable(),
});
export type DashboardHour = z.infer<typeof dashboardHour>;

export const dashboardDay = z.object({
  /** The IST day, YYYY-MM-DD; the last entry is today. */
  day: z.string(),
  /** What settlements moved to the house that day, commission apart (as house_today), rupees. */
  profit_loss: rupees,
  commission: rupees,
  net: rupees,
});
export type DashboardDay = z.infer<typeof dashboardDay>;

export const adminDashboardCharts = z.object({
  at: isoDateTime,
  /** DASHBOARD_CHART_HOURS clock hours, oldest first. */
  hours: z.array(dashboardHour),
  /** DASHBOARD_CHART_DAYS IST days, oldest first. */
  days: z.array(dashboardDay),
});
export type AdminDashboardCharts = z.infer<typeof adminDashboardCharts>;

// ---------------------------------------------------------------- catalog: series, matches, markets

export const adminSeriesRequest = z.object({ sport_id: idInput.optional() });
export const adminSeriesRow = z.object({
  series_id: z.number().int(),
  name: z.string(),
  sport_id: z.number().int(),
  sport_name: z.string(),
  is_active: z.boolean(),
  matches: z.number().int(),
});
export const adminSeriesList = z.object({ rows: z.array(adminSeriesRow) });

export const adminSeriesCreateRequest = z.object({
  sport_id: idInput,
  name: nameInput('name'),
  request_id: adminRequestId.optional(),
});

/** Where a market's settlement stands. */
export const settlementState = z.enum(['OPEN', 'SETTLED', 'UNSETTLED']);

export const consoleMatchStatus = z.enum(
  ['IN_PLAY', 'OPEN', 'SUSPENDED', 'CLOSED', 'INACTIVE', 'UNSETTLED', 'SETTLED'],
  {
    error: 'status must be one of IN_PLAY, OPEN, SUSPENDED, CLOSED, INACTIVE, UNSETTLED, SETTLED',
  },
);

export const adminMatchesRequest = z.object({
  /** Match, series or sport name contains this (case-insensitive). */
  search: searchInput,
  sport_id: idInput.optional(),
  series_id: idInput.optional(),
  /** Matches with at least one market in this state (UNSETTLED: closed without a result). */
  status: consoleMatchStatus.optional(),
  page: pageInput,
});

export const consoleMarketSummary = z.object({
  market_id: z.number().int(),
  market_name: z.string(),
  kind: marketKind,
  status: marketStatus,
  in_play: z.boolean(),
  settlement: settlementState,
});

export const adminMatchRow = z.object({
  match_id: z.number().int(),
  match_name: z.string(),
  sport_id: z.number().int(),
  sport_name: z.string(),
  series_id: z.number().int(),
  series_name: z.string(),
  start_time: isoDateTime,
  in_play: z.boolean(),
  is_active: z.boolean(),
  markets: z.array(consoleMarketSummary),
});
export type AdminMatchRow = z.infer<typeof adminMatchRow>;
export const adminMatches = paged(adminMatchRow);

export const adminMatchRequest = z.object({ match_id: idInput });

export const consoleRunner = z.object({
  selection_id: z.number().int(),
  name: z.string(),
  status: runnerStatus,
  sort_order: z.number().int(),
  /** Bookmaker quotes (per 100), null when not quoted or not a bookmaker market. */
  back_rate: z.number().int().nullable(),
  lay_rate: z.number().int().nullable(),
});

export const consoleMarket = z.object({
  market_id: z.number().int(),
  market_name: z.string(),
  market_type: z.string(),
  kind: marketKind,
  status: marketStatus,
  in_play: z.boolean(),
  bet_delay_s: z.number().int(),
  min_stake: rupees,
  max_stake: rupees,
  commission_percent: z.number(),
  start_time: isoDateTime,
  version: z.number().int(),
  settlement: z.object({
    state: settlementState,
    generation: z.number().int(),
    winners: z.array(z.number().int()),
    result_value: z.number().int().nullable(),
    dead_heat_count: z.number().int(),
    void_market: z.boolean(),
    void_selections: z.array(z.number().int()),
    void_windows: z.array(z.object({ from: isoDateTime, to: isoDateTime })),
    void_bets: z.array(z.number().int()),
  }),
  /** Bets of any status on the market, and the stake matched (rupees). */
  bets: z.number().int(),
  matched: rupees,
  /** Σ of the users' exposure held on the market (rupees). */
  exposure: rupees,
  runners: z.array(consoleRunner),
  bookmaker: z.object({ status: quoteStatus, version: z.number().int() }).nullable(),
  fancy: z
    .object({
      variant: fancyVariant,
      status: fancyStatus,
      no_line: z.number().int().nullable(),
      no_rate: z.number().int().nullable(),
      yes_line: z.number().int().nullable(),
      yes_rate: z.number().int().nullable(),
      band: z.number().int().nullable(),
      max_user_stake: rupees,
      result_max: z.number().int(),
      display_order: z.number().int(),
    })
    .nullable(),
});
export type ConsoleMarket = z.infer<typeof consoleMarket>;

export const adminMatch = z.object({
  match_id: z.number().int(),
  match_name: z.string(),
  sport_id: z.number().int(),
  sport_name: z.string(),
  series_id: z.number().int(),
  series_name: z.string(),
  country: z.string().nullable(),
  venue: z.string().nullable(),
  start_time: isoDateTime,
  open_date: isoDateTime,
  in_play: z.boolean(),
  is_active: z.boolean(),
  /** The cricket details the bookmaker and fancy rules need; null for other matches. */
  cricket: z
    .object({ format: cricketFormat, competition: z.string(), teams: z.array(z.string()) })
    .nullable(),
  markets: z.array(consoleMarket),
});
export type AdminMatch = z.infer<typeof adminMatch>;

/** The feed event a fancy settles on (the cricket feed settles it when the event is decided). */
export const fancyEventInput = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('RUNS_AT_OVER'),
      innings: z.union([z.literal(1), z.literal(2)], { error: 'innings must be 1 or 2' }),
      over: z
        .number({ error: 'over must be a whole number' })
        .int('over must be a whole number')
        .min(1, 'over must be 1 or more')
        .max(450, 'over must be at most 450'),
    }),
    z.object({
      kind: z.literal('INNINGS_TOTAL'),
      innings: z.union([z.literal(1), z.literal(2)], { error: 'innings must be 1 or 2' }),
    }),
    z.object({
      kind: z.literal('WICKET_BEFORE_OVER'),
      innings: z.union([z.literal(1), z.literal(2)], { error: 'innings must be 1 or 2' }),
      over: z
        .number({ error: 'over must be a whole number' })
        .int('over must be a whole number')
        .min(1, 'over must be 1 or more')
        .max(450, 'over must be at most 450'),
    }),
  ],
  { error: "event.kind must be 'RUNS_AT_OVER', 'INNINGS_TOTAL' or 'WICKET_BEFORE_OVER'" },
);

/** A new market of a match: its kind, terms and runners (or, for a fancy, its line). */
export const consoleMarketInput = z.object({
  kind: marketKind.default('EXCHANGE'),
  market_name: nameInput('market_name'),
  /** EXCHANGE and BOOKMAKER: the runners in display order. */
  runners: runnerNames.optional(),
  /** Default: the match's start time. */
  start_time: isoDateTime.optional(),
  /** Seconds a bet waits in play (EXCHANGE). Default 0. */
  bet_delay_s: betDelayInput.default(0),
  min_stake: stakeLimit('min_stake').default(100),
  max_stake: stakeLimit('max_stake').default(500_000),
  /** Default 2% on exchange markets, 0 on house-quoted ones (bookmaker, fancy). */
  commission_percent: commissionInput.optional(),
  /** FANCY: what it is and what it settles on. */
  fancy: z
    .object({
      variant: fancyVariant,
      event: fancyEventInput,
      /** KHADO: the band's width in runs. */
      band: z
        .number({ error: 'band must be a whole number of runs' })
        .int('band must be a whole number of runs')
        .min(1, 'band must be 1 or more')
        .max(100, 'band must be at most 100')
        .optional(),
      /** The most one bettor may stake on it in all, rupees. */
      max_user_stake: stakeLimit('max_user_stake').default(200_000),
    })
    .optional(),
});

const marketInputRefinements = (v: z.infer<typeof consoleMarketInput>, ctx: z.RefinementCtx) => {
  if (v.min_stake > v.max_stake) {
    ctx.addIssue({ code: 'custom', message: 'min_stake must not be above max_stake', path: ['min_stake'] });
  }
  if (v.kind === 'FANCY') {
    if (!v.fancy) ctx.addIssue({ code: 'custom', message: 'a FANCY market needs fancy', path: ['fancy'] });
    else if (v.fancy.variant === 'KHADO' && v.fancy.band === undefined)
      ctx.addIssue({ code: 'custom', message: 'a KHADO fancy needs band', path: ['fancy', 'band'] });
    if (v.runners)
      ctx.addIssue({ code: 'custom', message: 'a FANCY market has no runners', path: ['runners'] });
  } else {
    if (!v.runners)
      ctx.addIssue({ code: 'custom', message: `a ${v.kind} market needs runners`, path: ['runners'] });
    if (v.fancy)
      ctx.addIssue({ code: 'custom', message: 'only a FANCY market takes fancy', path: ['fancy'] });
  }
};

export const adminMatchCreateRequest = z.object({
  series_id: idInput,
  match_name: nameInput('match_name'),
  start_time: isoDateTime,
  country: countryInput.optional(),
  venue: z
    .string({ error: 'venue must be text' })
    .check(plainText('venue'))
    .trim()
    .max(120, 'venue must be at most 120 characters')
    .optional(),
  /** Cricket only: the format and the competition of the fancy averages table. */
  cricket: z
    .object({
      format: cricketFormat,
      competition: fancyCompetition,
      /** The two teams, in batting order of the bookmaker comparison. Default: the name split at " v ". */
      teams: z.array(nameInput('team')).length(2, 'teams must name two teams').optional(),
    })
    .optional(),
  /** The match's first market (a match-odds market, usually). */
  market: consoleMarketInput.superRefine(marketInputRefinements).optional(),
  request_id: adminRequestId.optional(),
});

export const adminMatchCreateResult = z.object({
  match_id: z.number().int(),
  market_id: z.number().int().nullable(),
});

export const adminMatchUpdateRequest = z.object({
  match_id: idInput,
  match_name: nameInput('match_name').optional(),
  start_time: isoDateTime.optional(),
  country: countryInput.optional(),
  venue: z
    .string({ error: 'venue must be text' })
    .check(plainText('venue'))
    .trim()
    .max(120, 'venue must be at most 120 characters')
    .optional(),
  /** false hides the match from bettors' lists (its markets keep their state). */
  is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
  request_id: adminRequestId.optional(),
});

export const adminMarketCreateRequest = consoleMarketInput
  .extend({ match_id: idInput, request_id: adminRequestId.optional() })
  .superRefine(marketInputRefinements);

export const adminMarketCreateResult = z.object({ market_id: z.number().int() });

export const adminMarketUpdateRequest = z
  .object({
    market_id: idInput,
    market_name: nameInput('market_name').optional(),
    start_time: isoDateTime.optional(),
    bet_delay_s: betDelayInput.optional(),
    min_stake: stakeLimit('min_stake').optional(),
    max_stake: stakeLimit('max_stake').optional(),
    commission_percent: commissionInput.optional(),
    /** Rename runners. */
    runners: z
      .array(z.object({ selection_id: idInput, name: nameInput('runner name') }), {
        error: 'runners must be a list of {selection_id, name}',
      })
      .max(20, 'runners may name at most 20 runners')
      .optional(),
    /** New runners (only while the market has no bets). */
    add_runners: z
      .array(nameInput('runner name'), { error: 'add_runners must be a list of names' })
      .min(1, 'add_runners must name at least one runner')
      .max(18, 'add_runners may name at most 18 runners')
      .optional(),
    request_id: adminRequestId.optional(),
  })
  .refine((v) => v.min_stake === undefined || v.max_stake === undefined || v.min_stake <= v.max_stake, {
    message: 'min_stake must not be above max_stake',
    path: ['min_stake'],
  });

export const adminMarketVoidBetsRequest = z.object({
  market_id: idInput,
  bet_ids: z
    .array(idInput, { error: 'bet_ids must be a list of bet ids' })
    .min(1, 'bet_ids must name at least one bet')
    .max(500, 'bet_ids may name at most 500 bets'),
  reason: voidReason,
  request_id: adminRequestId.optional(),
});

// ---------------------------------------------------------------- risk

export const adminMarketRiskRequest = z.object({ market_id: idInput });

export const adminMarketRisk = z.object({
  market_id: z.number().int(),
  kind: marketKind,
  /** Each way the market can end: a runner winning, or a fancy's result (lowest line − 2 … highest + 2). */
  outcomes: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      /** Σ of the bettors' profit (negative: loss) if this happens, before commission, rupees. */
      bettors: rupees,
      /** What the house makes if this happens: the bettors' losses less their wins, plus commission. */
      house: rupees,
    }),
  ),
  /** The largest exposures on the market, at most RISK_USERS_MAX. */
  users: z.array(
    z.object({
      user_id: z.number().int(),
      user_name: z.string(),
      exposure: rupees,
      bets: z.number().int(),
      /** The user's profit if each outcome happens (same order as outcomes). */
      positions: z.array(rupees),
    }),
  ),
  totals: z.object({ exposure: rupees, users: z.number().int(), bets: z.number().int() }),
});
export type AdminMarketRisk = z.infer<typeof adminMarketRisk>;

export const adminMarketVoidPreviewRequest = z.object({
  market_id: idInput,
  from: isoDateTime,
  to: isoDateTime,
});
/** What a void window would void now: the bets placed in it (not void already) and their money. */
export const adminMarketVoidPreview = z.object({
  market_id: z.number().int(),
  /** The window as the server reads it ("to" clamped to now). */
  from: isoDateTime,
  to: isoDateTime,
  bets: z.number().int(),
  users: z.number().int(),
  /** Σ stake of those bets (matched stake on the exchange), rupees. */
  stake: rupees,
});
export type AdminMarketVoidPreview = z.infer<typeof adminMarketVoidPreview>;
export const RISK_USERS_MAX = 20;

// ---------------------------------------------------------------- users

export const adminUsersRequest = z.object({
  /** User name contains this (case-insensitive), or the user id equals it. */
  search: searchInput,
  role: userRole.optional(),
  status: z.enum(['active', 'locked'], { error: "status must be 'active' or 'locked'" }).optional(),
  parent_id: idInput.optional(),
  page: pageInput,
});

export const adminUserRow = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  role: userRole,
  parent_id: z.number().int().nullable(),
  parent_name: z.string().nullable(),
  /** A master's or an agent's share of its downline's result, percent (applied at settlement). */
  share_pct: z.number().nullable(),
  balance: rupees,
  exposure: rupees,
  /** balance − exposure. */
  available: rupees,
  /** What the parent lent this account, set by the parent: shown beside the balance ("given vs. now"). */
  credit_reference: rupees,
  /**
   * What this account and its parent owe each other: balance + Σ its direct children's credit
   * references − its credit reference (> 0 the parent owes it, < 0 it owes its parent;
   * admin/downline/settle settles it).
   */
  owed: rupees,
  /** Locked by an operator (LOCKED) or after failed logins until a time (LOGIN_LOCKOUT). */
  lock: z.enum(['NONE', 'LOCKED', 'LOGIN_LOCKOUT']),
  /** Betting locked on this account by an upline (admin/user/betLock): it and every account below it stake nothing. */
  bet_locked: z.boolean(),
  must_change_password: z.boolean(),
  created_at: isoDateTime,
  last_login_at: isoDateTime.nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;
export const adminUsers = paged(adminUserRow).extend({
  /**
   * With parent_id: the accounts from the caller (the operator: the top of the tree) down to that
   * parent, top first, for the list's breadcrumb back up; empty without parent_id.
   */
  trail: z.array(z.object({ user_id: z.number().int(), user_name: z.string(), role: userRole })).default([]),
});

export const adminUserRequest = z.object({ user_id: idInput });
export const adminUser = adminUserRow.extend({
  children: z.number().int(),
  live_sessions: z.number().int(),
  locked_until: isoDateTime.nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

/** A user name: 3–32 letters, digits, _ . - */
const userNameInput = z
  .string({ error: 'user_name must be text' })
  .trim()
  .regex(/^[A-Za-z0-9_.-]{3,32}$/, 'user_name must be 3 to 32 letters, digits, _ . or -');

/** A first or temporary password, by the rule of spec §5 (the change-password form's). */
const operatorSetPassword = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .min(PASSWORD_MIN_CHARS, `${what} must be at least ${PASSWORD_MIN_CHARS} characters`)
    .max(PASSWORD_MAX_CHARS, `${what} must be at most ${PASSWORD_MAX_CHARS} characters`)
    .regex(/[A-Za-z]/, `${what} must contain a letter`)
    .regex(/\d/, `${what} must contain a digit`)
    .regex(PASSWORD_ALLOWED, `${what} may hold letters, digits and @$!%*#?& only`);

/** A master's or an agent's share of the result under it: 0–100 %, 2 decimals. */
const sharePctInput = documented(
  z
    .number({ error: 'share_pct must be a number' })
    .min(0, 'share_pct must be 0 to 100')
    .max(100, 'share_pct must be 0 to 100')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
      message: 'share_pct takes at most 2 decimals',
    }),
  { add: TWO_DECIMALS },
);

export const adminUserCreateRequest = z.object({
  user_name: userNameInput,
  password: operatorSetPassword('password'),
  /** Default: the caller. An operator creates masters, agents and bettors; a master agents and bettors; an agent bettors. */
  role: z
    .enum(['master', 'agent', 'bettor'], { error: "role must be 'master', 'agent' or 'bettor'" })
    .default('bettor'),
  /** Default: the caller. Must be the caller or in its subtree, and a role above the new account's. */
  parent_id: idInput.optional(),
  /** A master's or an agent's share of the result under it, 0–100 % (2 decimals); not for a bettor. */
  share_pct: sharePctInput.optional(),
  /** Default true: the bettor chooses their own password at the first login. */
  must_change_password: z.boolean({ error: 'must_change_password must be true or false' }).default(true),
  request_id: adminRequestId.optional(),
});
export const adminUserCreateResult = z.object({ user_id: z.number().int(), user_name: z.string() });

export const adminUserCreditReferenceRequest = z.object({
  user_id: idInput,
  /** Rupees, at most 2 decimals, 0 or more: what the parent lent this account. */
  credit_reference: documented(
    z
      .number({ error: 'credit_reference must be a number' })
      .min(0, 'credit_reference must be 0 or more')
      .max(1e11, 'credit_reference is too large')
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
        message: 'credit_reference takes at most 2 decimals',
      }),
    { add: TWO_DECIMALS },
  ),
  request_id: adminRequestId.optional(),
});

export const adminUserLockRequest = z.object({
  user_id: idInput,
  locked: z.boolean({ error: 'locked must be true or false' }),
  reason: z
    .string({ error: 'reason must be text' })
    .check(plainText('reason'))
    .trim()
    .max(TEXT_MAX_CHARS, `reason must be at most ${TEXT_MAX_CHARS} characters`)
    .optional(),
  request_id: adminRequestId.optional(),
});

export const adminUserBetLockRequest = z.object({
  user_id: idInput,
  locked: z.boolean({ error: 'locked must be true or false' }),
  request_id: adminRequestId.optional(),
});

/** A money limit in rupees (2 decimals, more than 0), or null to clear it. */
const limitRupees = (what: string) =>
  documented(
    z
      .number({ error: `${what} must be a number or null` })
      .positive(`${what} must be more than 0 (null clears it)`)
      .max(1e11, `${what} is too large`)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
        message: `${what} takes at most 2 decimals`,
      }),
    { add: TWO_DECIMALS },
  ).nullable();

/** Limits an upline sets on an account of its downline for one sport (issue 41): none of the account's bettors may exceed them. */
export const adminUserLimitSetRequest = z.object({
  user_id: idInput,
  sport_id: z.number({ error: 'sport_id must be a sport id' }).int('sport_id must be a sport id'),
  /** The largest stake of one bet, rupees; null: no limit set here. */
  max_stake: limitRupees('max_stake'),
  /** The largest exposure on the sport's open markets together, rupees; null: no limit set here. */
  max_exposure: limitRupees('max_exposure'),
  request_id: adminRequestId.optional(),
});

/** One sport's limits on an account: set on it, and what binds once every account above it counts. */
export const adminUserLimit = z.object({
  sport_id: z.number().int(),
  sport_name: z.string(),
  /** Set on this account (by an upline); null: none. */
  max_stake: rupees.nullable(),
  max_exposure: rupees.nullable(),
  /** Who set this account's own limits (null: none set). */
  set_by_name: z.string().nullable(),
  /** The smallest over this account and every account above it: what its bets must keep to. */
  effective_max_stake: rupees.nullable(),
  effective_max_exposure: rupees.nullable(),
});
export const adminUserLimits = z.object({ user_id: z.number().int(), limits: z.array(adminUserLimit) });
export type AdminUserLimits = z.infer<typeof adminUserLimits>;

/** A master's or an agent's new share (issue 41): it applies to bets placed after the change. */
export const adminUserShareRequest = z.object({
  user_id: idInput,
  share_pct: sharePctInput,
  request_id: adminRequestId.optional(),
});

export const adminUserResetPasswordRequest = z.object({
  user_id: idInput,
  /** A temporary password the bettor must change at the next login. */
  new_password: operatorSetPassword('new_password'),
  request_id: adminRequestId.optional(),
});

/** A user's reports as the bettor sees them: the same payloads plus user_id. */
export const adminUserOfRequest = z.object({ user_id: idInput });

/** One open session of a user (the console's user screen). */
export const adminUserSession = z.object({
  session_id: z.number().int(),
  created_at: isoDateTime,
  expires_at: isoDateTime,
  /** When a call last used it (moved at most once a minute); null: not used since login. */
  last_seen_at: isoDateTime.nullable(),
  ip: z.string().nullable(),
});
export type AdminUserSession = z.infer<typeof adminUserSession>;
export const adminUserSessions = z.object({ sessions: z.array(adminUserSession) });

/** End one session of the user (session_id) or all of them (no session_id). */
export const adminUserSessionsEndRequest = z.object({
  user_id: idInput,
  session_id: idInput.optional(),
  request_id: adminRequestId.optional(),
});

// ---------------------------------------------------------------- audit

export const adminAuditRequest = z
  .object({
    /** Action, request or answer contains this (case-insensitive). */
    search: searchInput,
    /** Exactly this action, e.g. market/result. */
    action: z
      .string({ error: 'action must be text' })
      .trim()
      .max(64, 'action must be at most 64 characters')
      .regex(/^[A-Za-z/]*$/, 'action is a name like market/result')
      .optional(),
    operator_id: idInput.optional(),
    outcome: z.enum(['ok', 'refused'], { error: "outcome must be 'ok' or 'refused'" }).optional(),
    /** Calls made on or after this instant … */
    from: isoDateTime.optional(),
    /** … and before this one. */
    to: isoDateTime.optional(),
    page: pageInput,
  })
  .refine((v) => v.from === undefined || v.to === undefined || Date.parse(v.from) <= Date.parse(v.to), {
    message: 'from must not be after to',
    path: ['from'],
  });

/** Every action the console's calls record in the audit log (the Audit screen's filter). */
export const ADMIN_AUDIT_ACTIONS = [
  'market/status',
  'market/result',
  'market/void',
  'market/voidWindow',
  'market/voidBets',
  'market/unsettle',
  'market/removeRunner',
  'market/create',
  'market/update',
  'match/create',
  'match/update',
  'match/inPlay',
  'racing/nonRunner',
  'racing/off',
  'racing/finish',
  'racing/result',
  'racing/void',
  'racing/surface',
  'series/create',
  'bookmaker/quote',
  'bookmaker/status',
  'bookmaker/incomplete',
  'cricket/stop',
  'cricket/reduce',
  'cricket/replacePlayer',
  'fancy/quote',
  'fancy/status',
  'fancy/result',
  'fancy/void',
  'fancy/average',
  'fancy/averages',
  'fancy/averages/set',
  'fancy/incomplete',
  'binary/settle',
  'binary/void',
  'binary/override',
  'binary/calendar/add',
  'binary/calendar/remove',
  'casino/setLimits',
  'wallet/deposit',
  'wallet/withdraw',
  'payment/deposit/approve',
  'payment/deposit/reject',
  'payment/withdraw/pay',
  'payment/withdraw/reject',
  'payment/discrepancy/resolve',
  'payment/discrepancy/dismiss',
  'payment/method',
  'referral/create',
  'user/create',
  'user/creditReference',
  'user/lock',
  'user/betLock',
  'user/limitSet',
  'user/share',
  'user/resetPassword',
  'user/sessions/end',
  'user/apiKey/revoke',
  'user/view',
  'user/statement',
  'user/currentBets',
  'user/betHistory',
  'user/exposure',
  'downline/settle',
  'settings/save',
  'settings/upload',
  'ledger/check',
  'provider/enable',
  'provider/sync',
  'provider/game/enable',
] as const;

export const adminAuditRow = z.object({
  action_id: z.number().int(),
  at: isoDateTime,
  operator_id: z.number().int(),
  operator_name: z.string(),
  action: z.string(),
  request_id: z.string().nullable(),
  request: z.unknown(),
  ok: z.boolean(),
  message: z.string().nullable(),
  response: z.unknown(),
  /** The user the call concerns (its user_id, or a payment decision's bettor), or null. */
  user_id: z.number().int().nullable().optional(),
  user_name: z.string().nullable().optional(),
});
export type AdminAuditRow = z.infer<typeof adminAuditRow>;
export const adminAudit = paged(adminAuditRow);

// ---------------------------------------------------------------- settings

/** Every global setting of spec §3 but the images, which are uploaded (adminSettingsUpload). */
const colourInput = (what: string) =>
  z
    .string({ error: `${what} must be a colour like #0b3d2e` })
    .regex(/^#[0-9a-fA-F]{6}$/, `${what} must be a colour like #0b3d2e`);

/** A social link: empty, or an https:// address. */
const linkInput = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .check(plainText(what))
    .trim()
    .max(300, `${what} must be at most 300 characters`)
    .regex(/^(?:https:\/\/[^\s"'<>]+)?$/, `${what} must be empty or an https:// address`);

/** Where uploaded images are served: UPLOAD_PATH_PREFIX + {sha256}.{ext}. */
export const UPLOAD_PATH_PREFIX = '/api/upload/store/';

/** An image setting: empty, one of the bundled images (/api/upload/image/…) or an uploaded one. */
const imagePathInput = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .max(300, `${what} must be at most 300 characters`)
    .regex(
      /^(?:\/api\/upload\/image\/[A-Za-z0-9_-]+\.[A-Za-z0-9]+|\/api\/upload\/store\/[0-9a-f]{64}\.(?:png|jpg|webp|gif|ico))?$/,
      `${what} must be an uploaded image or empty`,
    );

export const adminSettingsSaveRequest = z
  .object({
    site_title: z
      .string({ error: 'site_title must be text' })
      .check(plainText('site_title'))
      .trim()
      .min(1, 'site_title must not be empty')
      .max(60, 'site_title must be at most 60 characters'),
    site_message: z
      .string({ error: 'site_message must be text' })
      .check(plainText('site_message'))
      .max(500, 'site_message must be at most 500 characters'),
    payment_gateway: z.enum(['0', '1'], { error: "payment_gateway must be '0' or '1'" }),
    is_show_apk: z.enum(['0', '1'], { error: "is_show_apk must be '0' or '1'" }),
    /** Left out keeps what is set. */
    apk_link: linkInput('apk_link').optional(),
    logo: imagePathInput('logo'),
    favicon: imagePathInput('favicon'),
    welcome_banner: imagePathInput('welcome_banner'),
    bg_primary_color: colourInput('bg_primary_color'),
    bg_secondry_color: colourInput('bg_secondry_color'),
    text_primary_color: colourInput('text_primary_color'),
    text_secondry_color: colourInput('text_secondry_color'),
    other_color: colourInput('other_color'),
    fb_link: linkInput('fb_link'),
    insta_link: linkInput('insta_link'),
    telegram_link: linkInput('telegram_link'),
    twiter_link: linkInput('twiter_link'),
    whatsapp_link: linkInput('whatsapp_link'),
    /** The footer's 24X7 Support; both left out keeps what is set. */
    support_channel: z
      .enum(['', ...SUPPORT_CHANNELS], {
        error: `support_channel must be empty or one of ${SUPPORT_CHANNELS.join(', ')}`,
      })
      .optional(),
    support_contact: z
      .string({ error: 'support_contact must be text' })
      .trim()
      .max(254, 'support_contact must be at most 254 characters')
      .check(plainText('support_contact'))
      .optional(),
    /** Every channel of 24X7 Support at once ('' none); any given replaces the four and the pair above. */
    support_whatsapp: supportField('support_whatsapp'),
    support_telegram: supportField('support_telegram'),
    support_phone: supportField('support_phone'),
    support_email: supportField('support_email'),
    request_id: adminRequestId.optional(),
  })
  .superRefine((s, ctx) => {
    for (const channel of SUPPORT_CHANNELS) {
      const field = SUPPORT_FIELDS[channel];
      const contact = s[field] ?? '';
      const problem = contact === '' ? null : supportContactProblem(channel, contact, field);
      if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
    }
    const channel = s.support_channel ?? '';
    const contact = s.support_contact ?? '';
    const bad = (message: string) => ctx.addIssue({ code: 'custom', path: ['support_contact'], message });
    if (channel === '') {
      if (contact !== '') bad('support_contact needs a support_channel (or leave both empty)');
      return;
    }
    if (contact === '') return bad(`support_contact is required for ${SUPPORT_CHANNEL_LABELS[channel]}`);
    const problem = supportContactProblem(channel, contact, 'support_contact');
    if (problem) bad(problem);
  });

/** The image kinds an upload may hold, and the largest file each setting takes (bytes). */
export const UPLOAD_LIMITS = {
  logo: 256 * 1024,
  favicon: 64 * 1024,
  welcome_banner: 512 * 1024,
} as const;
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/x-icon'] as const;
/** The body of an upload call may be this large (base64 of the largest image, and the JSON around it). */
export const UPLOAD_BODY_LIMIT_BYTES = 768 * 1024;

export const adminSettingsUploadRequest = z.object({
  field: z.enum(['logo', 'favicon', 'welcome_banner'], {
    error: "field must be 'logo', 'favicon' or 'welcome_banner'",
  }),
  content_type: z.enum(UPLOAD_TYPES, {
    error: 'content_type must be image/png, image/jpeg, image/webp, image/gif or image/x-icon',
  }),
  /** The file, base64. */
  data_base64: z
    .string({ error: 'data_base64 must be the file in base64' })
    .min(4, 'data_base64 must not be empty')
    .max(Math.ceil((UPLOAD_LIMITS.welcome_banner * 4) / 3) + 4, 'the file is too large')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'data_base64 must be base64'),
  request_id: adminRequestId.optional(),
});
export const adminSettingsUploadResult = z.object({
  field: z.enum(['logo', 'favicon', 'welcome_banner']),
  /** Where it is served; save it in the settings to use it. */
  url: z.string(),
  bytes: z.number().int(),
  content_type: z.string(),
});

// What the OpenAPI document states beyond zod's JSON Schema (common.ts `documented`).
const MARKET_RULES = {
  cross: [
    { rule: 'order', a: 'min_stake', b: 'max_stake' },
    {
      rule: 'described',
      text: 'FANCY takes fancy (KHADO with band) and no runners; EXCHANGE and BOOKMAKER take runners and no fancy',
    },
  ],
} as const;
documented(adminMatchCreateRequest.shape.market.unwrap(), { cross: [...MARKET_RULES.cross] });
documented(adminMarketCreateRequest, { cross: [...MARKET_RULES.cross] });
documented(adminMarketUpdateRequest, { cross: [{ rule: 'order', a: 'min_stake', b: 'max_stake' }] });
documented(adminAuditRequest, { cross: [{ rule: 'order', a: 'from', b: 'to' }] });
documented(adminSettingsSaveRequest, {
  cross: [
    {
      rule: 'described',
      text: 'support_contact is given exactly when support_channel is: a number +<country><digits> for WHATSAPP and PHONE, a Telegram name for TELEGRAM, an e-mail address for EMAIL; support_whatsapp and support_phone are such numbers, support_telegram a Telegram name, support_email an e-mail address, each or empty',
    },
  ],
});
