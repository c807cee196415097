// The players' side of a delivery, pure: who bowls the over, how the striker and bowler shift the
// ball's odds, and what an outcome (the strip entry) means for each player: runs off the bat or
// extras, the dismissal and the fielder, the strike changing ends, the next batter in.
//
// The team-level outcome (model.ts drawBall) stays the one distribution the fancy lines are priced
// on; the players shift it by the striker's batting against the bowler's bowling, centred so that
// an innings' runs and wickets stay where they were (docs/cricket-feed.md has the measured
// figures). Byes and leg-byes are taken out of the runs drawn, so the team's total is unchanged.
import { weightedIndex, type Random } from '../pricing.ts';
import type {
  BallEvent,
  BowlerFigures,
  CricketFormat,
  CricketPlayer,
  Dismissal,
  DismissalKind,
  InningsPlayers,
  PlayingEleven,
} from './types.ts';
import type { BallWeights } from './model.ts';

export interface PlayerModelOptions {
  /** Strength difference (batting − bowling, per 100) → wicket weight × exp(−wicket_skill × d). */
  wicket_skill: number;
  /** → four and six weights × exp(boundary_skill × d); dots × exp(−boundary_skill × d / 2). */
  boundary_skill: number;
  /** The strength difference an average ball is centred on (batting − bowling), per 100. */
  centre: number;
  /** Relative weights of dismissal kinds (a stumping needs a keeper). */
  dismissals: Readonly<Record<DismissalKind, number>>;
  /** Of the catches, the share taken by the keeper and by the bowler (caught and bowled). */
  keeper_catch: number;
  bowler_catch: number;
  /** Of a run-out, the share where the non-striker is out. */
  non_striker_run_out: number;
  /** Of single runs, the share that are leg-byes and byes (not the batter's). */
  leg_bye_share: number;
  bye_share: number;
}

export const DEFAULT_PLAYER_MODEL: PlayerModelOptions = {
  wicket_skill: 0.6,
  boundary_skill: 0.4,
  centre: -0.03,
  dismissals: { CAUGHT: 58, BOWLED: 18, LBW: 12, RUN_OUT: 7, STUMPED: 4, HIT_WICKET: 1 },
  keeper_catch: 0.2,
  bowler_catch: 0.05,
  non_striker_run_out: 0.4,
  leg_bye_share: 0.06,
  bye_share: 0.01,
};

export const byId = (xi: PlayingEleven, id: number): CricketPlayer | undefined =>
  xi.players.find((p) => p.player_id === id);

/** The most overs one bowler may bowl in an innings of `innings_overs`: a fifth (T20 4, ODI 10); Test: no limit. */
export function bowlerOverLimit(format: CricketFormat, innings_overs: number): number {
  return format === 'TEST' ? innings_overs : Math.max(1, Math.ceil(innings_overs / 5));
}

/** An innings about to start: the batting order's first two in, nobody bowling yet. */
export function startInningsPlayers(batting: PlayingEleven): InningsPlayers {
  const [a, b] = batting.players;
  if (!a || !b) throw new Error('startInningsPlayers: an eleven needs two openers');
  return {
    striker_id: a.player_id,
    non_striker_id: b.player_id,
    bowler_id: null,
    last_over_bowler_id: null,
    batters: [a, b].map((p) => ({
      player_id: p.player_id,
      runs: 0,
      balls: 0,
      fours: 0,
      sixes: 0,
      out: null,
    })),
    bowlers: [],
    fall: [],
    over_runs_conceded: 0,
  };
}

const oversOf = (bowlers: readonly BowlerFigures[], id: number) =>
  Math.ceil((bowlers.find((b) => b.player_id === id)?.balls ?? 0) / 6);

/**
 * Whether `n` overs can still be bowled by bowlers with `left` overs each, no one twice in a row,
 * the first not by `first_banned`: each can take at most ceil(n / 2) (floor(n / 2) for the banned
 * one, who cannot open), and together they must cover n.
 */
export function canCover(left: ReadonlyMap<number, number>, n: number, first_banned: number | null): boolean {
  let cover = 0;
  for (const [id, q] of left)
    cover += Math.min(q, id === first_banned ? Math.floor(n / 2) : Math.ceil(n / 2));
  return cover >= n;
}

/**
 * The bowler of the next over: not the last over's, with overs left under the limit, chosen by
 * bowling strength among those that keep the rest of the innings coverable; a part-timer (the best
 * other bowler in the eleven) only when the options cannot cover it.
 */
