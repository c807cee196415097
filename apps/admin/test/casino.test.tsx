// The console's Casino page (issue 22): the tables with their limits, and the limits editor —
// checked before it is sent (each field named), sent as one audited admin/casino/setLimits call
// after the confirmation, a refusal shown in the server's words.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { checkLimits, parseLimit } from '../src/features/casino/CasinoScreen.tsx';
import { json, mockApi, renderConsole, signedIn, type Call } from './helpers.tsx';

const table = (over: object = {}) => ({
  match_id: 501,
  game_id: 'dragon_tiger_20',
  table_name: 'Dragon Tiger 20-20',
  series_id: 'ourcasino',
  limits: { min_stake: 10, max_per_option: 25_000, max_per_round: 50_000 },
  ...over,
});
const tables = [
  table(),
  table({ match_id: 508, game_id: 'virtual_racing', table_name: 'Virtual Racing', series_id: 'virtual' }),
];

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'admin/casino/tables': { tables },
    'admin/casino/setLimits': (c: Call) => {
      const { match_id, min_stake, max_per_option, max_per_round } = c.body as Record<string, number>;
      return table({ match_id, limits: { min_stake, max_per_option, max_per_round } });
    },
    ...extra,
  });
}

async function openPage() {
  signedIn();
  renderConsole('/casino');
  return screen.findByRole('table', { name: 'Casino tables' });
}

describe('the console’s casino tables page', () => {
  it('reads typed limits: rupees above 0, two decimals, in order', () => {
    expect(parseLimit(' 100.5 ')).toBe(100.5);
    expect(parseLimit('0')).toBeNull();
    expect(parseLimit('1.234')).toBeNull();
    expect(parseLimit('10000001')).toBeNull();
    expect(checkLimits({ min_stake: '10', max_per_option: '100', max_per_round: '200' })).toEqual({
      limits: { min_stake: 10, max_per_option: 100, max_per_round: 200 },
    });
    expect(checkLimits({ min_stake: '50', max_per_option: '20', max_per_round: '10' })).toEqual({
      errors: {
        max_per_option: 'Must be at least the minimum stake',
        max_per_round: 'Must be at least the most per option',
      },
    });
  });

  it('lists every table with its series and limits', async () => {
    api();
    const list = await openPage();
    const rows = within(list).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Dragon Tiger 20-20')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Our Casino')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('₹10.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('₹25,000.00')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Our Virtual')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Casino' })).toBeInTheDocument();
  });

  it('sends new limits after the confirmation, saying they apply from the next round', async () => {
    const calls = api();
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Edit limits of Dragon Tiger 20-20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Limits of Dragon Tiger 20-20' });
    expect(within(dialog).getByText(/apply from the table’s next round/)).toBeInTheDocument();
    const min = within(dialog).getByLabelText('Minimum stake (₹)');
    await userEvent.clear(min);
    await userEvent.type(min, '100');
    const option = within(dialog).getByLabelText('Most per option in a round (₹)');
    await userEvent.clear(option);
    await userEvent.type(option, '5000.50');
    expect(calls.callsTo('admin/casino/setLimits')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(calls.callsTo('admin/casino/setLimits')).toHaveLength(1));
    const body = calls.callsTo('admin/casino/setLimits')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      match_id: 501,
      min_stake: 100,
      max_per_option: 5000.5,
      max_per_round: 50_000,
    });
    expect(typeof body.request_id).toBe('string');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('names a bad field before sending anything, and shows a refusal in the server’s words', async () => {
    const calls = api({
      'admin/casino/setLimits': () => json({ status: false, message: 'match_id: 501 is not a casino table' }),
    });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Edit limits of Dragon Tiger 20-20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Limits of Dragon Tiger 20-20' });
    const round = within(dialog).getByLabelText('Most per round (₹)');
    await userEvent.clear(round);
    await userEvent.type(round, '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(within(dialog).getByText('Must be at least the most per option')).toBeInTheDocument();
    expect(round).toHaveAttribute('aria-invalid', 'true');
    expect(calls.callsTo('admin/casino/setLimits')).toHaveLength(0);
    await userEvent.clear(round);
    await userEvent.type(round, '60000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(calls.callsTo('admin/casino/setLimits')).toHaveLength(1));
    expect(await within(dialog).findByText(/501 is not a casino table/)).toBeInTheDocument();
  });
});
