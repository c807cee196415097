import type { MarketDetail, MatchDetail } from '@backlay/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MarketCard } from '../src/features/market/MarketCard.tsx';
import {
  positionsAfter,
  profitOrLiability,
  stakeToPaise,
  stepDown,
  stepUp,
} from '../src/features/market/slip.ts';
import { ControlledSocket, json, mockApi, renderApp, resetStore, signIn } from './helpers.tsx';

const market: MarketDetail = {
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
      back: [
        { price: 1.9, size: 500 },
        { price: 1.89, size: 1200 },
        { price: 1.88, size: 25000 },
      ],
      lay: [
        { price: 1.92, size: 300 },
        { price: 1.93, size: 800 },
      ],
      position: 200,
    },
    {
      selection_id: 2,
      name: 'Australia',
      status: 'ACTIVE',
      back: [{ price: 2.1, size: 400 }],
      lay: [],
      position: -100,
    },
  ],
};

const match: MatchDetail = {
  match_id: 9,
  match_name: 'India v Australia',
  match_Date: '2026-11-22T14:00:00.000Z',
  sport_id: 4,
  sport_name: 'Cricket',
  series_name: 'Test Series',
  in_play: false,
  markets: [market],
};

class QuietSocket {
  readyState = 0;
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  send() {}
  close() {}
}

beforeEach(() => {
  resetStore();
  vi.stubGlobal('WebSocket', QuietSocket);
});

describe('slip arithmetic', () => {
  it('moves odds along the ladder and stays inside it', () => {
    expect(stepUp(199)).toBe(200);
    expect(stepUp(200)).toBe(202);
    expect(stepDown(202)).toBe(200);
    expect(stepDown(101)).toBe(101);
    expect(stepUp(100_000)).toBe(100_000);
    expect(stepUp(1000)).toBe(1050);
  });

  it('profit for a back, liability for a lay', () => {
    expect(profitOrLiability('BACK', 250, stakeToPaise('100'))).toBe(150);
    expect(profitOrLiability('LAY', 250, stakeToPaise('100'))).toBe(150);
    expect(profitOrLiability('LAY', 101, stakeToPaise('33.33'))).toBe(0.34); // liability rounds up
    expect(profitOrLiability('BACK', 101, stakeToPaise('33.33'))).toBe(0.33); // win rounds down
    expect(stakeToPaise('abc')).toBeNull();
    expect(stakeToPaise('0')).toBeNull();
  });

  it('what-if positions add the bet to the current positions', () => {
    const back = positionsAfter(market, { selection_id: 1, side: 'BACK', price: 200 }, 10_000);
    expect(back.get(1)).toBe(300); // 200 + 100
    expect(back.get(2)).toBe(-200); // -100 - 100
    const lay = positionsAfter(market, { selection_id: 2, side: 'LAY', price: 300 }, 10_000);
    expect(lay.get(1)).toBe(300); // 200 + 100
    expect(lay.get(2)).toBe(-300); // -100 - 200
    expect(positionsAfter(market, { selection_id: 1, side: 'BACK', price: 200 }, null).get(1)).toBe(200);
  });
});

