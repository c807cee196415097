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
//   when the overs run out is a draw. T20 and ODI: 20 and 50 overs; a chase one run short is a tie
//   (no super over: the tie is the result; docs/settlement.md);
// - byes, leg-byes, penalty runs and retired-hurt batters are not modelled (docs/settlement.md);
// - an innings records how it ended (all out, overs, target, or stopped) and its runs after every
//   completed over; a stopped match (rain, bad light, abandoned) ends with no result, and an
//   innings cut short (overs reduced) plays on to its new limit, the chase to a revised target.
import { weightedIndex, type Random } from '../pricing.ts';
import type {
  BookmakerRate,
  CricketFormat,
  FancyEvent,
  FancyQuote,
  FancyVariant,
  IncompleteFacts,
  InningsEnd,
  InningsTotals,
  MatchResult,
  Scoreboard,
  StopReason,
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
  /**
   * The demo's weather: the chance, at the end of each over, that rain stops the match there (no
   * result; the fancies and bookmaker then settle by the incomplete rules). Low by default: about
   * 4% of T20s, 10% of ODIs see rain; 0 turns it off.
   */
  rain_chance_per_over: number;
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
  rain_chance_per_over: 0.001,
};

export const WICKETS = 10;
/** The strip keeps this many deliveries. */
export const RECENT_MAX = 12;

const BAT = ['0', '1', '2', '3', '4', '6'] as const;

export function maxBalls(format: CricketFormat, o: CricketModelOptions): number {
  return 6 * o.overs[format];
}

/** Legal balls an innings may last: its reduced overs when cut, else the format's. */
export function inningsBalls(
  format: CricketFormat,
  s: Scoreboard,
  innings: 1 | 2,
  o: CricketModelOptions,
): number {
  const reduced = s.totals[innings - 1]?.reduced_overs;
  return reduced != null ? 6 * Math.min(reduced, o.overs[format]) : maxBalls(format, o);
}

const STOPS: readonly string[] = ['RAIN', 'BAD_LIGHT', 'ABANDONED'];
/** An innings end that is a stop (rain, bad light, abandoned), not a natural end. */
export const isStop = (end: InningsEnd | null | undefined): end is StopReason =>
  end != null && STOPS.includes(end);

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

/**
 * The distribution of the next delivery: the format's weights adjusted for the situation.
 * `tail`: the lower order's weakness (7 down or more) applied here; false when the players'
 * strengths model it instead (ball.ts).
 */
export function situationWeights(
  format: CricketFormat,
  s: Scoreboard,
  o: CricketModelOptions,
  tail = true,
): BallWeights {
  const w = { ...o.weights[format] };
  if (format === 'TEST') return w;
  const tot = current(s);
  const max = inningsBalls(format, s, s.innings, o);
  if (tot.balls >= max * (1 - o.death_fraction)) {
    w.four *= 1.3;
    w.six *= 1.7;
    w.wicket *= 1.4;
    w.dot *= 0.85;
  }
  if (tail && tot.wickets >= 7) {
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
    tot.balls >= inningsBalls(format, s, s.innings, o) ||
    (s.innings === 2 && s.target !== null && tot.runs >= s.target)
  );
}

