// Virtual racing (docs/casino.md "Our Virtual"): per round a field of 6–8 runners, drawn with
// their ratings (0–3) from the round id alone, runs ten furlongs. At each furlong every runner, in
// saddlecloth order, moves 10 + rating + u units, u one draw in [0, 20) from the fair stream; the
// table shows the running order and the gaps after each furlong. The runner furthest at the post
// wins. Runners level at the post are separated by a photo finish: each group of level runners,
// from the front, is put in order by a Fisher–Yates shuffle from the same stream, so each of k
// runners level in front wins with probability 1/k and no bet is ever settled as a dead heat.
//
// WIN only, back only. Each runner's total is 10 × (10 + rating) plus a sum of ten independent
// uniform draws, so the runners' totals are independent and their exact distributions come from
// convolution; P(win) sums, over every total t, P(runner at t) × the chance the others are all
// behind or level, a level group of j others giving 1 / (j + 1) (see racingWinProbabilities).
// Odds are fixed at the open with a 10 % margin per runner (shared.ts priceOption).
import type { HmacSha256 } from '../fair.ts';
import { win, type CasinoOption, type CasinoResult } from '../game.ts';
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

export const RACING_FURLONGS = 10;
export const RACING_BASE_STRIDE = 10;
/** Each furlong's random stride is a draw below this. */
export const RACING_STRIDE_BOUND = 20;
export const RACING_MAX_RATING = 3;
export const RACING_MIN_FIELD = 6;
export const RACING_MAX_FIELD = 8;
/** Every runner's house margin, basis points. */
export const RACING_MARGIN_BP = 1000;

/** Fictional names; a round's field is a public draw of 6–8 of them. */
export const RACING_NAMES: readonly string[] = [
  'Silver Comet',
  'Monsoon Gold',
  'Desert Wind',
  'Copper Kettle',
  'Midnight Raga',
  'Lotus Flyer',
  'Brass Band',
  'Saffron Sky',
  'Quiet Storm',
  'Harbour Light',
  'Tea Garden',
  'Red Fort',
  'Velvet Tiger',
  'Paper Kite',
  'Blue Mango',
  'Iron Monk',
  'Festival Lights',
  'Coral Reef',
  'Mountain Echo',
  'Spice Route',
  'Lucky Lantern',
  'Rain Dancer',
  'Jade Arrow',
  'Salt Pan',
];

export interface RacingRunner {
  /** Saddlecloth number, 1 … field size. */
  readonly no: number;
  readonly name: string;
  /** 0–3: added to every furlong's stride. */
  readonly rating: number;
}

export interface VirtualRacingRound {
  readonly runners: readonly RacingRunner[];
  /** One WIN option per runner, in saddlecloth order: `runner_${no}`. */
  readonly options: readonly PricedOption[];
}

/** The field of round `roundId`: a public draw, fixed before the window opens. */
export function racingField(roundId: string): RacingRunner[] {
  const rng = publicRng('virtual_racing', roundId);
  const size = RACING_MIN_FIELD + pick(rng, RACING_MAX_FIELD - RACING_MIN_FIELD + 1);
  const names = RACING_NAMES.slice();
  const runners: RacingRunner[] = [];
  for (let no = 1; no <= size; no++) {
    const [name] = names.splice(pick(rng, names.length), 1);
    runners.push({ no, name: name!, rating: pick(rng, RACING_MAX_RATING + 1) });
  }
  return runners;
}

/** The number of ways (out of 20^10) the ten random strides add up to s, s = 0 … 190: exact integers. */
const STRIDE_SUMS: readonly number[] = (() => {
  let ways = [1];
  for (let f = 0; f < RACING_FURLONGS; f++) {
    const next = Array<number>(ways.length + RACING_STRIDE_BOUND - 1).fill(0);
    ways.forEach((w, s) => {
      for (let u = 0; u < RACING_STRIDE_BOUND; u++) next[s + u]! += w;
    });
    ways = next;
  }
  return ways;
})();

/**
 * Each runner's probability of winning, photo finish included: for every total t the runner may
 * reach, P(it reaches t) × Σ_j P(exactly j others reach t, the rest less) / (j + 1), the inner
 * sum from the product of (P(T < t) + x P(T = t)) over the other runners. Doubles (the stride
 * counts are exact integers below 2^53); a test checks the sum is 1 and a simulation agrees.
 */
export function racingWinProbabilities(ratings: readonly number[]): number[] {
  // A runner's chance depends only on its rating and the others' as a multiset: compute once per
  // sorted field (at most a few hundred of them), then read it back in saddlecloth order.
  const sorted = ratings.slice().sort((a, b) => a - b);
  const key = sorted.join(',');
  let bySorted = fieldCache.get(key);
  if (!bySorted) {
    bySorted = winProbabilitiesOf(sorted);
    fieldCache.set(key, bySorted);
  }
  return ratings.map((r) => bySorted[sorted.indexOf(r)]!);
}

const fieldCache = new Map<string, number[]>();

