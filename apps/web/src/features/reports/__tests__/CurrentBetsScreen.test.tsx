import type { Bet, CurrentBets } from '@backlay/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useClientStore } from '../../../lib/store.ts';
import { json, mockApi, renderApp } from '../../../../test/helpers.tsx';
import { bet, bodiesOf, lastBody, setUp } from './fixtures.ts';

const PATH = 'bet/getCurrentBets';

const page = (bets: Bet[], over: Partial<CurrentBets> = {}): CurrentBets => ({
  bets,
  page: 1,
  page_size: 20,
  total: bets.length,
  ...over,
});

const byType: Record<string, Bet[]> = {
  M: [
    bet(1, { placed_at: '2026-11-22T19:00:05.000Z' }),
    bet(2, {
      is_back: '0',
      selection_name: 'Australia',
      odds: 3,
      average_price_matched: 2.98,
      stack: 200,
      size_matched: 150,
      size_remaining: 50,
      status: 'PARTIAL',
    }),
  ],
  U: [
    bet(5, {
      is_back: '0',
      odds: 1.5,
      stack: 100,
      size_matched: 0,
      size_remaining: 100,
      average_price_matched: 0,
      status: 'UNMATCHED',
    }),
  ],
  D: [
    bet(8, {
      stack: 300,
      size_matched: 0,
      size_remaining: 0,
      size_cancelled: 300,
      average_price_matched: 0,
      status: 'LAPSED',
    }),
  ],
};

const api = (extra: Record<string, unknown> = {}) =>
  mockApi({
    [PATH]: (body: { bet_type: string }) => page(byType[body.bet_type] ?? []),
    ...extra,
  });

