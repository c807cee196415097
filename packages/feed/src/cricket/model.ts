// The cricket model, pure: one delivery's outcome drawn from a distribution by format and game
// situation, the scoreboard it leads to, what each fancy's event is worth so far, and the quotes
// (fancy lines and rates, bookmaker rates) derived from the projected score.
//
// Everything here is a function of the Scoreboard (plus the format and the options): a restarted
// leader rebuilds the game from the persisted score alone. Simplifications, on purpose:
// - teams[0] bats first (the fancies' names say which team an innings is, so this is fixed);
// - no run-outs, byes or wickets off no-balls; a wide is one run; a no-ball one run plus what is
//   hit off it; neither is a legal ball;
// - TEST: two innings (one each) of up to 90 overs; a chase that is not all out and falls short
//   when the overs run out is a draw. T20 and ODI: 20 and 50 overs; a chase one run short is a tie.
import { weightedIndex, type Random } from '../pricing.ts';
import type {
  BookmakerRate,
  CricketFormat,
  FancyEvent,
  FancyQuote,
  FancyVariant,
  Scoreboard,
} from './types.ts';

/** Relative weights of one delivery's outcomes (need not sum to anything). */
export interface BallWeights {
  dot: number;
  one: number;
  two: number;
  three: number;
  four: number;
  six: number;
  wicket: number;
  wide: number;
  no_ball: number;
}

export interface CricketModelOptions {
  /** Overs per innings by format. */
  overs: Readonly<Record<CricketFormat, number>>;
  /** The base outcome distribution of a delivery by format (situation multipliers apply on top). */
  weights: Readonly<Record<CricketFormat, BallWeights>>;
  /** Limited overs: the last fraction of the innings is the death (more boundaries, more wickets). */
  death_fraction: number;
  /** Projection: the current run rate's weight is balls / (balls + par_blend_balls), par's the rest. */
  par_blend_balls: number;
  /** Projection: the rate to come shrinks by this fraction per wicket down (at most by half). */
  wicket_drag: number;
  /** ODD_EVEN: both rates. */
  odd_even_rate: number;
  /** FANCY1: Yes rate = fair × (1 − margin), No rate = fair × (1 + margin). */
  fancy1_margin: number;
  /** Bookmaker: lay rate = back rate + spread. */
  bookmaker_spread: number;
  /** Lines (and rates) never exceed this (the contract's largest line). */
  result_max: number;
}

export const DEFAULT_CRICKET_MODEL: CricketModelOptions = {
  overs: { T20: 20, ODI: 50, TEST: 90 },
  // About 8.0 runs an over and 5.5 wickets an innings (T20), 5.3 and 7.5 (ODI), 3.2 and 9 (Test).
  weights: {
    T20: { dot: 34, one: 36, two: 8, three: 0.5, four: 11.5, six: 5, wicket: 4.6, wide: 3, no_ball: 0.5 },
    ODI: { dot: 50, one: 33, two: 7, three: 0.5, four: 7.5, six: 1.5, wicket: 2.6, wide: 2.5, no_ball: 0.4 },
    TEST: { dot: 72, one: 17, two: 4, three: 1, four: 5.5, six: 0.4, wicket: 1.7, wide: 0.8, no_ball: 0.6 },
  },
  death_fraction: 0.2,
  par_blend_balls: 30,
  wicket_drag: 0.03,
  odd_even_rate: 98,
  fancy1_margin: 0.1,
  bookmaker_spread: 2,
  result_max: 100_000,
};

export const WICKETS = 10;
/** The strip keeps this many deliveries. */
export const RECENT_MAX = 12;

const BAT = ['0', '1', '2', '3', '4', '6'] as const;

export function maxBalls(format: CricketFormat, o: CricketModelOptions): number {
  return 6 * o.overs[format];
}

/** A strip entry that counted as a ball of the over ('wd' and 'nb…' do not). */
export function isLegal(entry: string): boolean {
  return !entry.startsWith('wd') && !entry.startsWith('nb');
}

