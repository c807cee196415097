import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  LADDER,
  LADDER_SIZE,
  MAX_PRICE,
  MIN_PRICE,
  formatOdds,
  hundredthsFromDecimal,
  indexToPrice,
  isValidPrice,
  nearestPrice,
  oddsFromDecimal,
  oddsToDecimal,
  priceAtOrAbove,
  priceAtOrBelow,
  priceToIndex,
  ticksBetween,
  ticksDown,
  ticksUp,
} from '../src/index.ts';

describe('ladder', () => {
  it('has exactly 350 prices from 1.01 to 1000, strictly ascending', () => {
    expect(LADDER_SIZE).toBe(350);
    expect(LADDER.length).toBe(350);
    expect(LADDER[0]).toBe(101);
    expect(LADDER[349]).toBe(100000);
    expect(MIN_PRICE).toBe(101);
    expect(MAX_PRICE).toBe(100000);
    for (let i = 1; i < LADDER.length; i++) expect(LADDER[i]!).toBeGreaterThan(LADDER[i - 1]!);
  });

  it('steps by the band of DOMAIN.md between every two neighbours', () => {
    // the step from price p to the next is the step of the band (from, to] that holds the next price
    const bands: [number, number, number][] = [
      [100, 200, 1],
      [200, 300, 2],
      [300, 400, 5],
      [400, 600, 10],
      [600, 1000, 20],
      [1000, 2000, 50],
      [2000, 3000, 100],
      [3000, 5000, 200],
      [5000, 10000, 500],
      [10000, 100000, 1000],
    ];
    const counts = bands.map(() => 0);
    for (let i = 1; i < LADDER.length; i++) {
      const next = LADDER[i]!;
      const b = bands.findIndex(([from, to]) => next > from && next <= to);
      expect(next - LADDER[i - 1]!).toBe(bands[b]![2]);
    }
    for (const p of LADDER) counts[bands.findIndex(([from, to]) => p > from && p <= to)]!++;
    expect(counts).toEqual([100, 50, 20, 20, 20, 20, 10, 10, 10, 90]);
    // every band boundary is itself a price
    for (const [, to] of bands) expect(isValidPrice(to)).toBe(true);
  });

  it('validates prices', () => {
    for (const p of [101, 150, 199, 200, 202, 300, 305, 410, 620, 1050, 2100, 3200, 5500, 11000, 100000]) {
      expect(isValidPrice(p)).toBe(true);
    }
    for (const p of [
      100,
      201,
      301,
      405,
      610,
      1020,
      2050,
      3100,
      5200,
      10500,
      100001,
      0,
      -5,
      101.5,
      NaN,
      Infinity,
    ]) {
      expect(isValidPrice(p)).toBe(false);
    }
  });

  it('maps prices to indices and back for every ladder price', () => {
    LADDER.forEach((p, i) => {
      expect(priceToIndex(p)).toBe(i);
      expect(indexToPrice(i)).toBe(p);
    });
    expect(priceToIndex(201)).toBe(-1);
    expect(() => indexToPrice(350)).toThrow(RangeError);
    expect(() => indexToPrice(-1)).toThrow(RangeError);
    expect(() => indexToPrice(1.5)).toThrow(RangeError);
  });

  it('moves by ticks, clamped at the ends', () => {
    expect(ticksUp(101)).toBe(102);
    expect(ticksUp(199, 2)).toBe(202);
    expect(ticksUp(200)).toBe(202);
    expect(ticksDown(202)).toBe(200);
    expect(ticksDown(300)).toBe(298);
    expect(ticksUp(300)).toBe(305);
    expect(ticksUp(1000)).toBe(1050);
    expect(ticksDown(10000)).toBe(9500);
    expect(ticksUp(10000)).toBe(11000);
    expect(ticksUp(99000, 5)).toBe(100000);
    expect(ticksUp(100000)).toBe(100000);
    expect(ticksDown(101)).toBe(101);
    expect(ticksDown(105, 100)).toBe(101);
    expect(ticksUp(101, 349)).toBe(100000);
    expect(ticksUp(250, -3)).toBe(ticksDown(250, 3));
    expect(ticksUp(250, 0)).toBe(250);
  });

  it('moves from an off-ladder price to the neighbouring ladder prices first', () => {
    expect(ticksUp(201)).toBe(202);
    expect(ticksDown(201)).toBe(200);
    expect(ticksUp(201, 2)).toBe(204);
    expect(ticksDown(201, 2)).toBe(199);
    expect(ticksUp(50)).toBe(101);
    expect(ticksDown(200000)).toBe(100000);
    expect(ticksUp(0, 0)).toBe(101);
  });

  it('ticksUp and ticksDown invert each other away from the ends (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 349 }), fc.integer({ min: 0, max: 400 }), (i, n) => {
        const p = LADDER[i]!;
        const up = ticksUp(p, n);
        expect(priceToIndex(up)).toBe(Math.min(349, i + n));
        if (i + n <= 349) expect(ticksDown(up, n)).toBe(p);
        expect(ticksBetween(p, up)).toBe(Math.min(349, i + n) - i);
      }),
      { numRuns: 300 },
    );
  });

  it('rounds to the ladder', () => {
    expect(priceAtOrAbove(201)).toBe(202);
    expect(priceAtOrBelow(201)).toBe(200);
    expect(priceAtOrAbove(202)).toBe(202);
    expect(priceAtOrBelow(202)).toBe(202);
    expect(priceAtOrAbove(2000.5)).toBe(2100);
    expect(priceAtOrBelow(50)).toBe(101);
    expect(priceAtOrAbove(500000)).toBe(100000);
    expect(nearestPrice(201)).toBe(200); // a tie goes down
    expect(nearestPrice(303)).toBe(305);
    expect(nearestPrice(302)).toBe(300);
    expect(nearestPrice(1)).toBe(101);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200000 }), (p) => {
        const lo = priceAtOrBelow(p);
        const hi = priceAtOrAbove(p);
        expect(isValidPrice(lo) && isValidPrice(hi)).toBe(true);
        if (p >= 101 && p <= 100000) {
          expect(lo).toBeLessThanOrEqual(p);
          expect(hi).toBeGreaterThanOrEqual(p);
          expect(priceToIndex(hi) - priceToIndex(lo)).toBe(isValidPrice(p) ? 0 : 1);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('converts decimal odds from the wire exactly, refusing off-ladder values and float noise', () => {
    expect(oddsFromDecimal(1.01)).toBe(101);
    expect(oddsFromDecimal(2)).toBe(200);
    expect(oddsFromDecimal(2.5)).toBe(250);
    expect(oddsFromDecimal(1.1)).toBe(110);
    expect(oddsFromDecimal(1.15)).toBe(115);
    expect(oddsFromDecimal(4.35)).toBeNull(); // 4–6 steps by 0.1
    expect(oddsFromDecimal(1000)).toBe(100000);
    expect(oddsFromDecimal(1.0100000001)).toBeNull();
    expect(oddsFromDecimal(1.015)).toBeNull();
    expect(oddsFromDecimal(1.01 + 1e-15)).toBeNull();
    expect(oddsFromDecimal(1.1 * 3)).toBeNull(); // 3.3000000000000003
    expect(oddsFromDecimal(3.3)).toBe(330);
    expect(oddsFromDecimal(2.01)).toBeNull();
    expect(oddsFromDecimal(1)).toBeNull();
    expect(oddsFromDecimal(1001)).toBeNull();
    expect(oddsFromDecimal(NaN)).toBeNull();
    expect(oddsFromDecimal(Infinity)).toBeNull();
    expect(oddsFromDecimal(-1.5)).toBeNull();
    expect(oddsFromDecimal('1.01')).toBe(101);
    expect(oddsFromDecimal('1.010')).toBe(101);
    expect(oddsFromDecimal('2.5')).toBe(250);
    expect(oddsFromDecimal('1000')).toBe(100000);
    expect(oddsFromDecimal('1.0100000001')).toBeNull();
    expect(oddsFromDecimal('1e3')).toBeNull();
    expect(oddsFromDecimal(' 2')).toBeNull();
    expect(oddsFromDecimal('')).toBeNull();
    expect(oddsFromDecimal('2.')).toBeNull();
    expect(oddsFromDecimal(null as unknown as string)).toBeNull();
    expect(hundredthsFromDecimal(2.01)).toBe(201);
    expect(hundredthsFromDecimal(0.07)).toBe(7);
  });

  it('round-trips every ladder price through the wire form, as number and as string', () => {
    for (const p of LADDER) {
      expect(oddsFromDecimal(oddsToDecimal(p))).toBe(p);
      expect(oddsFromDecimal(String(oddsToDecimal(p)))).toBe(p);
      expect(oddsFromDecimal(formatOdds(p))).toBe(p);
      expect(oddsFromDecimal(Number(formatOdds(p)))).toBe(p);
    }
    expect(formatOdds(101)).toBe('1.01');
    expect(formatOdds(250)).toBe('2.50');
    expect(formatOdds(100000)).toBe('1000.00');
  });

  it('accepts a number exactly when it is the double of a two-decimal literal (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1001, noNaN: true }), (x) => {
        const h = hundredthsFromDecimal(x);
        if (h === null) expect(Number(x.toFixed(2))).not.toBe(x);
        else expect(Number((h / 100).toFixed(2))).toBe(x);
      }),
      { numRuns: 500 },
    );
  });
});
