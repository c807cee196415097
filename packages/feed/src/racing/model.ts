// The race model: each runner's true chance from a log-normal strength, the market's view of it
// with the favourite–longshot bias, place chances consistent with the win chances (Harville),
// a finishing order drawn from the strengths (Plackett–Luce) with now and then a dead heat, and
// a non-runner's reduction factors from its chances. Pure: randomness comes in.
import { mulberry32, normalize, type Random } from '../pricing.ts';

/** 32-bit FNV-1a of a string: per-race seeds from the feed's seed and the race's identity. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A PRNG for one race and one purpose: the same seed, venue and off give the same draws. */
export function raceRandom(seed: number, venue: string, off_time_ms: number, purpose: string): Random {
  return mulberry32(hash32(`${seed}|${venueKey(venue)}|${off_time_ms}|${purpose}`));
}

/** "Kempton (GB)" and "Kempton" name the same meeting. */
export function venueKey(venue: string): string {
  return venue.replace(/\s*\([A-Z]{2}\)\s*$/, '').trim();
}

export interface RaceModelOptions {
  /** Standard deviation of the log-strengths (larger: clearer favourites). */
  strength_sigma: number;
  /**
   * The favourite–longshot bias: the market's probability ∝ true^alpha (alpha < 1 lifts
   * longshots — their odds shorter than fair — and lowers favourites — their odds longer).
   */
  bias_alpha: number;
  /** The market's log-noise around its view when the book opens (fades to 0 at the off). */
  opinion_sigma: number;
  /** The chance a race has a non-runner before the off. */
  non_runner_probability: number;
  /** The chance a race's result has a dead heat (for one of the places paid, or the next). */
  dead_heat_probability: number;
}

export const DEFAULT_RACE_MODEL: RaceModelOptions = {
  strength_sigma: 0.9,
  bias_alpha: 0.85,
  opinion_sigma: 0.25,
  non_runner_probability: 1 / 15,
  dead_heat_probability: 0.02,
};

/** A standard normal from a random source (Box–Muller). */
function normal(random: Random): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Log-normal strengths, one per runner (their relative sizes are the true win chances). */
export function drawStrengths(random: Random, n: number, sigma: number): number[] {
  return Array.from({ length: n }, () => Math.exp(sigma * normal(random)));
}

/** True win probabilities of the runners with these strengths (Plackett–Luce: proportional). */
export function winProbabilities(strengths: readonly number[]): number[] {
  return normalize(strengths);
}

/** The market's win probabilities: the true ones with the favourite–longshot bias (∝ p^alpha). */
export function biasedProbabilities(ps: readonly number[], alpha: number): number[] {
  return normalize(ps.map((p) => Math.pow(p, alpha)));
}

/**
 * Each runner's chance of finishing in the first `places` (Harville: the next place is won with
 * the chances renormalised over the runners left). Sums to min(places, n). Exact: at most
 * n·(n−1)·…·(n−places+1) orders are walked (116,280 for 20 runners and 4 places).
 */
export function placeProbabilities(ps: readonly number[], places: number): number[] {
  const n = ps.length;
  const k = Math.min(places, n);
  const out = new Array<number>(n).fill(0);
  const used = new Array<boolean>(n).fill(false);
  const walk = (depth: number, prob: number, left: number) => {
    if (depth === k) return;
    for (let i = 0; i < n; i++) {
      if (used[i] || ps[i]! <= 0) continue;
      const p = (prob * ps[i]!) / left;
      out[i]! += p;
      if (depth + 1 < k) {
        used[i] = true;
        walk(depth + 1, p, left - ps[i]!);
        used[i] = false;
      }
    }
  };
  walk(
    0,
    1,
    ps.reduce((s, p) => s + p, 0),
  );
  return out;
}

