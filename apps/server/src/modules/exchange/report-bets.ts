// The exchange's bets in the reports' shape (markets/report-bets.ts): current bets by bet type,
// settled bets by the history's filters. The match-odds kind (settler.ts) answers with this.
import { and, sql, type SQL } from 'drizzle-orm';
import { matches } from '../catalog/schema.ts';
import { bets } from './schema.ts';
import { markets, runners } from '../markets/schema.ts';
import { namesContain, settledConditions, whoseBets, type ReportBetsFilter } from '../markets/report-bets.ts';
import { voidReasonOf } from '../markets/voids.ts';
import { currentBetsWhere } from './queries.ts';

export function exchangeReportBets(f: ReportBetsFilter): SQL {
  const where =
    f.view === 'current'
      ? currentBetsWhere(f.userId, f.type, f.search)
      : and(
          whoseBets(bets.userId, f),
          settledConditions(
            {
              settledStatus: bets.settledStatus,
              result: bets.result,
              settledAt: bets.settledAt,
              marketId: bets.marketId,
              sportId: matches.sportId,
            },
            f,
          ),
          namesContain(f.search, [matches.matchName, markets.marketName, runners.name]),
        );
  return sql`select 'EXCHANGE' as kind, ${bets.userId} as user_id, ${bets.betId} as bet_id, ${bets.matchId} as match_id,
      ${matches.matchName} as match_name, ${matches.sportId} as sport_id, ${bets.marketId} as market_id,
      ${markets.marketName} as market_name, ${bets.selectionId} as selection_id,
      ${runners.name} as selection_name, ${bets.side} = 'BACK' as is_back, null as line, null as rate,
      ${bets.price} as price, ${bets.sizePaise} as size_paise, ${bets.matchedPaise} as matched_paise,
      ${bets.remainingPaise} as remaining_paise, ${bets.cancelledPaise} as cancelled_paise,
      ${bets.matchedValue} as matched_value, ${bets.endReason} as end_reason,
      ${bets.settledStatus} as settled_status, ${bets.persistence} as persistence,
      ${bets.placedAt} as placed_at, ${bets.updatedAt} as updated_at, ${bets.result} as result,
      ${bets.profitLossPaise} as profit_loss_paise, ${bets.settledAt} as settled_at,
      ${voidReasonOf({ marketId: bets.marketId, placedAt: bets.placedAt, selectionId: bets.selectionId, betId: bets.betId })} as void_reason
    from ${bets}
    inner join ${matches} on ${matches.matchId} = ${bets.matchId}
    inner join ${markets} on ${markets.marketId} = ${bets.marketId}
    inner join ${runners} on ${runners.selectionId} = ${bets.selectionId}
    where ${where}`;
}
