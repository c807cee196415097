// Recomputing a finished round from its revealed seed, where HMACs are async (a browser's Web
// Crypto) but `RoundGame.play` wants a sync one (issue 22, "Provably fair"; docs/casino.md "Verify
// it yourself"). The caller precomputes the HMACs of the messages `${roundId}:0 … count−1`, and
// the round is played against that table; a game that reads past it throws NeedMoreDigests, and
// the caller computes more and plays again (recomputeRound does exactly that). Works for any
// RoundGame, card or virtual, since it only replaces the hmac the game is given.
// No crypto of its own: the digests come from the caller.
import type { HmacSha256 } from './fair.ts';
import type { RoundGame, RoundPlay } from './round-game.ts';

/** The round's game read an HMAC that was not precomputed: compute more and play again. */
export class NeedMoreDigests extends Error {
  override readonly name = 'NeedMoreDigests';
  constructor(
    /** The message the game asked for (`${roundId}:${counter}` for every game so far). */
    readonly asked: string,
    /** How many digests the table held. */
    readonly have: number,
  ) {
    super(`the round needs the HMAC of "${asked}", not among the ${have} precomputed`);
  }
}

/** HMAC-SHA256 under the round's seed, already keyed (Web Crypto imports the key once). */
export type HmacSha256Async = (message: string) => Promise<Uint8Array>;

/** The HMAC messages of a round's stream, counters `from` … `from + count − 1`. */
export function hmacMessages(roundId: string | number, count: number, from = 0): string[] {
  if (!Number.isSafeInteger(count) || count < 0)
    throw new Error(`count must be a whole number, got ${count}`);
  return Array.from({ length: count }, (_, k) => `${roundId}:${from + k}`);
}

/** A sync HMAC that answers from the precomputed `digests` (keyed by message) for `seed` only. */
export function digestLookup(seed: string, digests: ReadonlyMap<string, Uint8Array>): HmacSha256 {
  return (key, message) => {
    // The digests were computed under `seed`: a game keying with anything else would get wrong bytes.
    if (key !== seed) throw new Error('the round asked for an HMAC under another key than its seed');
    const digest = digests.get(message);
    if (!digest) throw new NeedMoreDigests(message, digests.size);
    return digest;
  };
}

/** The round recomputed from precomputed digests; throws NeedMoreDigests when they run out. */
export function playFromDigests(
  game: RoundGame,
  seed: string,
  roundId: string | number,
  digests: ReadonlyMap<string, Uint8Array>,
): RoundPlay {
  return game.play(seed, String(roundId), digestLookup(seed, digests));
}

/** A card game shuffles 52 cards with 51 draws (rarely a rejected one more): 64 covers nearly all. */
export const VERIFY_FIRST_DIGESTS = 64;
/** Past this many HMACs a round is not recomputed (a runaway game, not a real round). */
export const VERIFY_MAX_DIGESTS = 65_536;

/**
 * Plays the round from `sign` (async HMAC under the seed): precomputes `first` digests, and on
 * NeedMoreDigests doubles the count (or adds the one odd message asked) and plays again.
 * Answers the play, the digests computed (the shuffle trace reads the same ones) and how many
 * of them the round read.
 */
export async function recomputeRound(
  game: RoundGame,
  seed: string,
  roundId: string | number,
  sign: HmacSha256Async,
  { first = VERIFY_FIRST_DIGESTS, max = VERIFY_MAX_DIGESTS } = {},
): Promise<{ play: RoundPlay; digests: Map<string, Uint8Array>; used: number }> {
  const digests = new Map<string, Uint8Array>();
  const add = async (messages: readonly string[]) => {
    const missing = messages.filter((m) => !digests.has(m));
    if (digests.size + missing.length > max) {
      throw new Error(`the round needs more than ${max} HMACs: not recomputed`);
    }
    const values = await Promise.all(missing.map((m) => sign(m)));
    missing.forEach((m, k) => digests.set(m, values[k]!));
  };
  let count = Math.min(Math.max(1, first), max);
  await add(hmacMessages(roundId, count));
  for (;;) {
    try {
      const read = new Set<string>();
      const lookup = digestLookup(seed, digests);
      const play = game.play(seed, String(roundId), (key, message) => {
        read.add(message);
        return lookup(key, message);
      });
      return { play, digests, used: read.size };
    } catch (e) {
      if (!(e instanceof NeedMoreDigests)) throw e;
      const counter = streamCounter(roundId, e.asked);
      if (counter === null) {
        await add([e.asked]);
      } else {
        if (count >= max) {
          throw new Error(`the round needs more than ${max} HMACs: not recomputed`, { cause: e });
        }
        count = Math.min(max, Math.max(count * 2, counter + 1));
        await add(hmacMessages(roundId, count));
      }
    }
  }
}

