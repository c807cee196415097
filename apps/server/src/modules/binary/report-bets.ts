// Binary bets in the reports' shape (markets/report-bets.ts), kind 'BINARY'. A binary bet is
// taken whole: matched until its session settles, never unmatched, cancelled or lapsed. Its
// selection is its side and line ("Yes 24350", "No 71.25"); the reports' line column is whole
// (integer), so a binary line is named in the selection and the column is left null.
import { and, isNull, sql, type SQL } from 'drizzle-orm';
import { matches } from '../catalog/schema.ts';
import { markets } from '../markets/schema.ts';
import { namesContain, settledConditions, type ReportBetsFilter, whoseBets } from '../markets/report-bets.ts';
import { voidReasonOf } from '../markets/voids.ts';
import { BINARY_KIND } from './kind.ts';
import { binaryBets, binarySessions } from './schema.ts';

export function binaryReportBets(f: ReportBetsFilter): SQL | null {
  if (f.view === 'current' && f.type !== 'M') return null;
  const where = and(
    whoseBets(binaryBets.userId, f),
    f.view === 'current'
      ? isNull(binaryBets.settledStatus)
      : settledConditions(
          {
            settledStatus: binaryBets.settledStatus,
            result: binaryBets.result,
            settledAt: binaryBets.settledAt,
            marketId: binaryBets.marketId,
            sportId: matches.sportId,
          },
          f,
        ),
    namesContain(f.search, [matches.matchName, markets.marketName]),
  );
  // 7125 → '71.25', 2435000 → '24350' (trailing zeros of the hundredths dropped).
  const lineText = sql`trim(trailing '.' from trim(trailing '0' from to_char(${binaryBets.lineC} / 100.0, 'FM999999990.00')))`;
  return sql`select ${BINARY_KIND} as kind, ${binaryBets.userId} as user_id, ${binaryBets.betId} as bet_id, ${binaryBets.matchId} as match_id,
      ${matches.matchName} as match_name, ${matches.sportId} as sport_id,
      ${binaryBets.marketId} as market_id, ${markets.marketName} as market_name,
      null as selection_id,
      (case when ${binaryBets.isYes} then 'Yes ' else 'No ' end) || ${lineText} as selection_name,
      ${binaryBets.isYes} as is_back, null as line,
      ${binaryBets.rate} as rate, 100 + ${binaryBets.rate} as price,
      ${binaryBets.stakePaise} as size_paise, ${binaryBets.stakePaise} as matched_paise,
      0 as remaining_paise, 0 as cancelled_paise,
      ${binaryBets.stakePaise} * (100 + ${binaryBets.rate}) as matched_value,
      null as end_reason,
      ${binaryBets.settledStatus} as settled_status, 'LAPSE' as persistence,
      ${binaryBets.placedAt} as placed_at, coalesce(${binaryBets.settledAt}, ${binaryBets.placedAt}) as updated_at,
      ${binaryBets.result} as result, ${binaryBets.profitLossPaise} as profit_loss_paise,
      ${binaryBets.settledAt} as settled_at,
      ${voidReasonOf({ marketId: binaryBets.marketId, placedAt: binaryBets.placedAt })} as void_reason
    from ${binaryBets}
    inner join ${binarySessions} on ${binarySessions.marketId} = ${binaryBets.marketId}
    inner join ${markets} on ${markets.marketId} = ${binaryBets.marketId}
    inner join ${matches} on ${matches.matchId} = ${binaryBets.matchId}
    where ${where}`;
}
