// Fantasy points from the feed's balls (docs/fantasy.md "Points"): a player's figures are a fold
// over the balls of the match, and the points are a pure function of the figures, so the points
// after any ball are the table applied to the match so far. A standard T20 fantasy table.
import type { FantasyRole } from './team.ts';

export type DismissalKind = 'BOWLED' | 'CAUGHT' | 'LBW' | 'STUMPED' | 'HIT_WICKET' | 'RUN_OUT';
export type ExtraKind = 'WIDE' | 'NO_BALL' | 'BYE' | 'LEG_BYE';

/** One delivery as the fantasy game reads it from the feed. */
export interface FantasyBall {
  /** 1-based innings of the match. */
  readonly innings: number;
  /** 0-based over of the innings. */
  readonly over: number;
  readonly batter_id: number;
  readonly bowler_id: number;
  /** Runs off the bat (a four is 4, a six 6). */
  readonly runs_bat: number;
  /** Extras on this delivery: `runs` includes the one-run penalty of a wide or a no-ball. */
  readonly extra?: { readonly kind: ExtraKind; readonly runs: number } | null;
  readonly wicket?: {
    readonly player_out_id: number;
    readonly kind: DismissalKind;
    /** The catcher, the keeper who stumped, the fielder credited with a run-out. */
    readonly fielder_id?: number | null;
  } | null;
}

export interface PlayerFigures {
  runs: number;
  balls_faced: number;
  fours: number;
  sixes: number;
  out: boolean;
  wickets: number;
  balls_bowled: number;
  runs_conceded: number;
  maidens: number;
  catches: number;
  stumpings: number;
  run_outs: number;
}

export const emptyFigures = (): PlayerFigures => ({
  runs: 0,
  balls_faced: 0,
  fours: 0,
  sixes: 0,
  out: false,
  wickets: 0,
  balls_bowled: 0,
  runs_conceded: 0,
  maidens: 0,
  catches: 0,
  stumpings: 0,
  run_outs: 0,
});

/** The table, in whole points (docs/fantasy.md). */
export const FANTASY_POINTS = {
  playing: 4,
  run: 1,
  four_bonus: 1,
  six_bonus: 2,
  /** Only the highest milestone reached counts. */
  milestones: [
    [100, 16],
    [50, 8],
    [30, 4],
  ] as readonly (readonly [number, number])[],
  duck: -2,
  wicket: 25,
  /** Only the highest haul reached counts. */
  hauls: [
    [5, 16],
    [4, 8],
    [3, 4],
  ] as readonly (readonly [number, number])[],
  maiden: 12,
  catch: 8,
  three_catch_bonus: 4,
  stumping: 12,
  run_out: 12,
  /** Economy counts from 2 overs bowled, strike rate from 10 balls faced (not for bowlers). */
  economy_min_balls: 12,
  strike_rate_min_balls: 10,
} as const;

/** Runs charged to the bowler: off the bat, and wides and no-balls (byes and leg byes are not). */
function conceded(b: FantasyBall): number {
  const e = b.extra;
  return b.runs_bat + (e && (e.kind === 'WIDE' || e.kind === 'NO_BALL') ? e.runs : 0);
}

const isLegal = (b: FantasyBall): boolean =>
  !b.extra || (b.extra.kind !== 'WIDE' && b.extra.kind !== 'NO_BALL');

/** Per (innings, over): what the over's bowler conceded and how many legal balls it had. */
type OverTally = { bowler_id: number; conceded: number; legal: number };

/** The figures the match's balls so far give each player who took part (others: absent = 0). */
export function figuresOf(balls: readonly FantasyBall[]): Map<number, PlayerFigures> {
  const figs = new Map<number, PlayerFigures>();
  const of = (id: number): PlayerFigures => {
    let f = figs.get(id);
    if (!f) figs.set(id, (f = emptyFigures()));
    return f;
  };
  const overs = new Map<string, OverTally>();
  for (const b of balls) {
    const bat = of(b.batter_id);
    const bowl = of(b.bowler_id);
    bat.runs += b.runs_bat;
    if (b.runs_bat === 4) bat.fours += 1;
    if (b.runs_bat === 6) bat.sixes += 1;
    // A wide is not a ball faced; a no-ball is.
    if (b.extra?.kind !== 'WIDE') bat.balls_faced += 1;
    bowl.runs_conceded += conceded(b);
    if (isLegal(b)) bowl.balls_bowled += 1;
    const key = `${b.innings}:${b.over}`;
    const tally = overs.get(key) ?? { bowler_id: b.bowler_id, conceded: 0, legal: 0 };
    tally.conceded += conceded(b);
    if (isLegal(b)) tally.legal += 1;
    overs.set(key, tally);
    if (tally.legal === 6 && isLegal(b) && tally.conceded === 0 && tally.bowler_id === b.bowler_id)
      bowl.maidens += 1;
    const w = b.wicket;
    if (!w) continue;
    of(w.player_out_id).out = true;
    if (w.kind !== 'RUN_OUT') bowl.wickets += 1;
    if (w.fielder_id == null) continue;
    const fielder = of(w.fielder_id);
    if (w.kind === 'CAUGHT') fielder.catches += 1;
    else if (w.kind === 'STUMPED') fielder.stumpings += 1;
    else if (w.kind === 'RUN_OUT') fielder.run_outs += 1;
  }
  return figs;
}