export function chooseBowler(
  bowling: PlayingEleven,
  st: InningsPlayers,
  overs_left: number,
  limit: number,
  random: Random,
): number {
  const left = new Map<number, number>();
  for (const id of bowling.bowler_ids) left.set(id, Math.max(0, limit - oversOf(st.bowlers, id)));
  const eligible = bowling.bowler_ids.filter((id) => id !== st.last_over_bowler_id && left.get(id)! > 0);
  const safe = eligible.filter((id) => {
    const after = new Map(left);
    after.set(id, left.get(id)! - 1);
    return canCover(after, Math.max(0, overs_left - 1), id);
  });
  const pool = safe.length > 0 ? safe : eligible;
  if (pool.length > 0) {
    const w = pool.map((id) => (byId(bowling, id)?.bowling ?? 1) ** 2 * left.get(id)!);
    return pool[weightedIndex(random, w)]!;
  }
  // The options are spent (a long Test innings): the best bowler of the rest who may bowl.
  const rest = bowling.players
    .filter((p) => p.player_id !== st.last_over_bowler_id && p.player_id !== bowling.wicket_keeper_id)
    .sort((a, b) => b.bowling - a.bowling || a.player_id - b.player_id);
  return rest[0]!.player_id;
}

/** The ball's weights shifted by the striker's batting against the bowler's bowling. */
export function playerWeights(
  w: BallWeights,
  striker: CricketPlayer,
  bowler: CricketPlayer,
  o: PlayerModelOptions,
): BallWeights {
  const d = (striker.batting - bowler.bowling) / 100 - o.centre;
  const boundary = Math.exp(o.boundary_skill * d);
  return {
    ...w,
    wicket: w.wicket * Math.exp(-o.wicket_skill * d),
    four: w.four * boundary,
    six: w.six * boundary,
    dot: w.dot / Math.sqrt(boundary),
  };
}

/** What one strip entry means in runs off the bat, extras, and whether it was a legal ball. */
function entryParts(entry: string): { bat: number; wide: boolean; no_ball: boolean; wicket: boolean } {
  if (entry === 'W') return { bat: 0, wide: false, no_ball: false, wicket: true };
  if (entry.startsWith('wd')) return { bat: 0, wide: true, no_ball: false, wicket: false };
  if (entry.startsWith('nb'))
    return { bat: Number(entry.slice(2)) || 0, wide: false, no_ball: true, wicket: false };
  return { bat: Number(entry) || 0, wide: false, no_ball: false, wicket: false };
}

/** A dismissal of the striker (or, on a run-out, either batter) with its fielder. */
function dismiss(
  st: InningsPlayers,
  fielding: PlayingEleven,
  bowler_id: number,
  random: Random,
  o: PlayerModelOptions,
): Dismissal {
  const kinds = Object.keys(o.dismissals) as DismissalKind[];
  const kind =
    kinds[
      weightedIndex(
        random,
        kinds.map((k) => o.dismissals[k]),
      )
    ]!;
  const keeper = fielding.wicket_keeper_id;
  const others = fielding.players.map((p) => p.player_id).filter((id) => id !== bowler_id && id !== keeper);
  const anyone = () => others[Math.floor(random() * others.length)]!;
  switch (kind) {
    case 'CAUGHT': {
      const x = random();
      const fielder =
        x < o.keeper_catch ? keeper : x < o.keeper_catch + o.bowler_catch ? bowler_id : anyone();
      return { player_out_id: st.striker_id!, kind, fielder_id: fielder, bowler_wicket: true };
    }
    case 'STUMPED':
      return { player_out_id: st.striker_id!, kind, fielder_id: keeper, bowler_wicket: true };
    case 'RUN_OUT': {
      const out = random() < o.non_striker_run_out ? st.non_striker_id! : st.striker_id!;
      return { player_out_id: out, kind, fielder_id: anyone(), bowler_wicket: false };
    }
    default:
      return { player_out_id: st.striker_id!, kind, fielder_id: null, bowler_wicket: true };
  }
}

export interface PlayersBall {
  event: BallEvent;
  players: InningsPlayers;
}

/**
 * The players' record after one delivery (`entry`, drawn for the team): the striker's and the
 * bowler's figures, the dismissal and the new batter, ends changed on odd runs and at the over's
 * end (the over's bowler then rests). `legal_before`, `seq`: the innings' counts before the ball.
 */
