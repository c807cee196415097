// Shared helpers of the benchmarks: a seeded PRNG, timing, and one way to print a figure next to
// its baseline (DESIGN.md §5: each benchmark prints its figure and the ratio to a baseline
// measured in the same run).

/**
 * What a bench runs on its new database after the warm-up: the statistics a store in service has.
 * PostgreSQL's autovacuum analyzes a new database's tables up to a minute after they fill (PGlite's
 * own loop every 10 s, apps/server/src/db/maintenance.ts). Until then a connection's cached plan of
 * the round's write, made while `bets` was nearly empty, reads every bet to update a few (a
 * sequential scan that grows with the run: 1.5 ms of the write's 3 ms a round after 11,000 bets),
 * which no store in service pays (docs/performance.md, "Plans made on empty tables").
 */
export const ANALYZE_AFTER_WARM_UP = 'analyze';

/** A benchmark module: `run` prints its own figures (with `report`) and returns them. */
export interface Benchmark {
  readonly name: string;
  readonly description: string;
  run(): Promise<Figure[]> | Figure[];
}

export interface Figure {
  readonly label: string;
  readonly value: number;
  readonly unit: string;
  readonly baseline?: { readonly label: string; readonly value: number };
}

/** A TCP port free on the loopback now (for a server process a bench starts). */
export { freePort } from '../scripts/test-ports.mjs';

/** mulberry32: a tiny, fast, seeded 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [min, max] from a PRNG. */
export function randInt(rand: () => number, min: number, max: number): number {
  return min + Math.floor(rand() * (max - min + 1));
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Milliseconds taken by `fn`. */
export function timeMs(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

export function formatRate(perSecond: number): string {
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(2)}M`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)}k`;
  return perSecond.toFixed(0);
}

/** Print one figure, and its baseline and ratio when it has one. */
export function report(f: Figure): Figure {
  const main = `  ${f.label}: ${formatRate(f.value)} ${f.unit}`;
  if (f.baseline === undefined) {
    console.log(main);
  } else {
    const ratio = f.value / f.baseline.value;
    console.log(
      `${main}  |  baseline ${f.baseline.label}: ${formatRate(f.baseline.value)} ${f.unit}  |  ratio ${ratio.toFixed(2)}×`,
    );
  }
  return f;
}
