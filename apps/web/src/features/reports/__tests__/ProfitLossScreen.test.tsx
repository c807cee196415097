import type { ProfitLoss } from '@backlay/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, renderApp } from '../../../../test/helpers.tsx';
import { pnlSummary, runningPnl } from '../PnlChart.tsx';
import { bodiesOf, lastBody, pnlRow, setUp, settledBet, TODAY, WEEK_AGO } from './fixtures.ts';

const PATH = 'report/getProfitLoss';

const bySport: ProfitLoss = {
  rows: [
    pnlRow({ sport_id: 4, sport_name: 'Cricket', profit_loss: 1200, commission: 24, net: 1176 }),
    pnlRow({ sport_id: 1, sport_name: 'Soccer', profit_loss: -300.5, commission: 0, net: -300.5 }),
  ],
  total: { profit_loss: 899.5, commission: 24, net: 875.5 },
};

const cricketMarkets: ProfitLoss = {
  rows: [
    pnlRow({
      market_id: 77,
      market_name: 'Match Odds',
      match_id: 9,
      match_name: 'India v Australia',
      settled_at: '2026-11-21T18:45:00.000Z',
      profit_loss: 1200,
      commission: 24,
      net: 1176,
    }),
  ],
  total: { profit_loss: 1200, commission: 24, net: 1176 },
};

const api = (extra: Record<string, unknown> = {}) =>
  mockApi({
    [PATH]: (body: { group_by: string }) => (body.group_by === 'sport' ? bySport : cricketMarkets),
    ...extra,
  });

const table = () => screen.findByRole('table', { name: 'Profit and loss' });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the running profit and loss (issue 45)', () => {
  beforeEach(setUp);
  const days = [
    { day: '2026-11-20', net: 100.1 },
    { day: '2026-11-21', net: -300.3 },
    { day: '2026-11-23', net: 50 },
  ];

  it('adds each day to the ones before it, to the paisa', () => {
    expect(runningPnl(days)).toEqual([
      { day: '2026-11-20', net: 100.1, running: 100.1 },
      { day: '2026-11-21', net: -300.3, running: -200.2 },
      { day: '2026-11-23', net: 50, running: -150.2 },
    ]);
  });

  it('says the line in words: where it ends, its lowest and highest points', () => {
    expect(pnlSummary(runningPnl(days))).toBe(
      'Running profit and loss over 3 days with settlements: ₹-150.20 on 23/11/2026; lowest ₹-200.20 on 21/11/2026, highest ₹100.10 on 20/11/2026.',
    );
    expect(pnlSummary([])).toBe('No settled markets in these days.');
  });

  it('the report shows the chart with its words and the days as a table', async () => {
    api({ [PATH]: { ...bySport, days } });
    renderApp('/report/profit-loss');
    const figure = await screen.findByRole('figure', {
      name: /^Running profit and loss over 3 days with settlements/,
    });
    const user = userEvent.setup();
    await user.click(within(figure).getByText('Show the days as a table'));
    const daysTable = within(figure).getByRole('table', { name: 'Profit and loss by day' });
    expect(
      within(daysTable)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['20/11/2026100.10100.10', '21/11/2026-300.30-200.20', '23/11/202650.00-150.20']);
  });
});

