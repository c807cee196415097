import { describe, expect, it } from 'vitest';
import { activeInput, buttonValue, getSeriesHeaderRequest, idInput, venueListRequest } from '../src/index.ts';

describe('idInput', () => {
  it.each([
    [7, 7],
    ['7', 7],
    [' 42 ', 42],
    [-17, -17],
    ['-1', -1],
  ])('accepts %j', (input, out) => {
    expect(idInput.parse(input)).toBe(out);
  });
  it.each([true, false, null, '', 'abc', 1.5, '1.5', [1], {}, 2 ** 31])('refuses %j', (input) => {
    expect(idInput.safeParse(input).success).toBe(false);
  });
});

describe('activeInput', () => {
  it.each([
    [1, true],
    ['1', true],
    [true, true],
    [0, false],
    ['0', false],
    [false, false],
  ])('%j → %j', (input, out) => {
    expect(activeInput.parse(input)).toBe(out);
  });
  it.each([2, 'yes', null])('refuses %j', (input) => {
    expect(activeInput.safeParse(input).success).toBe(false);
  });
});

describe('buttonValue', () => {
  const row = (button_value: unknown) => ({ button_name: 'x', button_value, type: 'Game' });
  it('takes a number or a string of digits, as whole rupees', () => {
    expect(buttonValue.parse(row('500')).button_value).toBe(500);
    expect(buttonValue.parse(row(99_999_999)).button_value).toBe(99_999_999);
  });
  it.each([
    [0, 'Price Value must be at least 1'],
    [-5, 'Price Value must be at least 1'],
    [1.5, 'Price Value must be a whole number'],
    ['2.5', 'Price Value must be a whole number'],
    [100_000_000, 'Price Value must be at most 9,99,99,999'],
    [true, 'Price Value must be a number'],
    ['', 'Price Value must be a number'],
  ])('refuses %j: %s', (value, message) => {
    expect(buttonValue.safeParse(row(value)).error?.issues[0]?.message).toBe(message);
  });
});

describe('other requests', () => {
  it('is_sidebar_call is 1 or 2', () => {
    expect(getSeriesHeaderRequest.parse({ is_sidebar_call: '2' })).toEqual({ is_sidebar_call: 2 });
    for (const v of [0, 3, true, null])
      expect(getSeriesHeaderRequest.safeParse({ is_sidebar_call: v }).success).toBe(false);
  });
  it('venue country is upper-cased; empty means every country', () => {
    expect(venueListRequest.parse({ country: 'gb', date: '2026-11-22', sport_id: 7 }).country).toBe('GB');
    expect(venueListRequest.parse({ country: '', date: '2026-11-22', sport_id: '4339' })).toEqual({
      country: '',
      date: '2026-11-22',
      sport_id: 4339,
    });
  });
});
