// A quiet feed suspends (issue 32, docs/live-prices.md "A quiet scoreboard"): while a match is in
// play, its fancies and bookmaker are quoted from the last ball; when no ball has come for longer
// than the format's quiet limit, their lines are old and the bet checks of both kinds refuse
// ("Scoreboard is delayed: market suspended"), their listings show them SUSPENDED and the
// scoreboard is marked stale. Computed on every check from the stored `score_updated_at` by the
// database's clock, so it holds when the feed's process (the leader) is dead, and the next ball
// (a new `score_updated_at`) reopens them with nothing to undo.
import { quietLimitS, type QuietFormat } from '@backlay/feed';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/store.ts';

/**
 * Whether the match's scoreboard is stale now: the match is in play, its scoreboard live, and its
 * last write older than the limit, by the database's clock. A match with no scoreboard (not a
 * cricket match, or no ball yet) is never stale.
 */
export async function isScoreStale(db: Executor, matchId: number, ballIntervalMs: number): Promise<boolean> {
  const res = await db.execute(sql`
    select c.format, c.score->>'status' as status,
           extract(epoch from (now() - c.score_updated_at))::float8 as quiet_s,
           (m.in_play or exists (select 1 from markets k where k.match_id = c.match_id and k.in_play)) as in_play
      from cricket_matches c join matches m on m.match_id = c.match_id
     where c.match_id = ${matchId} and c.score is not null and c.score_updated_at is not null`);
  const rows = (res as unknown as { rows: unknown[] }).rows as {
    format: QuietFormat;
    status: string | null;
    quiet_s: number | string;
    in_play: boolean;
  }[];
  const row = rows[0];
  if (!row || !row.in_play || row.status === null) return false;
  const limit = quietLimitS(row.format, row.status, ballIntervalMs);
  return limit !== null && Number(row.quiet_s) > limit;
}
