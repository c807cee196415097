// Bookmaker bets in the reports' shape (markets/report-bets.ts). A bookmaker bet is taken whole:
// it is a matched bet until its market settles, never unmatched, cancelled or lapsed. Odds are
// what the rate pays as decimal odds (1 + rate/100); the quoted rate is `rate`.
import { and, isNull, sql, type SQL } from 'drizzle-orm';
import { bookmakerBets } from './schema.ts';
import { matches } from '../catalog/schema.ts';
import { markets, runners } from '../markets/schema.ts';
import { namesContain, settledConditions, type ReportBetsFilter, whoseBets } from '../markets/report-bets.ts';
import { voidReasonOf } from '../markets/voids.ts';

export function bookmakerReportBets(f: ReportBetsFilter): SQL | null {
  if (f.view === 'current' && f.type !== 'M') return null;
  const where = and(
    whoseBets(bookmakerBets.userId, f),
    f.view === 'current'
      ? isNull(bookmakerBets.settledStatus)
      : settledConditions(
          {
            settledStatus: bookmakerBets.settledStatus,
            result: bookmakerBets.result,
            settledAt: bookmakerBets.settledAt,
            marketId: bookmakerBets.marketId,
            sportId: matches.sportId,
          },
          f,
        ),
    namesContain(f.search, [matches.matchName, markets.marketName, runners.name]),
  );
  return sql`select 'BOOKMAKER' as kind, ${bookmakerBets.userId} as user_id, ${bookmakerBets.betId} as bet_id,
      ${bookmakerBets.matchId} as match_id, ${matches.matchName} as match_name,
      ${matches.sportId} as sport_id, ${bookmakerBets.marketId} as market_id,
      ${markets.marketName} as market_name, ${bookmakerBets.selectionId} as selection_id,
      ${runners.name} as selection_name, ${bookmakerBets.isBack} as is_back, null as line,
      ${bookmakerBets.rate} as rate, 100 + ${bookmakerBets.rate} as price,
      ${bookmakerBets.stakePaise} as size_paise, ${bookmakerBets.stakePaise} as matched_paise,
      0 as remaining_paise, 0 as cancelled_paise,
      ${bookmakerBets.stakePaise} * (100 + ${bookmakerBets.rate}) as matched_value, null as end_reason,
      ${bookmakerBets.settledStatus} as settled_status, 'LAPSE' as persistence,
      ${bookmakerBets.placedAt} as placed_at,
      coalesce(${bookmakerBets.settledAt}, ${bookmakerBets.placedAt}) as updated_at,
      ${bookmakerBets.result} as result, ${bookmakerBets.profitLossPaise} as profit_loss_paise,
      ${bookmakerBets.settledAt} as settled_at,
      ${voidReasonOf({ marketId: bookmakerBets.marketId, placedAt: bookmakerBets.placedAt, selectionId: bookmakerBets.selectionId })} as void_reason
    from ${bookmakerBets}
    inner join ${markets} on ${markets.marketId} = ${bookmakerBets.marketId}
    inner join ${matches} on ${matches.matchId} = ${bookmakerBets.matchId}
    inner join ${runners} on ${runners.selectionId} = ${bookmakerBets.selectionId}
    where ${where}`;
}
