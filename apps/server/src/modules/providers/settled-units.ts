// The provider rounds closed in a range, for the reports of the tree (issue 41, docs/hierarchy.md
// "What each level sees"): a round is shared when it closes (wallet-calls.ts), so a closed round
// is the unit whose bettor's result and shares the downline P/L reads. An open round has no shares
// yet and is left out; a cancelled one has no result. The report's row is one game of a provider
// on one IST day (the day its rounds closed): a row per round would be thousands a day.
import { sql, type SQL } from 'drizzle-orm';
import type { SettledGameUnits } from '../shares/settle.ts';
import { gameProviders, providerGames, providerRounds, providerTransactions } from './schema.ts';

/** SQL: the IST day (YYYY-MM-DD) of a timestamptz. */
const istDay = (at: SQL) => sql`to_char((${at} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;

export const closedRounds: SettledGameUnits = {
  units: (users, start, end) => sql`
    select 'round/' || r.round_key as unit, r.round_key::bigint as unit_id, r.user_id,
        r.closed_at as settled_at,
        'provider/' || r.provider_id || '/' || r.provider_game_id || '/' || ${istDay(sql`r.closed_at`)} as group_key,
        'PROVIDER'::text as kind, 'Live Casino › ' || coalesce(g.name, r.provider_game_id) as name,
        p.name as detail
      from ${providerRounds} r
      join ${gameProviders} p on p.provider_id = r.provider_id
      left join ${providerGames} g on g.game_id = r.game_id
      where r.user_id in (${users}) and r.status = 'CLOSED'
        and r.closed_at >= ${start.toISOString()}::timestamptz and r.closed_at < ${end.toISOString()}::timestamptz`,
  // Every debit, credit and rollback that moved money (its transfer) on the round.
  results: (units) => sql`
    select u.unit, u.user_id, p.transfer_id
      from ${units} u join ${providerTransactions} p on p.round_key = u.unit_id
      where u.kind = 'PROVIDER' and p.transfer_id is not null`,
};
