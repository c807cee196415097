import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { matches, sports } from '../catalog/schema.ts';
import { markets } from '../markets/schema.ts';
import { ledgerAccounts, transfers } from '../wallet/schema.ts';
import type { Executor } from '../../db/store.ts';
import type { KindRegistry } from '../markets/registry.ts';
import { MARKETLESS_GAME_KINDS } from '../wallet/service.ts';
import {
  readReportBetRow,
  REPORT_BET_COLUMNS,
  type ReportBetRow,
  type ReportBetsFilter,
} from '../markets/report-bets.ts';
import { COMMISSION_KIND, MARKET_KINDS, REVERSAL_KIND } from './service.ts';

/** The user's cash account id, or null (no account: nothing to report). */
export async function cashAccountId(tx: Executor, userId: number): Promise<number | null> {
  const [row] = await tx
    .select({ accountId: ledgerAccounts.accountId })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'user_cash')));
  return row?.accountId ?? null;
}

/** The account's side of a transfer: + amount when it is credited, − amount when debited. */
const signedFor = (accountId: number) =>
  sql`(case when ${transfers.creditAccountId} = ${accountId} then ${transfers.amountPaise} else -${transfers.amountPaise} end)`;

const touches = (accountId: number) =>
  or(eq(transfers.creditAccountId, accountId), eq(transfers.debitAccountId, accountId));

// ---------------------------------------------------------------- statement

export type StatementFilter = 'all' | 'deposit_withdraw' | 'game';

/** Balance before `start` and the movement within [start, end), paise. */
export async function statementBalances(tx: Executor, accountId: number, start: Date, end: Date) {
  const signed = signedFor(accountId);
  const [row] = await tx
    .select({
      before: sql<string>`coalesce(sum(${signed}) filter (where ${transfers.createdAt} < ${start}), 0)::text`,
      within: sql<string>`coalesce(sum(${signed}) filter (where ${transfers.createdAt} >= ${start}), 0)::text`,
    })
    .from(transfers)
    .where(and(touches(accountId), lt(transfers.createdAt, end)));
  return { beforePaise: Number(row?.before ?? 0), withinPaise: Number(row?.within ?? 0) };
}

/**
 * One page of the account's transfers in [start, end), oldest first, each with the running sum
 * of EVERY transfer of the range up to it (the filter applies after the window), and the
 * market's match for market rows.
 */
export async function statementPage(
  tx: Executor,
  accountId: number,
  start: Date,
  end: Date,
  filter: StatementFilter,
  limit: number,
  offset: number,
) {
  const signed = signedFor(accountId);
  const ranged = tx
    .select({
      transferId: transfers.transferId,
      createdAt: transfers.createdAt,
      kind: transfers.kind,
      memo: transfers.memo,
      marketId: transfers.marketId,
      delta: sql<string>`${signed}::text`.as('delta'),
      running:
        sql<string>`(sum(${signed}) over (order by ${transfers.createdAt}, ${transfers.transferId}))::text`.as(
          'running',
        ),
    })
    .from(transfers)
    .where(and(touches(accountId), gte(transfers.createdAt, start), lt(transfers.createdAt, end)))
    .as('ranged');
  const rows = await tx
    .select({
      transferId: ranged.transferId,
      createdAt: ranged.createdAt,
      kind: ranged.kind,
      memo: ranged.memo,
      marketId: ranged.marketId,
      delta: ranged.delta,
      running: ranged.running,
      marketName: markets.marketName,
      matchId: matches.matchId,
      matchName: matches.matchName,
      sportId: matches.sportId,
    })
    .from(ranged)
    .leftJoin(markets, eq(markets.marketId, ranged.marketId))
    .leftJoin(matches, eq(matches.matchId, markets.matchId))
    .where(statementFilterOn(ranged.marketId, filter, ranged.kind))
    .orderBy(ranged.createdAt, ranged.transferId)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r, delta: Number(r.delta), running: Number(r.running) }));
}