const highest = (n: number, bands: readonly (readonly [number, number])[]): number =>
  bands.find(([at]) => n >= at)?.[1] ?? 0;

/** Economy band points (runs per over, compared in integers: runs·6 against rate·balls). */
export function economyPoints(runs_conceded: number, balls: number): number {
  if (balls < FANTASY_POINTS.economy_min_balls) return 0;
  const r6 = runs_conceded * 6;
  if (r6 < 5 * balls) return 6;
  if (r6 < 6 * balls) return 4;
  if (r6 <= 7 * balls) return 2;
  if (r6 < 10 * balls) return 0;
  if (r6 <= 11 * balls) return -2;
  if (r6 <= 12 * balls) return -4;
  return -6;
}

/** Strike-rate band points (runs per 100 balls, compared in integers). Bowlers are exempt. */
export function strikeRatePoints(runs: number, balls: number, role: FantasyRole): number {
  if (role === 'BOWL' || balls < FANTASY_POINTS.strike_rate_min_balls) return 0;
  const r100 = runs * 100;
  if (r100 > 170 * balls) return 6;
  if (r100 > 150 * balls) return 4;
  if (r100 >= 130 * balls) return 2;
  if (r100 > 70 * balls) return 0;
  if (r100 >= 60 * balls) return -2;
  if (r100 >= 50 * balls) return -4;
  return -6;
}

/** A player's points from the figures. `played`: in the eleven of a match that has begun. */
export function playerPoints(f: PlayerFigures, role: FantasyRole, played: boolean): number {
  if (!played) return 0;
  const P = FANTASY_POINTS;
  const batting =
    f.runs * P.run +
    f.fours * P.four_bonus +
    f.sixes * P.six_bonus +
    highest(f.runs, P.milestones) +
    (f.out && f.runs === 0 && role !== 'BOWL' ? P.duck : 0) +
    strikeRatePoints(f.runs, f.balls_faced, role);
  const bowling =
    f.wickets * P.wicket +
    highest(f.wickets, P.hauls) +
    f.maidens * P.maiden +
    economyPoints(f.runs_conceded, f.balls_bowled);
  const fielding =
    f.catches * P.catch +
    (f.catches >= 3 ? P.three_catch_bonus : 0) +
    f.stumpings * P.stumping +
    f.run_outs * P.run_out;
  return P.playing + batting + bowling + fielding;
}

/**
 * A team's points in halves (the vice-captain's 1.5× makes halves; halves keep it an integer):
 * 2× each player's points, 4× the captain's, 3× the vice-captain's.
 */
export function teamPointsHalves(
  points_of: (player_id: number) => number,
  pick: {
    readonly player_ids: readonly number[];
    readonly captain_id: number;
    readonly vice_captain_id: number;
  },
): number {
  let halves = 0;
  for (const id of pick.player_ids) {
    const mult = id === pick.captain_id ? 4 : id === pick.vice_captain_id ? 3 : 2;
    halves += mult * points_of(id);
  }
  return halves;
}

/** A batter's line on the scoreboard (the feed's BatterFigures has these fields). */
export interface ScoreBatter {
  readonly player_id: number;
  readonly runs: number;
  readonly balls: number;
  readonly fours: number;
  readonly sixes: number;
  readonly out: { readonly kind: DismissalKind; readonly fielder_id: number | null } | null;
}
/** A bowler's line on the scoreboard (the feed's BowlerFigures). */
export interface ScoreBowler {
  readonly player_id: number;
  readonly balls: number;
  readonly runs: number;
  readonly wickets: number;
  readonly maidens: number;
}

/**
 * The same figures read from the scoreboard's per-innings lines, which the feed keeps after every
 * ball: cumulative, so a missed publish loses nothing (the server reads these; the fold above is
 * the per-ball definition the tests hold them to).
 */
export function figuresFromInnings(
  innings: readonly { readonly batters: readonly ScoreBatter[]; readonly bowlers: readonly ScoreBowler[] }[],
): Map<number, PlayerFigures> {
  const figs = new Map<number, PlayerFigures>();
  const of = (id: number): PlayerFigures => {
    let f = figs.get(id);
    if (!f) figs.set(id, (f = emptyFigures()));
    return f;
  };
  for (const inn of innings) {
    for (const b of inn.batters) {
      const f = of(b.player_id);
      f.runs += b.runs;
      f.balls_faced += b.balls;
      f.fours += b.fours;
      f.sixes += b.sixes;
      if (!b.out) continue;
      f.out = true;
      const fielder = b.out.fielder_id;
      if (fielder == null) continue;
      if (b.out.kind === 'CAUGHT') of(fielder).catches += 1;
      else if (b.out.kind === 'STUMPED') of(fielder).stumpings += 1;
      else if (b.out.kind === 'RUN_OUT') of(fielder).run_outs += 1;
    }
    for (const w of inn.bowlers) {
      const f = of(w.player_id);
      f.balls_bowled += w.balls;
      f.runs_conceded += w.runs;
      f.wickets += w.wickets;
      f.maidens += w.maidens;
    }
  }
  return figs;
}

/** Strength 1 … 100 → credits in tenths, in half credits from 7.0 to 10.5 (docs/fantasy.md). */
export function creditsOfStrength(strength: number): number {
  const s = Math.min(100, Math.max(1, Math.round(strength)));
  const tenths = 70 + Math.round(((s - 40) * 35) / 55 / 5) * 5;
  return Math.min(105, Math.max(70, tenths));
}
