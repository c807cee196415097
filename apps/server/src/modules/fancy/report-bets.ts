// Fancy bets in the reports' shape (markets/report-bets.ts). A fancy bet is taken whole: it is a
// matched bet until its fancy settles, never unmatched, cancelled or lapsed. Its selection is its
// side and line ("Yes 46", "No 45", "Yes 150-159"); an Odd/Even fancy's two sides ("Odd", "Even")
// are both backs and have no line. Odds are what the rate pays as decimal odds: 1 + rate/100.
import { and, isNull, sql, type SQL } from 'drizzle-orm';
import { matches } from '../catalog/schema.ts';
import { fancies, fancyBets } from './schema.ts';
import { markets } from '../markets/schema.ts';
import { namesContain, settledConditions, type ReportBetsFilter, whoseBets } from '../markets/report-bets.ts';
import { voidReasonOf } from '../markets/voids.ts';

export function fancyReportBets(f: ReportBetsFilter): SQL | null {
  if (f.view === 'current' && f.type !== 'M') return null;
  const where = and(
    whoseBets(fancyBets.userId, f),
    f.view === 'current'
      ? isNull(fancyBets.settledStatus)
      : settledConditions(
          {
            settledStatus: fancyBets.settledStatus,
            result: fancyBets.result,
            settledAt: fancyBets.settledAt,
            marketId: fancyBets.marketId,
            sportId: matches.sportId,
          },
          f,
        ),
    namesContain(f.search, [matches.matchName, markets.marketName]),
  );
  const oddEven = sql`${fancies.variant} = 'ODD_EVEN'`;
  const lineText = sql`${fancyBets.line}::text || coalesce('-' || ${fancyBets.lineTo}::text, '')`;
  return sql`select 'FANCY' as kind, ${fancyBets.userId} as user_id, ${fancyBets.betId} as bet_id, ${fancyBets.matchId} as match_id,
      ${matches.matchName} as match_name, ${matches.sportId} as sport_id,
      ${fancyBets.marketId} as market_id, ${markets.marketName} as market_name,
      null as selection_id,
      case when ${oddEven} then (case when ${fancyBets.isYes} then 'Odd' else 'Even' end)
           else (case when ${fancyBets.isYes} then 'Yes ' else 'No ' end) || ${lineText} end as selection_name,
      (${fancyBets.isYes} or ${oddEven}) as is_back,
      case when ${oddEven} then null else ${fancyBets.line} end as line,
      ${fancyBets.rate} as rate, 100 + ${fancyBets.rate} as price,
      ${fancyBets.stakePaise} as size_paise, ${fancyBets.stakePaise} as matched_paise,
      0 as remaining_paise, 0 as cancelled_paise,
      ${fancyBets.stakePaise} * (100 + ${fancyBets.rate}) as matched_value, null as end_reason,
      ${fancyBets.settledStatus} as settled_status, 'LAPSE' as persistence,
      ${fancyBets.placedAt} as placed_at, coalesce(${fancyBets.settledAt}, ${fancyBets.placedAt}) as updated_at,
      ${fancyBets.result} as result, ${fancyBets.profitLossPaise} as profit_loss_paise,
      ${fancyBets.settledAt} as settled_at,
      ${voidReasonOf({ marketId: fancyBets.marketId, placedAt: fancyBets.placedAt })} as void_reason
    from ${fancyBets}
    inner join ${fancies} on ${fancies.marketId} = ${fancyBets.marketId}
    inner join ${markets} on ${markets.marketId} = ${fancyBets.marketId}
    inner join ${matches} on ${matches.matchId} = ${fancyBets.matchId}
    where ${where}`;
}
