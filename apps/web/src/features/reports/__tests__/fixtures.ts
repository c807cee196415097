import type { Bet, ProfitLossRow, SettledBet, StatementRow } from '@backlay/contract';
import { vi, type Mock } from 'vitest';
import { resetStore, signIn } from '../../../../test/helpers.tsx';

/** Signed in, and "now" fixed at 22 Nov 2026 20:00 UTC = 23 Nov 01:30 IST. */
export function setUp() {
  resetStore();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T20:00:00.000Z'));
  signIn();
}

/** Today and the default range in IST for the fixed "now". */
export const TODAY = '2026-11-23';
export const WEEK_AGO = '2026-11-17';

/** The JSON bodies sent to one path, in order. */
export function bodiesOf(fetchMock: Mock, path: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${path}`))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
}

export const lastBody = (fetchMock: Mock, path: string) => bodiesOf(fetchMock, path).at(-1);

export const statementRow = (id: number, over: Partial<StatementRow> = {}): StatementRow => ({
  transfer_id: id,
  date: '2026-11-20T08:00:00.000Z',
  kind: 'deposit',
  description: `Row ${id}`,
  credit: 0,
  debit: 0,
  balance: 0,
  market_id: null,
  match_id: null,
  sport_id: null,
  ...over,
});

export const bet = (id: number, over: Partial<Bet> = {}): Bet => ({
  bet_id: id,
  kind: 'EXCHANGE',
  line: null,
  rate: null,
  match_id: 9,
  // i18n-exempt: test data, a match's name as the server sends it
  match_name: 'India v Australia',
  sport_id: 4,
  market_id: 50,
  // i18n-exempt: test data, a market's name as the server sends it
  market_name: 'Match Odds',
  selection_id: 1,
  selection_name: 'India',
  is_back: '1',
  odds: 2,
  stack: 100,
  size_matched: 100,
  size_remaining: 0,
  size_cancelled: 0,
  average_price_matched: 1.95,
  status: 'MATCHED',
  persistence: 'LAPSE',
  placed_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
  ...over,
});

export const settledBet = (id: number, over: Partial<SettledBet> = {}): SettledBet => ({
  ...bet(id, { status: 'SETTLED' }),
  result: 'WON',
  profit_loss: 95,
  settled_at: '2026-11-22T16:30:00.000Z',
  ...over,
});

export const pnlRow = (over: Partial<ProfitLossRow> = {}): ProfitLossRow => ({
  sport_id: 4,
  sport_name: 'Cricket',
  market_id: null,
  market_name: null,
  match_id: null,
  match_name: null,
  settled_at: null,
  profit_loss: 0,
  commission: 0,
  net: 0,
  ...over,
});
