// Issue 30, "Place warns or waits": while the live connection is stale the slip holds Place and
// says why; the moment the socket is fresh again, Place is back.
import type { MarketDetail } from '@backlay/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { BetSlip } from '../src/features/market/BetSlip.tsx';
import { liveClient, type ConnectionState } from '../src/lib/ws.ts';
import { mockApi } from './helpers.tsx';

const market: MarketDetail = {
  market_id: 50,
  market_name: 'Match Odds',
  market_type: 'MATCH_ODDS',
  status: 'OPEN',
  in_play: false,
  bet_delay: 0,
  version: 1,
  min_stake: 10,
  max_stake: 50_000,
  winners: 1,
  runners: [
    { selection_id: 1, name: 'India', status: 'ACTIVE', back: [], lay: [], position: 0 },
    { selection_id: 2, name: 'Australia', status: 'ACTIVE', back: [], lay: [], position: 0 },
  ],
} as MarketDetail;

afterEach(() => vi.restoreAllMocks());

it('holds Place while the prices are stale and gives it back when they are live', async () => {
  mockApi();
  let state: ConnectionState = 'stale';
  const listeners = new Set<(s: ConnectionState) => void>();
  const client = liveClient();
  vi.spyOn(client, 'getState').mockImplementation(() => state);
  vi.spyOn(client, 'onState').mockImplementation((cb) => {
    listeners.add(cb);
    return () => listeners.delete(cb);
  });
  const onPlace = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BetSlip
        market={market}
        slip={{ market_id: 50, selection_id: 1, side: 'BACK', price: 190, stake: '100' }}
        placing={false}
        onChange={() => {}}
        onPlace={onPlace}
        onCancel={() => {}}
      />
    </QueryClientProvider>,
  );
  const slip = screen.getByRole('form', { name: 'Bet slip' });
  const place = within(slip).getByRole('button', { name: 'Place Bet' });
  expect(within(slip).getByTestId('slip-stale')).toHaveTextContent('Prices delayed: waiting for live prices');
  expect(place).toBeDisabled();
  await userEvent.type(within(slip).getByLabelText('Stake'), '{Enter}');
  expect(onPlace).not.toHaveBeenCalled();

  act(() => {
    state = 'open';
    for (const cb of listeners) cb(state);
  });
  expect(within(slip).queryByTestId('slip-stale')).toBeNull();
  expect(place).toBeEnabled();
  await userEvent.click(place);
  expect(onPlace).toHaveBeenCalledTimes(1);
});
