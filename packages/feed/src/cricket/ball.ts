// One delivery of a match with playing elevens: the over's bowler (chosen at its first ball), the
// outcome drawn from the team distribution shifted by the striker and the bowler, the scoreboard
// after it (model.ts applyBall) with the players' record (players.ts) on the innings and the
// delivery itself as `last_ball`. Pure; a match without elevens bowls as before (drawBall).
import type { Random } from '../pricing.ts';
import { weightedIndex } from '../pricing.ts';
import {
  applyBall,
  drawBall,
  inningsBalls,
  situationWeights,
  type BallWeights,
  type CricketModelOptions,
} from './model.ts';
import {
  bowlerOverLimit,
  byId,
  chooseBowler,
  DEFAULT_PLAYER_MODEL,
  playBall,
  playerWeights,
  startInningsPlayers,
  type PlayerModelOptions,
} from './players.ts';
import type { CricketFormat, InningsPlayers, PlayingEleven, Scoreboard } from './types.ts';

const BAT = ['0', '1', '2', '3', '4', '6'] as const;

/** One delivery's strip entry drawn from explicit weights (drawBall's draw, on given weights). */
export function drawFromWeights(w: BallWeights, random: Random): string {
  const bat = [w.dot, w.one, w.two, w.three, w.four, w.six];
  const k = weightedIndex(random, [...bat, w.wicket, w.wide, w.no_ball]);
  if (k < BAT.length) return BAT[k]!;
  if (k === BAT.length) return 'W';
  if (k === BAT.length + 1) return 'wd';
  const off = BAT[weightedIndex(random, bat)]!;
  return off === '0' ? 'nb' : `nb${off}`;
}

/**
 * The innings' players before the ball: started if new, the over's bowler chosen if it is the
 * over's first ball.
 */
export function playersBeforeBall(
  format: CricketFormat,
  s: Scoreboard,
  elevens: readonly [PlayingEleven, PlayingEleven],
  random: Random,
  o: CricketModelOptions,
): InningsPlayers {
  const tot = s.totals[s.innings - 1]!;
  const batting = elevens[s.batting];
  const fielding = elevens[s.batting === 0 ? 1 : 0];
  const st = tot.players ?? startInningsPlayers(batting);
  if (st.bowler_id !== null) return st;
  const overs = inningsBalls(format, s, s.innings, o) / 6;
  const overs_left = overs - Math.floor(tot.balls / 6);
  const bowler_id = chooseBowler(fielding, st, overs_left, bowlerOverLimit(format, overs), random);
  return { ...st, bowler_id };
}

/**
 * The next delivery of a match in progress (between balls, `s` from startBall) and the scoreboard
 * after it. With elevens: the players' record and `last_ball`; without: drawBall and applyBall.
 */
export function bowlBall(
  format: CricketFormat,
  teams: readonly [string, string],
  elevens: readonly [PlayingEleven, PlayingEleven] | null | undefined,
  s: Scoreboard,
  random: Random,
  o: CricketModelOptions,
  po: PlayerModelOptions = DEFAULT_PLAYER_MODEL,
): { entry: string; score: Scoreboard } {
  if (!elevens) {
    const entry = drawBall(format, s, random, o);
    return { entry, score: applyBall(format, teams, s, entry, o) };
  }
  const st = playersBeforeBall(format, s, elevens, random, o);
  const batting = elevens[s.batting];
  const fielding = elevens[s.batting === 0 ? 1 : 0];
  const striker = byId(batting, st.striker_id!)!;
  const bowler = byId(fielding, st.bowler_id!)!;
  const entry = drawFromWeights(
    playerWeights(situationWeights(format, s, o, false), striker, bowler, po),
    random,
  );
  const tot = s.totals[s.innings - 1]!;
  const prev = s.last_ball;
  const seq = prev && prev.innings === s.innings && tot.players ? prev.seq + 1 : 0;
  const played = playBall(s.innings, batting, fielding, st, entry, tot.balls, seq, random, po);
  const after = applyBall(format, teams, s, entry, o);
  const now = after.totals[s.innings - 1]!;
  const w = played.event.wicket;
  const players = w
    ? {
        ...played.players,
        fall: [
          ...played.players.fall,
          { wicket: now.wickets, player_out_id: w.player_out_id, runs: now.runs, balls: now.balls },
        ],
      }
    : played.players;
  const totals = after.totals.map((t, i) => (i === s.innings - 1 ? { ...t, players } : t));
  return { entry, score: { ...after, totals, last_ball: played.event } };
}
