// Binary lines and settlement in hundredths of a price point (exact integers, docs/binary.md).
import { describe, expect, it } from 'vitest';
import {
  BINARY_INSTRUMENTS,
  binaryBook,
  binaryExposurePaise,
  binaryLinePair,
  binaryResult,
  settleBinaryBetsPaise,
  toHundredths,
} from '../../src/binary/index.ts';

describe('binary line pair around the price (hundredths)', () => {
  it("the spec's example: Nifty at 24,345.60 quotes No 24,340 @100 / Yes 24,350 @100", () => {
    expect(binaryLinePair(2_434_560, 1_000)).toEqual({
      no_line: 2_434_000,
      no_rate: 100,
      yes_line: 2_435_000,
      yes_rate: 100,
    });
  });
  it('a price on a multiple of the step sits in the gap: the pair moves up', () => {
    expect(binaryLinePair(2_435_000, 1_000)).toMatchObject({ no_line: 2_435_000, yes_line: 2_436_000 });
  });
  it("COMEX crude's quarter-dollar step: $71.20 quotes No 71.00 / Yes 71.25, $71.25 quotes No 71.25 / Yes 71.50", () => {
    const cmx = BINARY_INSTRUMENTS.find((i) => i.code === 'CMX CRUDE')!;
    expect(cmx.line_step_c).toBe(25);
    expect(binaryLinePair(toHundredths(71.2), cmx.line_step_c)).toMatchObject({
      no_line: 7_100,
      yes_line: 7_125,
    });
    expect(binaryLinePair(toHundredths(71.25), cmx.line_step_c)).toMatchObject({
      no_line: 7_125,
      yes_line: 7_150,
    });
    expect(binaryLinePair(toHundredths(71.49), cmx.line_step_c)).toMatchObject({
      no_line: 7_125,
      yes_line: 7_150,
    });
  });
  it('every instrument steps a whole number of hundredths, at most 1 % of its level', () => {
    for (const i of BINARY_INSTRUMENTS) {
      expect(Number.isSafeInteger(i.line_step_c) && i.line_step_c > 0, i.code).toBe(true);
      expect(i.line_step_c / 100 / i.level, i.code).toBeLessThan(0.01);
    }
  });
  it('refuses a price or step that cannot be quoted', () => {
    expect(() => binaryLinePair(0, 1_000)).toThrow();
    expect(() => binaryLinePair(10_000, 0)).toThrow();
    expect(() => binaryLinePair(71.2, 25)).toThrow();
  });
  it('toHundredths: exact for two decimals (float noise forgiven), refuses a third', () => {
    expect(toHundredths(71.25)).toBe(7_125);
    expect(toHundredths(24_349.999_999_999)).toBe(2_435_000);
    expect(toHundredths(0.29)).toBe(29);
    expect(() => toHundredths(71.255)).toThrow();
    expect(() => toHundredths(-1)).toThrow();
  });
});

describe('binary settlement: the fancy arithmetic on price levels', () => {
  const yes = { is_yes: true, line: 2_435_000, rate: 100, stake_paise: 100_000 };
  const no = { is_yes: false, line: 2_434_000, rate: 100, stake_paise: 100_000 };
  it('Yes at L wins when the price ≥ L (24,350.00 wins, 24,349.99 loses)', () => {
    expect(settleBinaryBetsPaise([yes], 2_435_000)).toEqual([100_000]);
    expect(settleBinaryBetsPaise([yes], 2_434_999)).toEqual([-100_000]);
  });
  it('No at L wins when the price < L', () => {
    expect(settleBinaryBetsPaise([no], 2_433_995)).toEqual([100_000]);
    expect(settleBinaryBetsPaise([no], 2_434_000)).toEqual([-100_000]);
  });
  it('a quarter-dollar line settles exactly: Yes 71.25 wins at 71.25, loses at 71.24', () => {
    const q = { is_yes: true, line: 7_125, rate: 100, stake_paise: 50_000 };
    expect(settleBinaryBetsPaise([q], 7_125)).toEqual([50_000]);
    expect(settleBinaryBetsPaise([q], 7_124)).toEqual([-50_000]);
  });
  it('the result is the price in hundredths', () => {
    expect(binaryResult(2_434_995)).toBe(2_434_995);
    expect(() => binaryResult(0)).toThrow();
    expect(() => binaryResult(24_349.5)).toThrow();
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
      { from: null, to: 2_434_000, profit_paise: 0 },
      { from: 2_434_000, to: 2_435_000, profit_paise: -200_000 },
      { from: 2_435_000, to: null, profit_paise: 0 },
    ]);
    expect(binaryBook([])).toEqual([]);
  });
});
