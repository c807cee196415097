import { z } from 'zod';
import { documented, idInput, isoDateTime, textInput, type CrossFieldRule } from './common.ts';
import { bet } from './exchange.ts';
import { rupees } from './wallet.ts';
import { casinoRoundResult } from './casino.ts';

// Reports. Dates are calendar days in UTC+5:30 ('YYYY-MM-DD'); a range covers from_date 00:00
// to to_date 24:00 IST, at most REPORT_MAX_DAYS days. Money in rupees with 2 decimals.

export const REPORT_MAX_DAYS = 366;
export const STATEMENT_PAGE_SIZE = 25;
export const BET_HISTORY_PAGE_SIZE = 25;

/** The years a report day may fall in: every date a report can mean, and none the store cannot compare. */
export const REPORT_FIRST_YEAR = 2000;
export const REPORT_LAST_YEAR = 2100;

/** A real calendar day YYYY-MM-DD in the years 2000 to 2100 (2000 leap, 2100 not). */
export const REPORT_DAY_PATTERN =
  '^(?:20(?:00|0[48]|[2468][048]|[13579][26])-02-29|(?:20\\d\\d|2100)-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8])))$';

export const reportDay = documented(
  z
    .string({ error: 'must be a date YYYY-MM-DD' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
    // Years 0 and 1 are real calendar days to Date but not to every store (a 500); bound them first.
    .refine(
      (s) => {
        const year = Number(s.slice(0, 4));
        return year >= REPORT_FIRST_YEAR && year <= REPORT_LAST_YEAR;
      },
      { message: `must be a day in the years ${REPORT_FIRST_YEAR} to ${REPORT_LAST_YEAR}`, abort: true },
    )
    .refine(
      (s) =>
        !Number.isNaN(Date.parse(`${s}T00:00:00+05:30`)) &&
        new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      {
        message: 'must be a real calendar date',
      },
    ),
  { json: { type: 'string', pattern: REPORT_DAY_PATTERN } },
);

/** rangeRefinements below, as the document states them. */
export const REPORT_RANGE: CrossFieldRule = {
  rule: 'order',
  a: 'from_date',
  b: 'to_date',
  max_days: REPORT_MAX_DAYS,
};

const dayNumber = (s: string) => Date.parse(`${s}T00:00:00Z`) / 86_400_000;

/** from_date ≤ to_date and the range spans at most REPORT_MAX_DAYS days. */
export const rangeRefinements = <T extends { from_date?: string | undefined; to_date?: string | undefined }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.from_date === undefined || v.to_date === undefined) return;
  const span = dayNumber(v.to_date) - dayNumber(v.from_date);
  if (span < 0)
    ctx.addIssue({ code: 'custom', message: 'from_date must not be after to_date', path: ['from_date'] });
  else if (span >= REPORT_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      message: `the range may span at most ${REPORT_MAX_DAYS} days`,
      path: ['to_date'],
    });
};

export const page = z
  .number({ error: 'page must be a whole number' })
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .max(100_000, 'page is out of range')
  .default(1);

// ---- account statement ----

export const accountType = z.enum(['all', 'deposit_withdraw', 'game'], {
  error: "account_type must be 'all', 'deposit_withdraw' or 'game'",
});

export const getAccountStatementRequest = documented(
  z
    .object({ from_date: reportDay, to_date: reportDay, account_type: accountType.default('all'), page })
    .superRefine(rangeRefinements),
  { cross: [REPORT_RANGE] },
);

/**
 * What a statement row is: cash in/out, a market's result, its commission, a reversal of either,
 * a provider game's movement (Live Casino and Slot Game: a bet, a win, a bet rolled back), or a
 * fantasy contest's (an entry fee, a prize, a fee refunded).
 */
export const statementKind = z.enum([
  'deposit',
  'withdrawal',
  'market_win',
  'market_loss',
  'commission',
  'settlement_reversal',
  'casino_bet',
  'casino_win',
  'casino_refund',
  'fantasy_entry',
  'fantasy_prize',
  'fantasy_refund',
]);

export const statementRow = z.object({
  transfer_id: z.number().int(),
  date: isoDateTime,
  kind: statementKind,
  description: z.string(),
  /** Rupees in (0 when none). */
  credit: rupees,
  /** Rupees out (0 when none). */
  debit: rupees,
  /** The account balance after this row (every row counted, whatever the filter). */
  balance: rupees,
  /** Set on market rows: the row opens that market's bets. */
  market_id: z.number().int().nullable(),
  match_id: z.number().int().nullable(),
  sport_id: z.number().int().nullable(),
});
export type StatementRow = z.infer<typeof statementRow>;