/** Runs a strip entry added to the total. */
export function entryRuns(entry: string): number {
  if (entry === 'W') return 0;
  if (entry.startsWith('wd')) return 1;
  if (entry.startsWith('nb')) return 1 + (Number(entry.slice(2)) || 0);
  return Number(entry) || 0;
}

const batWeights = (w: BallWeights) => [w.dot, w.one, w.two, w.three, w.four, w.six];

function sum(xs: readonly number[]): number {
  return xs.reduce((s, x) => s + x, 0);
}

/** Expected runs per legal ball and wickets per legal ball of a format's base distribution. */
export function parRates(format: CricketFormat, o: CricketModelOptions): { runs: number; wicket: number } {
  const w = o.weights[format];
  const bat = batWeights(w);
  const batRuns = sum(bat.map((x, i) => x * Number(BAT[i])));
  const batTotal = sum(bat);
  const legal = batTotal + w.wicket;
  const perDelivery = batRuns + w.wide + w.no_ball * (1 + batRuns / batTotal);
  return { runs: perDelivery / legal, wicket: w.wicket / legal };
}

/** The current innings' totals (padded if a persisted score lacks them). */
export function current(s: Scoreboard): { runs: number; wickets: number; balls: number } {
  return s.totals[s.innings - 1] ?? { runs: 0, wickets: 0, balls: 0 };
}

/** The distribution of the next delivery: the format's weights adjusted for the situation. */
export function situationWeights(format: CricketFormat, s: Scoreboard, o: CricketModelOptions): BallWeights {
  const w = { ...o.weights[format] };
  if (format === 'TEST') return w;
  const tot = current(s);
  const max = maxBalls(format, o);
  if (tot.balls >= max * (1 - o.death_fraction)) {
    w.four *= 1.3;
    w.six *= 1.7;
    w.wicket *= 1.4;
    w.dot *= 0.85;
  }
  if (tot.wickets >= 7) {
    w.wicket *= 1.3;
    w.four *= 0.8;
    w.six *= 0.8;
  }
  if (s.innings === 2 && s.target !== null && tot.balls < max) {
    const required = (s.target - tot.runs) / (max - tot.balls);
    const ratio = Math.min(1.8, Math.max(0.6, required / parRates(format, o).runs));
    w.four *= ratio;
    w.six *= ratio;
    w.wicket *= Math.sqrt(ratio);
    w.dot /= Math.sqrt(ratio);
  }
  return w;
}

/** One delivery: its strip entry ('0' … '6', 'W', 'wd', 'nb', 'nb1' … 'nb6'). */
export function drawBall(
  format: CricketFormat,
  s: Scoreboard,
  random: Random,
  o: CricketModelOptions,
): string {
  const w = situationWeights(format, s, o);
  const bat = batWeights(w);
  const k = weightedIndex(random, [...bat, w.wicket, w.wide, w.no_ball]);
  if (k < BAT.length) return BAT[k]!;
  if (k === BAT.length) return 'W';
  if (k === BAT.length + 1) return 'wd';
  const off = BAT[weightedIndex(random, bat)]!;
  return off === '0' ? 'nb' : `nb${off}`;
}

