// The reports' view of a kind's bets (registry.ts `reportBets`): each kind answers with one SELECT
// naming the columns below, whatever its own tables; reports/ unions every kind's SELECT, sorts and
// pages them in one statement, so paging stays exact across kinds. What a row means per kind is
// the contract's `bet` (packages/contract/src/exchange.ts).
import { and, eq, gte, isNotNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { MarketKind } from '@backlay/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { likeEscape } from '../catalog/queries.ts';

/** What a report asks of a kind's bets: a user's current (unsettled) or settled ones. */
export type ReportBetsFilter = {
  /**
   * The user whose bets; null: every user's (the console's downline lists, which cut the union to
   * the subtree on its user_id column: see reports/queries.ts `pageOfBets`).
   */
  userId: number | null;
  /** Text in the match's, market's or selection's name (case-insensitive). */
  search?: string | undefined;
} & (
  | {
      view: 'current';
      /** M matched (in part), U unmatched (in part), D cancelled or lapsed (in part). */
      type: 'M' | 'U' | 'D';
    }
  | {
      view: 'settled';
      /** Settled at or after start / before end (either may be left open). */
      start?: Date | undefined;
      end?: Date | undefined;
      marketId?: number | undefined;
      sportId?: number | undefined;
      result: 'all' | 'WON' | 'LOST' | 'VOID';
    }
);

/**
 * The columns every kind's SELECT names (any order), with the type reports/ casts each to, so
 * that the kinds' SELECTs union. Money in paise; price in hundredths of decimal odds.
 */
export const REPORT_BET_COLUMNS = {
  kind: 'text',
  user_id: 'integer',
  bet_id: 'bigint',
  match_id: 'integer',
  match_name: 'text',
  sport_id: 'integer',
  market_id: 'integer',
  market_name: 'text',
  selection_id: 'integer',
  selection_name: 'text',
  is_back: 'boolean',
  line: 'integer',
  rate: 'integer',
  price: 'integer',
  size_paise: 'bigint',
  matched_paise: 'bigint',
  remaining_paise: 'bigint',
  cancelled_paise: 'bigint',
  matched_value: 'bigint',
  end_reason: 'text',
  settled_status: 'text',
  persistence: 'text',
  placed_at: 'timestamptz',
  updated_at: 'timestamptz',
  result: 'text',
  profit_loss_paise: 'bigint',
  settled_at: 'timestamptz',
  /** null: no void touches the bet; else the operator's words ('' none given): markets/voids.ts. */
  void_reason: 'text',
} as const;

/** One report row as read back (the shape `toBet` shows). */
export type ReportBetRow = {
  kind: MarketKind;
  userId: number;
  betId: number;
  matchId: number;
  matchName: string;
  sportId: number;
  marketId: number;
  marketName: string;
  selectionId: number | null;
  selectionName: string;
  side: 'BACK' | 'LAY';
  line: number | null;
  rate: number | null;
  price: number;
  sizePaise: number;
  matchedPaise: number;
  remainingPaise: number;
  cancelledPaise: number;
  matchedValue: number;
  endReason: 'CANCELLED' | 'LAPSED' | null;
  settledStatus: 'VOIDED' | 'SETTLED' | null;
  persistence: 'LAPSE' | 'PERSIST';
  placedAt: Date;
  updatedAt: Date;
  result: 'WON' | 'LOST' | 'VOID' | null;
  profitLossPaise: number | null;
  settledAt: Date | null;
  /** null: no void touches the bet; else the operator's words ('' when none were given). */
  voidReason: string | null;
};

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
// node-postgres and PGlite both parse timestamptz to Date; a string is read as one too.
const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));

/** A raw row of the union (snake_case, bigint as text) → ReportBetRow. */
export function readReportBetRow(r: Record<string, unknown>): ReportBetRow {
  return {
    kind: r.kind as MarketKind,
    userId: Number(r.user_id),
    betId: Number(r.bet_id),
    matchId: Number(r.match_id),
    matchName: String(r.match_name),
    sportId: Number(r.sport_id),
    marketId: Number(r.market_id),
    marketName: String(r.market_name),
    selectionId: num(r.selection_id),
    selectionName: String(r.selection_name),
    side: r.is_back === true || r.is_back === 't' ? 'BACK' : 'LAY',
    line: num(r.line),
    rate: num(r.rate),
    price: Number(r.price),
    sizePaise: Number(r.size_paise),
    matchedPaise: Number(r.matched_paise),
    remainingPaise: Number(r.remaining_paise),
    cancelledPaise: Number(r.cancelled_paise),
    matchedValue: Number(r.matched_value),
    endReason: (r.end_reason ?? null) as ReportBetRow['endReason'],
    settledStatus: (r.settled_status ?? null) as ReportBetRow['settledStatus'],
    persistence: r.persistence as ReportBetRow['persistence'],
    placedAt: date(r.placed_at)!,
    updatedAt: date(r.updated_at)!,
    result: (r.result ?? null) as ReportBetRow['result'],
    profitLossPaise: num(r.profit_loss_paise),
    settledAt: date(r.settled_at),
    voidReason: r.void_reason === null || r.void_reason === undefined ? null : String(r.void_reason),
  };
}

/** The filter's user's bets (a condition on a kind's user column); every user's when it names none. */
export function whoseBets(column: SQLWrapper, f: Pick<ReportBetsFilter, 'userId'>): SQL | undefined {
  return f.userId === null ? undefined : sql`${column} = ${f.userId}`;
}

/** Any of the names contains the text (case-insensitive, % and _ literal); undefined when empty. */
export function namesContain(search: string | undefined, names: readonly SQLWrapper[]): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const like = `%${likeEscape(text)}%`;
  return or(...names.map((n) => sql`${n} ilike ${like}`));
}

/** The columns of a kind's bets table that the settled view filters on. */
export type SettledColumns = {
  settledStatus: AnyPgColumn;
  result: AnyPgColumn;
  settledAt: AnyPgColumn;
  marketId: AnyPgColumn;
  sportId: AnyPgColumn;
};

/** The settled view's conditions (a bet is settled once its settled_status and result are set). */
export function settledConditions(
  c: SettledColumns,
  f: Extract<ReportBetsFilter, { view: 'settled' }>,
): SQL | undefined {
  return and(
    isNotNull(c.settledStatus),
    isNotNull(c.result),
    f.start ? gte(c.settledAt, f.start) : undefined,
    f.end ? lt(c.settledAt, f.end) : undefined,
    f.marketId === undefined ? undefined : eq(c.marketId, f.marketId),
    f.sportId === undefined ? undefined : eq(c.sportId, f.sportId),
    f.result === 'all' ? undefined : eq(c.result, f.result),
  );
}

/**
 * WON or LOST for a settled, not void bet: by the sign of its profit; a profit of exactly 0 (a
 * dead heat returning the stake, a win or loss below a paisa) by whether the bet's side came in.
 */
export function betResultOf(profitPaise: number, sideCameIn: boolean): 'WON' | 'LOST' {
  if (profitPaise !== 0) return profitPaise > 0 ? 'WON' : 'LOST';
  return sideCameIn ? 'WON' : 'LOST';
}
