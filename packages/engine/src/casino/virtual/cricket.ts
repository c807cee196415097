// Virtual cricket (docs/casino.md "Our Virtual"): per round two fictional teams, picked from the
// round id alone, play five overs each, ball by ball. Each delivery is one draw from the fair
// stream against the batting side's weights (its batting rating against the bowling side's
// bowling rating): 0, 1, 2, 3, 4, 6, W (wicket) or a wide. A wide is one run and is bowled again,
// and that re-bowl is never a wide (one more draw, over the other outcomes), so an innings has at
// most 60 deliveries and its runs an exact, finite distribution. Team B's innings stops once it
// passes Team A's total (the chase is won); ten wickets end an innings early.
//
// Five overs, not one: a one-over match ties too often (7.3 %, about 1 in 14, between level teams; five overs 3.2 %) and is over in a dozen
// balls; five overs average 59 deliveries (at most 120), about a minute at a ball a second, which with a 20–30 s
// window keeps a round inside two minutes.
//
// Options, back only, three-way like football's 1X2: Team A, Team B, Tie (a tie beats both team
// bets, no super over); and Team A's runs over / under a line set at its model median. Odds are
// fixed at the open from the exact distributions and a 5 % margin (shared.ts priceOption).
import type { HmacSha256 } from '../fair.ts';
import { win, type CasinoOption, type CasinoResult, type OptionOutcome } from '../game.ts';
import type { RoundGame } from '../round-game.ts';
import {
  fairStream,
  lastFew,
  pick,
  priced,
  publicRng,
  settleVirtual,
  type FairStream,
  type PricedOption,
} from './shared.ts';

export const CRICKET_OVERS = 5;
export const CRICKET_BALLS_PER_OVER = 6;
export const CRICKET_WICKETS = 10;
const LEGAL_BALLS = CRICKET_OVERS * CRICKET_BALLS_PER_OVER;
/** A delivery's draw is below this; the top WIDE_WEIGHT values are a wide. */
export const CRICKET_DRAW_BOUND = 1000;
export const CRICKET_WIDE_WEIGHT = 30;
/** Every option's house margin, basis points. */
export const CRICKET_MARGIN_BP = 500;

export interface CricketTeam {
  readonly name: string;
  readonly short: string;
  /** 60–80: the higher, the more boundaries and the fewer dots and wickets. */
  readonly bat: number;
  readonly bowl: number;
}

/** Fictional teams; strengths are fixed and public, so are the odds they lead to. */
export const CRICKET_TEAMS: readonly CricketTeam[] = [
  { name: 'Harbour Hawks', short: 'HAW', bat: 78, bowl: 70 },
  { name: 'Desert Falcons', short: 'FAL', bat: 66, bowl: 77 },
  { name: 'Monsoon Riders', short: 'MON', bat: 72, bowl: 72 },
  { name: 'Coral Coast Kings', short: 'CCK', bat: 80, bowl: 62 },
  { name: 'Hill Town Tigers', short: 'HTT', bat: 63, bowl: 68 },
  { name: 'River Valley Rhinos', short: 'RVR', bat: 70, bowl: 64 },
  { name: 'Saffron Strikers', short: 'SAF', bat: 75, bowl: 75 },
  { name: 'Northern Comets', short: 'NOC', bat: 61, bowl: 79 },
  { name: 'Palm Bay Pirates', short: 'PBP', bat: 68, bowl: 60 },
  { name: 'Lake City Lions', short: 'LCL', bat: 74, bowl: 66 },
  { name: 'Thunder Plains Titans', short: 'TPT', bat: 65, bowl: 73 },
  { name: 'Sunset Sailors', short: 'SUN', bat: 60, bowl: 61 },
];

/** The outcomes of a legal ball in draw order, with their runs. */
export const CRICKET_BALLS = [
  { code: '0', runs: 0, wicket: false },
  { code: '1', runs: 1, wicket: false },
  { code: '2', runs: 2, wicket: false },
  { code: '3', runs: 3, wicket: false },
  { code: '4', runs: 4, wicket: false },
  { code: '6', runs: 6, wicket: false },
  { code: 'W', runs: 0, wicket: true },
] as const;

/**
 * The weights of CRICKET_BALLS (in that order) out of CRICKET_DRAW_BOUND, the rest being the
 * wide: with d = batting − bowling rating (clamped to ±30), fours and sixes rise with d, dots and
 * wickets fall, singles take what is left. At d = 0 an over is worth about 7.9 runs.
 */