export function playBall(
  innings: 1 | 2,
  batting: PlayingEleven,
  fielding: PlayingEleven,
  st0: InningsPlayers,
  entry: string,
  legal_before: number,
  seq: number,
  random: Random,
  o: PlayerModelOptions,
): PlayersBall {
  if (st0.striker_id === null || st0.non_striker_id === null || st0.bowler_id === null) {
    throw new Error('playBall: two batters in and a bowler are needed');
  }
  const st: InningsPlayers = {
    ...st0,
    batters: st0.batters.map((b) => ({ ...b })),
    bowlers: st0.bowlers.map((b) => ({ ...b })),
    fall: [...st0.fall],
  };
  const bowler_id = st0.bowler_id;
  const parts = entryParts(entry);
  const legal = !parts.wide && !parts.no_ball;
  // Singles and boundaries that were byes or leg-byes: the team's runs, not the batter's.
  let extras: BallEvent['extras'] = null;
  let bat = parts.bat;
  if (legal && !parts.wicket && bat > 0 && (bat === 1 || bat === 4)) {
    const x = random();
    if (x < o.leg_bye_share) extras = { kind: 'LEG_BYE', runs: bat };
    else if (x < o.leg_bye_share + o.bye_share) extras = { kind: 'BYE', runs: bat };
    if (extras) bat = 0;
  }
  if (parts.wide) extras = { kind: 'WIDE', runs: 1 };
  if (parts.no_ball) extras = { kind: 'NO_BALL', runs: 1 };
  const wicket = parts.wicket ? dismiss(st, fielding, bowler_id, random, o) : null;

  const striker = st.batters.find((b) => b.player_id === st0.striker_id)!;
  striker.runs += bat;
  if (!parts.wide) striker.balls += 1;
  if (bat === 4) striker.fours += 1;
  if (bat === 6) striker.sixes += 1;

  let bowler = st.bowlers.find((b) => b.player_id === bowler_id);
  if (!bowler) {
    bowler = { player_id: bowler_id, balls: 0, runs: 0, wickets: 0, maidens: 0 };
    st.bowlers.push(bowler);
  }
  const conceded = bat + (extras && (extras.kind === 'WIDE' || extras.kind === 'NO_BALL') ? extras.runs : 0);
  bowler.runs += conceded;
  if (legal) bowler.balls += 1;
  if (wicket?.bowler_wicket) bowler.wickets += 1;
  st.over_runs_conceded += conceded;

  const event: BallEvent = {
    innings,
    seq,
    legal_before,
    striker_id: st0.striker_id,
    non_striker_id: st0.non_striker_id,
    bowler_id,
    bat_runs: bat,
    extras,
    wicket,
    legal,
    entry,
  };

  // Runs the batters ran (a no-ball's or wide's penalty run is not run): odd ones change ends.
  const ran = parts.no_ball ? parts.bat : parts.wide ? 0 : parts.bat;
  if (ran % 2 === 1) [st.striker_id, st.non_striker_id] = [st.non_striker_id, st.striker_id];
  if (wicket) {
    const out = st.batters.find((b) => b.player_id === wicket.player_out_id)!;
    out.out = wicket;
    const next = batting.players.find((p) => !st.batters.some((b) => b.player_id === p.player_id));
    const replaced = wicket.player_out_id === st.striker_id ? 'striker_id' : 'non_striker_id';
    st[replaced] = next ? next.player_id : null;
    if (next)
      st.batters.push({ player_id: next.player_id, runs: 0, balls: 0, fours: 0, sixes: 0, out: null });
  }
  const over_done = legal && (legal_before + 1) % 6 === 0;
  if (over_done) {
    if (st.over_runs_conceded === 0 && bowlerBallsThisOver(bowler, legal_before)) bowler.maidens += 1;
    [st.striker_id, st.non_striker_id] = [st.non_striker_id, st.striker_id];
    st.last_over_bowler_id = bowler_id;
    st.bowler_id = null;
    st.over_runs_conceded = 0;
  }
  return { event, players: st };
}

/** A maiden needs the whole over bowled by this bowler (not a change mid-over). */
function bowlerBallsThisOver(b: BowlerFigures, legal_before: number): boolean {
  return b.balls >= 6 && legal_before % 6 === 5;
}
