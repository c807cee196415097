// A simulation of whole matches (both innings) with or without playing elevens, for the feed's
// measurements (totals, run rates, wickets) and the property tests.
import {
  bowlBall,
  DEFAULT_CRICKET_MODEL,
  DEFAULT_PLAYER_MODEL,
  demoSquad,
  mulberry32,
  pickEleven,
  startBall,
  type CricketFormat,
  type CricketPlayer,
  type PlayingEleven,
  type Scoreboard,
  type BallEvent,
  type PlayerModelOptions,
} from '../src/index.ts';

export function demoElevens(teams: readonly [string, string]): [PlayingEleven, PlayingEleven] {
  let id = 1;
  const squads = teams.map((t) => demoSquad(t).map((m): CricketPlayer => ({ ...m, player_id: id++ })));
  return [pickEleven(teams[0], squads[0]!), pickEleven(teams[1], squads[1]!)];
}

export interface SimMatch {
  score: Scoreboard;
  /** Every delivery's event, per innings (with elevens). */
  events: BallEvent[];
  /** Every scoreboard after each ball. */
  steps: Scoreboard[];
}

/** One whole match (rain off), ball by ball; `keep_steps` keeps every scoreboard. */
export function simulateMatch(
  format: CricketFormat,
  teams: readonly [string, string],
  elevens: readonly [PlayingEleven, PlayingEleven] | null,
  seed: number,
  keep_steps = false,
  po: PlayerModelOptions = DEFAULT_PLAYER_MODEL,
): SimMatch {
  const o = { ...DEFAULT_CRICKET_MODEL, rain_chance_per_over: 0 };
  const rnd = mulberry32(seed);
  let s: Scoreboard | null = null;
  const events: BallEvent[] = [];
  const steps: Scoreboard[] = [];
  for (let i = 0; i < 2 * 6 * o.overs[format] * 3; i++) {
    const started = startBall(s, 0);
    const r = bowlBall(format, teams, elevens, started, rnd, o, po);
    s = { ...r.score, ball_running_until_ms: null };
    if (s.last_ball) events.push(s.last_ball);
    if (keep_steps) steps.push(s);
    if (s.status === 'COMPLETE') break;
  }
  return { score: s!, events, steps };
}
