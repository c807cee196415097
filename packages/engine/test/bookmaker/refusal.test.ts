// Every refusal text of bookmakerRefusal, and what it throws on (the operator's and house's numbers).
import { describe, expect, it } from 'vitest';
import { bookmakerRefusal, type BookmakerQuote } from '../../src/index.ts';

const quote = (over: Partial<BookmakerQuote> = {}): BookmakerQuote => ({
  back_rate: 45,
  lay_rate: 48,
  status: 'ACTIVE',
  ...over,
});
const ask = (over: Partial<Parameters<typeof bookmakerRefusal>[0]> = {}) =>
  bookmakerRefusal({
    quote: quote(),
    is_back: true,
    rate: 45,
    stake_paise: 10_000,
    min_stake_paise: 10_000,
    max_stake_paise: 5_000_000,
    ...over,
  });

describe('bookmakerRefusal', () => {
  it('takes a back at the quoted back rate and a lay at the quoted lay rate', () => {
    expect(ask()).toBeNull();
    expect(ask({ is_back: false, rate: 48 })).toBeNull();
  });
  it('refuses by status: Suspended, Ball running, Market closed', () => {
    expect(ask({ quote: quote({ status: 'SUSPENDED' }) })).toBe('Suspended');
    expect(ask({ quote: quote({ status: 'BALL_RUNNING' }) })).toBe('Ball running');
    expect(ask({ quote: quote({ status: 'CLOSED' }) })).toBe('Market closed');
  });
  it('the status comes first, even with a bad rate and stake', () => {
    expect(ask({ quote: quote({ status: 'SUSPENDED' }), rate: 1, stake_paise: 1 })).toBe('Suspended');
  });
  it('Rate changed: another rate than the quote, the other side’s rate, or the side not quoted', () => {
    expect(ask({ rate: 46 })).toBe('Rate changed');
    expect(ask({ rate: 48 })).toBe('Rate changed'); // the lay's rate on a back
    expect(ask({ quote: quote({ back_rate: null }) })).toBe('Rate changed');
    expect(ask({ is_back: false, rate: 48, quote: quote({ lay_rate: null }) })).toBe('Rate changed');
  });
  it('a bettor’s impossible rate is a text, not a throw (0, negative, fractional, NaN)', () => {
    for (const rate of [0, -45, 45.5, Number.NaN]) expect(ask({ rate })).toBe('Rate changed');
  });
  it('Invalid stake: not a positive integer of paise', () => {
    for (const stake_paise of [0, -100, 10_000.5, Number.NaN, Infinity])
      expect(ask({ stake_paise })).toBe('Invalid stake');
  });
  it('Minimum stake is … and Maximum stake is …, in rupees (the limits themselves pass)', () => {
    expect(ask({ stake_paise: 9_999 })).toBe('Minimum stake is 100');
    expect(ask({ stake_paise: 5_000_001 })).toBe('Maximum stake is 50000');
    expect(ask({ stake_paise: 1, min_stake_paise: 10_050 })).toBe('Minimum stake is 100.5');
    expect(ask({ stake_paise: 10_000 })).toBeNull();
    expect(ask({ stake_paise: 5_000_000 })).toBeNull();
  });
  it('throws on impossible operator or house numbers: min > max, negative limits, a quoted rate of 0', () => {
    expect(() => ask({ min_stake_paise: 200, max_stake_paise: 100 })).toThrow(/max_stake_paise/);
    expect(() => ask({ min_stake_paise: -1 })).toThrow(/min_stake_paise/);
    expect(() => ask({ quote: quote({ back_rate: 0 }) })).toThrow(/rate/);
    expect(() => ask({ quote: quote({ status: 'OPEN' as 'ACTIVE' }) })).toThrow(/status/);
  });
});
