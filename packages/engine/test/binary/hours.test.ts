import { describe, expect, it } from 'vitest';
import { binaryPhase, type BinaryGroup, type HolidayOf } from '../../src/binary/index.ts';

const none: HolidayOf = () => null;
/** An instant in India time. */
const ist = (s: string) => new Date(`${s}+05:30`);
// 2026-11-23 is a Monday; 2026-11-28 a Saturday.
const phase = (g: BinaryGroup, s: string, h: HolidayOf = none) => binaryPhase(g, ist(s), h);

describe('binary hours by the clock in India time (issue 24)', () => {
  it.each([
    ['EQUITY', '2026-11-23T09:59:59', 'SUSPENDED'],
    ['EQUITY', '2026-11-23T10:00:00', 'OPEN'],
    ['EQUITY', '2026-11-23T14:29:59', 'OPEN'],
    ['EQUITY', '2026-11-23T14:30:00', 'CLOSED'],
    ['EQUITY', '2026-11-23T23:59:59', 'CLOSED'],
    ['EQUITY', '2026-11-24T00:00:00', 'SUSPENDED'],
    ['COMMODITY', '2026-11-23T11:29:59', 'SUSPENDED'],
    ['COMMODITY', '2026-11-23T11:30:00', 'OPEN'],
    ['COMMODITY', '2026-11-23T22:29:59', 'OPEN'],
    ['COMMODITY', '2026-11-23T22:30:00', 'CLOSED'],
    ['EVENING', '2026-11-23T19:29:59', 'SUSPENDED'],
    ['EVENING', '2026-11-23T19:30:00', 'OPEN'],
    ['EVENING', '2026-11-23T23:59:59', 'OPEN'],
    ['EVENING', '2026-11-24T00:00:00', 'CLOSED'],
    ['EVENING', '2026-11-24T19:29:59', 'CLOSED'],
    ['EVENING', '2026-11-24T19:30:00', 'OPEN'],
    // Friday's evening session runs to Saturday 00:00, then nothing until Monday.
    ['EVENING', '2026-11-27T23:59:59', 'OPEN'],
    ['EVENING', '2026-11-28T00:00:00', 'CLOSED'],
    ['EVENING', '2026-11-28T20:00:00', 'CLOSED'],
    ['EVENING', '2026-11-29T20:00:00', 'SUSPENDED'],
    ['EQUITY', '2026-11-28T11:00:00', 'SUSPENDED'],
    ['COMMODITY', '2026-11-29T12:00:00', 'SUSPENDED'],
  ] as const)('%s at %s is %s', (g, at, state) => {
    expect(phase(g, at).state).toBe(state);
  });

  it('an open session gives its trading day and close; the evening closes at 24:00 of that day', () => {
    const p = phase('EVENING', '2026-11-23T23:59:59');
    expect(p.trading_day).toBe('2026-11-23');
    expect(p.closes_at!.toISOString()).toBe(ist('2026-11-24T00:00:00').toISOString());
    expect(p.opens_at).toBeNull();
  });

  it('a weekend says so and opens next on Monday', () => {
    const p = phase('EQUITY', '2026-11-28T11:00:00');
    expect(p.reason).toBe('Weekend');
    expect(p.trading_day).toBe('2026-11-30');
    expect(p.opens_at!.toISOString()).toBe(ist('2026-11-30T10:00:00').toISOString());
  });

  it('a holiday of the group (or of ALL) suspends it for the day; other groups trade', () => {
    const holiday: HolidayOf = (day, g) =>
      day === '2026-11-24' && g === 'EQUITY' ? 'Guru Nanak Jayanti' : null;
    const p = phase('EQUITY', '2026-11-24T11:00:00', holiday);
    expect(p).toMatchObject({
      state: 'SUSPENDED',
      reason: 'Holiday: Guru Nanak Jayanti',
      trading_day: '2026-11-25',
    });
    expect(phase('COMMODITY', '2026-11-24T12:00:00', holiday).state).toBe('OPEN');
    // The day before the holiday, after the close: the next open skips the holiday.
    expect(phase('EQUITY', '2026-11-23T15:00:00', holiday).opens_at!.toISOString()).toBe(
      ist('2026-11-25T10:00:00').toISOString(),
    );
  });

  it('before the open on a trading day: suspended with the time it opens', () => {
    expect(phase('EQUITY', '2026-11-23T09:59:59')).toMatchObject({
      reason: 'Opens 10:00 IST',
      trading_day: '2026-11-23',
    });
  });
});