function winProbabilitiesOf(ratings: readonly number[]): number[] {
  const all = RACING_STRIDE_BOUND ** RACING_FURLONGS;
  const offset = (r: number) => RACING_FURLONGS * (RACING_BASE_STRIDE + r);
  const at = (r: number, t: number) => (STRIDE_SUMS[t - offset(r)] ?? 0) / all;
  const lo = offset(0);
  const hi = offset(RACING_MAX_RATING) + STRIDE_SUMS.length - 1;
  const below = ratings.map(() => 0);
  const p = ratings.map(() => 0);
  for (let t = lo; t <= hi; t++) {
    const eq = ratings.map((r) => at(r, t));
    ratings.forEach((_, i) => {
      if (eq[i] === 0) return;
      let poly = [1]; // coefficients in x: x^j = j others level at t
      ratings.forEach((__, k) => {
        if (k === i) return;
        const next = Array<number>(poly.length + 1).fill(0);
        poly.forEach((c, j) => {
          next[j]! += c * below[k]!;
          next[j + 1]! += c * eq[k]!;
        });
        poly = next;
      });
      p[i]! += eq[i]! * poly.reduce((s, c, j) => s + c / (j + 1), 0);
    });
    ratings.forEach((_, k) => (below[k]! += eq[k]!));
  }
  return p;
}

export const virtualRacingRound = lastFew(256, (roundId: string): VirtualRacingRound => {
  const runners = racingField(roundId);
  const p = racingWinProbabilities(runners.map((r) => r.rating));
  return {
    runners,
    options: runners.map((r, i) => priced(`runner_${r.no}`, `${r.no} ${r.name}`, p[i]!, RACING_MARGIN_BP)),
  };
});

/** Puts `group` in a uniformly random order from the stream (fair.ts's Fisher–Yates). */
function photoFinish<T>(group: T[], stream: FairStream): T[] {
  for (let i = group.length - 1; i >= 1; i--) {
    const j = stream.below(i + 1);
    [group[i], group[j]] = [group[j]!, group[i]!];
  }
  return group;
}

/**
 * The running order after a furlong: `${furlong}:${no}+${gap},…` from the leader back, gap the
 * units behind the leader (runners level keep saddlecloth order, except at the post, where the
 * photo finish decides).
 */
const stepCode = (furlong: number, order: readonly { no: number; at: number }[]): string =>
  `${furlong}:${order.map((r) => `${r.no}+${order[0]!.at - r.at}`).join(',')}`;

/** The race of round `roundId` from its seed: a step per furlong and the finishing order. */
export function playVirtualRacing(
  seed: string,
  roundId: string,
  hmac: HmacSha256,
): { steps: string[]; finish: number[] } {
  const { runners } = virtualRacingRound(roundId);
  const stream = fairStream(seed, roundId, hmac);
  const at = runners.map(() => 0);
  const steps: string[] = [];
  let order: { no: number; at: number }[] = [];
  for (let f = 1; f <= RACING_FURLONGS; f++) {
    runners.forEach((r, i) => (at[i]! += RACING_BASE_STRIDE + r.rating + stream.below(RACING_STRIDE_BOUND)));
    order = runners.map((r, i) => ({ no: r.no, at: at[i]! })).sort((x, y) => y.at - x.at || x.no - y.no);
    if (f === RACING_FURLONGS) {
      const finish: typeof order = [];
      for (let i = 0; i < order.length;) {
        let j = i;
        while (j < order.length && order[j]!.at === order[i]!.at) j++;
        finish.push(...(j - i > 1 ? photoFinish(order.slice(i, j), stream) : order.slice(i, j)));
        i = j;
      }
      order = finish;
    }
    steps.push(stepCode(f, order));
  }
  return { steps, finish: order.map((r) => r.no) };
}

export function virtualRacingResult(roundId: string, winner: number): CasinoResult {
  const round = virtualRacingRound(roundId);
  const option = round.options.find((o) => o.id === `runner_${winner}`);
  if (!option) throw new Error(`virtual_racing: no runner ${winner} in round ${roundId}`);
  const runner = round.runners.find((r) => r.no === winner)!;
  return { summary: runner.name, outcomes: { [option.id]: win(option.payout) } };
}

const toWire = (o: PricedOption): CasinoOption => ({ id: o.id, label: o.label, payout: o.payout });
const RUNNER_OPTION = new RegExp(`^runner_[1-${RACING_MAX_FIELD}]$`);

export const virtualRacing: RoundGame = {
  id: 'virtual_racing',
  name: 'Virtual Racing',
  series: 'virtual',
  options: (roundId) => virtualRacingRound(roundId).options.map(toWire),
  play(seed, roundId, hmac) {
    const { steps, finish } = playVirtualRacing(seed, roundId, hmac);
    return { steps, result: virtualRacingResult(roundId, finish[0]!) };
  },
  settle: (bets, result) => settleVirtual('virtual_racing', (id) => RUNNER_OPTION.test(id), bets, result),
};
