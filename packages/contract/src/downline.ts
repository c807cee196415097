import { z } from 'zod';
import { adminAmount, adminRequestId } from './admin.ts';
import { documented, idInput, isoDateTime, marketKind, plainText, TEXT_MAX_CHARS } from './common.ts';
import { pageInput, userRole } from './console.ts';
import { bet } from './exchange.ts';
import { rangeRefinements, REPORT_RANGE, reportDay } from './reports.ts';
import { rupees } from './wallet.ts';

// What each level of the tree sees of its downline (issue 41, docs/hierarchy.md "What each level
// sees"): the risk of its subtree per outcome, its profit and loss by child and by market with each
// level's share, the bets of the whole subtree, and the settlement between a child and its parent.
// The operator's subtree is everyone. Money in rupees with 2 decimals; dates are IST days.

/** Rows of a downline P/L answer at most (by child or by market); `total` counts them all. */
export const DOWNLINE_PL_ROWS_MAX = 500;
/** Markets of a downline risk answer at most, the largest exposure first. */
export const DOWNLINE_RISK_MARKETS_MAX = 50;
export const DOWNLINE_BETS_PAGE_SIZE = 25;

// ---------------------------------------------------------------- settlement with the parent

export const adminDownlineSettleRequest = z.object({
  /** A direct child of the caller (the operator: any account below it, settled with its parent). */
  user_id: idInput,
  /**
   * Part of what is owed, rupees with at most 2 decimals (> 0, at most what is owed); absent: all
   * of it, so nothing is owed after.
   */
  amount: adminAmount.optional(),
  /** What was settled outside (cash, a bank transfer): shown on both statements. */
  note: z
    .string({ error: 'note must be text' })
    .check(plainText('note'))
    .trim()
    .min(1, `note must say how it was settled (1 to ${TEXT_MAX_CHARS} characters)`)
    .max(TEXT_MAX_CHARS, `note must be at most ${TEXT_MAX_CHARS} characters`),
  request_id: adminRequestId,
});

export const adminDownlineSettle = z.object({
  user_id: z.number().int(),
  transfer_id: z.number().int(),
  /** settlement_up: the child's winnings came back up the ledger (its parent paid it outside); settlement_down: the child paid its loss outside. */
  kind: z.enum(['settlement_up', 'settlement_down']),
  amount: rupees,
  /** The owed figure (balance + Σ its children's credit references − credit reference) before and after: > 0 the parent owes the child, < 0 the child owes up. */
  owed_before: rupees,
  owed_after: rupees,
  balance: rupees,
  credit_reference: rupees,
});
export type AdminDownlineSettle = z.infer<typeof adminDownlineSettle>;

// ---------------------------------------------------------------- profit and loss

export const adminDownlinePlRequest = z
  .object({
    /** IST days, both included; absent: today. */
    from_date: reportDay.optional(),
    to_date: reportDay.optional(),
    group_by: z.enum(['child', 'market'], { error: "group_by must be 'child' or 'market'" }).default('child'),
  })
  .superRefine(rangeRefinements);
documented(adminDownlinePlRequest, { cross: [REPORT_RANGE] });

/**
 * One row's figures (rupees), read from the ledger's settlement, game and share transfers in the range.
 * total = downline_share + my_share + upline.
 */
const plFigures = {
  /** What the bettors under it won (+) or lost (−), commission included: their balances moved by this. */
  bettors_pl: rupees,
  /** Commission the bettors paid (≥ 0), included in bettors_pl. */
  commission: rupees,
  /** The downline's result for the book at 100 %: −bettors_pl. */
  total: rupees,
  /** What the masters and agents below the caller took (+) or paid (−) of it. */
  downline_share: rupees,
  /** The caller's own share (the operator: what the house kept). */
  my_share: rupees,
  /** What went up: the caller's uplines and the house. */
  upline: rupees,
};

/** The games with no market of ours in the P/L by market. */
export const downlinePlGameKind = z.enum(['PROVIDER', 'FANTASY']);

export const adminDownlinePlRow = z.object({
  /** By child: the direct child whose subtree the row sums; null by market. */
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  role: userRole.nullable(),
  /** By market: the market; null by child and for a game with no market of ours. */
  market_id: z.number().int().nullable(),
  /**
   * By market: the row's unit, `market/<market_id>`, `provider/<provider>/<game>/<IST day>` (a
   * provider game's rounds closed that day) or `contest/<contest_id>` (a settled fantasy contest);
   * null by child.
   */
  unit_key: z.string().nullable(),
  /** By market: as the statement names it (a market; "Live Casino › <game>"; "Fantasy › <contest>"). */
  market_name: z.string().nullable(),
  /** By market: the match; a provider game's provider; a contest's match. */
  match_name: z.string().nullable(),
  /** By market: the market's kind, or PROVIDER (a provider game's day) or FANTASY (a contest). */
  market_kind: z.union([marketKind, downlinePlGameKind]).nullable(),
  /** By child: its owed figure now, balance + Σ its children's credit references − credit reference (> 0 owed to it, < 0 it owes up; admin/downline/settle); null by market. */
  owed: rupees.nullable(),
  /** The last settlement move of the row in the range (a game's: its last unit's close). */
  settled_at: isoDateTime,
  ...plFigures,
});
export type AdminDownlinePlRow = z.infer<typeof adminDownlinePlRow>;