/** Rows of the account in [start, end) that the filter keeps. */
export async function statementCount(
  tx: Executor,
  accountId: number,
  start: Date,
  end: Date,
  filter: StatementFilter,
) {
  const [row] = await tx
    .select({ n: sql<string>`count(*)::text` })
    .from(transfers)
    .where(
      and(
        touches(accountId),
        gte(transfers.createdAt, start),
        lt(transfers.createdAt, end),
        statementFilterOn(transfers.marketId, filter),
      ),
    );
  return Number(row?.n ?? 0);
}

/** 'game' = transfers of a market or of a game with none (wallet MARKETLESS_GAME_KINDS); 'deposit_withdraw' = cash movements. */
function statementFilterOn(
  marketId: Parameters<typeof isNull>[0],
  filter: StatementFilter,
  kind: Parameters<typeof isNull>[0] = transfers.kind,
): SQL | undefined {
  if (filter === 'game') return or(isNotNull(marketId), inArray(kind, [...MARKETLESS_GAME_KINDS]));
  if (filter === 'deposit_withdraw')
    return and(isNull(marketId), notInArray(kind, [...MARKETLESS_GAME_KINDS]));
  return undefined;
}

// ---------------------------------------------------------------- profit and loss

/**
 * The rows both P&L reads sum: the account's settlement transfers (MARKET_KINDS) in [start, end),
 * of `sportId`'s markets when given. Their statements join markets and matches.
 */
function settledIn(accountId: number, start: Date, end: Date, sportId?: number) {
  return and(
    touches(accountId),
    isNotNull(transfers.marketId),
    inArray(transfers.kind, [...MARKET_KINDS]),
    gte(transfers.createdAt, start),
    lt(transfers.createdAt, end),
    sportId === undefined ? undefined : eq(matches.sportId, sportId),
  );
}

