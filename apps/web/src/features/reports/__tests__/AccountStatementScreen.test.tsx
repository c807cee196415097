import type { AccountStatement } from '@backlay/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, renderApp } from '../../../../test/helpers.tsx';
import { bodiesOf, lastBody, setUp, settledBet, statementRow, TODAY, WEEK_AGO } from './fixtures.ts';

const PATH = 'report/getAccountStatement';

const statement = (over: Partial<AccountStatement> = {}): AccountStatement => ({
  opening_balance: 100000,
  closing_balance: 100450.5,
  rows: [
    statementRow(1, {
      date: '2026-11-20T20:15:30.000Z',
      kind: 'deposit',
      description: 'Deposit',
      credit: 500.5,
      balance: 100500.5,
    }),
    statementRow(2, {
      date: '2026-11-21T09:00:00.000Z',
      kind: 'market_loss',
      description: 'India v Australia › Match Odds',
      debit: 50,
      balance: 100450.5,
      market_id: 77,
      match_id: 9,
      sport_id: 4,
    }),
  ],
  page: 1,
  page_size: 25,
  total: 2,
  ...over,
});

const table = () => screen.findByRole('table', { name: 'Account statement' });

describe('Account Statement', () => {
  beforeEach(setUp);

  it('on a phone each row reads as "Header: value": every cell carries its column, and the frame is reachable by keyboard', async () => {
    mockApi({ [PATH]: statement() });
    renderApp('/report/account-statement');
    const t = await table();
    const [first] = within(t).getAllByRole('row').slice(1);
    expect([...first!.querySelectorAll('td')].map((td) => td.getAttribute('data-label'))).toEqual([
      'Date',
      'Description',
      'Credit',
      'Debit',
      'Balance',
    ]);
    const frame = screen.getByRole('region', { name: 'Account statement table' });
    expect(frame).toHaveAttribute('tabindex', '0');
    expect(frame).toContainElement(t);
  });

  it('asks for the last 7 IST days and shows opening balance, rows and closing balance with 2 decimals', async () => {
    const fetchMock = mockApi({ [PATH]: statement() });
    renderApp('/report/account-statement');
    expect(await screen.findByRole('heading', { name: 'Account Statement' })).toBeInTheDocument();
    const t = await table();
    expect(lastBody(fetchMock, PATH)).toEqual({
      from_date: WEEK_AGO,
      to_date: TODAY,
      account_type: 'all',
      page: 1,
    });
    // Shown in the site's format, dd/mm/yyyy (DayField.tsx), whatever the browser's locale.
    const shown = (day: string) => day.split('-').reverse().join('/');
    expect(screen.getByLabelText('From')).toHaveValue(shown(WEEK_AGO));
    expect(screen.getByLabelText('To')).toHaveValue(shown(TODAY));
    expect(screen.getByText(/Opening balance/)).toHaveTextContent('Opening balance: 1,00,000.00');
    expect(screen.getByText(/Closing balance/)).toHaveTextContent('Closing balance: 1,00,450.50');
    const rows = within(t).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    // 20:15:30 UTC is 01:45:30 the next day in UTC+5:30.
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['21/11/2026 01:45:30', 'Deposit', '500.50', '0.00', '1,00,500.50']);
    expect(within(rows[0]!).getByText('500.50')).toHaveClass('amount--up');
    expect(within(rows[1]!).getByText('50.00')).toHaveClass('amount--down');
    // The report bar links every report.
    const nav = screen.getByRole('navigation', { name: 'Reports' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Account Statement', 'Current Bets', 'Profit & Loss', 'Bet History']);
    expect(within(nav).getByRole('link', { name: 'Profit & Loss' })).toHaveAttribute(
      'href',
      '/report/profit-loss',
    );
  });

  it('shows "No records found" when the range holds nothing', async () => {
    mockApi({ [PATH]: statement({ rows: [], total: 0, closing_balance: 100000 }) });
    renderApp('/report/account-statement');
    const t = await table();
    expect(within(t).getByText('No records found')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('shows a refusal as a readable message with Retry, and Retry loads again', async () => {
    let calls = 0;
    mockApi({
      [PATH]: () => {
        calls += 1;
        return calls === 1 ? json({ status: false, message: 'Reports are resting' }) : statement();
      },
    });
    renderApp('/report/account-statement');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the account statement: Reports are resting');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await table()).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('an HTTP failure is shown too', async () => {
    mockApi({ [PATH]: () => json({ message: 'Server busy' }, 500) });
    renderApp('/report/account-statement');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server busy');
  });

  it('Submit sends the chosen days and type, from page 1', async () => {
    const fetchMock = mockApi({ [PATH]: statement() });
    renderApp('/report/account-statement');
    await table();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Game');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(lastBody(fetchMock, PATH)).toEqual({
        from_date: '2026-10-01',
        to_date: '2026-10-31',
        account_type: 'game',
        page: 1,
      }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Deposit/Withdraw');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(lastBody(fetchMock, PATH)).toMatchObject({ account_type: 'deposit_withdraw' }),
    );
  });

  it('pages through a long statement', async () => {
    const fetchMock = mockApi({
      [PATH]: (body: { page: number }) => statement({ page: body.page, total: 60 }),
    });
    renderApp('/report/account-statement');
    await table();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(pager).toHaveTextContent('1–25 of 60');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastBody(fetchMock, PATH)).toMatchObject({ page: 2 }));
    await waitFor(() => expect(pager).toHaveTextContent('26–50 of 60'));
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager).toHaveTextContent('51–60 of 60'));
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    // Submit starts again at page 1.
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(lastBody(fetchMock, PATH)).toMatchObject({ page: 1 }));
  });

  it('a market row opens that market’s settled bets', async () => {
    const fetchMock = mockApi({
      [PATH]: statement(),
      'report/getBetHistory': {
        bets: [
          settledBet(5, { result: 'LOST', profit_loss: -100, is_back: '1', average_price_matched: 2.5 }),
          settledBet(6, {
            result: 'WON',
            profit_loss: 50,
            is_back: '0',
            selection_name: 'Australia',
            average_price_matched: 3,
            size_matched: 50,
          }),
        ],
        page: 1,
        page_size: 25,
        total: 2,
      },
    });
    renderApp('/report/account-statement');
    const t = await table();
    // A row without a market is plain text.
    expect(within(t).queryByRole('button', { name: 'Deposit' })).toBeNull();
    await userEvent.click(within(t).getByRole('button', { name: 'India v Australia › Match Odds' }));
    const dialog = await screen.findByRole('dialog', { name: 'India v Australia › Match Odds' });
    const bets = await within(dialog).findByRole('table', { name: 'Settled bets of the market' });
    expect(bodiesOf(fetchMock, 'report/getBetHistory')).toEqual([{ market_id: 77, page: 1 }]);
    const rows = within(bets).getAllByRole('row');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['India', 'Back', '2.5', '100.00', 'Lost', '-100.00']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Australia', 'Lay', '3', '50.00', 'Won', '50.00']);
    expect(within(rows[2]!).getByText('Lay')).toHaveClass('side-badge--lay');
    expect(within(bets).getByRole('rowheader', { name: 'Total' }).closest('tr')).toHaveTextContent('-50.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a From after To shows why and sends nothing', async () => {
    const fetchMock = mockApi({ [PATH]: statement() });
    renderApp('/report/account-statement');
    await table();
    const before = bodiesOf(fetchMock, PATH).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-10' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The From date must not be after the To date.',
    );
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesOf(fetchMock, PATH)).toHaveLength(before);
    // More than a year is refused the same way.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-10' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('at most 366 days');
    expect(bodiesOf(fetchMock, PATH)).toHaveLength(before);
  });
});