export const accountStatement = z.object({
  /** Balance at from_date 00:00 IST. */
  opening_balance: rupees,
  /** Balance at the end of the range. */
  closing_balance: rupees,
  /** Oldest first. */
  rows: z.array(statementRow),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type AccountStatement = z.infer<typeof accountStatement>;

// ---- profit and loss ----

export const getProfitLossRequest = z
  .object({
    from_date: reportDay,
    to_date: reportDay,
    group_by: z.enum(['sport', 'market'], { error: "group_by must be 'sport' or 'market'" }).default('sport'),
    /** Only this sport's markets. */
    sport_id: idInput.optional(),
  })
  .superRefine(rangeRefinements);

export const profitLossRow = z.object({
  sport_id: z.number().int(),
  sport_name: z.string(),
  /** Market rows only (group_by 'market'); null on sport rows. */
  market_id: z.number().int().nullable(),
  market_name: z.string().nullable(),
  match_id: z.number().int().nullable(),
  match_name: z.string().nullable(),
  /** Latest settlement of the market in the range (market rows). */
  settled_at: isoDateTime.nullable(),
  /** Won minus lost before commission, rupees. */
  profit_loss: rupees,
  /** Commission paid, rupees (≥ 0). */
  commission: rupees,
  /** profit_loss − commission: what the balance moved by. */
  net: rupees,
});
export type ProfitLossRow = z.infer<typeof profitLossRow>;

export const profitLossDay = z.object({
  /** An IST day, YYYY-MM-DD. */
  day: z.string(),
  /** The net (profit/loss less commission) of the day's settlements, rupees. */
  net: rupees,
});
export type ProfitLossDay = z.infer<typeof profitLossDay>;

export const profitLoss = z.object({
  rows: z.array(profitLossRow),
  total: z.object({ profit_loss: rupees, commission: rupees, net: rupees }),
  /**
   * The net per IST day of the range with any settlement, oldest first (the chart's running line;
   * the same markets as `rows`: every sport, or `sport_id`'s). Absent from older servers.
   */
  days: z.array(profitLossDay).optional(),
});
export type ProfitLoss = z.infer<typeof profitLoss>;

// ---- bet history (settled bets with their results) ----

export const getBetHistoryRequest = z
  .object({
    /** Settled on these days; not needed when market_id is given. */
    from_date: reportDay.optional(),
    to_date: reportDay.optional(),
    /** One market's settled bets (a statement row opens these). */
    market_id: idInput.optional(),
    sport_id: idInput.optional(),
    result: z
      .enum(['all', 'WON', 'LOST', 'VOID'], { error: "result must be 'all', 'WON', 'LOST' or 'VOID'" })
      .default('all'),
    search: textInput('search').optional(),
    page,
  })
  .superRefine((v, ctx) => {
    if (v.market_id === undefined && (v.from_date === undefined || v.to_date === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'from_date and to_date are needed without market_id',
        path: ['from_date'],
      });
    }
    rangeRefinements(v, ctx);
  });

export const settledBet = bet.extend({
  /**
   * WON when the bet made money, LOST when it cost money; a profit of exactly 0 (a dead heat that
   * returns the stake) is WON when the bet's side came in and LOST when not. VOID: stake returned
   * (also a bet that never matched, lapsed or cancelled when its market settled).
   */
  result: z.enum(['WON', 'LOST', 'VOID']),
  /**
   * Signed, rupees, before commission (0 for VOID). A user's bets of one market add up to what
   * their balance moved for it before commission (docs/settlement.md "Rounding").
   */
  profit_loss: rupees,
  settled_at: isoDateTime,
});
export type SettledBet = z.infer<typeof settledBet>;

export const betHistory = z.object({
  bets: z.array(settledBet),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type BetHistory = z.infer<typeof betHistory>;

// What the OpenAPI document states beyond zod's JSON Schema (common.ts `documented`).
documented(getProfitLossRequest, { cross: [REPORT_RANGE] });
documented(getBetHistoryRequest, {
  // Without market_id, both dates.
  add: { anyOf: [{ required: ['market_id'] }, { required: ['from_date', 'to_date'] }] },
  cross: [REPORT_RANGE],
});

// ---- casino results (#/report/casino-result) ----

export const getCasinoResultsRequest = z.object({
  match_id: idInput,
  /** A day in UTC+5:30; today when absent. */
  date: reportDay.optional(),
  page,
});
export const casinoResults = z.object({
  rows: z.array(casinoRoundResult),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type CasinoResults = z.infer<typeof casinoResults>;
