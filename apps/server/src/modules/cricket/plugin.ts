import type { CricketDetail, Scoreboard } from '@backlay/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cricketMatches } from '../../db/schema.ts';
import { ok, refuse, route } from '../../http/route.ts';
import { checkFence, FencedOut, type Fence } from '../../plugins/leader.ts';

/** At most this many of the caller's cricket bets are listed on the game-details screen. */
export const CRICKET_BETS_LISTED_MAX = 200;

/**
 * A cricket match's own side: its format, teams and scoreboard (cricket_matches, owned here), and
 * the game-details calls that put the bookmaker and fancy kinds of one match together.
 */
export const cricketModule = fp(
  async (app) => {
    route(app, 'getCricketDetail', async ({ body, user }) => {
      const [cm] = await app.db
        .select()
        .from(cricketMatches)
        .where(eq(cricketMatches.matchId, body.match_id));
      if (!cm) return refuse('Unknown cricket match');
      const [bookmakers, fancies] = await Promise.all([
        app.bookmaker.listForUser(user.userId, cm.matchId),
        app.fancy.listForUser(user.userId, cm.matchId),
      ]);
      const detail: CricketDetail = {
        match_id: cm.matchId,
        format: cm.format,
        teams: [cm.teamA, cm.teamB],
        scoreboard: (cm.score as Scoreboard | null) ?? null,
        bookmakers,
        fancies,
      };
      return ok(detail);
    });

    route(app, 'getCricketBets', async ({ body, user }) => {
      const [b, f] = await Promise.all([
        app.bookmaker.betsOfMatch(user.userId, body.match_id, CRICKET_BETS_LISTED_MAX),
        app.fancy.betsOfMatch(user.userId, body.match_id, CRICKET_BETS_LISTED_MAX),
      ]);
      const bets = [...b, ...f]
        .sort((x, y) => y.placed_at.localeCompare(x.placed_at) || y.bet_id - x.bet_id)
        .slice(0, CRICKET_BETS_LISTED_MAX);
      return ok({ bets });
    });
  },
  { name: 'cricket', dependencies: ['db', 'auth', 'bookmaker', 'fancy'] },
);

/**
 * Stores a published scoreboard (the feed's or an operator's) and bumps its sequence. One writer
 * per match: with `prevSeq`, written only if the stored score is still that one (compare-and-set);
 * with `fence`, only while that leader term is current, checked in the same transaction
 * (plugins/leader.ts `checkFence`). A refusal says why; nothing is written.
 */
export async function publishScore(
  app: FastifyInstance,
  matchId: number,
  score: Scoreboard,
  opts: { prevSeq?: number; fence?: Fence | null } = {},
): Promise<{ ok: true; seq: number } | { ok: false; message: string }> {
  try {
    return await app.db.transaction(async (tx) => {
      if (opts.fence !== undefined) await checkFence(tx, opts.fence);
      const [row] = await tx
        .update(cricketMatches)
        .set({ score, scoreUpdatedAt: app.clock.now(), scoreSeq: sql`${cricketMatches.scoreSeq} + 1` })
        .where(
          and(
            eq(cricketMatches.matchId, matchId),
            opts.prevSeq === undefined ? undefined : eq(cricketMatches.scoreSeq, opts.prevSeq),
          ),
        )
        .returning({ seq: cricketMatches.scoreSeq });
      if (row) return { ok: true as const, seq: row.seq };
      return {
        ok: false as const,
        message:
          opts.prevSeq === undefined
            ? 'Unknown cricket match'
            : `The scoreboard moved on since ball ${opts.prevSeq} was read; read it again`,
      };
    });
  } catch (err) {
    if (err instanceof FencedOut) return { ok: false, message: err.message };
    throw err;
  }
}

/**
 * Each team's runs at the comparison mark (`markOvers`) of its innings, as far as a stored
 * scoreboard can tell (teams in the match's order): an innings exactly at the mark gives its total;
 * one bowled out before the mark its final total; one not started, or stopped short of the mark
 * with wickets in hand, null (it never got there). An innings past the mark is refused: the
 * scoreboard keeps only the current total, not the score at the mark.
 */
export function runsAtMarkFromScore(
  score: Scoreboard,
  markOvers: number,
  teams: readonly [string, string],
): { ok: true; runs: [number | null, number | null] } | { ok: false; message: string } {
  if (score.status === 'NOT_STARTED') return { ok: true, runs: [null, null] };
  const firstBatting = score.innings === 1 ? score.batting : 1 - score.batting;
  const runs: [number | null, number | null] = [null, null];
  for (const innings of [0, 1] as const) {
    const team = innings === 0 ? firstBatting : 1 - firstBatting;
    const tot = innings < score.innings ? score.totals[innings] : undefined;
    if (!tot) continue;
    const markBalls = markOvers * 6;
    if (tot.balls === markBalls || (tot.balls < markBalls && tot.wickets >= 10)) runs[team] = tot.runs;
    else if (tot.balls > markBalls)
      return {
        ok: false,
        message: `The stored scoreboard shows ${teams[team]}'s total after ${Math.floor(tot.balls / 6)}.${tot.balls % 6} overs, not its score at ${markOvers} overs: give runs_at_mark`,
      };
  }
  return { ok: true, runs };
}