/** A finishing order (indices, first first) drawn from the strengths: Plackett–Luce. */
export function drawFinishingOrder(random: Random, strengths: readonly number[]): number[] {
  const left = strengths.map((s, i) => ({ s, i }));
  const order: number[] = [];
  while (left.length > 0) {
    const total = left.reduce((sum, r) => sum + r.s, 0);
    let x = random() * total;
    let pick = left.length - 1;
    for (let j = 0; j < left.length; j++) {
      x -= left[j]!.s;
      if (x < 0) {
        pick = j;
        break;
      }
    }
    order.push(left[pick]!.i);
    left.splice(pick, 1);
  }
  return order;
}

/**
 * The weighed-in placings, best first, from a finishing order of runner numbers: with
 * `dead_heat_probability` two runners dead-heat for one of the first `places_paid` positions
 * (chosen evenly), i.e. they share one placing. At most `max_positions` placings are named.
 */
export function placingsFromOrder(
  random: Random,
  order: readonly number[],
  places_paid: number,
  dead_heat_probability: number,
  max_positions = 10,
): number[][] {
  const placings = order.map((n) => [n]);
  if (order.length >= 2 && random() < dead_heat_probability) {
    const at = Math.floor(random() * Math.min(Math.max(1, places_paid), order.length - 1));
    placings.splice(
      at,
      2,
      [order[at]!, order[at + 1]!].sort((a, b) => a - b),
    );
  }
  return placings.slice(0, max_positions);
}

/** A non-runner planned for a race: which runner (an index into the card) and when. */
export interface NonRunnerPlan {
  readonly index: number;
  /** Withdrawn at this time (before the off) or as soon as the feed sees the race after it. */
  readonly at_ms: number;
}

/**
 * Whether the race has a non-runner, which and when: from the race's own PRNG, so a restarted feed
 * plans the same. Withdrawals come 20–90 minutes before the off (before the reduction factor is
 * fixed, about 15 minutes before).
 */
export function planNonRunner(
  random: Random,
  runners: number,
  off_time_ms: number,
  probability: number,
): NonRunnerPlan | null {
  const has = random() < probability;
  const index = Math.floor(random() * runners);
  const before_ms = (20 + Math.floor(random() * 71)) * 60_000;
  return has && runners >= 2 ? { index, at_ms: off_time_ms - before_ms } : null;
}

/**
 * A non-runner's reduction factors in basis points, as Tattersalls work them: the win RF is its
 * chance as the win market priced it when it came out; the place RF its share of the place
 * market (its place chance over the places paid: the place book sums to the places paid). 0 when
 * there is no place market.
 */
export function reductionFactorsBp(
  win_probability: number,
  place_probability: number | null,
  places_paid: number,
): { win_rf_bp: number; place_rf_bp: number } {
  const bp = (x: number) => Math.max(0, Math.min(10_000, Math.round(x * 10_000)));
  return {
    win_rf_bp: bp(win_probability),
    place_rf_bp: places_paid > 1 && place_probability !== null ? bp(place_probability / places_paid) : 0,
  };
}

/**
 * The market's opinion at a time: the biased probabilities moved by a per-runner log-noise that
 * fades as the off nears (scale × sqrt(time to off / horizon), 0 at the off: prices firm up to the
 * bias-adjusted chances), plus a small log random walk (`walk`, the feed's short-term drift).
 */
export function marketOpinion(
  biased: readonly number[],
  noise: readonly number[],
  scale: number,
  time_to_off_ms: number,
  horizon_ms: number,
  walk: readonly number[] = [],
): number[] {
  const fade = Math.sqrt(Math.max(0, Math.min(1, time_to_off_ms / horizon_ms)));
  return normalize(biased.map((q, i) => q * Math.exp(scale * fade * (noise[i] ?? 0) + (walk[i] ?? 0))));
}

/** A runner's fixed opinion noise: one normal draw each, from the race's PRNG. */
export function drawNoise(random: Random, n: number): number[] {
  return Array.from({ length: n }, () => Math.max(-3, Math.min(3, normal(random))));
}
