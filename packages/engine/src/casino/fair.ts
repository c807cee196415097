// The provably fair deal (DOMAIN.md): before the betting window the round publishes
// SHA-256(server seed); after the deal it reveals the seed, and anyone recomputes the cards:
//
//   deck  = the game's deck in canonical order (deck.ts: suits S H C D, ranks A … K within a suit;
//           32 Cards keeps the 6 … K of that order)
//   ctr   = 0
//   for i = n − 1 down to 1:                      (Fisher–Yates, Durstenfeld's in-place form)
//     loop:
//       h   = HMAC-SHA256(key = UTF-8(server seed), message = UTF-8(`${roundId}:${ctr}`))
//       ctr = ctr + 1
//       x   = h[0..4) read as a big-endian unsigned 32-bit integer
//       lim = 2^32 − (2^32 mod (i + 1))          (the largest multiple of i + 1 not above 2^32)
//       if x < lim: j = x mod (i + 1); break      (else reject x and draw again: no modulo bias)
//     swap deck[i] and deck[j]
//   the cards are dealt from deck[0] onwards.
//
// The engine has no SHA-256 of its own and takes no dependency for one: the caller injects the
// digest functions (the server node:crypto, a browser Web Crypto — whose digests are async, so a
// browser runs the same loop awaiting each HMAC; the fixed vector of the tests checks it).

/** HMAC-SHA256 of UTF-8 `message` under the UTF-8 `key`: 32 bytes. */
export type HmacSha256 = (key: string, message: string) => Uint8Array;
/** SHA-256 of the UTF-8 `message`: 32 bytes. */
export type Sha256 = (message: string) => Uint8Array;

const TWO_32 = 0x1_0000_0000;

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a round publishes before its window opens: hex SHA-256 of the server seed. */
export function serverSeedHash(seed: string, sha256: Sha256): string {
  return toHex(sha256(seed));
}

/** A uniform integer in [0, bound) from the HMAC stream, by rejection sampling (see above). */
export function drawBelow(bound: number, next: () => Uint8Array): number {
  const limit = TWO_32 - (TWO_32 % bound);
  for (;;) {
    const h = next();
    if (h.length < 4) throw new Error('hmac returned fewer than 4 bytes');
    const x = ((h[0]! << 24) >>> 0) + (h[1]! << 16) + (h[2]! << 8) + h[3]!;
    if (x < limit) return x % bound;
  }
}

/** The deck shuffled for `roundId` under `seed`: a new array, `deck` untouched. */
export function shuffle<T>(
  seed: string,
  roundId: string | number,
  deck: readonly T[],
  hmac: HmacSha256,
): T[] {
  const out = deck.slice();
  let counter = 0;
  const next = (): Uint8Array => hmac(seed, `${roundId}:${counter++}`);
  for (let i = out.length - 1; i >= 1; i--) {
    const j = drawBelow(i + 1, next);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}
