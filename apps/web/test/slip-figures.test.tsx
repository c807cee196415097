// Issue 30: the exchange slip says when the ladder's best price has moved away from the clicked odds.
import type { MarketDetail } from '@backlay/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../src/lib/query.tsx';
import { BetSlip, type SlipState } from '../src/features/market/BetSlip.tsx';
import { mockApi } from './helpers.tsx';

const marketWith = (bestBack: number): MarketDetail => ({
  market_id: 50,
  market_name: 'Match Odds',
  market_type: 'MATCH_ODDS',
  status: 'OPEN',
  in_play: false,
  bet_delay: 0,
  version: 3,
  min_stake: 100,
  max_stake: 50000,
  winners: 1,
  runners: [
    {
      selection_id: 1,
      name: 'India',
      status: 'ACTIVE',
      back: [{ price: bestBack, size: 500 }],
      lay: [{ price: 2.3, size: 300 }],
      position: 0,
    },
  ],
});

function Harness({ market }: { market: MarketDetail }) {
  const [slip, setSlip] = useState<SlipState>({
    market_id: 50,
    selection_id: 1,
    side: 'BACK',
    price: 220,
    stake: '',
  });
  return (
    <BetSlip
      market={market}
      slip={slip}
      placing={false}
      onChange={setSlip}
      onPlace={() => {}}
      onCancel={() => {}}
    />
  );
}

beforeEach(() => {
  vi.unstubAllGlobals();
  mockApi();
});

describe('exchange slip: the price moved away from the clicked odds', () => {
  it('says the price is now X and offers to take it; Take sets the odds; a stepped price is the bettor’s own', async () => {
    const client = createQueryClient();
    const ui = (m: MarketDetail) => (
      <QueryClientProvider client={client}>
        <Harness market={m} />
      </QueryClientProvider>
    );
    const { rerender } = render(ui(marketWith(2.2)));
    const slip = screen.getByRole('form', { name: 'Bet slip' });
    expect(within(slip).queryByText(/The price is now/)).toBeNull();
    rerender(ui(marketWith(2.18)));
    expect(within(slip).getByRole('alert')).toHaveTextContent('The price is now 2.18. Take 2.18');
    // Place is not blocked: the clicked odds stay a valid limit.
    await userEvent.type(within(slip).getByLabelText('Stake'), '100');
    expect(within(slip).getByRole('button', { name: 'Place Bet' })).toBeEnabled();
    await userEvent.click(within(slip).getByRole('button', { name: 'Take 2.18' }));
    expect(within(slip).getByLabelText('Odds')).toHaveValue('2.18');
    expect(within(slip).queryByText(/The price is now/)).toBeNull();
    // The bettor steps the odds: their own limit, no "moved" message.
    await userEvent.click(within(slip).getByRole('button', { name: 'Raise odds by one tick' }));
    expect(within(slip).getByLabelText('Odds')).toHaveValue('2.20');
    expect(within(slip).queryByText(/The price is now/)).toBeNull();
  });
});
