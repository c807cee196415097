import { describe, expect, it } from 'vitest';
import { showSize } from '../src/features/market/format.ts';
import * as C from '../src/lib/constants.ts';
import { formatExposure, formatMoney } from '@backlay/ui/money';
import { displayDay, formatDateTime, formatTime } from '@backlay/ui/time';

describe('time helper', () => {
  it('formats in UTC+5:30 as dd/MM/yyyy HH:mm:ss', () => {
    expect(formatDateTime('2026-11-21T18:45:07Z')).toBe('22/11/2026 00:15:07');
    expect(formatDateTime('2026-01-05T03:00:00.000Z')).toBe('05/01/2026 08:30:00');
    expect(formatTime('2026-01-05T03:00:00Z')).toBe('08:30');
    expect(displayDay('2026-11-21T18:30:00Z')).toBe('2026-11-22');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('writes every pattern the screens use, across a day, a month and a year boundary in IST', () => {
    // 18:30 UTC on 31 Dec is midnight of 1 Jan in IST.
    const newYear = '2026-12-31T18:30:00Z';
    expect(formatDateTime(newYear)).toBe('01/01/2027 00:00:00');
    expect(formatDateTime(newYear, 'yyyy-MM-dd HH:mm:ss')).toBe('2027-01-01 00:00:00');
    expect(formatDateTime('2026-12-31T18:29:59Z', 'dd/MM/yyyy HH:mm')).toBe('31/12/2026 23:59');
    expect(formatDateTime('2028-02-28T20:00:00Z', 'dd/MM HH:mm')).toBe('29/02 01:30');
    expect(formatDateTime('2026-03-05T00:00:00+05:30', 'dd/MM/yyyy')).toBe('05/03/2026');
    expect(formatDateTime('2026-03-05T00:00:00+05:30', 'dd/MM')).toBe('05/03');
    expect(formatDateTime(Date.UTC(2026, 5, 1, 6, 7, 8))).toBe('01/06/2026 11:37:08');
    expect(formatDateTime(new Date('2026-06-01T06:07:08Z'), 'HH:mm')).toBe('11:37');
  });

  it('refuses a pattern token it does not know (a programming error, not a blank date)', () => {
    expect(() => formatDateTime('2026-01-01T00:00:00Z', 'dd MMM yyyy')).toThrow(/unknown token M/);
    expect(() => formatDateTime('2026-01-01T00:00:00Z', 'EEEE')).toThrow(/unknown token E/);
  });
});

describe('money', () => {
  it('shows 2 decimals and exposure as an absolute value', () => {
    expect(formatMoney(1500)).toBe('1,500.00');
    expect(formatMoney(100000.5)).toBe('1,00,000.50');
    expect(formatMoney(-3.456)).toBe('-3.46');
    expect(formatExposure(-250.5)).toBe('250.50');
  });
});

describe('application constants (spec §9)', () => {
  it('hold the spec values', () => {
    expect(C.BALANCE_POLL_MS).toBe(5000);
    expect(C.MOBILE_BREAKPOINT_PX).toBe(993);
    expect(C.WELCOME_POPUP_DELAY_MS).toBe(100);
    expect(C.DISPLAY_TIME_ZONE).toBe('+05:30');
    expect(C.TOAST_OPTIONS).toEqual({
      autoClose: 800,
      position: 'top-center',
      closeOnClick: true,
      closeButton: true,
    });
    expect(C.CONSOLE_CLEAR_AFTER_MS).toBe(1_115_000);
    expect(C.AGE_LIMIT_YEARS).toBe(18);
    expect(Object.values(C.SPORT_ID).sort((a, b) => a - b)).toEqual([
      1, 2, 4, 7, 4339, 7522, 998917, 2378961,
    ]);
    expect([...C.TOP_NAV_SPORT_IDS].sort((a, b) => a - b)).toEqual([1, 2, 4, 7522, 998917]);
    expect(C.RACING_SPORT_IDS).toEqual([7, 4339]);
    expect(C.SIDEBAR_EXCLUDED_SPORT_IDS).toEqual([-17, -1]);
  });
});

describe('showSize (ladder sizes never round up past what is offered)', () => {
  it('rounds down at every boundary', () => {
    expect(showSize(999.5)).toBe('999');
    expect(showSize(1000)).toBe('1.0K');
    expect(showSize(1_099.99)).toBe('1.0K');
    expect(showSize(9_999.5)).toBe('9.9K');
    expect(showSize(10_000)).toBe('10K');
    expect(showSize(99_999.5)).toBe('99K');
    expect(showSize(100_000)).toBe('1.0L');
    expect(showSize(999_999.99)).toBe('9.9L');
    expect(showSize(1_000_000)).toBe('10L');
    expect(showSize(1_999_999)).toBe('19L');
  });
});