export function cricketBallWeights(bat: number, bowl: number): number[] {
  const d = Math.max(-30, Math.min(30, Math.round(bat - bowl)));
  const w = [330 - 2 * d, 0, 90, 10, 110 + 2 * d, 45 + d, 50 - Math.trunc(d / 2)];
  w[1] = CRICKET_DRAW_BOUND - CRICKET_WIDE_WEIGHT - w.reduce((s, x) => s + x, 0);
  return w;
}

const MAX_RUNS = LEGAL_BALLS * 7; // a wide then a six on every ball

const inningsCache = new Map<string, Float64Array>();

/**
 * P(an innings makes r runs), r = 0 … 210, played out in full (30 legal balls or 10 wickets):
 * dynamic programming over (wickets, runs) ball by ball, each legal ball either straight
 * (weight / 1000) or after a wide (30 / 1000 × weight / 970, one run more). Doubles: the sums
 * have relative error near 1e-15 (a test checks one pairing against exact BigInt fractions).
 */
export function cricketInningsRuns(bat: number, bowl: number): Float64Array {
  const key = `${bat}:${bowl}`;
  const hit = inningsCache.get(key);
  if (hit) return hit;
  const weights = cricketBallWeights(bat, bowl);
  const straight = CRICKET_DRAW_BOUND - CRICKET_WIDE_WEIGHT;
  const width = MAX_RUNS + 1;
  let cur = new Float64Array((CRICKET_WICKETS + 1) * width);
  cur[0] = 1;
  for (let ball = 0; ball < LEGAL_BALLS; ball++) {
    const next = new Float64Array(cur.length);
    next.set(cur.subarray(CRICKET_WICKETS * width), CRICKET_WICKETS * width); // all out: stays
    for (let w = 0; w < CRICKET_WICKETS; w++)
      for (let r = 0; r < width; r++) {
        const p = cur[w * width + r]!;
        if (p === 0) continue;
        CRICKET_BALLS.forEach((o, i) => {
          const to = (w + (o.wicket ? 1 : 0)) * width + r + o.runs;
          next[to]! += (p * weights[i]!) / CRICKET_DRAW_BOUND;
          next[to + 1]! += (p * CRICKET_WIDE_WEIGHT * weights[i]!) / (CRICKET_DRAW_BOUND * straight);
        });
      }
    cur = next;
  }
  const runs = new Float64Array(width);
  for (let w = 0; w <= CRICKET_WICKETS; w++) for (let r = 0; r < width; r++) runs[r]! += cur[w * width + r]!;
  inningsCache.set(key, runs);
  return runs;
}

export interface VirtualCricketRound {
  readonly team_a: CricketTeam;
  readonly team_b: CricketTeam;
  /** Team A's runs line: a whole number and a half (38.5). */
  readonly line_runs: number;
  readonly options: readonly PricedOption[];
}

/** The line and priced options of a match of `a` (batting first) against `b`. */
export function cricketMatchOptions(
  a: CricketTeam,
  b: CricketTeam,
): { line_runs: number; options: PricedOption[] } {
  const ra = cricketInningsRuns(a.bat, b.bowl);
  const rb = cricketInningsRuns(b.bat, a.bowl);
  let pA = 0;
  let pTie = 0;
  let pB = 0;
  let below = 0; // P(B < r) as r rises
  for (let r = 0; r <= MAX_RUNS; r++) {
    pA += ra[r]! * below;
    pTie += ra[r]! * rb[r]!;
    below += rb[r]!;
    pB += ra[r]! * (1 - below);
  }
  // The line: Team A's median runs and a half, so over and under are near evens.
  let line = 0;
  let under = ra[0]!;
  while (under < 0.5) under += ra[++line]!;
  const m = CRICKET_MARGIN_BP;
  return {
    line_runs: line + 0.5,
    options: [
      priced('team_a', a.name, pA, m),
      priced('team_b', b.name, pB, m),
      priced('tie', 'Tie', pTie, m),
      priced('a_over', `${a.name} over ${line + 0.5} runs`, 1 - under, m),
      priced('a_under', `${a.name} under ${line + 0.5} runs`, under, m),
    ],
  };
}

