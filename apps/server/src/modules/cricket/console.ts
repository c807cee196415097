// What cricket adds to the operator console (modules/console/sources.ts): an alert for a
// scoreboard in progress that stopped moving while its match is in play as staleness.ts counts it
// (the match, or any of its markets; the cricket feed stopped), and a match's format,
// competition and teams in the console's match view.
import { eq, sql } from 'drizzle-orm';
import type { DashboardAlert } from '@backlay/contract';
import type { Executor } from '../../db/executor.ts';
import type { AlertSource, MatchDetailSource } from '../console/sources.ts';
import { matches } from '../catalog/schema.ts';
import { markets } from '../markets/schema.ts';
import { cricketMatches } from './schema.ts';

/** A cricket scoreboard in progress that has not moved for this long: the cricket feed stopped. */
export const SCORE_QUIET_MINUTES = 3;

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

export const staleScoreboardAlerts: AlertSource = async (db: Executor, now: Date) => {
  const res =
    await db.execute(sql`select c.match_id, m.match_name, c.score_updated_at from ${cricketMatches} c
      join ${matches} m on m.match_id = c.match_id
      where (m.in_play or exists (select 1 from ${markets} k where k.match_id = c.match_id and k.in_play))
        and c.score ->> 'status' in ('IN_PROGRESS', 'INNINGS_BREAK')
        and c.score_updated_at < ${now.toISOString()}::timestamptz - make_interval(mins => ${SCORE_QUIET_MINUTES})
      order by c.match_id`);
  return rows<{ match_id: number; match_name: string; score_updated_at: string | Date }>(res).map(
    (r): DashboardAlert => ({
      kind: 'FEED_STOPPED',
      severity: 'critical',
      message: `${r.match_name}: the scoreboard has not moved since ${new Date(r.score_updated_at).toISOString().slice(11, 16)} UTC`,
      market_id: null,
      match_id: r.match_id,
      since: new Date(r.score_updated_at).toISOString(),
    }),
  );
};

export const cricketMatchDetail: MatchDetailSource = async (db: Executor, matchId: number) => {
  const [c] = await db
    .select({
      format: cricketMatches.format,
      competition: cricketMatches.competition,
      teamA: cricketMatches.teamA,
      teamB: cricketMatches.teamB,
    })
    .from(cricketMatches)
    .where(eq(cricketMatches.matchId, matchId));
  return c ? { cricket: { format: c.format, competition: c.competition, teams: [c.teamA, c.teamB] } } : {};
};
