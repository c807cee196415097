// The fantasy contests settled in a range, for the reports of the tree (issue 41,
// docs/hierarchy.md "What each level sees"): a contest is shared per entrant when it is settled
// (service.ts), so a settled contest is the unit whose entrants' results and shares the downline
// P/L reads, one row per contest. A refunded contest has no result and is left out.
import { sql } from 'drizzle-orm';
import { matches } from '../catalog/schema.ts';
import { transfers } from '../wallet/schema.ts';
import type { SettledGameUnits } from '../shares/settle.ts';
import { fantasyContests, fantasyEntries } from './schema.ts';

export const settledContests: SettledGameUnits = {
  units: (users, start, end) => sql`
    select 'contest/' || c.contest_id as unit, c.contest_id::bigint as unit_id, e.user_id,
        c.closed_at as settled_at, 'contest/' || c.contest_id as group_key, 'FANTASY'::text as kind,
        'Fantasy › ' || c.name as name, coalesce(mt.match_name, 'Match ' || c.match_id) as detail
      from (select distinct contest_id, user_id from ${fantasyEntries} where user_id in (${users})) e
      join ${fantasyContests} c on c.contest_id = e.contest_id
      left join ${matches} mt on mt.match_id = c.match_id
      where c.state = 'SETTLED'
        and c.closed_at >= ${start.toISOString()}::timestamptz and c.closed_at < ${end.toISOString()}::timestamptz`,
  // Each entry's fee, prize and refund (service.ts keys them by the entry).
  results: (units) => sql`
    select u.unit, u.user_id, t.transfer_id
      from ${units} u
      join ${fantasyEntries} e on e.contest_id = u.unit_id and e.user_id = u.user_id
      join ${transfers} t on t.idempotency_key in
        ('fantasy-entry:' || e.entry_id, 'fantasy-prize:' || e.entry_id, 'fantasy-refund:' || e.entry_id)
      where u.kind = 'FANTASY'`,
};
