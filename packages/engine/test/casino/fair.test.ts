// The provably fair shuffle: a permutation for every seed, deterministic, and a fixed vector a
// browser implementation (Web Crypto) can be checked against.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardCode, serverSeedHash, shuffle, standardDeck, toHex, type HmacSha256 } from '../../src/index.ts';
import { hmac, sha256 } from './crypto.ts';

describe('shuffle', () => {
  it('the fixed vector: seed "abc", round 1 → the first 5 cards', () => {
    const dealt = shuffle('abc', 1, standardDeck(), hmac).slice(0, 5).map(cardCode);
    expect(dealt).toEqual(FIXED_VECTOR);
  });

  it('the hash published before the window is hex SHA-256 of the seed', () => {
    expect(serverSeedHash('abc', sha256)).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('every shuffle of 1,000 seeds is a permutation: each card exactly once, the input untouched', () => {
    const deck = standardDeck();
    const before = deck.map(cardCode);
    for (let s = 0; s < 1000; s++) {
      const out = shuffle(`seed-${s}`, s, deck, hmac).map(cardCode);
      expect(out).toHaveLength(52);
      expect(new Set(out).size).toBe(52);
      expect([...out].sort()).toEqual([...before].sort());
    }
    expect(deck.map(cardCode)).toEqual(before);
  });

  it('is deterministic in (seed, round) and changes with either', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), (seed, round) => {
        const a = shuffle(seed, round, standardDeck(), hmac).map(cardCode);
        expect(shuffle(seed, round, standardDeck(), hmac).map(cardCode)).toEqual(a);
        expect(shuffle(seed, round + 1, standardDeck(), hmac).map(cardCode)).not.toEqual(a);
      }),
      { numRuns: 100 },
    );
  });

  it('reads the HMAC as documented: message "round:counter", first 4 bytes big-endian, rejection above the limit', () => {
    const messages: string[] = [];
    // The first draw (bound 3 for a 3-card deck: limit 2^32 − 1) is 0xFFFFFFFF → rejected; then 5 → j = 2.
    const values = [0xffffffff, 5, 0x80000000];
    const fake: HmacSha256 = (key, message) => {
      expect(key).toBe('k');
      messages.push(message);
      const v = values[messages.length - 1]!;
      return new Uint8Array([v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255]);
    };
    // i = 2: j = 5 mod 3 = 2 (no swap); i = 1: j = 0x80000000 mod 2 = 0 → swap [0] and [1].
    expect(shuffle('k', 'r7', ['a', 'b', 'c'], fake)).toEqual(['b', 'a', 'c']);
    expect(messages).toEqual(['r7:0', 'r7:1', 'r7:2']);
  });

  it('the digest helpers', () => {
    expect(toHex(new Uint8Array([0, 15, 255]))).toBe('000fff');
  });
});

// Recomputed independently with Python's hmac + hashlib (the algorithm of src/casino/fair.ts).
const FIXED_VECTOR = ['7H', '2D', 'JH', '8D', '7D'];
