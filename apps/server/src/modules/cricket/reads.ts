// The cricket module's reads for those that follow its matches (the cricket feed's port in
// feeds/cricket-port.ts, the fantasy game): the match list with its score on every tick, and the
// playing elevens, a started match's read once and kept. Reads only its own tables, the catalog's
// match row and the markets' in-play flag; nothing of a market kind's own tables, and it names no
// kind (the registry says which kinds have runners).
import type { CricketMatchSummary, PlayingEleven, Scoreboard } from '@backlay/feed';
import { asc, eq, sql } from 'drizzle-orm';
import { matches } from '../catalog/schema.ts';
import { markets } from '../markets/schema.ts';
import type { Executor } from '../../db/store.ts';
import type { KindRegistry } from '../markets/registry.ts';
import { cricketMatches } from './schema.ts';
import { elevensOf } from './players.ts';

/** At most this many cricket matches are handed to the feed per listing (in play first). */
export const FEED_CRICKET_MATCHES_MAX = 50;

/** The elevens of listed matches (a started match's read once and kept): match id → elevens. */
export type CricketElevensReader = (
  list: readonly { matchId: number; teams: readonly [string, string]; score: unknown }[],
) => Promise<Map<number, [PlayingEleven, PlayingEleven]>>;

export type CricketReads = {
  listCricketMatches(): Promise<CricketMatchSummary[]>;
  elevensFor: CricketElevensReader;
};

const started = (score: unknown) => {
  const st = (score as Scoreboard | null)?.status;
  return st !== undefined && st !== 'NOT_STARTED';
};

/**
 * `kinds`: the kind registry, asked at each listing which kinds have runners (a match's winner
 * markets: match odds, the bookmaker table), so cricket names none.
 */
export function createCricketReads(db: Executor, kinds: Pick<KindRegistry, 'runnerKinds'>): CricketReads {
  /**
   * A match's elevens, once read with a started score before it (the listing reads the score
   * first): an eleven changes only before the first ball (admin/cricket/replacePlayer refuses once
   * the stored score has started, under the match row's lock), so it is read once per match, not on
   * every listing. Dropped when the match is listed not started again, or no longer listed.
   */
  const elevensCache = new Map<number, [PlayingEleven, PlayingEleven]>();

  /** The elevens of these matches (teams order): the cached ones, the others read. */
  async function elevensFor(
    list: readonly { matchId: number; teams: readonly [string, string]; score: unknown }[],
  ): Promise<Map<number, [PlayingEleven, PlayingEleven]>> {
    const out = new Map<number, [PlayingEleven, PlayingEleven]>();
    const toRead = [];
    for (const m of list) {
      const cached = started(m.score) ? elevensCache.get(m.matchId) : undefined;
      if (cached) out.set(m.matchId, cached);
      else {
        elevensCache.delete(m.matchId);
        toRead.push(m);
      }
    }
    if (toRead.length === 0) return out;
    const read = await elevensOf(
      db,
      toRead.map((m) => m.matchId),
      new Map(toRead.map((m) => [m.matchId, m.teams])),
    );
    for (const m of toRead) {
      const xi = read.get(m.matchId);
      if (!xi) continue;
      out.set(m.matchId, xi);
      if (started(m.score)) elevensCache.set(m.matchId, xi);
    }
    return out;
  }

  /**
   * The matches (earliest start first, at most FEED_CRICKET_MATCHES_MAX) with their score: read on
   * every feed tick, so no fancies, markets or elevens. In play: the match, or any of its markets
   * with runners (match odds, the bookmaker table: the match-odds feed turns them in play).
   */
  async function listCricketMatches(): Promise<CricketMatchSummary[]> {
    const runnerKinds = sql.join(
      kinds.runnerKinds().map((k) => sql`${k}`),
      sql`, `,
    );
    const anyMarketInPlay = sql<boolean>`exists (select 1 from ${markets} where ${markets.matchId} = ${cricketMatches.matchId} and ${markets.marketKind} in (${runnerKinds}) and ${markets.inPlay})`;
    const rows = await db
      .select({
        matchId: cricketMatches.matchId,
        format: cricketMatches.format,
        teamA: cricketMatches.teamA,
        teamB: cricketMatches.teamB,
        score: cricketMatches.score,
        scoreSeq: cricketMatches.scoreSeq,
        startTime: matches.startTime,
        inPlay: matches.inPlay,
        marketInPlay: anyMarketInPlay,
      })
      .from(cricketMatches)
      .innerJoin(matches, eq(matches.matchId, cricketMatches.matchId))
      .orderBy(asc(matches.startTime))
      .limit(FEED_CRICKET_MATCHES_MAX);
    const listed = new Set(rows.map((r) => r.matchId));
    for (const id of elevensCache.keys()) if (!listed.has(id)) elevensCache.delete(id);
    return rows.map((r) => ({
      match_id: r.matchId,
      format: r.format,
      in_play: r.inPlay || r.marketInPlay,
      start_time_ms: r.startTime.getTime(),
      teams: [r.teamA, r.teamB] as const,
      score: (r.score as Scoreboard | null) ?? null,
      score_seq: r.scoreSeq,
    }));
  }

  return { listCricketMatches, elevensFor };
}