/** N when `message` is `${roundId}:N`, else null. */
function streamCounter(roundId: string | number, message: string): number | null {
  const prefix = `${roundId}:`;
  if (!message.startsWith(prefix)) return null;
  const rest = message.slice(prefix.length);
  return /^\d{1,9}$/.test(rest) ? Number(rest) : null;
}

// ---- the shuffle, step by step (fair.ts's algorithm, reporting what it does) ----

const TWO_32 = 0x1_0000_0000;

/** One HMAC read while drawing j. */
export interface ShuffleDraw {
  readonly counter: number;
  readonly message: string;
  /** The first 4 bytes of the HMAC, big-endian unsigned. */
  readonly x: number;
  /** x < limit: kept; else rejected and drawn again (no modulo bias). */
  readonly accepted: boolean;
}

/** One Fisher–Yates step: position i swapped with j drawn uniformly from 0 … i. */
export interface ShuffleStep<T> {
  readonly i: number;
  /** i + 1: j is drawn below it. */
  readonly bound: number;
  /** 2^32 − (2^32 mod bound): x at or above it is rejected. */
  readonly limit: number;
  readonly draws: readonly ShuffleDraw[];
  readonly j: number;
  /** The cards at i and at j before the swap (the same card when i = j). */
  readonly card_i: T;
  readonly card_j: T;
}

export interface ShuffleTrace<T> {
  readonly steps: readonly ShuffleStep<T>[];
  /** The deck after the last step: what `shuffle` answers. */
  readonly deck: readonly T[];
  /** HMACs read in all. */
  readonly hmacs: number;
}

/** The provably fair shuffle of `deck` with every step reported (same result as fair.ts `shuffle`). */
export function shuffleTrace<T>(
  seed: string,
  roundId: string | number,
  deck: readonly T[],
  hmac: HmacSha256,
): ShuffleTrace<T> {
  const out = deck.slice();
  const steps: ShuffleStep<T>[] = [];
  let counter = 0;
  for (let i = out.length - 1; i >= 1; i--) {
    const bound = i + 1;
    const limit = TWO_32 - (TWO_32 % bound);
    const draws: ShuffleDraw[] = [];
    let j = -1;
    while (j < 0) {
      const message = `${roundId}:${counter}`;
      const h = hmac(seed, message);
      if (h.length < 4) throw new Error('hmac returned fewer than 4 bytes');
      const x = ((h[0]! << 24) >>> 0) + (h[1]! << 16) + (h[2]! << 8) + h[3]!;
      const accepted = x < limit;
      draws.push({ counter, message, x, accepted });
      counter++;
      if (accepted) j = x % bound;
    }
    const card_i = out[i]!;
    const card_j = out[j]!;
    steps.push({ i, bound, limit, draws, j, card_i, card_j });
    out[i] = card_j;
    out[j] = card_i;
  }
  return { steps, deck: out, hmacs: counter };
}

// ---- comparing the recomputed round with what the table published ----

/** What the table showed for the round (the wire's `dealt` and result summary). */
export interface PublishedRound {
  readonly steps: readonly string[];
  /** Null when the round has no result (void). */
  readonly summary: string | null;
}

/**
 * Where the recomputed round and the published one differ, in words; empty when they agree.
 * Each step is compared by position, then the count, then the result's summary.
 */
export function roundDifferences(play: RoundPlay, published: PublishedRound, noun = 'card'): string[] {
  const out: string[] = [];
  const n = Math.max(play.steps.length, published.steps.length);
  for (let k = 0; k < n; k++) {
    const mine = play.steps[k];
    const theirs = published.steps[k];
    if (mine === theirs) continue;
    if (mine === undefined) out.push(`${noun} ${k + 1}: the round shows ${theirs}, the seed gives none`);
    else if (theirs === undefined) out.push(`${noun} ${k + 1}: the seed gives ${mine}, the round shows none`);
    else out.push(`${noun} ${k + 1}: the round shows ${theirs}, the seed gives ${mine}`);
  }
  if (published.summary !== null && published.summary !== play.result.summary) {
    out.push(`result: the round shows "${published.summary}", the seed gives "${play.result.summary}"`);
  }
  return out;
}