describe('ladder', () => {
  it('shows three back and three lay cells with the best prices in the centre', () => {
    render(<MarketCard market={market} onPick={() => {}} />);
    const row = screen.getByText('India').closest('[role="row"]') as HTMLElement;
    const cells = within(row).getAllByRole('button');
    expect(cells).toHaveLength(6);
    expect(cells.map((c) => c.querySelector('.price__odds')?.textContent?.trim())).toEqual([
      '1.88',
      '1.89',
      '1.9',
      '1.92',
      '1.93',
      '',
    ]);
    expect(cells[2]).toHaveClass('price--back', 'price--l1');
    expect(cells[3]).toHaveClass('price--lay', 'price--l1');
    expect(cells[0]).toHaveTextContent('25K');
    expect(cells[2]).toHaveAccessibleName('1.9 500, Back India');
    // positions: green profit, red loss
    expect(within(row).getByText('200.00')).toHaveClass('pos--up');
    expect(screen.getByText('-100.00')).toHaveClass('pos--down');
  });

  it('every price is named by what it shows first, then side and runner (WCAG 2.5.3 label in name)', () => {
    render(<MarketCard market={market} onPick={() => {}} />);
    const priced = screen.getAllByRole('button').filter((b) => b.querySelector('.price__inner'));
    expect(priced.length).toBeGreaterThan(4);
    for (const b of priced) {
      const shown = [...b.querySelectorAll('.price__inner > span')].map((s) => s.textContent).join(' ');
      const runner = b.closest('[role="row"]')?.querySelector('.runner__name')?.textContent ?? '';
      expect(b).toHaveAccessibleName(
        `${shown}, ${b.classList.contains('price--back') ? 'Back' : 'Lay'} ${runner}`,
      );
    }
  });

  it('a price click picks side, runner and price; empty cells offer the other side’s best', async () => {
    const onPick = vi.fn();
    render(<MarketCard market={market} onPick={onPick} />);
    await userEvent.click(screen.getByRole('button', { name: '1.93 800, Lay India' }));
    expect(onPick).toHaveBeenLastCalledWith({ market_id: 50, selection_id: 1, side: 'LAY', price: 193 });
    const ausRow = screen.getByText('Australia').closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(ausRow).getAllByRole('button', { name: 'Lay Australia' })[0]!);
    expect(onPick).toHaveBeenLastCalledWith({ market_id: 50, selection_id: 2, side: 'LAY', price: 210 });
  });

  it('suspended and closed markets are covered and refuse clicks', () => {
    const { rerender } = render(<MarketCard market={{ ...market, status: 'SUSPENDED' }} onPick={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Suspended');
    expect(screen.getByRole('button', { name: /^1\.9 \S+, Back India$/ })).toBeDisabled();
    rerender(<MarketCard market={{ ...market, status: 'CLOSED' }} onPick={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Closed');
  });
});

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'match/getMatchDetail': match,
    'bet/getMatchBets': { matched: [], unmatched: [] },
    'user/getButtonValue': [
      { button_name: '1k', button_value: 1000, type: 'Game' },
      { button_name: 'C5k', button_value: 5000, type: 'Casino' },
      { button_name: '500', button_value: 500, type: 'Game' },
    ],
    'bet/placeMarketBet': {
      bet_id: 77,
      status: 'MATCHED',
      size_matched: 500,
      size_remaining: 0,
      average_price_matched: 1.9,
    },
    ...extra,
  });
}

const placeCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('bet/placeMarketBet'))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

describe('match/matchdetail/{matchId}', () => {
  it('opens the match’s markets on game-details under the sport the match names (spec §2)', async () => {
    signIn();
    api();
    const { router } = renderApp('/match/matchdetail/9');
    await screen.findByRole('heading', { name: 'India v Australia' });
    expect(router.state.location.pathname).toBe(`/game-details/${match.sport_id}/9`);
    expect(screen.queryByText(/coming release/)).toBeNull();
  });
});

