// A quiet feed suspends (issue 32, docs/live-prices.md "A quiet scoreboard"): while a match is in
// play, its fancies and bookmaker are quoted from the last ball; when no ball has come for longer
// than the format's quiet limit, their lines are old and the bet checks of both kinds refuse
// ("Scoreboard is delayed: market suspended"), their listings show them SUSPENDED and the
// scoreboard is marked stale. Computed on every check from the stored `score_updated_at` by the
// database's clock, so it holds when the feed's process (the leader) is dead, and the next ball
// (a new `score_updated_at`) reopens them with nothing to undo.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/store.ts';

export const SCORE_STALE_MESSAGE = 'Scoreboard is delayed: market suspended';

/** Below this a scoreboard is never stale (an over change, a boundary replay). */
export const QUIET_FLOOR_S = 30;

/**
 * Balls' time without a ball that makes a scoreboard stale, by format: longer for a Test, whose
 * play pauses more often (drinks, reviews) and whose lines move slower.
 */
export const QUIET_BALLS = { T20: 6, ODI: 8, TEST: 10 } as const;

/** An innings break is this many times the limit between balls (the teams change over). */
export const INNINGS_BREAK_FACTOR = 4;

type Format = keyof typeof QUIET_BALLS;

/**
 * Seconds without a ball after which a match's scoreboard is stale, by its status; null when it
 * cannot be (not started, over, or stopped: nothing is being quoted from a live game).
 */
export function quietLimitS(format: Format, status: string, ballIntervalMs: number): number | null {
  const between = Math.max(QUIET_FLOOR_S, Math.ceil((QUIET_BALLS[format] * ballIntervalMs) / 1000));
  if (status === 'IN_PROGRESS') return between;
  if (status === 'INNINGS_BREAK') return between * INNINGS_BREAK_FACTOR;
  return null;
}

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
    format: Format;
    status: string | null;
    quiet_s: number | string;
    in_play: boolean;
  }[];
  const row = rows[0];
  if (!row || !row.in_play || row.status === null) return false;
  const limit = quietLimitS(row.format, row.status, ballIntervalMs);
  return limit !== null && Number(row.quiet_s) > limit;
}
