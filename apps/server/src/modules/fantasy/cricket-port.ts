// What the fantasy game reads of cricket: the matches with their playing elevens, start times and
// the feed's last scoreboard, through the cricket module's own reads (cricket/reads.ts
// `listCricketMatches`, the list the feed itself reads, with the elevens beside it: not the
// fancies or markets, which the game does not need), and the match names from the catalog.
// Read only: the fantasy module never writes a cricket or catalog table.
import type { CricketMatchSummary, PlayingEleven, Scoreboard } from '@backlay/feed';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { matches } from '../catalog/schema.ts';
import { cricketElevens } from '../cricket/schema.ts';
import { hasBegun } from './players.ts';
import { createCricketReads } from '../cricket/reads.ts';

export type FantasyMatch = {
  match_id: number;
  match_name: string;
  teams: readonly [string, string];
  /** The scheduled start, brought forward to now when the match is turned in play early. */
  starts_at: Date;
  /** In play (turned by the operator or the feed), whatever the scheduled start says. */
  in_play: boolean;
  /**
   * The playing elevens. In `list()`, read only for a match that has started (its start passed,
   * in play, or a ball bowled): a match still to start has null here and says whether it has
   * elevens in `has_elevens` (read when it is asked for by `get`).
   */
  elevens: readonly [PlayingEleven, PlayingEleven] | null;
  /** Whether the match has its playing elevens. */
  has_elevens: boolean;
  score: Scoreboard | null;
  /** The stored score's write sequence (grows by one per published ball). */
  seq: number;
};

export type CricketPort = {
  /**
   * The cricket matches the feed knows (at most its listing's 50, earliest first); the runner
   * lists them every second, so the elevens of a match still to start are not read (has_elevens).
   */
  list(): Promise<FantasyMatch[]>;
  /** One match with its elevens. */
  get(match_id: number): Promise<FantasyMatch | null>;
};

export function createCricketPort(app: Pick<FastifyInstance, 'clock' | 'db' | 'kinds'>): CricketPort {
  const api = createCricketReads(app.db, app.kinds);

  /** The matches; the elevens of those `withElevens` picks (the others: whether they have any). */
  async function read(withElevens: (m: CricketMatchSummary) => boolean): Promise<FantasyMatch[]> {
    const ms = await api.listCricketMatches();
    if (ms.length === 0) return [];
    const wanted = ms.filter(withElevens);
    const others = ms.filter((m) => !withElevens(m)).map((m) => m.match_id);
    const [elevens, named, having] = await Promise.all([
      // A started match's elevens are read once by the port (they no longer change).
      api.elevensFor(wanted.map((m) => ({ matchId: m.match_id, teams: m.teams, score: m.score }))),
      app.db
        .select({ matchId: matches.matchId, name: matches.matchName })
        .from(matches)
        .where(
          inArray(
            matches.matchId,
            ms.map((m) => m.match_id),
          ),
        ),
      others.length === 0
        ? Promise.resolve([])
        : app.db
            .selectDistinct({ matchId: cricketElevens.matchId })
            .from(cricketElevens)
            .where(inArray(cricketElevens.matchId, others)),
    ]);
    const nameOf = new Map(named.map((n) => [n.matchId, n.name]));
    const has = new Set([...elevens.keys(), ...having.map((r) => r.matchId)]);
    return ms.map((m) => ({
      match_id: m.match_id,
      match_name: nameOf.get(m.match_id) ?? `${m.teams[0]} v ${m.teams[1]}`,
      teams: m.teams,
      starts_at: new Date(m.start_time_ms),
      in_play: m.in_play,
      elevens: elevens.get(m.match_id) ?? null,
      has_elevens: has.has(m.match_id),
      score: m.score,
      seq: m.score_seq ?? 0,
    }));
  }

  return {
    list: () => {
      const now = app.clock.now().getTime();
      return read((m) => m.start_time_ms <= now || m.in_play || hasBegun(m.score));
    },
    get: async (match_id) =>
      (await read((m) => m.match_id === match_id)).find((m) => m.match_id === match_id) ?? null,
  };
}