describe('bet slip focus', () => {
  it('a slip opens with the cursor in its stake; Escape closes it and focus goes back to the price', async () => {
    signIn();
    api();
    renderApp('/game-details/4/9');
    await screen.findByRole('heading', { name: 'India v Australia' });
    const price = screen.getByRole('button', { name: '1.9 500, Back India' });
    price.focus();
    await userEvent.keyboard('{Enter}');
    const slip = screen.getByRole('form', { name: 'Bet slip' });
    expect(within(slip).getByLabelText('Stake', { exact: true })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Bet slip' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: '1.9 500, Back India' })).toHaveFocus());
  });
});

describe('game-details headings', () => {
  it('every state of the screen has one h1: the match, an unknown match, a failed load', async () => {
    signIn();
    api();
    const first = renderApp('/game-details/4/9');
    await screen.findByRole('heading', { level: 1, name: 'India v Australia' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    first.unmount();

    api({ 'match/getMatchDetail': () => json({ status: false, message: 'Match not found' }, 404) });
    const second = renderApp('/game-details/4/999999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Match not found');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Match']);
    second.unmount();

    renderApp('/game-details/4/not-a-number');
    expect(await screen.findByText('Match not found.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Match']);
  });
});

describe('bet slip on the game-details screen', () => {
  it('ticks, quick stakes, profit/liability and what-if positions; Place sends the bet', async () => {
    signIn();
    const fetchMock = api();
    renderApp('/game-details/4/9');
    await screen.findByRole('heading', { name: 'India v Australia' });
    await userEvent.click(screen.getByRole('button', { name: '1.9 500, Back India' }));
    const slip = screen.getByRole('form', { name: 'Bet slip' });
    const odds = within(slip).getByLabelText('Odds');
    expect(odds).toHaveValue('1.90');
    expect(odds).toHaveAttribute('readonly');
    await userEvent.click(within(slip).getByRole('button', { name: 'Raise odds by one tick' }));
    expect(odds).toHaveValue('1.91');
    odds.focus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}');
    expect(odds).toHaveValue('1.92');
    await userEvent.click(within(slip).getByRole('button', { name: 'Lower odds by one tick' }));
    expect(odds).toHaveValue('1.91');
    // Game buttons only
    const quick = await within(slip).findByRole('group', { name: 'Quick stakes' });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1k', '500']);
    await userEvent.click(within(quick).getByRole('button', { name: '1k' }));
    expect(within(slip).getByLabelText('Stake')).toHaveValue('1000');
    expect(within(slip).getByTestId('slip-summary')).toHaveTextContent('Profit: 910.00');
    // positions after the bet: India 200 + 910, Australia -100 - 1000
    const whatIfs = screen.getAllByTestId('what-if').map((e) => e.textContent);
    expect(whatIfs).toEqual([' » 1,110.00', ' » -1,100.00']);
    await userEvent.click(within(slip).getByRole('checkbox', { name: /Keep the unmatched part/ }));
    await userEvent.click(within(slip).getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(placeCalls(fetchMock)).toHaveLength(1));
    const sent = placeCalls(fetchMock)[0]!;
    expect(sent).toMatchObject({
      match_id: 9,
      market_id: 50,
      selection_id: 1,
      is_back: '1',
      odds: 1.91,
      stack: 1000,
      version: 3,
      keep_in_play: true,
    });
    expect(sent.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/Bet matched/)).toBeInTheDocument();
  });

  it('a lay shows its liability; a refusal is shown as a toast and the slip stays', async () => {
    signIn();
    api({
      'bet/placeMarketBet': () => json({ status: false, message: 'Insufficient balance for this bet' }),
    });
    renderApp('/game-details/4/9');
    await screen.findByRole('heading', { name: 'India v Australia' });
    await userEvent.click(screen.getByRole('button', { name: '1.92 300, Lay India' }));
    const slip = screen.getByRole('form', { name: 'Bet slip' });
    await userEvent.type(within(slip).getByLabelText('Stake'), '200');
    expect(within(slip).getByTestId('slip-summary')).toHaveTextContent('Liability: 184.00');
    await userEvent.click(within(slip).getByRole('button', { name: 'Place Bet' }));
    expect(await screen.findByText('Insufficient balance for this bet')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Bet slip' })).toBeInTheDocument();
    // Escape closes the slip.
    within(slip).getByLabelText('Stake').focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Bet slip' })).toBeNull();
  });

  it('one-click: with a stake chosen, a price click places at once (and the choice is kept)', async () => {
    signIn();
    const fetchMock = api();
    renderApp('/game-details/4/9');
    await screen.findByRole('heading', { name: 'India v Australia' });
    await userEvent.click(screen.getByRole('switch', { name: 'One-click betting' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'One-click stake' }), '250');
    expect(localStorage.getItem('oneClickOn')).toBe('1');
    expect(localStorage.getItem('oneClickStake')).toBe('250');
    await userEvent.click(screen.getAllByRole('button', { name: 'Lay Australia' })[0]!);
    // Australia lay is empty: the price offered is the back side's best.
    await waitFor(() => expect(placeCalls(fetchMock)).toHaveLength(1));
    expect(placeCalls(fetchMock)[0]).toMatchObject({ selection_id: 2, is_back: '0', odds: 2.1, stack: 250 });
    expect(screen.queryByRole('form', { name: 'Bet slip' })).toBeNull();
  });

  it('lists matched and unmatched bets and cancels one or all', async () => {
    signIn();
    const bet = (id: number, over: Record<string, unknown>) => ({
      bet_id: id,
      match_id: 9,
      match_name: 'India v Australia',
      sport_id: 4,
      market_id: 50,
      market_name: 'Match Odds',
      selection_id: 1,
      selection_name: 'India',
      is_back: '1',
      odds: 2,
      stack: 100,
      size_matched: 0,
      size_remaining: 100,
      size_cancelled: 0,
      average_price_matched: 0,
      status: 'UNMATCHED',
      persistence: 'LAPSE',
      placed_at: '2026-11-22T10:00:00.000Z',
      updated_at: '2026-11-22T10:00:00.000Z',
      ...over,
    });
    const fetchMock = api({
      'bet/getMatchBets': {
        matched: [
          bet(1, { status: 'MATCHED', size_matched: 100, size_remaining: 0, average_price_matched: 1.9 }),
        ],
        unmatched: [bet(2, {}), bet(3, { is_back: '0', odds: 3 })],
      },
      'bet/cancelBet': { cancelled: 1, size_cancelled: 100 },
    });
    renderApp('/game-details/4/9');
    const unmatched = await screen.findByTestId('unmatched-bets');
    await within(unmatched).findAllByRole('row');
    expect(within(screen.getByTestId('matched-bets')).getByText('1.9')).toBeInTheDocument();
    await userEvent.click(within(unmatched).getByRole('button', { name: 'Cancel lay India at 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel all' }));
    await waitFor(() => {
      const bodies = fetchMock.mock.calls
        .filter(([url]) => String(url).endsWith('bet/cancelBet'))
        .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);
      expect(bodies).toEqual([{ bet_id: 3 }, { market_id: 50 }]);
    });
  });
});

describe('home rows', () => {
  it('show the first back and lay price of each runner, a dash where none; not for races', async () => {
    const { MatchRow } = await import('../src/components/MatchRow.tsx');
    const { MemoryRouter } = await import('react-router');
    const odds = [
      { selection_id: 1, name: 'India', back: 1.9, lay: 1.92 },
      { selection_id: 2, name: 'Australia', back: null, lay: 2.1 },
    ];
    const row = (o: typeof odds) => (
      <MemoryRouter>
        <ul>
          <MatchRow
            sportId={4}
            matchId={9}
            name="India v Australia"
            date="2026-11-22T14:00:00.000Z"
            inPlay={false}
            odds={o}
          />
        </ul>
      </MemoryRouter>
    );
    const { rerender } = render(row(odds));
    const strip = screen.getByTestId('main-odds');
    expect([...strip.querySelectorAll('span[aria-label]')].map((e) => e.getAttribute('aria-label'))).toEqual([
      'India back 1.9',
      'India lay 1.92',
      'Australia back –',
      'Australia lay 2.1',
    ]);
    const race = [1, 2, 3, 4].map((i) => ({ selection_id: i, name: `Trap ${i}`, back: 3, lay: 3.1 }));
    rerender(row(race));
    expect(screen.queryByTestId('main-odds')).toBeNull();
  });
});

describe('one refresh per bet (issue 42)', () => {
  /** The GETs that show the caller's bets, balance and exposure, by path. */
  const refreshGets = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((u) => /(bet\/getMatchBets|match\/getMatchDetail|user\/getUserBalance|exposureDetail)/.test(u));

  /** The game-details screen with one-click at 250: a price click places at once. */
  async function oneClickScreen(live: boolean) {
    ControlledSocket.all = [];
    vi.stubGlobal('WebSocket', ControlledSocket);
    signIn();
    const fetchMock = api();
    renderApp('/game-details/4/9');
    await screen.findByRole('heading', { name: 'India v Australia' });
    await waitFor(() => expect(ControlledSocket.all).toHaveLength(1));
    const ws = ControlledSocket.all[0]!;
    if (live) act(() => ws.open());
    await userEvent.click(screen.getByRole('switch', { name: 'One-click betting' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'One-click stake' }), '250');
    return { fetchMock, ws };
  }

  it("with the socket open, the answer refreshes nothing; the bet's own notice refreshes once", async () => {
    const { fetchMock, ws } = await oneClickScreen(true);
    const before = refreshGets(fetchMock).length;
    await userEvent.click(screen.getAllByRole('button', { name: 'Lay Australia' })[0]!);
    await waitFor(() => expect(placeCalls(fetchMock)).toHaveLength(1));
    await screen.findByText(/Bet /);
    expect(refreshGets(fetchMock)).toHaveLength(before);
    act(() => ws.push({ type: 'bets', market_id: 50 }));
    await waitFor(() => expect(refreshGets(fetchMock).length).toBeGreaterThan(before));
    const once = refreshGets(fetchMock).length - before;
    // Each of the screen's bet queries once: My Bets, the match (positions), and the balance.
    expect(once).toBeGreaterThanOrEqual(2);
    expect(once).toBeLessThanOrEqual(4);
  });

  it('with the socket not open, the answer refreshes them itself', async () => {
    const { fetchMock } = await oneClickScreen(false);
    const before = refreshGets(fetchMock).length;
    await userEvent.click(screen.getAllByRole('button', { name: 'Lay Australia' })[0]!);
    await waitFor(() => expect(placeCalls(fetchMock)).toHaveLength(1));
    await waitFor(() => expect(refreshGets(fetchMock).length).toBeGreaterThan(before));
  });
});

describe('live prices on the game-details screen', () => {
  it('merges images and deltas into the ladder, refetches bets on a notice and everything after a reconnect', async () => {
    ControlledSocket.all = [];
    vi.stubGlobal('WebSocket', ControlledSocket);
    signIn();
    const fetchMock = api();
    const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path)).length;
    renderApp('/game-details/4/9');
    await screen.findByRole('heading', { name: 'India v Australia' });
    await waitFor(() => expect(ControlledSocket.all).toHaveLength(1));
    const ws = ControlledSocket.all[0]!;
    expect(ws.url).toMatch(/^ws:\/\/.*\/ws$/);
    act(() => ws.open());
    expect(ws.sent).toEqual([
      { op: 'auth', token: 'tok-demo' },
      { op: 'heartbeat' },
      { op: 'subscribe', market_ids: [50] },
    ]);
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Live');
    const levels = (back: [number, number][], lay: [number, number][]) => ({
      back: back.map(([price, size]) => ({ price, size })),
      lay: lay.map(([price, size]) => ({ price, size })),
    });
    act(() =>
      ws.push({
        type: 'image',
        market_id: 50,
        seq: 1,
        market: {
          market_id: 50,
          status: 'OPEN',
          in_play: false,
          version: 3,
          runners: [
            { selection_id: 1, status: 'ACTIVE', traded_volume: 0, ...levels([[1.95, 700]], [[1.97, 100]]) },
            { selection_id: 2, status: 'ACTIVE', traded_volume: 0, ...levels([], []) },
          ],
        },
      }),
    );
    expect(await screen.findByRole('button', { name: '1.95 700, Back India' })).toBeInTheDocument();
    act(() =>
      ws.push({
        type: 'delta',
        market_id: 50,
        seq: 2,
        market: {
          status: 'SUSPENDED',
          runners: [{ selection_id: 1, status: 'ACTIVE', traded_volume: 5, ...levels([[1.96, 50]], []) }],
        },
      }),
    );
    expect(await screen.findByRole('button', { name: '1.96 50, Back India' })).toBeDisabled();
    expect(screen.getByText('Suspended')).toBeInTheDocument();
    // A gap: the client asks for a fresh image.
    act(() => ws.push({ type: 'delta', market_id: 50, seq: 5, market: { status: 'OPEN' } }));
    expect(ws.sent.at(-1)).toEqual({ op: 'image', market_id: 50 });
    expect(screen.getByText('Suspended')).toBeInTheDocument();
    // One of my bets changed: bets are fetched again.
    const betsBefore = calls('bet/getMatchBets');
    act(() => ws.push({ type: 'bets', market_id: 50 }));
    await waitFor(() => expect(calls('bet/getMatchBets')).toBeGreaterThan(betsBefore));
    // The connection drops: the indicator says so; on reconnect the screen is fetched again.
    const detailBefore = calls('match/getMatchDetail');
    act(() => {
      ws.readyState = 3;
      ws.onclose?.({});
    });
    await waitFor(() => expect(screen.getByTestId('live-indicator')).toHaveTextContent('Reconnecting'));
    await waitFor(() => expect(ControlledSocket.all).toHaveLength(2), { timeout: 3000 });
    act(() => ControlledSocket.all[1]!.open());
    expect(ControlledSocket.all[1]!.sent).toContainEqual({ op: 'subscribe', market_ids: [50] });
    await waitFor(() => expect(calls('match/getMatchDetail')).toBeGreaterThan(detailBefore));
    await waitFor(() => expect(screen.getByTestId('live-indicator')).toHaveTextContent('Live'));
  });
});