/** Why the current innings is over (call once inningsOver): the target first, then all out, then overs. */
function naturalEnd(s: Scoreboard): InningsEnd {
  const tot = current(s);
  if (s.innings === 2 && s.target !== null && tot.runs >= s.target) return 'TARGET';
  if (tot.wickets >= WICKETS) return 'ALL_OUT';
  return 'OVERS';
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

/** The winner's index in teams once the match is complete; null for a tie, a draw, no result, or not yet. */
export function winnerOf(format: CricketFormat, s: Scoreboard): 0 | 1 | null {
  const chase = s.totals[1];
  if (s.status !== 'COMPLETE' || s.stopped || !chase || s.target === null) return null;
  if (chase.runs >= s.target) return 1;
  if (format === 'TEST' && chase.wickets < WICKETS) return null;
  if (chase.runs === s.target - 1) return null;
  return 0;
}

/** The outcome of a complete match (a stopped one: no result). */
export function matchResult(format: CricketFormat, s: Scoreboard): MatchResult {
  if (s.stopped) return { kind: 'NO_RESULT', winner: null };
  const w = winnerOf(format, s);
  if (w !== null) return { kind: 'WIN', winner: w };
  const chase = s.totals[1] ?? { runs: 0, wickets: 0, balls: 0 };
  const target = s.target ?? (s.totals[0]?.runs ?? 0) + 1;
  if (format === 'TEST' && chase.wickets < WICKETS && chase.runs < target)
    return { kind: 'DRAW', winner: null };
  return { kind: 'TIE', winner: null };
}

/** The score as the next ball starts: a new innings if there is none in progress. */
export function startBall(s: Scoreboard | null, until_ms: number): Scoreboard {
  if (s === null || s.status === 'NOT_STARTED') {
    return {
      innings: 1,
      batting: 0,
      totals: [{ runs: 0, wickets: 0, balls: 0, over_runs: [], end: null, reduced_overs: null }],
      recent: [],
      target: null,
      status: 'IN_PROGRESS',
      ball_running_until_ms: until_ms,
      result_text: null,
      stopped: null,
      result: null,
    };
  }
  if (s.status === 'INNINGS_BREAK') {
    const first = s.totals[0] ?? { runs: 0, wickets: 0, balls: 0 };
    // The chase has the overs the break left it (admin/cricket/reduce), else the first innings'.
    const reduced = s.totals[1]?.reduced_overs ?? first.reduced_overs ?? null;
    return {
      ...s,
      innings: 2,
      batting: 1,
      totals: [
        { ...first },
        { runs: 0, wickets: 0, balls: 0, over_runs: [], end: null, reduced_overs: reduced },
      ],
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
  // The over's last legal ball: its runs are the session's, whatever extra follows it.
  if (isLegal(entry) && tot.balls % 6 === 0) tot.over_runs = [...overRunsOf(tot), tot.runs];
  const next: Scoreboard = {
    ...s,
    totals,
    recent: [...s.recent, entry].slice(-RECENT_MAX),
    status: 'IN_PROGRESS',
    ball_running_until_ms: null,
  };
  return endIfOver(format, teams, next, o);
}

/**
 * The runs after each over before the one just completed: the innings' record, padded with null
 * for overs bowled before the record was kept (a score written before it) so an index is an over.
 */
function overRunsOf(tot: InningsTotals): (number | null)[] {
  const known = tot.over_runs ?? [];
  const before = tot.balls / 6 - 1;
  return known.length >= before ? known : [...known, ...Array<null>(before - known.length).fill(null)];
}

/** The score with its innings (and the match) ended when the innings is over; else as it is. */
function endIfOver(
  format: CricketFormat,
  teams: readonly [string, string],
  next: Scoreboard,
  o: CricketModelOptions,
): Scoreboard {
  if (!inningsOver(format, next, o)) return next;
  const totals = next.totals.map((t, i) => (i === next.innings - 1 ? { ...t, end: naturalEnd(next) } : t));
  const ended = { ...next, totals };
  if (next.innings === 1) {
    const first = totals[0]!;
    const chase = next.totals[1]?.reduced_overs ?? first.reduced_overs ?? null;
    return { ...ended, status: 'INNINGS_BREAK', target: revisedTarget(format, first, chase, o) };
  }
  const done: Scoreboard = { ...ended, status: 'COMPLETE' };
  return { ...done, result_text: resultText(format, teams, done), result: matchResult(format, done) };
}

/**
 * The chase's target: the first innings' runs + 1, or, when the chase has fewer overs than the
 * first innings had, the first innings' run rate over the chase's overs (the average-run-rate
 * rule, the demo's stand-in for DLS: floor(runs × chase overs / first innings' overs) + 1).
 */
export function revisedTarget(
  format: CricketFormat,
  first: InningsTotals,
  chase_overs: number | null,
  o: CricketModelOptions,
): number {
  const firstOvers = Math.min(first.reduced_overs ?? o.overs[format], o.overs[format]);
  if (chase_overs === null || chase_overs >= firstOvers) return first.runs + 1;
  return Math.floor((first.runs * chase_overs) / firstOvers) + 1;
}

const STOP_WORDS: Record<StopReason, string> = {
  RAIN: 'rain',
  BAD_LIGHT: 'bad light',
  ABANDONED: 'match abandoned',
};

/**
 * The match stopped for good (rain, bad light, abandoned): the innings in progress ends there,
 * no more balls, no result. A ball being bowled is not bowled. Refused (a message) when the match
 * is already complete.
 */
export function stopMatch(s: Scoreboard | null, reason: StopReason): Scoreboard | string {
  if (s?.status === 'COMPLETE') return 'The match is already complete';
  const base: Scoreboard = s ?? {
    innings: 1,
    batting: 0,
    totals: [],
    recent: [],
    target: null,
    status: 'NOT_STARTED',
    ball_running_until_ms: null,
    result_text: null,
  };
  let totals = base.totals.map((t) => ({ ...t }));
  if (base.status === 'NOT_STARTED' || totals.length === 0) {
    totals = [{ runs: 0, wickets: 0, balls: 0, over_runs: [], end: reason, reduced_overs: null }];
  } else if (base.status === 'IN_PROGRESS') {
    totals[base.innings - 1] = { ...totals[base.innings - 1]!, end: reason };
  } else {
    // The innings break: the first innings ended; the chase never starts.
    totals = totals.slice(0, 1);
  }
  return {
    ...base,
    innings: base.status === 'NOT_STARTED' ? 1 : base.innings,
    totals,
    status: 'COMPLETE',
    ball_running_until_ms: null,
    stopped: reason,
    result: { kind: 'NO_RESULT', winner: null },
    result_text: `No result (${STOP_WORDS[reason]})`,
  };
}

/**
 * The overs cut (rain, DLS): the innings in progress (and, in the first, the chase too) now lasts
 * `overs`; at the break, the chase. The chase's target is revised (`target` when given, else
 * `revisedTarget`). An innings already at or past its new limit ends now. Refused (a message) on a
 * match not started or complete, or overs that do not cut anything.
 */
export function reduceOvers(
  format: CricketFormat,
  teams: readonly [string, string],
  s: Scoreboard | null,
  overs: number,
  o: CricketModelOptions,
  target?: number,
): Scoreboard | string {
  if (s === null || s.status === 'NOT_STARTED') return 'The match has not started: nothing to reduce';
  if (s.status === 'COMPLETE') return 'The match is already complete';
  if (s.ball_running_until_ms !== null) return 'A ball is being bowled: reduce between balls';
  if (!Number.isSafeInteger(overs) || overs < 1) return 'overs must be a whole number of overs, 1 or more';
  const atBreak = s.status === 'INNINGS_BREAK';
  const which = atBreak ? 2 : s.innings;
  const limit = atBreak
    ? (s.totals[1]?.reduced_overs ?? s.totals[0]?.reduced_overs ?? o.overs[format])
    : inningsBalls(format, s, s.innings, o) / 6;
  if (overs >= limit) return `overs must be fewer than the ${limit} the innings has now`;
  const totals = s.totals.map((t) => ({ ...t }));
  if (atBreak) totals[1] = { runs: 0, wickets: 0, balls: 0, over_runs: [], end: null, reduced_overs: overs };
  else totals[which - 1] = { ...totals[which - 1]!, reduced_overs: overs };
  const first = totals[0]!;
  // The first innings cut: the chase gets the same overs, so its target stays runs + 1 at the
  // break; a chase cut: the target is revised now.
  const revised = which === 2 ? (target ?? revisedTarget(format, first, overs, o)) : s.target;
  if (target !== undefined && which === 1)
    return 'target is set when the chase is reduced (at the innings break or during the chase)';
  if (revised !== null && (!Number.isSafeInteger(revised) || revised < 1))
    return 'target must be a whole number of runs, 1 or more';
  const next: Scoreboard = { ...s, totals, target: revised };
  return atBreak ? next : endIfOver(format, teams, next, o);
}

/**
 * The demo's rain: after the ball that completed an over of an innings still going, whether rain
 * stops the match there. Decided by a hash of (match, innings, over), not the feed's random
 * stream: the same game rains at the same over on every leader, and the ball draws are unchanged.
 */
export function rainsAfter(match_id: number, s: Scoreboard, o: CricketModelOptions): boolean {
  if (o.rain_chance_per_over <= 0 || s.status !== 'IN_PROGRESS') return false;
  const last = s.recent[s.recent.length - 1];
  const tot = current(s);
  if (last === undefined || !isLegal(last) || tot.balls === 0 || tot.balls % 6 !== 0) return false;
  return hash01(match_id, s.innings, tot.balls / 6) < o.rain_chance_per_over;
}

/** A uniform number in [0, 1) from three integers (a 32-bit integer hash). */
function hash01(a: number, b: number, c: number): number {
  let h = 0x811c9dc5;
  for (const x of [a, b, c]) {
    h = Math.imul(h ^ (x & 0xffff), 0x01000193);
    h = Math.imul(h ^ (x >>> 16), 0x01000193);
  }
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 2 ** 32;
}

/** Overs bowled in the match so far, in cricket's notation (69.4 = 69 overs and 4 balls). */
export function matchOversBowled(s: Scoreboard): number {
  const balls = s.totals.slice(0, s.innings).reduce((n, t) => n + t.balls, 0);
  return Number((Math.floor(balls / 6) + (balls % 6) / 10).toFixed(1));
}

function inningsStarted(s: Scoreboard, innings: 1 | 2): boolean {
  return s.status !== 'NOT_STARTED' && innings <= s.innings && s.totals[innings - 1] !== undefined;
}

function inningsComplete(s: Scoreboard, innings: 1 | 2): boolean {
  return innings < s.innings || s.status === 'INNINGS_BREAK' || s.status === 'COMPLETE';
}

/**
 * How a finished innings ended: its recorded end, or, on a score written before ends were recorded
 * (or by hand), inferred: the target reached, all out, its overs used (when `innings_overs` is
 * known), else stopped (ABANDONED). Without `innings_overs` an unrecorded end counts as natural.
 */
export function inningsEnd(s: Scoreboard, innings: 1 | 2, innings_overs?: number): InningsEnd | null {
  const tot = s.totals[innings - 1];
  if (!tot || !inningsStarted(s, innings) || !inningsComplete(s, innings)) return null;
  if (tot.end) return tot.end;
  if (innings === 2 && s.target !== null && tot.runs >= s.target) return 'TARGET';
  if (tot.wickets >= WICKETS) return 'ALL_OUT';
  if (innings_overs === undefined) return 'OVERS';
  const limit = 6 * Math.min(tot.reduced_overs ?? innings_overs, innings_overs);
  return tot.balls >= limit ? 'OVERS' : (s.stopped ?? 'ABANDONED');
}

/**
 * Where a fancy's event stands on this scoreboard:
 * - NOT_STARTED: its innings has not begun;
 * - OPEN: still to be decided;
 * - DONE: decided by the play, with the value it settles on;
 * - INCOMPLETE: its innings was stopped (rain, bad light, abandoned) or cut (overs reduced) before
 *   the event was played out: the rules text decides it (void, average, Meter midpoint, Khado and
 *   Test minimum overs) on these facts, through the server's incomplete call;
 * - UNKNOWN: decided, but the value can no longer be read from the scoreboard (the game went past
 *   the moment without settling it, on a score that kept no per-over record). The feed never bowls
 *   past a due settlement it could not make, so this is only those cases.
 * `innings_overs`: the format's overs per innings (an innings that ended short of them with no
 * recorded end was stopped); without it such an innings counts as ended naturally.
 */
export type EventState =
  | { state: 'NOT_STARTED' }
  | { state: 'OPEN' }
  | { state: 'DONE'; value: number; dead_heat_count?: number }
  | { state: 'INCOMPLETE'; facts: IncompleteFacts }
  | { state: 'UNKNOWN' };

export function eventState(event: FancyEvent, s: Scoreboard | null, innings_overs?: number): EventState {
  if (s === null) return { state: 'NOT_STARTED' };
  if (!inningsStarted(s, event.innings)) {
    // A complete match whose innings never began was stopped (a natural end plays both): the
    // rules decide (average or void).
    return s.status === 'COMPLETE' ? incomplete(s, 0) : { state: 'NOT_STARTED' };
  }
  const tot = s.totals[event.innings - 1]!;
  const complete = inningsComplete(s, event.innings);
  const end = complete ? inningsEnd(s, event.innings, innings_overs) : null;
  const reduced = tot.reduced_overs != null;
  // Ended by the play: all out, the target reached, or its full (not reduced) overs used.
  const natural = complete && !isStop(end) && !reduced;
  switch (event.kind) {
    case 'INNINGS_TOTAL':
      if (!complete) return { state: 'OPEN' };
      return natural ? { state: 'DONE', value: tot.runs } : incomplete(s, tot.runs);
    case 'RUNS_AT_OVER': {
      const b = 6 * event.over;
      const atMark = tot.over_runs?.[event.over - 1];
      if (atMark != null) return { state: 'DONE', value: atMark };
      if (tot.balls < b) {
        // The mark is past a reduced innings' limit, or play stopped short of it: the rules decide.
        if (reduced && event.over > tot.reduced_overs!) return incomplete(s, tot.runs);
        if (!complete) return { state: 'OPEN' };
        // All out or the target reached before the mark: the session stands on the innings' runs.
        return end === 'ALL_OUT' || end === 'TARGET'
          ? { state: 'DONE', value: tot.runs }
          : incomplete(s, tot.runs);
      }
      if (tot.balls > b || tot.over_runs !== undefined) return { state: 'UNKNOWN' };
      // A score without a per-over record, exactly `over` overs bowled: the runs now are the runs
      // then, unless an extra has been bowled since (a first innings ends on a legal ball; the
      // current one shows it on its strip).
      const last = s.recent[s.recent.length - 1];
      const untouched =
        (event.innings === 1 && complete) ||
        (event.innings === s.innings && (last === undefined || isLegal(last)));
      return untouched ? { state: 'DONE', value: tot.runs } : { state: 'UNKNOWN' };
    }
    case 'PLAYER_RUNS':
    case 'TOP_BATSMAN':
      return playerEventState(event, s, tot, complete, natural);
    case 'WICKET_BEFORE_OVER': {
      const b = 6 * event.over;
      if (tot.wickets > 0) return tot.balls <= b ? { state: 'DONE', value: 1 } : { state: 'UNKNOWN' };
      if (tot.balls >= b) return { state: 'DONE', value: 0 };
      if (!complete) return { state: 'OPEN' };
      // No wicket and the innings over before the mark: played out when the chase was won (or
      // all out, impossible without a wicket); stopped or cut short, the rules decide.
      return end === 'TARGET' || end === 'ALL_OUT' ? { state: 'DONE', value: 0 } : incomplete(s, 0);
    }
  }
}

/**
 * A player's line: a batter's runs are decided when the batter is out or the innings ends; the
 * top batsman when the innings ends (a tie for the top: a dead heat of that many). An innings
 * stopped or cut short: the rules decide (no average for a player: void) — except a batter already
 * out, whose runs stand. A batter who never came in has no runs line to settle (UNKNOWN: the
 * operator's); for Top batsman a player who did not bat scored 0.
 */
function playerEventState(
  event: Extract<FancyEvent, { kind: 'PLAYER_RUNS' | 'TOP_BATSMAN' }>,
  s: Scoreboard,
  tot: InningsTotals,
  complete: boolean,
  natural: boolean,
): EventState {
  const batters = tot.players?.batters ?? [];
  const me = batters.find((b) => b.player_id === event.player_id);
  if (event.kind === 'PLAYER_RUNS') {
    if (me?.out) return { state: 'DONE', value: me.runs };
    if (!complete) return { state: me ? 'OPEN' : 'NOT_STARTED' };
    if (!me) return { state: 'UNKNOWN' };
    return natural ? { state: 'DONE', value: me.runs } : incomplete(s, me.runs);
  }
  if (!complete) return { state: 'OPEN' };
  const mine = me?.runs ?? 0;
  if (!natural) return incomplete(s, 0);
  const top = Math.max(0, ...batters.map((b) => b.runs));
  if (mine < top) return { state: 'DONE', value: 0 };
  const tied = batters.filter((b) => b.runs === top).length;
  return tied > 1 ? { state: 'DONE', value: 1, dead_heat_count: tied } : { state: 'DONE', value: 1 };
}

/** The incomplete rules' facts for an event that reached `result` when play stopped. */
function incomplete(s: Scoreboard, result: number): EventState {
  return {
    state: 'INCOMPLETE',
    facts: { overs_bowled: matchOversBowled(s), abandoned_or_reduced: true, result },
  };
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
  if (s === null || eventState(event, s, o.overs[format]).state !== 'OPEN') return null;
  // A player's line is quoted from the players' record (player-lines.ts playerLineQuote).
  if (event.kind === 'PLAYER_RUNS' || event.kind === 'TOP_BATSMAN') return null;
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
  const limit = inningsBalls(format, s, event.innings, o);
  const to = event.kind === 'RUNS_AT_OVER' ? Math.min(6 * event.over, limit) : limit;
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
