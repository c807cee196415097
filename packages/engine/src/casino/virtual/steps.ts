// Reading a virtual round's step codes back (the table's renderers and the tests): what the
// scoreboard shows after any prefix of a cricket round, and the running order at a furlong.
import { CRICKET_BALLS_PER_OVER, CRICKET_OVERS, CRICKET_WICKETS } from './cricket.ts';

export interface CricketDelivery {
  readonly side: 'A' | 'B';
  /** 1–5. */
  readonly over: number;
  /** 1–6: the legal ball being bowled (a wide keeps the number of the ball still to come). */
  readonly ball: number;
  /** 0 1 2 3 4 6 W, or WD (a wide). */
  readonly code: string;
  /** Runs this delivery added (a wide is 1). */
  readonly runs: number;
}

export interface CricketScore {
  readonly runs: number;
  readonly wickets: number;
  /** Legal balls bowled. */
  readonly balls: number;
}

export interface CricketReading {
  readonly deliveries: readonly CricketDelivery[];
  readonly a: CricketScore;
  readonly b: CricketScore;
  /** True once A has batted its five overs or lost ten wickets. */
  readonly a_done: boolean;
}

const DELIVERY = /^([AB]):([1-9]\d*)\.([1-6]):(0|1|2|3|4|6|W|WD)$/;

/** The deliveries and both scores after `steps` (an unknown step code throws). */
export function readCricketSteps(steps: readonly string[]): CricketReading {
  const score = { A: { runs: 0, wickets: 0, balls: 0 }, B: { runs: 0, wickets: 0, balls: 0 } };
  const deliveries = steps.map((step): CricketDelivery => {
    const m = DELIVERY.exec(step);
    if (!m) throw new Error(`not a virtual cricket step: ${step}`);
    const side = m[1] as 'A' | 'B';
    const code = m[4]!;
    const runs = code === 'WD' ? 1 : code === 'W' ? 0 : Number(code);
    const s = score[side];
    s.runs += runs;
    if (code !== 'WD') s.balls++;
    if (code === 'W') s.wickets++;
    return { side, over: Number(m[2]), ball: Number(m[3]), code, runs };
  });
  const a = score.A;
  const a_done =
    a.balls === CRICKET_OVERS * CRICKET_BALLS_PER_OVER || a.wickets === CRICKET_WICKETS || score.B.balls > 0;
  return { deliveries, a, b: score.B, a_done };
}

/** Overs as cricket writes them: 3.4 = three overs and four balls. */
export const cricketOvers = (balls: number): string =>
  `${Math.floor(balls / CRICKET_BALLS_PER_OVER)}.${balls % CRICKET_BALLS_PER_OVER}`;

export interface RacingPosition {
  /** Saddlecloth number. */
  readonly no: number;
  /** Units behind the leader (0 for the leader and any level with it). */
  readonly gap: number;
}

export interface RacingCheckpoint {
  readonly furlong: number;
  /** Leader first. */
  readonly order: readonly RacingPosition[];
}

const CHECKPOINT = /^([1-9]\d*):(\d+\+\d+(?:,\d+\+\d+)*)$/;

/** The running order of one racing step (`3:5+0,2+2,…`); an unknown code throws. */
export function readRacingStep(step: string): RacingCheckpoint {
  const m = CHECKPOINT.exec(step);
  if (!m) throw new Error(`not a virtual racing step: ${step}`);
  return {
    furlong: Number(m[1]),
    order: m[2]!.split(',').map((x) => {
      const [no, gap] = x.split('+').map(Number) as [number, number];
      return { no, gap };
    }),
  };
}
