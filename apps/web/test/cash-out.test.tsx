// The Cash Out button (CashOut.tsx) on the match screen: shown with the quote's figure on a market
// where the caller has a matched position, absent without one; confirm, then the result; a refusal
// shows the server's message and the new figure.
import type { CashOutQuote, MarketDetail, MatchDetail } from '@backlay/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshClient, json, mockApi, renderApp, signIn } from './helpers.tsx';

const runners = (positions: [number, number]): MarketDetail['runners'] => [
  {
    selection_id: 1,
    name: 'India',
    status: 'ACTIVE',
    back: [{ price: 1.98, size: 500 }],
    lay: [{ price: 2, size: 800 }],
    position: positions[0],
  },
  {
    selection_id: 2,
    name: 'Australia',
    status: 'ACTIVE',
    back: [{ price: 2, size: 400 }],
    lay: [{ price: 2.04, size: 300 }],
    position: positions[1],
  },
];

const market = (id: number, name: string, positions: [number, number]): MarketDetail => ({
  market_id: id,
  market_name: name,
  market_type: 'MATCH_ODDS',
  status: 'OPEN',
  in_play: false,
  bet_delay: 0,
  version: 1,
  min_stake: 100,
  max_stake: 50000,
  winners: 1,
  runners: runners(positions),
});

const match: MatchDetail = {
  match_id: 9,
  match_name: 'India v Australia',
  match_Date: '2026-11-22T14:00:00.000Z',
  sport_id: 4,
  sport_name: 'Cricket',
  series_name: 'Test Series',
  in_play: false,
  // A position on the first market (backed India @ 4.0), none on the second.
  markets: [market(50, 'Match Odds', [300, -100]), market(51, 'Tied Match', [0, 0])],
};

const quote = (profit: number): CashOutQuote => ({
  market_id: 50,
  available: true,
  bets: [{ selection_id: 1, runner_name: 'India', side: 'LAY', price: 2, stake: 200 }],
  profit,
  version: 1,
});

beforeEach(() => freshClient());

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'match/getMatchDetail': match,
    'bet/getMatchBets': { matched: [], unmatched: [] },
    'bet/getCashOut': (body: { market_id: number }) =>
      body.market_id === 50 ? quote(100) : { ...quote(0), market_id: body.market_id, available: false },
    ...extra,
  });
}

const cashOutCalls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

describe('Cash Out', { timeout: 20_000 }, () => {
  it('shows the figure on the market with a matched position, and no button on the market without one', async () => {
    signIn();
    const fetchMock = api();
    renderApp('/game-details/4/9');
    const button = await screen.findByRole(
      'button',
      { name: /^Cash Out ₹100\.00, Match Odds/ },
      { timeout: 8_000 },
    );
    expect(button).toHaveTextContent('Cash Out ₹100.00');
    expect(button).toHaveAccessibleName('Cash Out ₹100.00, Match Odds: locks ₹100.00 on every runner');
    const tied = screen.getByRole('region', { name: 'Tied Match' });
    expect(within(tied).queryByRole('button', { name: /Cash Out/ })).toBeNull();
    expect(within(tied).queryByTestId('cash-out')).toBeNull();
    // Only the market with a position asks for a quote.
    expect(cashOutCalls(fetchMock, 'bet/getCashOut')).toEqual([{ market_id: 50 }]);
  });

  it('by keyboard: confirm shows the figure, then the cash out is placed with it', async () => {
    signIn();
    const fetchMock = api({
      'bet/cashOut': {
        market_id: 50,
        bets: [{ bet_id: 7, selection_id: 1, runner_name: 'India', side: 'LAY', price: 2, stake: 200 }],
        profit: 100,
      },
    });
    renderApp('/game-details/4/9');
    const button = await screen.findByRole('button', { name: /^Cash Out ₹100\.00/ }, { timeout: 8_000 });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const group = screen.getByRole('group', { name: 'Confirm cash out, Match Odds' });
    expect(group).toHaveTextContent('Lock ₹100.00 on every runner?');
    const confirm = within(group).getByRole('button', { name: 'Confirm Cash Out ₹100.00' });
    expect(confirm).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const card = screen.getByRole('region', { name: 'Match Odds' });
    expect(await within(card).findByText('Cashed out: ₹100.00 on every runner.')).toBeInTheDocument();
    const sent = cashOutCalls(fetchMock, 'bet/cashOut');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ market_id: 50, profit: 100, request_id: expect.any(String) });
  });

  it('refused (prices moved): the message and the new figure', async () => {
    signIn();
    let profit = 100;
    api({
      'bet/getCashOut': () => quote(profit),
      'bet/cashOut': () => {
        profit = 60;
        return json({
          status: false,
          message: 'Prices moved: cash out is now ₹60. Nothing was placed.',
          data: { market_id: 50, bets: [], profit: 0, quote: quote(60) },
        });
      },
    });
    renderApp('/game-details/4/9');
    await userEvent.click(
      await screen.findByRole('button', { name: /^Cash Out ₹100\.00/ }, { timeout: 8_000 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Cash Out ₹100.00' }));
    const card = screen.getByRole('region', { name: 'Match Odds' });
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Not placed: Prices moved: cash out is now ₹60. Nothing was placed.');
    await waitFor(() =>
      expect(within(alert).getByRole('button', { name: 'Cash Out ₹60.00' })).toBeInTheDocument(),
    );
  });

  it('in play: the seconds of the bet delay count down while the server holds it, and the answer stays once the position is closed (issue 47)', async () => {
    signIn();
    let release: () => void = () => {};
    let closed = false;
    const inPlay: MatchDetail = {
      ...match,
      in_play: true,
      markets: [{ ...market(50, 'Match Odds', [300, -100]), in_play: true, bet_delay: 3 }],
    };
    api({
      // After the cash out the position is 0 on every runner: no position, no quote.
      'match/getMatchDetail': () =>
        closed ? { ...inPlay, markets: [{ ...inPlay.markets[0]!, runners: runners([0, 0]) }] } : inPlay,
      'bet/cashOut': () =>
        new Promise((resolve) => {
          release = () => {
            closed = true;
            resolve({
              market_id: 50,
              bets: [{ bet_id: 7, selection_id: 1, runner_name: 'India', side: 'LAY', price: 2, stake: 200 }],
              profit: 0,
            });
          };
        }),
    });
    renderApp('/game-details/4/9');
    await userEvent.click(
      await screen.findByRole('button', { name: /^Cash Out ₹100\.00/ }, { timeout: 8_000 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Cash Out ₹100.00' }));
    const pending = await screen.findByTestId('cash-out-pending');
    expect(pending).toHaveTextContent(/^Cashing out: in-play delay, [1-3] s…$/);
    await waitFor(() => expect(pending).toHaveTextContent('Cashing out: waiting for the exchange…'), {
      timeout: 5_000,
    });
    release();
    const card = screen.getByRole('region', { name: 'Match Odds' });
    expect(await within(card).findByText('Cashed out: ₹0.00 on every runner.')).toBeInTheDocument();
    // The match refreshes to no position; the answer stays on screen without a reload.
    await waitFor(() => expect(within(card).queryByRole('button', { name: /^Cash Out/ })).toBeNull());
    expect(within(card).getByText('Cashed out: ₹0.00 on every runner.')).toBeInTheDocument();
  });
});