/** The teams, line and priced options of round `roundId`: public, fixed before the window opens. */
export const virtualCricketRound = lastFew(256, (roundId: string): VirtualCricketRound => {
  const rng = publicRng('virtual_cricket', roundId);
  const ia = pick(rng, CRICKET_TEAMS.length);
  const ib = (ia + 1 + pick(rng, CRICKET_TEAMS.length - 1)) % CRICKET_TEAMS.length;
  const a = CRICKET_TEAMS[ia]!;
  const b = CRICKET_TEAMS[ib]!;
  return { team_a: a, team_b: b, ...cricketMatchOptions(a, b) };
});

export const CRICKET_OPTION_IDS = ['team_a', 'team_b', 'tie', 'a_over', 'a_under'] as const;

export interface CricketInnings {
  readonly runs: number;
  readonly wickets: number;
  /** Legal balls bowled. */
  readonly balls: number;
}

/**
 * One innings drawn from the stream, its deliveries appended to `steps` as
 * `${side}:${over}.${ball}:${code}` (over 1–5, ball 1–6 the legal ball being bowled, code 0 1 2 3
 * 4 6 W, or WD for a wide, which keeps the number of the ball still to come). Stops once runs
 * pass `chase` (the target less one).
 */
function playInnings(
  side: 'A' | 'B',
  weights: readonly number[],
  stream: FairStream,
  steps: string[],
  chase: number,
): CricketInnings {
  let runs = 0;
  let wickets = 0;
  let balls = 0;
  const legal = (u: number) => {
    let i = 0;
    for (let acc = weights[0]!; u >= acc; acc += weights[++i]!);
    return CRICKET_BALLS[i]!;
  };
  while (balls < LEGAL_BALLS && wickets < CRICKET_WICKETS && runs <= chase) {
    const tag = `${side}:${Math.floor(balls / CRICKET_BALLS_PER_OVER) + 1}.${(balls % CRICKET_BALLS_PER_OVER) + 1}`;
    let u = stream.below(CRICKET_DRAW_BOUND);
    if (u >= CRICKET_DRAW_BOUND - CRICKET_WIDE_WEIGHT) {
      steps.push(`${tag}:WD`);
      runs += 1;
      if (runs > chase) break;
      u = stream.below(CRICKET_DRAW_BOUND - CRICKET_WIDE_WEIGHT);
    }
    const o = legal(u);
    steps.push(`${tag}:${o.code}`);
    runs += o.runs;
    if (o.wicket) wickets++;
    balls++;
  }
  return { runs, wickets, balls };
}

/** Both innings of round `roundId` from its seed. */
export function playVirtualCricket(
  seed: string,
  roundId: string,
  hmac: HmacSha256,
): { steps: string[]; a: CricketInnings; b: CricketInnings } {
  const { team_a, team_b } = virtualCricketRound(roundId);
  const stream = fairStream(seed, roundId, hmac);
  const steps: string[] = [];
  const a = playInnings('A', cricketBallWeights(team_a.bat, team_b.bowl), stream, steps, Infinity);
  const b = playInnings('B', cricketBallWeights(team_b.bat, team_a.bowl), stream, steps, a.runs);
  return { steps, a, b };
}

/** The result of innings totals `a` and `b` under round `roundId`'s options. */
export function virtualCricketResult(roundId: string, a: number, b: number): CasinoResult {
  const round = virtualCricketRound(roundId);
  const payout = (id: string) => round.options.find((o) => o.id === id)!.payout;
  const winning = [a > b ? 'team_a' : b > a ? 'team_b' : 'tie', a > round.line_runs ? 'a_over' : 'a_under'];
  const outcomes: Record<string, OptionOutcome> = {};
  for (const id of winning) outcomes[id] = win(payout(id));
  const summary = a > b ? `${round.team_a.short} won` : b > a ? `${round.team_b.short} won` : 'Tie';
  return { summary, outcomes };
}

const toWire = (o: PricedOption): CasinoOption => ({ id: o.id, label: o.label, payout: o.payout });
const isCricketOption = (id: string) => (CRICKET_OPTION_IDS as readonly string[]).includes(id);

export const virtualCricket: RoundGame = {
  id: 'virtual_cricket',
  name: 'Virtual Cricket',
  series: 'virtual',
  options: (roundId) => virtualCricketRound(roundId).options.map(toWire),
  play(seed, roundId, hmac) {
    const { steps, a, b } = playVirtualCricket(seed, roundId, hmac);
    return { steps, result: virtualCricketResult(roundId, a.runs, b.runs) };
  },
  settle: (bets, result) => settleVirtual('virtual_cricket', isCricketOption, bets, result),
};
