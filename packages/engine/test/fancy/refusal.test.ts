// Every refusal text of fancyRefusal, per variant where the variant changes what is compared.
import { describe, expect, it } from 'vitest';
import { fancyRefusal, type FancyBet, type FancyQuote, type FancyVariant } from '../../src/index.ts';

const QUOTE: FancyQuote = { status: 'ACTIVE', no_line: 45, no_rate: 100, yes_line: 46, yes_rate: 100 };
const YES: FancyBet = { is_yes: true, line: 46, rate: 100, stake_paise: 10_000 };
const NO: FancyBet = { is_yes: false, line: 45, rate: 100, stake_paise: 10_000 };

const ask = (
  bet: FancyBet,
  over: Partial<Omit<Parameters<typeof fancyRefusal>[0], 'bet'>> = {},
): string | null =>
  fancyRefusal({
    variant: 'RUNS',
    quote: QUOTE,
    bet,
    min_stake_paise: 10_000,
    max_stake_paise: 2_500_000,
    max_user_stake_paise: 5_000_000,
    user_stake_paise: 0,
    ...over,
  });

describe('fancyRefusal', () => {
  it('takes Yes at the Yes pair and No at the No pair', () => {
    expect(ask(YES)).toBeNull();
    expect(ask(NO)).toBeNull();
    expect(ask(YES, { variant: 'LAMBI' })).toBeNull();
    expect(ask(YES, { variant: 'METER' })).toBeNull();
  });

  it('refuses by status: Ball running, Suspended, Market closed (closed or removed)', () => {
    expect(ask(YES, { quote: { ...QUOTE, status: 'BALL_RUNNING' } })).toBe('Ball running');
    expect(ask(YES, { quote: { ...QUOTE, status: 'SUSPENDED' } })).toBe('Suspended');
    expect(ask(YES, { quote: { ...QUOTE, status: 'CLOSED' } })).toBe('Market closed');
    expect(ask(YES, { quote: { ...QUOTE, status: 'REMOVED' } })).toBe('Market closed');
  });

  it('Invalid bet, never a throw: a rate of 0, a fractional rate, a fractional or negative line', () => {
    expect(ask({ ...YES, rate: 0 })).toBe('Invalid bet');
    expect(ask({ ...YES, rate: 99.5 })).toBe('Invalid bet');
    expect(ask({ ...YES, line: 45.5 })).toBe('Invalid bet');
    expect(ask({ ...YES, line: -1 })).toBe('Invalid bet');
    expect(ask({ ...YES, line: Number.NaN })).toBe('Invalid bet');
  });

  it('Invalid bet on KHADO: a No, or no whole line_to; on FANCY1: a line other than 1', () => {
    const khado = { ...YES, line_to: 50 };
    expect(ask({ ...khado, is_yes: false }, { variant: 'KHADO' })).toBe('Invalid bet');
    expect(ask(YES, { variant: 'KHADO' })).toBe('Invalid bet');
    expect(ask({ ...khado, line_to: 50.5 }, { variant: 'KHADO' })).toBe('Invalid bet');
    expect(ask({ ...YES, line: 46 }, { variant: 'FANCY1' })).toBe('Invalid bet');
  });

  it('Line changed: another line, another rate, the other side’s pair, a side not quoted', () => {
    expect(ask({ ...YES, line: 47 })).toBe('Line changed');
    expect(ask({ ...YES, rate: 90 })).toBe('Line changed');
    expect(ask({ ...YES, line: 45 })).toBe('Line changed'); // the No line on a Yes
    expect(ask(YES, { quote: { ...QUOTE, yes_line: null, yes_rate: null } })).toBe('Line changed');
    expect(ask(NO, { quote: { ...QUOTE, no_rate: null } })).toBe('Line changed');
  });

  it('KHADO: the band starts at the Yes line at the Yes rate and ends at or after it', () => {
    const v = { variant: 'KHADO' as FancyVariant };
    expect(ask({ ...YES, line_to: 50 }, v)).toBeNull();
    expect(ask({ ...YES, line_to: 46 }, v)).toBeNull();
    expect(ask({ ...YES, line: 45, line_to: 50 }, v)).toBe('Line changed');
    expect(ask({ ...YES, rate: 90, line_to: 50 }, v)).toBe('Line changed');
    expect(ask({ ...YES, line_to: 45 }, v)).toBe('Line changed');
  });

  it('ODD_EVEN and FANCY1 compare the rate only', () => {
    const oe: FancyQuote = { status: 'ACTIVE', no_line: null, no_rate: 98, yes_line: null, yes_rate: 97 };
    expect(ask({ ...YES, line: 0, rate: 97 }, { variant: 'ODD_EVEN', quote: oe })).toBeNull();
    expect(ask({ ...NO, line: 12, rate: 98 }, { variant: 'ODD_EVEN', quote: oe })).toBeNull();
    expect(ask({ ...YES, line: 0, rate: 98 }, { variant: 'ODD_EVEN', quote: oe })).toBe('Line changed');
    expect(ask({ ...YES, line: 1, rate: 97 }, { variant: 'FANCY1', quote: oe })).toBeNull();
    expect(ask({ ...NO, line: 1, rate: 97 }, { variant: 'FANCY1', quote: oe })).toBe('Line changed');
  });

  it('Invalid stake, Minimum stake is …, Maximum stake is … (rupees; the limits themselves pass)', () => {
    expect(ask({ ...YES, stake_paise: 0 })).toBe('Invalid stake');
    expect(ask({ ...YES, stake_paise: 10_000.5 })).toBe('Invalid stake');
    expect(ask({ ...YES, stake_paise: 9_999 })).toBe('Minimum stake is 100');
    expect(ask({ ...YES, stake_paise: 2_500_001 })).toBe('Maximum stake is 25000');
    expect(ask({ ...YES, stake_paise: 10_000 })).toBeNull();
    expect(ask({ ...YES, stake_paise: 2_500_000 })).toBeNull();
  });

  it('Your stake on this fancy would exceed …: the user’s stake so far plus this one over the maximum', () => {
    expect(ask(YES, { user_stake_paise: 4_990_001 })).toBe('Your stake on this fancy would exceed 50000');
    expect(ask(YES, { user_stake_paise: 4_990_000 })).toBeNull(); // exactly the maximum is allowed
  });

  it('checks in order: status, bet, quote, stake, per-user maximum', () => {
    const bad = { ...YES, rate: 0, stake_paise: 1 };
    expect(ask(bad, { quote: { ...QUOTE, status: 'SUSPENDED' } })).toBe('Suspended');
    expect(ask(bad)).toBe('Invalid bet');
    expect(ask({ ...YES, line: 47, stake_paise: 1 })).toBe('Line changed');
    expect(ask({ ...YES, stake_paise: 1 }, { user_stake_paise: 5_000_000 })).toBe('Minimum stake is 100');
  });

  it('throws on impossible operator or house numbers', () => {
    expect(() => ask(YES, { min_stake_paise: 200, max_stake_paise: 100 })).toThrow(/max_stake_paise/);
    expect(() => ask(YES, { max_user_stake_paise: -1 })).toThrow(/max_user_stake_paise/);
    expect(() => ask(YES, { user_stake_paise: 0.5 })).toThrow(/user_stake_paise/);
    expect(() => ask(YES, { quote: { ...QUOTE, yes_rate: 0 } })).toThrow(/rate/);
    expect(() => ask(YES, { quote: { ...QUOTE, no_line: -3 } })).toThrow(/line/);
    expect(() => ask(YES, { variant: 'SESSION' as FancyVariant })).toThrow(/variant/);
  });
});
