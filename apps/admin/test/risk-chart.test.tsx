// The risk view's chart (issue 45): the house's result per outcome, said in words.
import { describe, expect, it } from 'vitest';
import { riskSummary } from '../src/features/markets/RiskPanel.tsx';

const outcome = (label: string, house: number) => ({ key: label, label, bettors: -house, house });

describe('risk chart', () => {
  it('names where the house gains most and loses most', () => {
    expect(riskSummary([outcome('Home', 1_200), outcome('Away', -3_400.5), outcome('The Draw', 10)])).toBe(
      'The house gains most if Home (₹1,200.00) and loses most if Away (−₹3,400.50).',
    );
  });
  it('says so when the house gains, or loses, whatever happens', () => {
    expect(riskSummary([outcome('Home', 50), outcome('Away', 20)])).toBe(
      'The house gains whatever happens: most if Home (₹50.00), least if Away (₹20.00).',
    );
    expect(riskSummary([outcome('Home', -50), outcome('Away', -20)])).toBe(
      'The house loses whatever happens: least if Away (−₹20.00), most if Home (−₹50.00).',
    );
    expect(riskSummary([])).toBe('No bets yet.');
  });
});
