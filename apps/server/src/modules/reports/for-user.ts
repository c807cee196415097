// A user's reports (account statement, profit and loss, bet history, current bets), computed for any user id:
// the bettor's own calls answer them for the caller, the operator console for the user it looks at,
// so both see exactly the same thing. Nothing here writes.
import {
  BET_HISTORY_PAGE_SIZE,
  CURRENT_BETS_PAGE_SIZE,
  STATEMENT_PAGE_SIZE,
  type AccountStatement,
  type BetHistory,
  type CurrentBets,
  type getAccountStatementRequest,
  type getBetHistoryRequest,
  type getCurrentBetsRequest,
  type getProfitLossRequest,
  type ProfitLoss,
  type ProfitLossRow,
  type SettledBet,
  type StatementRow,
} from '@backlay/contract';
import type { z } from 'zod';
import { toBet } from '../markets/bet-view.ts';
import type { Executor } from '../../db/store.ts';
import type { KindRegistry } from '../markets/registry.ts';
import type { ReportBetRow } from '../markets/report-bets.ts';
import * as q from './queries.ts';
import { creditDebit, describeTransfer, istRange, rupees, statementKindOf, totalOf } from './service.ts';

/** A settled bet row as the wire shows it: the bet, its result and profit, and when it settled. */
function toSettledBet(r: ReportBetRow): SettledBet {
  return {
    ...toBet(r),
    result: r.result!,
    profit_loss: rupees(r.profitLossPaise ?? 0),
    // Settled bets always carry settled_at; a missing one would fail the contract, not lie.
    settled_at: (r.settledAt ?? r.updatedAt).toISOString(),
  };
}

type Body<T extends z.ZodType> = z.output<T>;

/** The statement over IST days: opening balance, every transfer oldest first with the balance after it. */
export async function accountStatementOf(
  db: Executor,
  userId: number,
  body: Body<typeof getAccountStatementRequest>,
): Promise<AccountStatement> {
  const { start, end } = istRange(body.from_date, body.to_date);
  const page = body.page;
  const empty = { page, page_size: STATEMENT_PAGE_SIZE };
  const accountId = await q.cashAccountId(db, userId);
  if (accountId === null) {
    return { opening_balance: 0, closing_balance: 0, rows: [], total: 0, ...empty };
  }
  const [balances, rows, total] = await Promise.all([
    q.statementBalances(db, accountId, start, end),
    q.statementPage(
      db,
      accountId,
      start,
      end,
      body.account_type,
      STATEMENT_PAGE_SIZE,
      (page - 1) * STATEMENT_PAGE_SIZE,
    ),
    q.statementCount(db, accountId, start, end, body.account_type),
  ]);
  const opening = balances.beforePaise;
  return {
    opening_balance: rupees(opening),
    closing_balance: rupees(opening + balances.withinPaise),
    rows: rows.map((r): StatementRow => {
      const { creditPaise, debitPaise } = creditDebit(r.delta);
      return {
        transfer_id: r.transferId,
        date: r.createdAt.toISOString(),
        kind: statementKindOf(r.kind, r.marketId, r.delta),
        description: describeTransfer(r),
        credit: rupees(creditPaise),
        debit: rupees(debitPaise),
        balance: rupees(opening + r.running),
        market_id: r.marketId,
        match_id: r.marketId === null ? null : r.matchId,
        sport_id: r.marketId === null ? null : r.sportId,
      };
    }),
    total,
    ...empty,
  };
}

/** Settled profit and loss over IST days, by sport or by market, with commission and net. */
export async function profitLossOf(
  db: Executor,
  userId: number,
  body: Body<typeof getProfitLossRequest>,
): Promise<ProfitLoss> {
  const { start, end } = istRange(body.from_date, body.to_date);
  const accountId = await q.cashAccountId(db, userId);
  const [groups, days] =
    accountId === null
      ? [[], []]
      : await Promise.all([
          q.profitLoss(db, accountId, start, end, body.group_by, body.sport_id),
          q.profitLossByDay(db, accountId, start, end, body.sport_id),
        ]);
  const total = totalOf(groups);
  return {
    days: days.map((d) => ({ day: d.day, net: rupees(d.netPaise) })),
    rows: groups.map((g): ProfitLossRow => ({
      sport_id: g.sportId,
      sport_name: g.sportName,
      market_id: g.market?.marketId ?? null,
      market_name: g.market?.marketName ?? null,
      match_id: g.market?.matchId ?? null,
      match_name: g.market?.matchName ?? null,
      settled_at: g.market ? g.market.settledAt.toISOString() : null,
      profit_loss: rupees(g.plPaise),
      commission: rupees(g.commissionPaise),
      net: rupees(g.netPaise),
    })),
    total: {
      profit_loss: rupees(total.plPaise),
      commission: rupees(total.commissionPaise),
      net: rupees(total.netPaise),
    },
  };
}

/** Settled bets of every kind with their results, by settlement day or by market; paged. */
export async function betHistoryOf(
  db: Executor,
  kinds: KindRegistry,
  userId: number,
  body: Body<typeof getBetHistoryRequest>,
): Promise<BetHistory> {
  const { rows, total } = await q.pageOfBets(
    db,
    kinds,
    {
      view: 'settled',
      userId,
      result: body.result,
      // With market_id the dates are optional; a date given alone still bounds its side.
      start: body.from_date === undefined ? undefined : istRange(body.from_date, body.from_date).start,
      end: body.to_date === undefined ? undefined : istRange(body.to_date, body.to_date).end,
      marketId: body.market_id,
      sportId: body.sport_id,
      search: body.search,
    },
    BET_HISTORY_PAGE_SIZE,
    (body.page - 1) * BET_HISTORY_PAGE_SIZE,
  );
  return { bets: rows.map(toSettledBet), page: body.page, page_size: BET_HISTORY_PAGE_SIZE, total };
}

/** Bets of every kind on markets not yet settled, by bet type (M, U, D), newest placed first; paged. */
export async function currentBetsOf(
  db: Executor,
  kinds: KindRegistry,
  userId: number,
  body: Body<typeof getCurrentBetsRequest>,
): Promise<CurrentBets> {
  const { rows, total } = await q.pageOfBets(
    db,
    kinds,
    { view: 'current', userId, type: body.bet_type, search: body.search },
    CURRENT_BETS_PAGE_SIZE,
    (body.page - 1) * CURRENT_BETS_PAGE_SIZE,
  );
  return { bets: rows.map(toBet), page: body.page, page_size: CURRENT_BETS_PAGE_SIZE, total };
}
