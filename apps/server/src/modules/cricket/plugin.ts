import type { CricketDetail, Scoreboard } from '@backlay/contract';
import {
  DEFAULT_CRICKET_MODEL,
  reduceOvers,
  stopMatch,
  type BallEvent,
  type PlayingEleven,
  type Scoreboard as FeedScoreboard,
} from '@backlay/feed';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cricketMatches } from './schema.ts';
import type { Executor } from '../../db/store.ts';
import { ok, refuse, route } from '../../http/route.ts';
import { audited } from '../audit/audit.ts';
import { suspendMatchOdds } from './match-odds.ts';
import { isScoreStale } from './staleness.ts';
import { ballsOf, elevensOf, recordBall, battingPosition, replaceInEleven } from './players.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cricket module's answers to the fancy and bookmaker kinds (a scoreboard gone quiet). */
    cricket: CricketService;
  }
}

/** The feed's time between balls when none is given (config CRICKET_BALL_INTERVAL_MS's default). */
export const DEFAULT_BALL_INTERVAL_MS = 5_000;

/** What the cricket module answers the fancy and bookmaker kinds. */
export type CricketService = {
  /** The match's scoreboard is stale now (staleness.ts): its fancies and bookmaker take no bet. */
  scoreStale(db: Executor, matchId: number): Promise<boolean>;
  /** The match's playing elevens (teams order; batting order, keeper, bowlers); null: none. */
  elevens(matchId: number): Promise<[PlayingEleven, PlayingEleven] | null>;
  /** The match's deliveries as bowled, in order (innings, then seq): what fantasy points read. */
  balls(matchId: number): Promise<BallEvent[]>;
  /** A match made a cricket match (its row: format, competition, teams), in the caller's transaction. */
  insertMatch: typeof insertCricketMatch;
  /** A match's cricket row (format, competition, teams, scoreboard), in the caller's transaction; null: none. */
  matchOf(db: Executor, matchId: number): Promise<CricketMatchRow | null>;
  /** A player's batting position (1–11) in the match's eleven; null: not in it. */
  positionOf(db: Executor, matchId: number, playerId: number): Promise<number | null>;
};

export type CricketMatchRow = typeof cricketMatches.$inferSelect;
import { insertCricketMatch } from './set-up.ts';
import { setMatchResult } from '../catalog/writes.ts';
import { cricketMatchDetail, staleScoreboardAlerts } from './console.ts';
import { checkFence, FencedOut, type Fence } from '../../plugins/leader.ts';

/** At most this many of the caller's cricket bets are listed on the game-details screen. */
export const CRICKET_BETS_LISTED_MAX = 200;

/**
 * A cricket match's own side: its format, teams and scoreboard (cricket_matches, owned here), and
 * the game-details calls that put the bookmaker and fancy kinds of one match together.
 */
