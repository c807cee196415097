import { describe, expect, it } from 'vitest';
import { kindBetParts } from '../src/bets.ts';

const fancy = { kind: 'FANCY' as const, rate: 98, line: 0, is_back: '0' as const, selection_name: 'No 0' };

describe('kindBetParts (issue 30: a bet reads as placed)', () => {
  it('Odd/Even: the side is Odd or Even, no line, the rate alone', () => {
    expect(kindBetParts(fancy, 'ODD_EVEN')).toEqual({ side: 'Even', what: '', price: '98' });
    expect(kindBetParts({ ...fancy, is_back: '1', selection_name: 'Yes 0' }, 'ODD_EVEN')).toEqual({
      side: 'Odd',
      what: '',
      price: '98',
    });
    // As the reports send it: both sides backs, the side named.
    expect(kindBetParts({ ...fancy, is_back: '1', line: null, selection_name: 'Even' })).toEqual({
      side: 'Even',
      what: '',
      price: '98',
    });
  });
  it('other fancies: Yes/No with the line; bookmaker: Back/Lay with the runner', () => {
    expect(kindBetParts({ ...fancy, line: 45, rate: 100, selection_name: 'No 45' }, 'RUNS')).toEqual({
      side: 'No',
      what: '45',
      price: '45 @ 100',
    });
    expect(
      kindBetParts({ ...fancy, is_back: '1', line: 150, rate: 400, selection_name: 'Yes 150-159' }, 'KHADO'),
    ).toEqual({ side: 'Yes', what: '150-159', price: '150 @ 400' });
    expect(
      kindBetParts({ kind: 'BOOKMAKER', is_back: '0', line: null, rate: 48, selection_name: 'India' }),
    ).toEqual({ side: 'Lay', what: 'India', price: '48' });
  });
});
