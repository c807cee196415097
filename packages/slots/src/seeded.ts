// A seeded draw for simulations and tests: xoroshiro128+ from pure-rand (a well-kept PRNG
// library), uniform integers by its unbiased distribution. The live service draws from
// node:crypto instead; a slot only ever sees the DrawBelow function.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { DrawBelow } from './types.ts';

export function seededDraw(seed: number): DrawBelow {
  const rng = xoroshiro128plus(seed);
  return (bound) => uniformInt(rng, 0, bound - 1);
}