export const adminDownlinePl = z.object({
  rows: z.array(adminDownlinePlRow),
  /** Rows in all (at most DOWNLINE_PL_ROWS_MAX are answered). */
  total_rows: z.number().int(),
  totals: z.object(plFigures),
});
export type AdminDownlinePl = z.infer<typeof adminDownlinePl>;

// ---------------------------------------------------------------- risk per outcome

export const adminDownlineRiskRequest = z.object({ market_id: idInput.optional() });

export const adminDownlineRiskMarket = z.object({
  market_id: z.number().int(),
  market_name: z.string(),
  match_name: z.string(),
  kind: marketKind,
  /** The subtree's exposure held on it. */
  exposure: rupees,
  bettors: z.number().int(),
  bets: z.number().int(),
  outcomes: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      /** The subtree's bettors' profit if this happens, before commission (the sum of their positions). */
      bettors_pl: rupees,
      /** The book's result on them at 100 % (−their profit + commission). */
      total: rupees,
      /** The caller's share of it, split per bettor as settlement splits it (the operator: what the house keeps). */
      my_share: rupees,
    }),
  ),
});
export type AdminDownlineRiskMarket = z.infer<typeof adminDownlineRiskMarket>;

export const adminDownlineRisk = z.object({
  markets: z.array(adminDownlineRiskMarket),
  /** Markets with subtree exposure in all (at most DOWNLINE_RISK_MARKETS_MAX are answered). */
  total_markets: z.number().int(),
});
export type AdminDownlineRisk = z.infer<typeof adminDownlineRisk>;

// ---------------------------------------------------------------- bets of the subtree

export const adminDownlineBetsRequest = z
  .object({
    /** current: bets on markets not settled (bet_type M, U or D); history: settled bets. */
    view: z.enum(['current', 'history'], { error: "view must be 'current' or 'history'" }).default('current'),
    bet_type: z.enum(['M', 'U', 'D'], { error: "bet_type must be 'M', 'U' or 'D'" }).default('M'),
    /** One account of the subtree: its bets, or its own subtree's for a master or an agent. */
    user_id: idInput.optional(),
    market_id: idInput.optional(),
    /** History: settled on these IST days; current: placed on them (either bound may be left open). */
    from_date: reportDay.optional(),
    to_date: reportDay.optional(),
    page: pageInput,
  })
  .superRefine(rangeRefinements);
documented(adminDownlineBetsRequest, { cross: [REPORT_RANGE] });

export const adminDownlineBet = bet.extend({
  user_id: z.number().int(),
  user_name: z.string(),
  /** The bettor's uplines, nearest first (its agent, then its master). */
  path: z.array(z.object({ user_id: z.number().int(), user_name: z.string(), role: userRole })),
  /** History only: the result, the bettor's profit before commission and when it settled. */
  result: z.enum(['WON', 'LOST', 'VOID']).nullable(),
  profit_loss: rupees.nullable(),
  settled_at: isoDateTime.nullable(),
});
export type AdminDownlineBet = z.infer<typeof adminDownlineBet>;

export const adminDownlineBets = z.object({
  bets: z.array(adminDownlineBet),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type AdminDownlineBets = z.infer<typeof adminDownlineBets>;

// ---------------------------------------------------------------- the calls

/** The downline's calls, merged into the console's table (console-endpoints.ts). */
export const downlineEndpoints = {
  adminDownlineSettle: {
    method: 'POST',
    path: 'admin/downline/settle',
    access: 'operator',
    summary:
      "Record that a child and its parent settled outside (cash, a bank transfer): one ledger transfer between the child's cash and its parent's (the operator's children: the house) brings what is owed to zero, or part of the way (amount, rupees), never past it. Owed = balance + Σ the credit references of the child's direct children − its credit reference (what it holds and lent down against what it was lent): > 0 the parent owes the child, < 0 the child owes up. A master or an agent settles its direct children; the operator any account below it. Refused in words when nothing is owed. Audited; idempotent on request_id.",
    request: adminDownlineSettleRequest,
    response: adminDownlineSettle,
  },
  adminDownlinePl: {
    method: 'GET',
    path: 'admin/downline/pl',
    access: 'operator',
    summary:
      "Profit and loss of the caller's subtree over IST days (from_date, to_date; absent: today), by direct child (each child's subtree) or by market (group_by child, market): the bettors' result, the book's at 100 %, the shares taken below, the caller's share (the operator: what the house kept) and what went up. Markets, provider games (by game and IST day, rounds closed in the range) and fantasy contests (settled in the range). Read from the ledger's settlement, game and share transfers, so it equals what moved.",
    request: adminDownlinePlRequest,
    response: adminDownlinePl,
  },
  adminDownlineRisk: {
    method: 'GET',
    path: 'admin/downline/risk',
    access: 'operator',
    summary:
      "My Market for the caller's subtree: each unsettled market where it holds exposure (or market_id alone), each outcome's result of the subtree's bets at 100 % and at the caller's share, split per bettor as settlement will split it.",
    request: adminDownlineRiskRequest,
    response: adminDownlineRisk,
  },
  adminDownlineBets: {
    method: 'GET',
    path: 'admin/downline/bets',
    access: 'operator',
    summary:
      "Bets of the caller's whole subtree, newest first, paged (25): view current (bet_type M, U, D) or history (settled), filtered by user_id (an account of the subtree and its own downline), market_id, from_date/to_date. Each with the bettor's name and its uplines.",
    request: adminDownlineBetsRequest,
    response: adminDownlineBets,
  },
} as const;
