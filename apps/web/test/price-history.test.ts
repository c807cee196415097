// A market's price history in words (features/market/PriceHistory.tsx, issue 45).
import { describe, expect, it } from 'vitest';
import { historySummary } from '../src/features/market/PriceHistory.tsx';

const at = (hhmmIst: string) => new Date(`2026-11-30T${hhmmIst}:00+05:30`).toISOString();

describe('price history summary', () => {
  it('the last trade, the range since the first, the stake matched', () => {
    expect(
      historySummary('Arsenal', [
        { at: at('14:31'), price: 2.5, volume: 400 },
        { at: at('14:32'), price: 3, volume: 300.5 },
        { at: at('14:40'), price: 2.76, volume: 1_000 },
      ]),
    ).toBe('Arsenal: last traded 2.76 at 14:40 IST; between 2.5 and 3 since 14:31, ₹1,700.50 matched.');
  });
  it('one price throughout, or no trade yet', () => {
    expect(historySummary('Chelsea', [{ at: at('09:05'), price: 1.9, volume: 100 }])).toBe(
      'Chelsea: last traded 1.9 at 09:05 IST; at 1.9 throughout since 09:05, ₹100.00 matched.',
    );
    expect(historySummary('The Draw', [])).toBe('The Draw has not traded yet.');
  });
});
