// Casino bets in the reports' shape (markets/report-bets.ts). A casino bet is a back on one option
// of one round, taken whole at the option's payout: matched until its round settles, never
// unmatched, cancelled or lapsed. Its market is the round ("Round 1234"), its selection the option.
import { and, isNull, sql, type SQL } from 'drizzle-orm';
import { matches } from '../catalog/schema.ts';
import { markets } from '../markets/schema.ts';
import { namesContain, settledConditions, type ReportBetsFilter, whoseBets } from '../markets/report-bets.ts';
import { voidReasonOf } from '../markets/voids.ts';
import { casinoBets } from './schema.ts';

export function casinoReportBets(f: ReportBetsFilter): SQL | null {
  if (f.view === 'current' && f.type !== 'M') return null;
  const where = and(
    whoseBets(casinoBets.userId, f),
    f.view === 'current'
      ? isNull(casinoBets.settledStatus)
      : settledConditions(
          {
            settledStatus: casinoBets.settledStatus,
            result: casinoBets.result,
            settledAt: casinoBets.settledAt,
            marketId: casinoBets.marketId,
            sportId: matches.sportId,
          },
          f,
        ),
    namesContain(f.search, [matches.matchName, markets.marketName, casinoBets.optionLabel]),
  );
  return sql`select 'CASINO' as kind, ${casinoBets.userId} as user_id, ${casinoBets.betId} as bet_id,
      ${casinoBets.matchId} as match_id, ${matches.matchName} as match_name,
      ${matches.sportId} as sport_id, ${casinoBets.marketId} as market_id,
      ${markets.marketName} as market_name, null as selection_id,
      ${casinoBets.optionLabel} as selection_name, true as is_back, null as line,
      null as rate, ${casinoBets.payout} as price,
      ${casinoBets.stakePaise} as size_paise, ${casinoBets.stakePaise} as matched_paise,
      0 as remaining_paise, 0 as cancelled_paise,
      ${casinoBets.stakePaise} * ${casinoBets.payout} as matched_value, null as end_reason,
      ${casinoBets.settledStatus} as settled_status, 'LAPSE' as persistence,
      ${casinoBets.placedAt} as placed_at,
      coalesce(${casinoBets.settledAt}, ${casinoBets.placedAt}) as updated_at,
      ${casinoBets.result} as result, ${casinoBets.profitLossPaise} as profit_loss_paise,
      ${casinoBets.settledAt} as settled_at,
      ${voidReasonOf({ marketId: casinoBets.marketId, placedAt: casinoBets.placedAt })} as void_reason
    from ${casinoBets}
    inner join ${markets} on ${markets.marketId} = ${casinoBets.marketId}
    inner join ${matches} on ${matches.matchId} = ${casinoBets.matchId}
    where ${where}`;
}