export const cricketModule = fp<{ ballIntervalMs?: number }>(
  // Long because it registers cricket's routes (scoreboard, elevens, game details, operator), each
  // a few lines over the reads.
  async (app, opts) => {
    const ballIntervalMs = opts.ballIntervalMs ?? DEFAULT_BALL_INTERVAL_MS;
    const service: CricketService = {
      scoreStale: (db, matchId) => isScoreStale(db, matchId, ballIntervalMs),
      async elevens(matchId) {
        const [cm] = await app.db.select().from(cricketMatches).where(eq(cricketMatches.matchId, matchId));
        if (!cm) return null;
        const xi = await elevensOf(app.db, [matchId], new Map([[matchId, [cm.teamA, cm.teamB] as const]]));
        return xi.get(matchId) ?? null;
      },
      balls: (matchId) => ballsOf(app.db, matchId),
      insertMatch: insertCricketMatch,
      async matchOf(db, matchId) {
        const [cm] = await db.select().from(cricketMatches).where(eq(cricketMatches.matchId, matchId));
        return cm ?? null;
      },
      positionOf: (db, matchId, playerId) => battingPosition(db, matchId, playerId),
    };
    app.decorate('cricket', service);
    app.consoleSources.declareAlerts(staleScoreboardAlerts);
    app.consoleSources.declareMatchDetail(cricketMatchDetail);

    route(app, 'getCricketDetail', async ({ body, user }) => {
      const [cm] = await app.db
        .select()
        .from(cricketMatches)
        .where(eq(cricketMatches.matchId, body.match_id));
      if (!cm) return refuse('Unknown cricket match');
      const teams = [cm.teamA, cm.teamB] as const;
      const [bookmakers, fancies, stale, elevens] = await Promise.all([
        app.bookmaker.listForUser(user.userId, cm.matchId),
        app.fancy.listForUser(user.userId, cm.matchId),
        service.scoreStale(app.db, cm.matchId),
        elevensOf(app.db, [cm.matchId], new Map([[cm.matchId, teams]])),
      ]);
      const detail: CricketDetail = {
        match_id: cm.matchId,
        format: cm.format,
        teams: [cm.teamA, cm.teamB],
        scoreboard: (cm.score as Scoreboard | null) ?? null,
        stale,
        bookmakers,
        fancies,
        elevens: elevens.get(cm.matchId) ?? null,
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

    /**
     * The operator's change to a match's scoreboard (a stop, overs reduced), computed by the feed's
     * own model on the row locked FOR UPDATE, so two operator calls never interleave. The feed reads
     * the new score on its next tick: a stopped match is complete (no more balls; its fancies and
     * bookmaker settle by the incomplete rules), a reduced one plays to its new limit.
     */
    async function changeScore(
      matchId: number,
      change: (
        format: 'T20' | 'ODI' | 'TEST',
        teams: readonly [string, string],
        s: FeedScoreboard | null,
      ) => FeedScoreboard | string,
    ) {
      return app.db.transaction(async (tx) => {
        const [cm] = await tx
          .select()
          .from(cricketMatches)
          .where(eq(cricketMatches.matchId, matchId))
          .for('update');
        if (!cm) return refuse(`Unknown cricket match ${matchId}`);
        const next = change(cm.format, [cm.teamA, cm.teamB], (cm.score as FeedScoreboard | null) ?? null);
        if (typeof next === 'string') return refuse(next);
        // The operator's write moves the sequence too, so a feed tick that read the score before
        // it is refused by its compare-and-set (publishScore) instead of writing over the stop.
        await tx
          .update(cricketMatches)
          .set({ score: next, scoreUpdatedAt: sql`now()`, scoreSeq: sql`${cricketMatches.scoreSeq} + 1` })
          .where(eq(cricketMatches.matchId, matchId));
        return ok({ match_id: matchId, scoreboard: next as Scoreboard });
      });
    }

    route(app, 'adminCricketStop', async ({ body, user }) =>
      audited(app, user.userId, 'cricket/stop', body, async () => {
        // A stop ends the match (no result): its match odds take no bet from before the score
        // says so (a refused stop — a complete match — finds them suspended or closed already).
        await suspendMatchOdds(app, body.match_id);
        return changeScore(body.match_id, (_format, _teams, s) => stopMatch(s, body.reason));
      }),
    );

    route(app, 'adminCricketReduce', async ({ body, user }) =>
      audited(app, user.userId, 'cricket/reduce', body, () =>
        changeScore(body.match_id, (format, teams, s) =>
          reduceOvers(format, teams, s, body.overs, DEFAULT_CRICKET_MODEL, body.target),
        ),
      ),
    );

    /**
     * A player dropped from the eleven before the first ball (spec §9: a dropped player is
     * removed): the swap on the match row locked, then each of the dropped player's fancies voided
     * (the void first: a refused void changes nothing) and REMOVED, then the replacement's Top
     * batsman row. A repeat after a failure in between finishes the removals (voiding a voided
     * fancy again is a no-op).
     */
    route(app, 'adminCricketReplacePlayer', async ({ body, user }) =>
      audited(app, user.userId, 'cricket/replacePlayer', body, async () => {
        const swap = await app.db.transaction((tx) =>
          replaceInEleven(tx, body.match_id, body.player_id, body.replacement_id),
        );
        if (!swap.ok) return refuse(swap.message);
        const xi = (await service.elevens(body.match_id))!;
        const [cm] = await app.db
          .select({ format: cricketMatches.format })
          .from(cricketMatches)
          .where(eq(cricketMatches.matchId, body.match_id));
        // The markets on players are the fancy kind's: it voids the dropped player's rows and
        // opens the replacement's (modules/fancy/players.ts), asked through its decorator.
        const rows = await app.fancyPlayers.replaced({
          actor: user.userId,
          matchId: body.match_id,
          droppedId: body.player_id,
          replacementId: body.replacement_id,
          format: cm!.format,
          elevens: xi,
        });
        if (!rows.ok) return refuse(rows.message);
        const [removed, opened] = [rows.removed, rows.opened];
        return ok({
          match_id: body.match_id,
          removed_fancy_ids: removed,
          opened_fancy_ids: opened,
          elevens: xi,
        });
      }),
    );
  },
  { name: 'cricket', dependencies: ['db', 'auth', 'bookmaker', 'fancy', 'console-sources'] },
);

/** The refusal of a score for a match whose stored score is complete. */
export const FINAL_SCORE_MESSAGE = 'The match is complete: its final score stands';

/**
 * Stores a published scoreboard (the feed's or an operator's) and bumps its sequence. One writer
 * per match: with `prevSeq`, written only if the stored score is still that one (compare-and-set);
 * with `fence`, only while that leader term is current, checked in the same transaction
 * (plugins/leader.ts `checkFence`). A complete score is final, as the feed's model has it
 * (packages/feed `stopMatch`, `reduceOvers`): what was settled on it (fantasy prizes, the
 * bookmaker, the fancies) was settled on that score, so no later score replaces it. A refusal says
 * why; nothing is written.
 */
export async function publishScore(
  app: Pick<FastifyInstance, 'db'>,
  matchId: number,
  score: Scoreboard,
  opts: { prevSeq?: number; fence?: Fence | null } = {},
): Promise<{ ok: true; seq: number } | { ok: false; message: string }> {
  try {
    return await app.db.transaction(async (tx) => {
      if (opts.fence !== undefined) await checkFence(tx, opts.fence);
      const [row] = await tx
        .update(cricketMatches)
        .set({
          score, // The database's clock: the staleness checks compare it with now() (DESIGN.md §6).
          scoreUpdatedAt: sql`now()`,
          scoreSeq: sql`${cricketMatches.scoreSeq} + 1`,
        })
        .where(
          and(
            eq(cricketMatches.matchId, matchId),
            opts.prevSeq === undefined ? undefined : eq(cricketMatches.scoreSeq, opts.prevSeq),
            sql`(${cricketMatches.score} ->> 'status') is distinct from 'COMPLETE'`,
          ),
        )
        .returning({ seq: cricketMatches.scoreSeq });
      // The delivery that made this score, stored with it (fantasy points, the scorecard).
      if (row && score.last_ball) await recordBall(tx, matchId, score.last_ball as BallEvent);
      // The match is over: its result replaces In Play wherever the match is listed.
      if (row && score.status === 'COMPLETE' && score.result_text) {
        await setMatchResult(tx, matchId, score.result_text);
      }
      if (row) return { ok: true as const, seq: row.seq };
      return { ok: false as const, message: await whyScoreRefused(tx, matchId, opts.prevSeq) };
    });
  } catch (err) {
    if (err instanceof FencedOut) return { ok: false, message: err.message };
    throw err;
  }
}

/** Why a score was not written: no such match, its final score stands, or its sequence moved on. */
async function whyScoreRefused(db: Executor, matchId: number, prevSeq: number | undefined): Promise<string> {
  const [m] = await db
    .select({ status: sql<string | null>`${cricketMatches.score} ->> 'status'` })
    .from(cricketMatches)
    .where(eq(cricketMatches.matchId, matchId));
  if (!m) return 'Unknown cricket match';
  if (m.status === 'COMPLETE') return FINAL_SCORE_MESSAGE;
  return `The scoreboard moved on since ball ${String(prevSeq)} was read; read it again`;
}
