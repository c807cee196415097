// Fair probabilities, their slow drift, and the ladder prices a market maker quotes around them.
// Pure: randomness comes in as a function returning floats in [0, 1).
import { LADDER, LADDER_SIZE, nearestPrice, priceToIndex, ticksDown, ticksUp } from '@backlay/engine';

export type Random = () => number;

/** mulberry32: a tiny seeded 32-bit PRNG; floats in [0, 1). The same seed gives the same feed. */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller; uses two draws). */
export function gaussian(random: Random): number {
  const u = Math.max(random(), 1e-12);
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Integer in [min, max]. */
export function randInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function normalize(ps: readonly number[]): number[] {
  const sum = ps.reduce((s, p) => s + p, 0);
  return ps.map((p) => p / sum);
}

/** Clamps each probability into [min, max] and renormalises (a few rounds; the clamp wins at the end). */
export function clampProbabilities(ps: readonly number[], min: number, max: number): number[] {
  let out = normalize(ps);
  for (let round = 0; round < 4; round++) {
    out = normalize(out.map((p) => Math.min(max, Math.max(min, p))));
  }
  return out.map((p) => Math.min(max, Math.max(min, p)));
}

/** Random fair probabilities for n runners (weights uniform in [0.5, 1.5], normalised). */
export function randomProbabilities(random: Random, n: number): number[] {
  return normalize(Array.from({ length: n }, () => 0.5 + random()));
}

/**
 * One drift step: each runner's log-probability moves by a normal step of `sigma` (capped at
 * 3·sigma), then the set is renormalised and clamped. The relative change of any probability is
 * therefore bounded by e^(6·sigma) per step.
 */
export function driftProbabilities(
  random: Random,
  ps: readonly number[],
  sigma: number,
  min: number,
  max: number,
): number[] {
  const moved = ps.map((p) => {
    const step = Math.max(-3 * sigma, Math.min(3 * sigma, sigma * gaussian(random)));
    return Math.exp(Math.log(p) + step);
  });
  return clampProbabilities(moved, min, max);
}

/** The ladder price nearest to the fair decimal odds 1/p, kept `margin` ticks inside the ladder. */
export function fairPrice(p: number, margin: number): number {
  const price = nearestPrice(100 / p);
  const idx = priceToIndex(price);
  return LADDER[Math.max(margin, Math.min(LADDER_SIZE - 1 - margin, idx))]!;
}

/** Moves `target` at most `maxTicks` ticks away from `from` (the quote's centre follows the fair price slowly). */
export function limitTicks(from: number, target: number, maxTicks: number): number {
  const d = priceToIndex(target) - priceToIndex(from);
  if (Math.abs(d) <= maxTicks) return target;
  return d > 0 ? ticksUp(from, maxTicks) : ticksDown(from, maxTicks);
}

/** Quote prices around a centre: `back` = the market maker's lays (centre−1…−n ticks, shown to back), `lay` = its backs. */
export function quotePrices(center: number, levels: number): { back: number[]; lay: number[] } {
  return {
    back: Array.from({ length: levels }, (_, k) => ticksDown(center, k + 1)),
    lay: Array.from({ length: levels }, (_, k) => ticksUp(center, k + 1)),
  };
}

/** Fair probabilities read back from a two-sided book: mid of the best back and lay, normalised. */
export function probabilitiesFromBook(best: readonly { back?: number; lay?: number }[]): number[] | null {
  const implied: number[] = [];
  for (const b of best) {
    if (b.back === undefined || b.lay === undefined) return null;
    implied.push(100 / Math.sqrt(b.back * b.lay));
  }
  return implied.length === 0 ? null : normalize(implied);
}

/** An index drawn with the given weights (they need not sum to 1); uniform when they are all 0. */
export function weightedIndex(random: Random, weights: readonly number[]): number {
  const total = weights.reduce((s, w) => s + Math.max(w, 0), 0);
  if (!(total > 0)) return randInt(random, 0, weights.length - 1);
  let x = random() * total;
  for (let i = 0; i < weights.length; i++) {
    x -= Math.max(weights[i]!, 0);
    if (x < 0) return i;
  }
  return weights.length - 1;
}
