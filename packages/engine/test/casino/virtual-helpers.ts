// Shared by the virtual game tests: an HMAC that records what it is asked, and a fast stand-in
// stream for the big simulations (the model's odds do not depend on HMAC being the digest).
import { hmac } from './crypto.ts';

/** The real HMAC, recording every (key, message) it is called with. */
export function countingHmac(): {
  hmac: (key: string, message: string) => Uint8Array;
  calls: [string, string][];
} {
  const calls: [string, string][] = [];
  return {
    calls,
    hmac: (key, message) => {
      calls.push([key, message]);
      return hmac(key, message);
    },
  };
}

/** A fixed-seed xorshift "HMAC": 4 fresh bytes per call whatever it is asked. Same run every time. */
export function fastHmac(start = 0x9e3779b9): (key: string, message: string) => Uint8Array {
  let x = start >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return new Uint8Array([x >>> 24, (x >>> 16) & 255, (x >>> 8) & 255, x & 255]);
  };
}

/** An "HMAC" answering the 4-byte big-endian values of `values` in turn (for hand-made rounds). */
export function scriptedHmac(values: readonly number[]): (key: string, message: string) => Uint8Array {
  let i = 0;
  return () => {
    if (i >= values.length) throw new Error(`scripted stream ran out after ${values.length} draws`);
    const v = values[i++]!;
    return new Uint8Array([v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255]);
  };
}

/** The messages a round's play must send, in order: `${roundId}:0` … */
export const streamMessages = (roundId: string, n: number): string[] =>
  Array.from({ length: n }, (_, i) => `${roundId}:${i}`);

/** |observed − expected| within `sds` standard deviations of a sum of independent Bernoullis. */
export function withinSds(hits: number, ps: readonly number[], sds = 4): { ok: boolean; z: number } {
  const mean = ps.reduce((s, p) => s + p, 0);
  const sd = Math.sqrt(ps.reduce((s, p) => s + p * (1 - p), 0));
  const z = sd === 0 ? 0 : (hits - mean) / sd;
  return { ok: Math.abs(z) <= sds, z };
}
