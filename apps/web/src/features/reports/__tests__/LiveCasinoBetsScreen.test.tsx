import type { LiveCasinoBetRow } from '@backlay/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, renderApp } from '../../../../test/helpers.tsx';
import { bodiesOf, lastBody, setUp, TODAY, WEEK_AGO } from './fixtures.ts';

configure({ asyncUtilTimeout: 15_000 });

const PATH = 'report/getLiveCasinoBets';

const round = (id: string, over: Partial<LiveCasinoBetRow> = {}): LiveCasinoBetRow => ({
  round_id: id,
  game_id: 11,
  game_name: 'Fruit Fiesta',
  category: 'SLOTS',
  provider_id: 'demo',
  provider_name: 'Backlay Demo Games',
  date: '2026-11-22T19:05:10.000Z',
  status: 'CLOSED',
  stake: 10,
  win: 25,
  profit_loss: 15,
  transactions: [
    { transaction_id: `${id}-bet`, type: 'DEBIT', amount: 10, code: 'OK', date: '2026-11-22T19:05:10.000Z' },
    { transaction_id: `${id}-win`, type: 'CREDIT', amount: 25, code: 'OK', date: '2026-11-22T19:05:11.000Z' },
  ],
  ...over,
});

const answer = (rows: LiveCasinoBetRow[], over: Record<string, number> = {}) => ({
  rows,
  total_stake: rows.reduce((s, r) => s + r.stake, 0),
  total_win: rows.reduce((s, r) => s + r.win, 0),
  total_profit_loss: rows.reduce((s, r) => s + r.profit_loss, 0),
  page: 1,
  page_size: 50,
  total: rows.length,
  ...over,
});

const table = () => screen.findByRole('table', { name: 'Live casino bets' });
const cellsOf = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('Live Casino Bets (issue 23)', { timeout: 30_000 }, () => {
  beforeEach(() => setUp());

  it('lists the rounds of the last 7 IST days: date, game, provider, round, status, stake, win, win/loss, transaction ids', async () => {
    const fetchMock = mockApi({
      [PATH]: answer([
        round('r-2', {
          status: 'OPEN',
          win: 0,
          profit_loss: -10,
          transactions: [
            {
              transaction_id: 'r-2-bet',
              type: 'DEBIT',
              amount: 10,
              code: 'OK',
              date: '2026-11-22T19:06:00.000Z',
            },
          ],
        }),
        round('r-1'),
        round('r-0', {
          status: 'CANCELLED',
          stake: 0,
          win: 0,
          profit_loss: 0,
          transactions: [
            {
              transaction_id: 'r-0-bet',
              type: 'DEBIT',
              amount: 5,
              code: 'OK',
              date: '2026-11-22T19:00:00.000Z',
            },
            {
              transaction_id: 'r-0-rb',
              type: 'ROLLBACK',
              amount: 5,
              code: 'OK',
              date: '2026-11-22T19:00:01.000Z',
            },
          ],
        }),
      ]),
    });
    renderApp('/report/live-casino-bets');
    expect(await screen.findByRole('heading', { level: 1, name: 'Live Casino Bets' })).toBeInTheDocument();
    const t = await table();
    expect(lastBody(fetchMock, PATH)).toEqual({ from_date: WEEK_AGO, to_date: TODAY, page: 1 });
    const rows = cellsOf(t);
    // 19:05:10 UTC is 00:35:10 the next day in UTC+5:30.
    expect(rows[1]).toEqual([
      '23/11/2026 00:35:10',
      'Fruit Fiesta',
      'Backlay Demo Games',
      'r-1',
      'Settled',
      '10.00',
      '25.00',
      '15.00',
      'Bet 10.00 r-1-betWin 25.00 r-1-win',
    ]);
    expect(rows[0]![4]).toBe('In play');
    expect(rows[0]![7]).toBe('-10.00');
    expect(rows[2]![4]).toBe('Cancelled');
    expect(rows[2]![8]).toBe('Bet 5.00 r-0-betRefund 5.00 r-0-rb');
    // Totals of the whole range.
    const total = within(t).getByRole('rowheader', { name: 'Total of the range' }).closest('tr')!;
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['20.00', '25.00', '5.00', '']);
    expect(within(t).getByText('15.00', { selector: '.amount--up' })).toBeInTheDocument();
    expect(within(t).getByText('-10.00', { selector: '.amount--down' })).toBeInTheDocument();
  });

  it('a refused provider call shows its code in words', async () => {
    mockApi({
      [PATH]: answer([
        round('r-9', {
          transactions: [
            {
              transaction_id: 'r-9-bet',
              type: 'DEBIT',
              amount: 0,
              code: 'INSUFFICIENT_FUNDS',
              date: '2026-11-22T19:05:10.000Z',
            },
          ],
        }),
      ]),
    });
    renderApp('/report/live-casino-bets');
    const t = await table();
    expect(cellsOf(t)[0]![8]).toBe('Bet 0.00 r-9-bet (insufficient funds)');
  });

  it('Submit sends the chosen days; a bad range says why and sends nothing', async () => {
    const fetchMock = mockApi({ [PATH]: answer([]) });
    renderApp('/report/live-casino-bets');
    const t = await table();
    expect(within(t).getByText('No live casino or slot rounds in these days')).toBeInTheDocument();
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-20');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('table', { name: 'Live casino bets' });
    expect(lastBody(fetchMock, PATH)).toEqual({ from_date: '2026-11-20', to_date: TODAY, page: 1 });
    const sent = bodiesOf(fetchMock, PATH).length;
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-24');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The From date must not be after the To date.',
    );
    expect(bodiesOf(fetchMock, PATH)).toHaveLength(sent);
  });

  it('pages through the server', async () => {
    const fetchMock = mockApi({
      [PATH]: (body: unknown) => {
        const page = (body as { page: number }).page;
        return answer([round(`p${page}`)], { page, total: 51 });
      },
    });
    renderApp('/report/live-casino-bets');
    await table();
    expect(screen.getByText('1–50 of 51')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('p2')).toBeInTheDocument();
    expect(lastBody(fetchMock, PATH)).toEqual({ from_date: WEEK_AGO, to_date: TODAY, page: 2 });
  });

  it('a failed load says why, with Retry', async () => {
    mockApi({ [PATH]: json({ status: false, message: 'Reports are busy, try again' }) });
    renderApp('/report/live-casino-bets');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the live casino bets: Reports are busy, try again',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
