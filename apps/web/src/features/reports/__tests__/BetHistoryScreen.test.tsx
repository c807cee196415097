import type { BetHistory } from '@backlay/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, renderApp } from '../../../../test/helpers.tsx';
import { bodiesOf, lastBody, setUp, settledBet, TODAY, WEEK_AGO } from './fixtures.ts';

const PATH = 'report/getBetHistory';

const history = (over: Partial<BetHistory> = {}): BetHistory => ({
  bets: [
    settledBet(1, { result: 'WON', profit_loss: 95, average_price_matched: 1.95 }),
    settledBet(2, {
      result: 'LOST',
      profit_loss: -196,
      is_back: '0',
      selection_name: 'Australia',
      average_price_matched: 2.96,
      size_matched: 100,
    }),
    settledBet(3, { result: 'VOID', profit_loss: 0, selection_name: 'The Draw' }),
  ],
  page: 1,
  page_size: 25,
  total: 3,
  ...over,
});

const table = () => screen.findByRole('table', { name: 'Settled bets' });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Bet History', () => {
  beforeEach(setUp);

  it('lists settled bets with result badges and profit/loss', async () => {
    const fetchMock = mockApi({ [PATH]: history() });
    renderApp('/report/bet-history');
    expect(await screen.findByRole('heading', { name: 'Bet History' })).toBeInTheDocument();
    const t = await table();
    expect(bodiesOf(fetchMock, PATH)).toEqual([
      { from_date: WEEK_AGO, to_date: TODAY, result: 'all', page: 1 },
    ]);
    const rows = within(t).getAllByRole('row').slice(1);
    expect(cells(rows[0]!)).toEqual([
      '22/11/2026 22:00:00',
      'India v Australia › Match Odds',
      'India',
      'Back',
      '1.95',
      '100.00',
      'Won',
      '95.00',
      '22/11/2026 15:30:00',
    ]);
    expect(within(rows[0]!).getByText('Won')).toHaveClass('result-badge--won');
    expect(within(rows[0]!).getByText('95.00')).toHaveClass('amount--up');
    expect(within(rows[1]!).getByText('Lost')).toHaveClass('result-badge--lost');
    expect(within(rows[1]!).getByText('-196.00')).toHaveClass('amount--down');
    expect(within(rows[1]!).getByText('Lay')).toHaveClass('side-badge--lay');
    expect(within(rows[2]!).getByText('Void')).toHaveClass('result-badge--void');
    expect(within(rows[2]!).getByText('0.00', { selector: 'td:nth-child(8)' })).not.toHaveClass('amount--up');
  });

  it('shows fancy and bookmaker bets as their markets name them: Yes/No with the line, both Odd/Even sides backs, the rate', async () => {
    const house = { size_remaining: 0, average_price_matched: 0, persistence: 'LAPSE' as const };
    mockApi({
      [PATH]: history({
        bets: [
          settledBet(7, {
            ...house,
            kind: 'FANCY',
            market_name: '6 over runs AUS',
            selection_id: null,
            selection_name: 'Yes 46',
            is_back: '1',
            line: 46,
            rate: 90,
            odds: 1.9,
            result: 'WON',
            profit_loss: 90,
          }),
          settledBet(7, {
            ...house,
            kind: 'BOOKMAKER',
            market_name: 'Bookmaker',
            selection_name: 'AUS',
            is_back: '0',
            rate: 114,
            odds: 2.14,
            result: 'LOST',
            profit_loss: -114,
          }),
          settledBet(8, {
            ...house,
            kind: 'FANCY',
            selection_id: null,
            selection_name: 'No 45',
            is_back: '0',
            line: 45,
            rate: 100,
            odds: 2,
            result: 'LOST',
            profit_loss: -100,
          }),
          settledBet(9, {
            ...house,
            kind: 'FANCY',
            selection_id: null,
            selection_name: 'Even',
            is_back: '1',
            line: null,
            rate: 98,
            odds: 1.98,
            result: 'LOST',
            profit_loss: -100,
          }),
        ],
        total: 4,
      }),
    });
    renderApp('/report/bet-history');
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => cells(r).slice(2, 8))).toEqual([
      ['Yes 46', 'Yes', '90', '100.00', 'Won', '90.00'],
      ['AUS', 'Lay', '114', '100.00', 'Lost', '-114.00'],
      ['No 45', 'No', '100', '100.00', 'Lost', '-100.00'],
      ['Even', 'Back', '98', '100.00', 'Lost', '-100.00'],
    ]);
    expect(within(rows[3]!).getByText('Back')).toHaveClass('side-badge--back');
    expect(within(rows[2]!).getByText('No')).toHaveClass('side-badge--lay');
  });

  it('shows "No records found" when nothing settled', async () => {
    mockApi({ [PATH]: history({ bets: [], total: 0 }) });
    renderApp('/report/bet-history');
    expect(within(await table()).getByText('No records found')).toBeInTheDocument();
  });

  it('shows a failure with Retry', async () => {
    let calls = 0;
    mockApi({
      [PATH]: () => {
        calls += 1;
        return calls === 1 ? json({ message: 'Not Found' }, 404) : history();
      },
    });
    renderApp('/report/bet-history');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your bet history: Not Found');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await table()).toBeInTheDocument();
  });

  it('the result filter and days go out on Submit', async () => {
    const fetchMock = mockApi({ [PATH]: history() });
    renderApp('/report/bet-history');
    await table();
    await userEvent.selectOptions(screen.getByLabelText('Result'), 'Won');
    expect(bodiesOf(fetchMock, PATH)).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(lastBody(fetchMock, PATH)).toEqual({
        from_date: '2026-11-01',
        to_date: TODAY,
        result: 'WON',
        page: 1,
      }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Result'), 'Void');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(lastBody(fetchMock, PATH)).toMatchObject({ result: 'VOID' }));
  });

  it('search waits for typing to stop', async () => {
    const fetchMock = mockApi({ [PATH]: history() });
    renderApp('/report/bet-history');
    await table();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'india');
    await waitFor(() => expect(lastBody(fetchMock, PATH)).toMatchObject({ search: 'india', page: 1 }));
    expect(bodiesOf(fetchMock, PATH).map((b) => b.search)).toEqual([undefined, 'india']);
  });

  it('pages, and a new search starts again at page 1', async () => {
    const fetchMock = mockApi({
      [PATH]: (body: { page: number }) => history({ page: body.page, total: 30 }),
    });
    renderApp('/report/bet-history');
    await table();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastBody(fetchMock, PATH)).toMatchObject({ page: 2 }));
    await waitFor(() => expect(pager).toHaveTextContent('26–30 of 30'));
    await userEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(pager).toHaveTextContent('1–25 of 30'));
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager).toHaveTextContent('26–30 of 30'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'aus');
    await waitFor(() => expect(lastBody(fetchMock, PATH)).toMatchObject({ search: 'aus', page: 1 }));
  });

  it('a From after To shows why and sends nothing', async () => {
    const fetchMock = mockApi({ [PATH]: history() });
    renderApp('/report/bet-history');
    await table();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The From date must not be after the To date.',
    );
    expect(bodiesOf(fetchMock, PATH)).toHaveLength(1);
    // An emptied date is refused too.
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a valid To date.');
    expect(bodiesOf(fetchMock, PATH)).toHaveLength(1);
  });
});
