import { describe, expect, it } from 'vitest';
import {
  binaryBook,
  binaryExposurePaise,
  binaryLinePair,
  binaryResult,
  settleBinaryBetsPaise,
} from '../../src/binary/index.ts';

describe('binary line pair around the price', () => {
  it("the spec's example: Nifty at 24,345.60 quotes No 24,340 @100 / Yes 24,350 @100", () => {
    expect(binaryLinePair(24_345.6, 10)).toEqual({
      no_line: 24_340,
      no_rate: 100,
      yes_line: 24_350,
      yes_rate: 100,
    });
  });
  it('a price on a multiple of the step sits in the gap: the pair moves up', () => {
    expect(binaryLinePair(24_350, 10)).toMatchObject({ no_line: 24_350, yes_line: 24_360 });
    expect(binaryLinePair(71.2, 1)).toMatchObject({ no_line: 71, yes_line: 72 });
  });
  it('refuses a price or step that cannot be quoted', () => {
    expect(() => binaryLinePair(0, 10)).toThrow();
    expect(() => binaryLinePair(100, 0)).toThrow();
  });
});

describe('binary settlement: the fancy arithmetic on price levels', () => {
  const yes = { is_yes: true, line: 24_350, rate: 100, stake_paise: 100_000 };
  const no = { is_yes: false, line: 24_340, rate: 100, stake_paise: 100_000 };
  it('Yes at L wins when the price ≥ L (24,350.00 wins, 24,349.95 loses)', () => {
    expect(settleBinaryBetsPaise([yes], 24_350)).toEqual([100_000]);
    expect(settleBinaryBetsPaise([yes], 24_349.95)).toEqual([-100_000]);
  });
  it('No at L wins when the price < L', () => {
    expect(settleBinaryBetsPaise([no], 24_339.95)).toEqual([100_000]);
    expect(settleBinaryBetsPaise([no], 24_340)).toEqual([-100_000]);
  });
  it('a price with float noise counts as its two decimals', () => {
    expect(binaryResult(24_349.999_999_9)).toBe(24_350);
    expect(binaryResult(24_349.95)).toBe(24_349);
  });
  it('void pays nothing either way', () => {
    expect(settleBinaryBetsPaise([yes, no], 'VOID')).toEqual([0, 0]);
  });
  it('both sides of the pair: exposure is both stakes (they both lose in the gap)', () => {
    expect(binaryExposurePaise([yes, no])).toBe(200_000);
    expect(binaryExposurePaise([])).toBe(0);
  });
  it('the book is flat between lines: one row per band', () => {
    expect(binaryBook([yes, no])).toEqual([
      { from: null, to: 24_340, profit_paise: 0 },
      { from: 24_340, to: 24_350, profit_paise: -200_000 },
      { from: 24_350, to: null, profit_paise: 0 },
    ]);
    expect(binaryBook([])).toEqual([]);
  });
});
