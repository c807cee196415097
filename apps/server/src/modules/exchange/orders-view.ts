// A bettor's exchange orders as the stream for programs sends them (packages/contract/src/stream.ts,
// docs/trading-api.md "Order subscription"): whole orders, each with the instant it last changed,
// which is what an orders clock token counts in.
import type { StreamOrder } from '@backlay/contract';
import { and, desc, eq, gte, isNull, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/store.ts';
import { averageOdds, rupees } from '../markets/bet-view.ts';
import { bets } from './schema.ts';

/** Orders read for one answer at most (the open ones first: newest changed first). */
export const ORDERS_READ_MAX = 1_000;

export type OrdersQuery = {
  userId: number;
  /** Only this market's orders. */
  marketId?: number;
  /**
   * The market's match, when known: the read then walks the bettor's bets on that match (the
   * (user_id, match_id) index) rather than every bet of the bettor.
   */
  matchId?: number;
  /** Also the ended ones (cancelled, lapsed, complete, settled) that changed at or after this instant. */
  changedSince?: Date;
  /** Only orders that changed at or after this instant (a market's change: nothing older moved). */
  onlyChangedSince?: Date;
};

const columns = {
  betId: bets.betId,
  requestId: bets.requestId,
  marketId: bets.marketId,
  matchId: bets.matchId,
  selectionId: bets.selectionId,
  side: bets.side,
  price: bets.price,
  sizePaise: bets.sizePaise,
  matchedPaise: bets.matchedPaise,
  remainingPaise: bets.remainingPaise,
  cancelledPaise: bets.cancelledPaise,
  matchedValue: bets.matchedValue,
  endReason: bets.endReason,
  result: bets.result,
  profitLossPaise: bets.profitLossPaise,
  placedAt: bets.placedAt,
  updatedAt: bets.updatedAt,
};
type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];
const selectOrders = (db: Executor) => db.select(columns).from(bets);

export function toStreamOrder(r: OrderRow): StreamOrder {
  return {
    bet_id: r.betId,
    request_id: r.requestId,
    market_id: r.marketId,
    match_id: r.matchId,
    selection_id: r.selectionId,
    side: r.side,
    price: r.price / 100,
    size: rupees(r.sizePaise),
    size_matched: rupees(r.matchedPaise),
    size_remaining: rupees(r.remainingPaise),
    size_cancelled: rupees(r.cancelledPaise),
    average_price_matched: averageOdds(r.matchedValue, r.matchedPaise),
    status: r.remainingPaise > 0 ? 'EXECUTABLE' : 'EXECUTION_COMPLETE',
    end_reason: r.endReason,
    result: r.result,
    profit_loss: r.profitLossPaise === null ? null : rupees(r.profitLossPaise),
    placed_at: r.placedAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/**
 * The bettor's orders: every one not yet settled, and those changed since `changedSince`; or, with
 * `onlyChangedSince`, only those. Newest changed first, at most ORDERS_READ_MAX.
 */
export async function readOrders(db: Executor, q: OrdersQuery): Promise<StreamOrder[]> {
  const where: (SQL | undefined)[] = [eq(bets.userId, q.userId)];
  if (q.marketId !== undefined) where.push(eq(bets.marketId, q.marketId));
  if (q.matchId !== undefined) where.push(eq(bets.matchId, q.matchId));
  if (q.onlyChangedSince) where.push(gte(bets.updatedAt, q.onlyChangedSince));
  else if (q.changedSince) where.push(or(isNull(bets.settledStatus), gte(bets.updatedAt, q.changedSince)));
  else where.push(isNull(bets.settledStatus));
  const rows = await selectOrders(db)
    .where(and(...where))
    .orderBy(desc(bets.updatedAt), desc(bets.betId))
    .limit(ORDERS_READ_MAX);
  return rows.map(toStreamOrder);
}
