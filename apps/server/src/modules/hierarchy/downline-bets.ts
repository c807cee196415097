// Current bets and bet history of a console account's whole subtree (issue 41, docs/hierarchy.md
// "What each level sees"): the reports' union of every kind's bets (markets/report-bets.ts, every
// user's), cut to the subtree on its user_id column, paged; each row with its bettor's name and
// uplines. Nothing here writes.
import {
  DOWNLINE_BETS_PAGE_SIZE,
  type AdminDownlineBet,
  type AdminDownlineBets,
  type adminDownlineBetsRequest,
} from '@backlay/contract';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../account/schema.ts';
import type { Executor } from '../../db/store.ts';
import { toBet } from '../markets/bet-view.ts';
import type { KindRegistry } from '../markets/registry.ts';
import type { ReportBetsFilter } from '../markets/report-bets.ts';
import { pageOfBets } from '../reports/queries.ts';
import { istRange, rupees } from '../reports/service.ts';
import { subtreeCondition, uplinePaths } from '../account/tree.ts';

type Caller = { userId: number; role: string };

/** The union's rows this list keeps: the subtree (or one account's), a market, a range of days. */
function cut(caller: Caller, q: z.output<typeof adminDownlineBetsRequest>): SQL {
  const parts: SQL[] = [];
  // A named account was checked to be in the caller's subtree: its own subtree is within it.
  const root = q.user_id ?? (caller.role === 'operator' ? null : caller.userId);
  if (root !== null) parts.push(subtreeCondition(sql`b.user_id`, root));
  if (q.market_id !== undefined) parts.push(sql`b.market_id = ${q.market_id}`);
  const at = sql.raw(q.view === 'current' ? 'b.placed_at' : 'b.settled_at');
  if (q.from_date !== undefined) {
    parts.push(sql`${at} >= ${istRange(q.from_date, q.from_date).start.toISOString()}::timestamptz`);
  }
  if (q.to_date !== undefined) {
    parts.push(sql`${at} < ${istRange(q.to_date, q.to_date).end.toISOString()}::timestamptz`);
  }
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

export async function downlineBets(
  db: Executor,
  kinds: KindRegistry,
  caller: Caller,
  q: z.output<typeof adminDownlineBetsRequest>,
): Promise<AdminDownlineBets> {
  const filter: ReportBetsFilter =
    q.view === 'current'
      ? { view: 'current', userId: null, type: q.bet_type }
      : { view: 'settled', userId: null, result: 'all' };
  const { rows, total } = await pageOfBets(
    db,
    kinds,
    filter,
    DOWNLINE_BETS_PAGE_SIZE,
    (q.page - 1) * DOWNLINE_BETS_PAGE_SIZE,
    cut(caller, q),
  );
  const ids = [...new Set(rows.map((r) => r.userId))];
  const [names, paths] = await Promise.all([
    ids.length === 0
      ? []
      : db.select({ id: users.userId, name: users.userName }).from(users).where(inArray(users.userId, ids)),
    uplinePaths(db, ids),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return {
    bets: rows.map((r): AdminDownlineBet => ({
      ...toBet(r),
      user_id: r.userId,
      user_name: nameOf.get(r.userId) ?? `#${r.userId}`,
      path: paths.get(r.userId) ?? [],
      result: q.view === 'history' ? r.result : null,
      profit_loss: q.view === 'history' ? rupees(r.profitLossPaise ?? 0) : null,
      settled_at: q.view === 'history' && r.settledAt ? r.settledAt.toISOString() : null,
    })),
    page: q.page,
    page_size: DOWNLINE_BETS_PAGE_SIZE,
    total,
  };
}
