// What the virtual games share: the provably fair stream they draw from (the same HMAC stream as
// the card shuffle, fair.ts), the public per-round choices (teams, fields) made from the round id
// alone, pricing an option from its model probability with an explicit margin, and settlement.
import { drawBelow, type HmacSha256 } from '../fair.ts';
import { LOSE, outcomeProfitPaise, type CasinoBet, type CasinoResult } from '../game.ts';

/**
 * The round's random draws: uniform integers in [0, bound) from HMAC-SHA256(seed,
 * `${roundId}:${counter}`), counter from 0, +1 per HMAC, by fair.ts's rejection sampling. Nothing
 * else in a virtual game's play is random, so anyone recomputes the round from the revealed seed.
 */
export interface FairStream {
  below(bound: number): number;
}

export function fairStream(seed: string, roundId: string, hmac: HmacSha256): FairStream {
  let counter = 0;
  const next = (): Uint8Array => hmac(seed, `${roundId}:${counter++}`);
  return { below: (bound) => drawBelow(bound, next) };
}

/**
 * A public, deterministic generator for what a round's id decides before its window opens (the
 * two teams, the field and its ratings). Never the seed: the odds are fixed at the open, so they
 * may only depend on what everyone knows. FNV-1a of `${game}:${roundId}` seeds mulberry32.
 */
export function publicRng(game: string, roundId: string): () => number {
  let h = 0x811c9dc5;
  for (const ch of `${game}:${roundId}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  let a = h;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** An integer in [0, n) from a public generator. */
export const pick = (rng: () => number, n: number): number => Math.floor(rng() * n);

/** The smallest payout a bet may have (decimal 1.01, in hundredths). */
export const MIN_PAYOUT = 101;

/**
 * The payout in hundredths of an option won with probability `p` under a house margin
 * `margin_bp` (basis points): the fair odds 1/p less the margin, 100 × (1 − m) / p, rounded down
 * to the hundredth, so the option's margin 1 − p × payout / 100 is at least m and below m + p / 100.
 * Throws when that is under 1.01 (the model's ratings are bounded so it never is).
 */
export function priceOption(p: number, margin_bp: number): number {
  if (!(p > 0 && p < 1)) throw new Error(`probability must be in (0, 1), got ${p}`);
  const payout = Math.floor((10_000 - margin_bp) / (100 * p));
  if (payout < MIN_PAYOUT) throw new Error(`payout ${payout} under ${MIN_PAYOUT} at p = ${p}`);
  return payout;
}

/** What a priced option is in the model: its win probability and exact-to-the-double margin. */
export interface PricedOption {
  readonly id: string;
  readonly label: string;
  readonly payout: number;
  /** The model's probability that a bet on this option wins. */
  readonly p: number;
  /** 1 − p × payout / 100: what the house keeps per unit staked, in expectation. */
  readonly margin: number;
}

export function priced(id: string, label: string, p: number, margin_bp: number): PricedOption {
  const payout = priceOption(p, margin_bp);
  return { id, label, payout, p, margin: 1 - (p * payout) / 100 };
}

/** Per bet, the profit in paise; a bet on an option this game never offers is an error. */
export function settleVirtual(
  game: string,
  isOption: (id: string) => boolean,
  bets: readonly CasinoBet[],
  result: CasinoResult,
): number[] {
  return bets.map((bet) => {
    if (!isOption(bet.option_id)) throw new Error(`${game}: no option ${bet.option_id}`);
    return outcomeProfitPaise(result.outcomes[bet.option_id] ?? LOSE, bet.stake_paise);
  });
}

/** Keeps the last `limit` answers of a function of the round id (the server asks many times). */
export function lastFew<T>(limit: number, f: (roundId: string) => T): (roundId: string) => T {
  const cache = new Map<string, T>();
  return (roundId) => {
    const hit = cache.get(roundId);
    if (hit !== undefined) return hit;
    const value = f(roundId);
    cache.set(roundId, value);
    if (cache.size > limit) cache.delete(cache.keys().next().value!);
    return value;
  };
}