const tableNamed = (name: string) => screen.findByRole('table', { name });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Current Bets', () => {
  beforeEach(setUp);

  it('opens on Matched and lists the bets with Back/Lay colours', async () => {
    const fetchMock = api();
    renderApp('/report/current-bet');
    expect(await screen.findByRole('heading', { name: 'Current Bets' })).toBeInTheDocument();
    const t = await tableNamed('Matched bets');
    expect(bodiesOf(fetchMock, PATH)).toEqual([{ bet_type: 'M', page: 1 }]);
    expect(screen.getByRole('tab', { name: 'Matched' })).toHaveAttribute('aria-selected', 'true');
    const rows = within(t).getAllByRole('row').slice(1);
    expect(cells(rows[0]!)).toEqual([
      '23/11/2026 00:30:05',
      'India v Australia › Match Odds',
      'India',
      'Back',
      '1.95',
      '100.00',
      '100.00',
      'Matched',
    ]);
    expect(cells(rows[1]!)).toEqual([
      '22/11/2026 15:30:00',
      'India v Australia › Match Odds',
      'Australia',
      'Lay',
      '2.98',
      '200.00',
      '150.00',
      'Partly matched',
    ]);
    expect(rows[0]).toHaveClass('row--back');
    expect(rows[1]).toHaveClass('row--lay');
    expect(within(rows[0]!).getByText('Back')).toHaveClass('side-badge--back');
    expect(within(t).queryByRole('button', { name: /Cancel/ })).toBeNull();
  });

  it('each tab asks for its bet type and shows the columns that fit it', async () => {
    const fetchMock = api();
    renderApp('/report/current-bet');
    await tableNamed('Matched bets');
    await userEvent.click(screen.getByRole('tab', { name: 'Unmatched' }));
    const u = await tableNamed('Unmatched bets');
    expect(lastBody(fetchMock, PATH)).toEqual({ bet_type: 'U', page: 1 });
    expect(within(u).getByRole('columnheader', { name: 'Remaining' })).toBeInTheDocument();
    expect(cells(within(u).getAllByRole('row')[1]!).slice(4, 9)).toEqual([
      '1.5',
      '100.00',
      '0.00',
      '100.00',
      'Unmatched',
    ]);
    await userEvent.click(screen.getByRole('tab', { name: 'Cancelled/Lapsed' }));
    const d = await tableNamed('Cancelled/Lapsed bets');
    expect(lastBody(fetchMock, PATH)).toEqual({ bet_type: 'D', page: 1 });
    expect(within(d).getByRole('columnheader', { name: 'Cancelled' })).toBeInTheDocument();
    expect(within(d).getByText('300.00', { selector: 'td:nth-child(8)' })).toBeInTheDocument();
    expect(within(d).getByText('Lapsed')).toBeInTheDocument();
  });

  it('a new tab never shows the last tab’s bets while it loads', async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    mockApi({
      [PATH]: async (body: { bet_type: string }) => {
        if (body.bet_type === 'U') await gate;
        return page(byType[body.bet_type] ?? []);
      },
    });
    renderApp('/report/current-bet');
    await tableNamed('Matched bets');
    await userEvent.click(screen.getByRole('tab', { name: 'Unmatched' }));
    expect(await screen.findByText('Loading your bets…')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Cancel / })).toBeNull();
    release();
    const u = await tableNamed('Unmatched bets');
    expect(within(u).getAllByRole('button', { name: /^Cancel / })).toHaveLength(1);
  });

  it('shows "No records found" for an empty tab', async () => {
    mockApi({ [PATH]: page([]) });
    renderApp('/report/current-bet');
    const t = await tableNamed('Matched bets');
    expect(within(t).getByText('No records found')).toBeInTheDocument();
  });

  it('shows a failure with Retry', async () => {
    let calls = 0;
    mockApi({
      [PATH]: () => {
        calls += 1;
        return calls === 1 ? json({ message: 'Service unavailable' }, 503) : page(byType.M!);
      },
    });
    renderApp('/report/current-bet');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your bets: Service unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await tableNamed('Matched bets')).toBeInTheDocument();
  });

  it('search waits for typing to stop, then asks once, from page 1', async () => {
    const fetchMock = api();
    renderApp('/report/current-bet');
    await tableNamed('Matched bets');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'aus');
    await waitFor(() => expect(lastBody(fetchMock, PATH)).toEqual({ bet_type: 'M', page: 1, search: 'aus' }));
    const searches = bodiesOf(fetchMock, PATH).map((b) => b.search);
    expect(searches).toEqual([undefined, 'aus']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await waitFor(() => expect(lastBody(fetchMock, PATH)).toEqual({ bet_type: 'M', page: 1 }));
  });

  it('pages, and a new tab starts again at page 1', async () => {
    const fetchMock = mockApi({
      [PATH]: (body: { page: number }) => page(byType.M!, { page: body.page, total: 45 }),
    });
    renderApp('/report/current-bet');
    await tableNamed('Matched bets');
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(pager).toHaveTextContent('1–20 of 45');
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastBody(fetchMock, PATH)).toEqual({ bet_type: 'M', page: 2 }));
    await waitFor(() => expect(pager).toHaveTextContent('Page 2 of 3'));
    await userEvent.click(screen.getByRole('tab', { name: 'Unmatched' }));
    await waitFor(() => expect(lastBody(fetchMock, PATH)).toEqual({ bet_type: 'U', page: 1 }));
  });

  it('Cancel on an unmatched bet calls cancelBet, toasts, and refreshes bets, balance and exposure', async () => {
    let cancelled = false;
    const fetchMock = mockApi({
      [PATH]: (body: { bet_type: string }) =>
        page(body.bet_type === 'U' && cancelled ? [] : (byType[body.bet_type] ?? [])),
      'bet/cancelBet': async () => {
        await new Promise((r) => setTimeout(r, 50));
        cancelled = true;
        return { cancelled: 1, size_cancelled: 100 };
      },
    });
    renderApp('/report/current-bet');
    await tableNamed('Matched bets');
    await userEvent.click(screen.getByRole('tab', { name: 'Unmatched' }));
    const u = await tableNamed('Unmatched bets');
    const balanceCalls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).endsWith('getUserBalance')).length;
    const listCalls = bodiesOf(fetchMock, PATH).length;
    const balanceBefore = balanceCalls();
    const counter = useClientStore.getState().betPlacedCounter;
    const button = within(u).getByRole('button', { name: 'Cancel lay India at 1.5' });
    await userEvent.click(button);
    // While the call runs the button is busy and nothing else can be cancelled.
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Bet cancelled: ₹100.00 returned.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'bet/cancelBet')).toEqual([{ bet_id: 5 }]);
    expect(useClientStore.getState().betPlacedCounter).toBe(counter + 1);
    await waitFor(() => expect(bodiesOf(fetchMock, PATH).length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(balanceCalls()).toBeGreaterThan(balanceBefore));
    expect(await within(u).findByText('No records found')).toBeInTheDocument();
  });

  it('a refused cancel shows the server’s message', async () => {
    const fetchMock = api({
      'bet/cancelBet': () => json({ status: false, message: 'The bet has already matched' }),
    });
    renderApp('/report/current-bet');
    await tableNamed('Matched bets');
    await userEvent.click(screen.getByRole('tab', { name: 'Unmatched' }));
    const u = await tableNamed('Unmatched bets');
    await userEvent.click(within(u).getByRole('button', { name: 'Cancel lay India at 1.5' }));
    expect(await screen.findByText('The bet has already matched')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'bet/cancelBet')).toEqual([{ bet_id: 5 }]);
    await waitFor(() =>
      expect(within(u).getByRole('button', { name: 'Cancel lay India at 1.5' })).toBeEnabled(),
    );
  });
});