/** Whether the current innings is over after its last delivery: all out, overs done, or target reached. */
export function inningsOver(format: CricketFormat, s: Scoreboard, o: CricketModelOptions): boolean {
  const tot = current(s);
  return (
    tot.wickets >= WICKETS ||
    tot.balls >= maxBalls(format, o) ||
    (s.innings === 2 && s.target !== null && tot.runs >= s.target)
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The result line of a finished match. */
export function resultText(format: CricketFormat, teams: readonly [string, string], s: Scoreboard): string {
  const chase = s.totals[1] ?? { runs: 0, wickets: 0, balls: 0 };
  const target = s.target ?? (s.totals[0]?.runs ?? 0) + 1;
  if (chase.runs >= target) return `${teams[1]} won by ${plural(WICKETS - chase.wickets, 'wicket')}`;
  if (format === 'TEST' && chase.wickets < WICKETS) return 'Match drawn';
  if (chase.runs === target - 1) return 'Match tied';
  return `${teams[0]} won by ${plural(target - 1 - chase.runs, 'run')}`;
}

/** The winner's index in teams once the match is complete; null for a tie, a draw, or not yet. */
export function winnerOf(format: CricketFormat, s: Scoreboard): 0 | 1 | null {
  const chase = s.totals[1];
  if (s.status !== 'COMPLETE' || !chase || s.target === null) return null;
  if (chase.runs >= s.target) return 1;
  if (format === 'TEST' && chase.wickets < WICKETS) return null;
  if (chase.runs === s.target - 1) return null;
  return 0;
}

/** The score as the next ball starts: a new innings if there is none in progress. */
export function startBall(s: Scoreboard | null, until_ms: number): Scoreboard {
  if (s === null || s.status === 'NOT_STARTED') {
    return {
      innings: 1,
      batting: 0,
      totals: [{ runs: 0, wickets: 0, balls: 0 }],
      recent: [],
      target: null,
      status: 'IN_PROGRESS',
      ball_running_until_ms: until_ms,
      result_text: null,
    };
  }
  if (s.status === 'INNINGS_BREAK') {
    const first = s.totals[0] ?? { runs: 0, wickets: 0, balls: 0 };
    return {
      innings: 2,
      batting: 1,
      totals: [{ ...first }, { runs: 0, wickets: 0, balls: 0 }],
      recent: [],
      target: s.target ?? first.runs + 1,
      status: 'IN_PROGRESS',
      ball_running_until_ms: until_ms,
      result_text: null,
    };
  }
  return { ...s, ball_running_until_ms: until_ms };
}

/** The score after a delivery (between balls): totals, strip, and the innings' or match's end. */
export function applyBall(
  format: CricketFormat,
  teams: readonly [string, string],
  s: Scoreboard,
  entry: string,
  o: CricketModelOptions,
): Scoreboard {
  const totals = Array.from({ length: s.innings }, (_, i) => ({
    ...(s.totals[i] ?? { runs: 0, wickets: 0, balls: 0 }),
  }));
  const tot = totals[s.innings - 1]!;
  tot.runs += entryRuns(entry);
  if (isLegal(entry)) tot.balls += 1;
  if (entry === 'W') tot.wickets += 1;
  const next: Scoreboard = {
    ...s,
    totals,
    recent: [...s.recent, entry].slice(-RECENT_MAX),
    status: 'IN_PROGRESS',
    ball_running_until_ms: null,
  };
  if (!inningsOver(format, next, o)) return next;
  if (s.innings === 1) return { ...next, status: 'INNINGS_BREAK', target: tot.runs + 1 };
  return { ...next, status: 'COMPLETE', result_text: resultText(format, teams, next) };
}

function inningsStarted(s: Scoreboard | null, innings: 1 | 2): s is Scoreboard {
  return (
    s !== null && s.status !== 'NOT_STARTED' && innings <= s.innings && s.totals[innings - 1] !== undefined
  );
}

function inningsComplete(s: Scoreboard, innings: 1 | 2): boolean {
  return innings < s.innings || s.status === 'INNINGS_BREAK' || s.status === 'COMPLETE';
}

/**
 * Where a fancy's event stands on this scoreboard:
 * - NOT_STARTED: its innings has not begun;
 * - OPEN: still to be decided;
 * - DONE: decided, with the value it settles on;
 * - UNKNOWN: decided, but the value can no longer be read from the scoreboard (the game went past
 *   the moment without settling it: a fancy added late, or a settlement that was refused). The
 *   feed never bowls past a due settlement it could not make, so this is only those cases.
 */
export type EventState =
  { state: 'NOT_STARTED' } | { state: 'OPEN' } | { state: 'DONE'; value: number } | { state: 'UNKNOWN' };

export function eventState(event: FancyEvent, s: Scoreboard | null): EventState {
  if (!inningsStarted(s, event.innings)) return { state: 'NOT_STARTED' };
  const tot = s.totals[event.innings - 1]!;
  const complete = inningsComplete(s, event.innings);
  switch (event.kind) {
    case 'INNINGS_TOTAL':
      return complete ? { state: 'DONE', value: tot.runs } : { state: 'OPEN' };
    case 'RUNS_AT_OVER': {
      const b = 6 * event.over;
      if (tot.balls < b) return complete ? { state: 'DONE', value: tot.runs } : { state: 'OPEN' };
      if (tot.balls > b) return { state: 'UNKNOWN' };
      // Exactly `over` overs bowled: the runs now are the runs then, unless an extra has been
      // bowled since (a first innings ends on a legal ball; the current one shows it on its strip).
      const last = s.recent[s.recent.length - 1];
      const untouched =
        (event.innings === 1 && complete) ||
        (event.innings === s.innings && (last === undefined || isLegal(last)));
      return untouched ? { state: 'DONE', value: tot.runs } : { state: 'UNKNOWN' };
    }
    case 'WICKET_BEFORE_OVER': {
      const b = 6 * event.over;
      if (tot.wickets > 0) return tot.balls <= b ? { state: 'DONE', value: 1 } : { state: 'UNKNOWN' };
      return tot.balls >= b || complete ? { state: 'DONE', value: 0 } : { state: 'OPEN' };
    }
  }
}

/**
 * Expected runs of an innings after `to_balls` legal balls (capped by its overs and, chasing, by
 * the target): current runs + (run rate blended with par, less a drag per wicket) × the balls it
 * is expected to face (fewer if it would be all out first).
 */
export function projectRuns(
  format: CricketFormat,
  tot: { runs: number; wickets: number; balls: number },
  to_balls: number,
  target: number | null,
  o: CricketModelOptions,
): number {
  const par = parRates(format, o);
  const left = Math.max(0, Math.min(to_balls, maxBalls(format, o)) - tot.balls);
  const w = tot.balls / (tot.balls + o.par_blend_balls);
  const crr = tot.balls > 0 ? tot.runs / tot.balls : par.runs;
  const rate = (w * crr + (1 - w) * par.runs) * Math.max(0.5, 1 - o.wicket_drag * tot.wickets);
  const faced = Math.min(left, Math.max(0, WICKETS - tot.wickets) / par.wicket);
  let projection = tot.runs + rate * faced;
  if (target !== null) projection = Math.min(projection, Math.max(tot.runs, target));
  return Math.min(projection, o.result_max);
}

const clampRate = (r: number, o: CricketModelOptions) => Math.max(1, Math.min(o.result_max, Math.round(r)));

/**
 * The quote of an open fancy from the projected score; null when the feed leaves it as it is
 * (its innings has not started, or its event is decided).
 * - runs events (RUNS, KHADO, METER, LAMBI): No = floor(projection), Yes = No + 1, rates 100/100;
 * - ODD_EVEN: lines 0, both rates `odd_even_rate`;
 * - a wicket event (FANCY1): lines 1/1 (Yes wins on 1, No on 0), rates from the probability of a
 *   wicket in the balls left: fair = 100·(1 − p)/p, Yes below it and No above it by the margin.
 */
export function fancyQuote(
  format: CricketFormat,
  variant: FancyVariant,
  event: FancyEvent,
  s: Scoreboard | null,
  o: CricketModelOptions,
): FancyQuote | null {
  if (eventState(event, s).state !== 'OPEN' || s === null) return null;
  const tot = s.totals[event.innings - 1]!;
  if (event.kind === 'WICKET_BEFORE_OVER') {
    const left = Math.max(0, Math.min(6 * event.over, maxBalls(format, o)) - tot.balls);
    const p = Math.min(0.98, Math.max(0.02, 1 - (1 - parRates(format, o).wicket) ** left));
    const fair = (100 * (1 - p)) / p;
    const yes = clampRate(fair * (1 - o.fancy1_margin), o);
    const no = Math.min(o.result_max, Math.max(yes + 1, clampRate(fair * (1 + o.fancy1_margin), o)));
    return { no_line: 1, no_rate: no, yes_line: 1, yes_rate: yes };
  }
  if (variant === 'ODD_EVEN') {
    return { no_line: 0, no_rate: o.odd_even_rate, yes_line: 0, yes_rate: o.odd_even_rate };
  }
  const to = event.kind === 'RUNS_AT_OVER' ? 6 * event.over : maxBalls(format, o);
  const target = event.innings === 2 ? s.target : null;
  const no = Math.min(o.result_max - 1, Math.floor(projectRuns(format, tot, to, target, o)));
  return { no_line: no, no_rate: 100, yes_line: no + 1, yes_rate: 100 };
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * The chance that teams[0] (batting first) wins, from the score alone: the projected first-innings
 * total against par, then the runs still expected in the chase against the runs needed. A rough
 * normal model (logistic approximation); draws are not modelled. Clamped to [0.01, 0.99].
 */
export function winProbability(format: CricketFormat, s: Scoreboard | null, o: CricketModelOptions): number {
  const clamp = (p: number) => Math.min(0.99, Math.max(0.01, p));
  if (s === null || s.status === 'NOT_STARTED') return 0.5;
  const max = maxBalls(format, o);
  const zero = { runs: 0, wickets: 0, balls: 0 };
  const parTotal = projectRuns(format, zero, max, null, o);
  if (s.status === 'COMPLETE') {
    const w = winnerOf(format, s);
    return w === null ? 0.5 : w === 0 ? 0.99 : 0.01;
  }
  if (s.innings === 1) {
    const tot = s.totals[0] ?? zero;
    const done = s.status === 'INNINGS_BREAK';
    const first = done ? tot.runs : projectRuns(format, tot, max, null, o);
    const left = done ? 0 : Math.max(0, max - tot.balls) / max;
    // The spread of an innings' runs is about 16% of par; what is left of this one, and the chase.
    const sigma = parTotal * 0.16 * Math.sqrt(left + 1);
    return clamp(logistic((1.7 * (first - parTotal)) / sigma));
  }
  const tot = s.totals[1] ?? zero;
  const target = s.target ?? (s.totals[0]?.runs ?? 0) + 1;
  const need = target - tot.runs;
  if (need <= 0) return 0.01;
  const expected = projectRuns(format, tot, max, null, o) - tot.runs;
  const sigma = parTotal * 0.16 * Math.sqrt(Math.max(0, max - tot.balls) / max) + 3;
  return clamp(1 - logistic((1.7 * (expected - need)) / sigma));
}

/**
 * Bookmaker rates per runner: from the match-odds best back price when there is one (rate =
 * price − 100), else from the score's win probability (fair rate = 100/p − 100, the spread split
 * around it); lay = back + spread.
 */
export function bookmakerRates(
  selection_ids: readonly [number, number],
  back_prices: readonly [number | null, number | null],
  p_first: number,
  o: CricketModelOptions,
): BookmakerRate[] {
  return selection_ids.map((selection_id, k) => {
    const price = back_prices[k];
    const p = k === 0 ? p_first : 1 - p_first;
    const raw =
      price !== null && price !== undefined && price > 100
        ? price - 100
        : 100 / p - 100 - o.bookmaker_spread / 2;
    const back = Math.max(1, Math.min(o.result_max - o.bookmaker_spread, Math.round(raw)));
    return { selection_id, back_rate: back, lay_rate: back + o.bookmaker_spread };
  });
}