/** The IST day (YYYY-MM-DD) a transfer was written on. */
const istDay = sql<string>`to_char(${transfers.createdAt} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;

/**
 * The account's net (profit/loss less commission) from its market transfers in [start, end) per
 * IST day with any, oldest first (paise): the P&L report's running line. At most one row a day,
 * and a report's range is bounded (REPORT_RANGE).
 */
export async function profitLossByDay(
  tx: Executor,
  accountId: number,
  start: Date,
  end: Date,
  sportId?: number,
): Promise<{ day: string; netPaise: number }[]> {
  const rows = await tx
    .select({ day: istDay, net: sql<string>`coalesce(sum(${signedFor(accountId)}), 0)::text` })
    .from(transfers)
    .innerJoin(markets, eq(markets.marketId, transfers.marketId))
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .where(settledIn(accountId, start, end, sportId))
    .groupBy(istDay)
    .orderBy(istDay);
  return rows.map((r) => ({ day: r.day, netPaise: Number(r.net) }));
}

/**
 * Sums of the account's market transfers in [start, end) per sport or per market (paise, from
 * the user's side): profit/loss = wins, losses and their reversals; commission = commission
 * paid net of its reversals (a reversal's memo names the kind it undoes); net = their sum.
 */
export async function profitLoss(
  tx: Executor,
  accountId: number,
  start: Date,
  end: Date,
  groupBy: 'sport' | 'market',
  sportId?: number,
) {
  const signed = signedFor(accountId);
  const isCommission = sql`(${transfers.kind} = ${COMMISSION_KIND} or (${transfers.kind} = ${REVERSAL_KIND} and ${transfers.memo} = ${COMMISSION_KIND}))`;
  const sums = {
    pl: sql<string>`coalesce(sum(${signed}) filter (where not ${isCommission}), 0)::text`,
    commission: sql<string>`coalesce(-sum(${signed}) filter (where ${isCommission}), 0)::text`,
    net: sql<string>`coalesce(sum(${signed}), 0)::text`,
  };
  const where = settledIn(accountId, start, end, sportId);
  const base = {
    sportId: sports.sportId,
    sportName: sports.name,
    ...sums,
  };
  const toSums = (r: { pl: string; commission: string; net: string }) => ({
    plPaise: Number(r.pl),
    commissionPaise: Number(r.commission),
    netPaise: Number(r.net),
  });
  if (groupBy === 'sport') {
    const rows = await tx
      .select(base)
      .from(transfers)
      .innerJoin(markets, eq(markets.marketId, transfers.marketId))
      .innerJoin(matches, eq(matches.matchId, markets.matchId))
      .innerJoin(sports, eq(sports.sportId, matches.sportId))
      .where(where)
      .groupBy(sports.sportId, sports.name, sports.sortOrder)
      .orderBy(sports.sortOrder, sports.sportId);
    return rows.map((r) => ({
      sportId: r.sportId,
      sportName: r.sportName,
      market: null,
      ...toSums(r),
    }));
  }
  const settledAt = sql<Date>`max(${transfers.createdAt})`.mapWith(transfers.createdAt);
  const rows = await tx
    .select({
      ...base,
      marketId: markets.marketId,
      marketName: markets.marketName,
      matchId: matches.matchId,
      matchName: matches.matchName,
      settledAt,
    })
    .from(transfers)
    .innerJoin(markets, eq(markets.marketId, transfers.marketId))
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .where(where)
    .groupBy(
      sports.sportId,
      sports.name,
      markets.marketId,
      markets.marketName,
      matches.matchId,
      matches.matchName,
    )
    .orderBy(desc(settledAt), desc(markets.marketId));
  return rows.map((r) => ({
    sportId: r.sportId,
    sportName: r.sportName,
    market: {
      marketId: r.marketId,
      marketName: r.marketName,
      matchId: r.matchId,
      matchName: r.matchName,
      settledAt: r.settledAt,
    },
    ...toSums(r),
  }));
}

// ---------------------------------------------------------------- bets of every kind

/**
 * Every kind's SELECT of the user's bets (markets/report-bets.ts) as one relation: each is
 * wrapped to name REPORT_BET_COLUMNS in one order and type, so they union whatever the kind wrote.
 */
function allKindsBets(kinds: KindRegistry, filter: ReportBetsFilter): SQL | null {
  const cols = Object.entries(REPORT_BET_COLUMNS);
  const list = sql.raw(cols.map(([name, type]) => `k.${name}::${type} as ${name}`).join(', '));
  const parts = kinds
    .all()
    .map((k) => k.reportBets(filter))
    .filter((s): s is SQL => s !== null)
    .map((s) => sql`select ${list} from (${s}) as k`);
  return parts.length === 0 ? null : sql.join(parts, sql` union all `);
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * One page of the user's bets of every kind, newest first by `order` (placing time for current
 * bets, settling time for the history), then bet id and kind (ids are per kind), and how many in all.
 */
export async function pageOfBets(
  tx: Executor,
  kinds: KindRegistry,
  filter: ReportBetsFilter,
  limit: number,
  offset: number,
  /** A condition on the union's columns (`b.user_id`, `b.market_id`, …): the downline lists' cut. */
  where: SQL = sql`true`,
): Promise<{ rows: ReportBetRow[]; total: number }> {
  const all = allKindsBets(kinds, filter);
  if (all === null) return { rows: [], total: 0 };
  const order = sql.raw(filter.view === 'current' ? 'placed_at' : 'settled_at');
  const [page, count] = await Promise.all([
    tx.execute(sql`select * from (${all}) as b where ${where}
      order by b.${order} desc, b.bet_id desc, b.kind limit ${limit} offset ${offset}`),
    tx.execute(sql`select count(*)::text as n from (${all}) as b where ${where}`),
  ]);
  return { rows: rowsOf(page).map(readReportBetRow), total: Number(rowsOf(count)[0]?.n ?? 0) };
}
