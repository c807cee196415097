// What the fantasy game reads of cricket: the matches with their playing elevens, start times and
// the feed's last scoreboard, through the cricket module's own port (cricket/feed-api.ts
// `listCricketMatches`, the read the feed itself uses), and the match names from the catalog.
// Read only: the fantasy module never writes a cricket or catalog table.
import type { CricketMatch, PlayingEleven, Scoreboard } from '@backlay/feed';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { matches } from '../../db/schema.ts';
import { createCricketFeedApi } from '../cricket/feed-api.ts';

export type FantasyMatch = {
  match_id: number;
  match_name: string;
  teams: readonly [string, string];
  /** The scheduled start, brought forward to now when the match is turned in play early. */
  starts_at: Date;
  /** In play (turned by the operator or the feed), whatever the scheduled start says. */
  in_play: boolean;
  elevens: readonly [PlayingEleven, PlayingEleven] | null;
  score: Scoreboard | null;
  /** The stored score's write sequence (grows by one per published ball). */
  seq: number;
};

export type CricketPort = {
  /** The cricket matches the feed knows (at most its listing's 50, earliest first). */
  list(): Promise<FantasyMatch[]>;
  get(match_id: number): Promise<FantasyMatch | null>;
};

export function createCricketPort(app: FastifyInstance): CricketPort {
  const api = createCricketFeedApi(app, 'current');
  async function list(): Promise<FantasyMatch[]> {
    const ms: CricketMatch[] = await api.listCricketMatches();
    if (ms.length === 0) return [];
    const names = await app.db
      .select({ matchId: matches.matchId, name: matches.matchName })
      .from(matches)
      .where(
        inArray(
          matches.matchId,
          ms.map((m) => m.match_id),
        ),
      );
    const nameOf = new Map(names.map((n) => [n.matchId, n.name]));
    return ms.map((m) => ({
      match_id: m.match_id,
      match_name: nameOf.get(m.match_id) ?? `${m.teams[0]} v ${m.teams[1]}`,
      teams: m.teams,
      starts_at: new Date(m.start_time_ms),
      in_play: m.in_play,
      elevens: m.elevens ?? null,
      score: m.score,
      seq: m.score_seq ?? 0,
    }));
  }
  return {
    list,
    get: async (match_id) => (await list()).find((m) => m.match_id === match_id) ?? null,
  };
}
