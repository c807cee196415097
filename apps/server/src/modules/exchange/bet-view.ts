import type { Bet } from '@backlay/contract';
import { averageOdds, betStatusOf } from './service.ts';
import type * as q from './queries.ts';

export const rupees = (paise: number) => Math.round(paise) / 100;

/** A bet row (with its match, market and runner names) as the wire shows it. */
export function toBet(r: q.BetRow): Bet {
  return {
    bet_id: r.betId,
    match_id: r.matchId,
    match_name: r.matchName,
    sport_id: r.sportId,
    market_id: r.marketId,
    market_name: r.marketName,
    selection_id: r.selectionId,
    selection_name: r.selectionName,
    is_back: r.side === 'BACK' ? '1' : '0',
    odds: r.price / 100,
    stack: rupees(r.sizePaise),
    size_matched: rupees(r.matchedPaise),
    size_remaining: rupees(r.remainingPaise),
    size_cancelled: rupees(r.cancelledPaise),
    average_price_matched: averageOdds(r.matchedValue, r.matchedPaise),
    status: betStatusOf(r),
    persistence: r.persistence,
    placed_at: r.placedAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