describe('Profit & Loss', () => {
  beforeEach(setUp);

  it('shows each sport with profit/loss, commission and net, and a totals row', async () => {
    const fetchMock = api();
    renderApp('/report/profit-loss');
    expect(await screen.findByRole('heading', { name: 'Profit & Loss' })).toBeInTheDocument();
    const t = await table();
    expect(bodiesOf(fetchMock, PATH)).toEqual([{ from_date: WEEK_AGO, to_date: TODAY, group_by: 'sport' }]);
    const rows = within(t).getAllByRole('row');
    expect(cells(rows[1]!)).toEqual(['Cricket', '1,200.00', '24.00', '1,176.00']);
    expect(cells(rows[2]!)).toEqual(['Soccer', '-300.50', '0.00', '-300.50']);
    expect(within(rows[2]!).getByText('-300.50', { selector: 'td:nth-child(2)' })).toHaveClass(
      'amount--down',
    );
    expect(within(rows[1]!).getByText('1,176.00')).toHaveClass('amount--up');
    const total = within(t).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(cells(total)).toEqual(['899.50', '24.00', '875.50']);
    expect(screen.getByRole('link', { name: 'Profit & Loss' })).toHaveClass('is-active');
  });

  it('shows "No records found" and no totals when nothing settled', async () => {
    mockApi({ [PATH]: { rows: [], total: { profit_loss: 0, commission: 0, net: 0 } } });
    renderApp('/report/profit-loss');
    const t = await table();
    expect(within(t).getByText('No records found')).toBeInTheDocument();
    expect(within(t).queryByRole('rowheader', { name: 'Total' })).toBeNull();
  });

  it('shows a failure with Retry', async () => {
    let calls = 0;
    mockApi({
      [PATH]: () => {
        calls += 1;
        return calls === 1 ? json({ status: false, message: 'Not yet' }) : bySport;
      },
    });
    renderApp('/report/profit-loss');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the profit and loss: Not yet');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await table()).toBeInTheDocument();
  });

  it('By market asks for market rows and shows match › market and the settled time', async () => {
    const fetchMock = api();
    renderApp('/report/profit-loss');
    await table();
    await userEvent.click(screen.getByRole('radio', { name: 'By market' }));
    await waitFor(() =>
      expect(lastBody(fetchMock, PATH)).toEqual({ from_date: WEEK_AGO, to_date: TODAY, group_by: 'market' }),
    );
    const t = await table();
    await waitFor(() =>
      expect(within(t).getByRole('columnheader', { name: 'Match › Market' })).toBeInTheDocument(),
    );
    const rows = within(t).getAllByRole('row');
    expect(cells(rows[1]!)).toEqual([
      'Cricket',
      'India v Australia › Match Odds',
      '22/11/2026 00:15:00',
      '1,200.00',
      '24.00',
      '1,176.00',
    ]);
    await userEvent.click(screen.getByRole('radio', { name: 'By sport' }));
    await waitFor(() => expect(lastBody(fetchMock, PATH)).toMatchObject({ group_by: 'sport' }));
  });

  it('a sport row drills into that sport’s markets, and back', async () => {
    const fetchMock = api();
    renderApp('/report/profit-loss');
    const t = await table();
    await userEvent.click(within(t).getByRole('button', { name: 'Cricket' }));
    await waitFor(() =>
      expect(lastBody(fetchMock, PATH)).toEqual({
        from_date: WEEK_AGO,
        to_date: TODAY,
        group_by: 'market',
        sport_id: 4,
      }),
    );
    expect(await screen.findByRole('button', { name: 'India v Australia › Match Odds' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All sports' }));
    expect(await screen.findByRole('button', { name: 'Soccer' })).toBeInTheDocument();
  });

  it('a market row opens its bets', async () => {
    const fetchMock = api({
      'report/getBetHistory': { bets: [settledBet(3)], page: 1, page_size: 25, total: 1 },
    });
    renderApp('/report/profit-loss');
    await table();
    await userEvent.click(screen.getByRole('radio', { name: 'By market' }));
    await userEvent.click(await screen.findByRole('button', { name: 'India v Australia › Match Odds' }));
    const dialog = await screen.findByRole('dialog', { name: 'India v Australia › Match Odds' });
    await within(dialog).findByRole('table', { name: 'Settled bets of the market' });
    expect(bodiesOf(fetchMock, 'report/getBetHistory')).toEqual([{ market_id: 77, page: 1 }]);
    expect(within(dialog).getByText('Won')).toHaveClass('result-badge--won');
  });

  it('Submit sends the new days; a From after To shows why and sends nothing', async () => {
    const fetchMock = api();
    renderApp('/report/profit-loss');
    await table();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-15' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(lastBody(fetchMock, PATH)).toEqual({
        from_date: '2026-11-01',
        to_date: '2026-11-15',
        group_by: 'sport',
      }),
    );
    const count = bodiesOf(fetchMock, PATH).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-16' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The From date must not be after the To date.',
    );
    expect(bodiesOf(fetchMock, PATH)).toHaveLength(count);
  });
});
