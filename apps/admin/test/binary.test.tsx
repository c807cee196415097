import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { parsePrice } from '../src/features/binary/BinaryScreen.tsx';
import { mockApi, renderConsole, signedIn, type Call } from './helpers.tsx';

const session = (over: object = {}) => ({
  session_id: 70,
  match_id: 901,
  code: 'NFY',
  group: 'EQUITY',
  trading_day: '2026-11-26',
  state: 'CLOSED',
  opens_at: '2026-11-26T04:30:00.000Z',
  closes_at: '2026-11-26T09:00:00.000Z',
  recorded_price: 24345.05,
  override_price: null,
  settlement_price: null,
  bets: 3,
  stake: 1500,
  void_reason: null,
  ...over,
});

const sessions = [
  session(),
  session({
    session_id: 71,
    match_id: 911,
    code: 'GOLD',
    group: 'COMMODITY',
    state: 'OPEN',
    recorded_price: 76012,
  }),
  session({ session_id: 69, trading_day: '2026-11-25', state: 'SETTLED', settlement_price: 24290 }),
  session({
    session_id: 68,
    code: 'AXS',
    trading_day: '2026-11-24',
    state: 'VOID',
    void_reason: 'Feed fault',
  }),
];

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'admin/binary/sessions': { sessions },
    'admin/binary/calendar': { holidays: [{ day: '2026-12-25', group: 'EVENING', reason: 'Christmas' }] },
    'admin/binary/settle': (c: Call) =>
      session({ state: 'SETTLED', settlement_price: (c.body as { price?: number }).price ?? 24345.05 }),
    'admin/binary/void': () => session({ state: 'VOID' }),
    'admin/binary/override': (c: Call) =>
      session({ override_price: (c.body as { price: number | null }).price }),
    'admin/binary/calendar/add': (c: Call) => ({ holidays: [c.body] }),
    'admin/binary/calendar/remove': () => ({ holidays: [] }),
    ...extra,
  });
}

async function openPage() {
  signedIn();
  renderConsole('/binary');
  return screen.findByRole('table', { name: 'Binary sessions' });
}

describe('the console’s binary sessions page', () => {
  it('reads a typed price: positive, two decimals at most', () => {
    expect(parsePrice('24350.25')).toBe(24350.25);
    expect(parsePrice(' 100 ')).toBe(100);
    expect(parsePrice('0')).toBeNull();
    expect(parsePrice('1.234')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
  });

  it('lists sessions with state and prices; actions by state', async () => {
    api();
    const table = await openPage();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    // A void session shows the operator's reason.
    expect(within(rows[4]!).getByText('Feed fault')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('CLOSED')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('24,345.05')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Settle NFY 2026-11-26' })).toBeInTheDocument();
    // An open session is not settled before its close; a settled one has no settle nor override.
    expect(screen.queryByRole('button', { name: 'Settle GOLD 2026-11-26' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Settle NFY 2026-11-25' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Override price of NFY 2026-11-25' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Void NFY 2026-11-25' })).toBeInTheDocument();
  });

  it('settles on the recorded price, only after the confirmation', async () => {
    const calls = api();
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Settle NFY 2026-11-26' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settle NFY 2026-11-26?' });
    expect(calls.callsTo('admin/binary/settle')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle on 24,345.05' }));
    await waitFor(() => expect(calls.callsTo('admin/binary/settle')).toHaveLength(1));
    const body = calls.callsTo('admin/binary/settle')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ session_id: 70 });
    expect(body).not.toHaveProperty('price');
    expect(typeof body.request_id).toBe('string');
  });

  it('settles on a typed figure', async () => {
    const calls = api();
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Settle NFY 2026-11-26' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settle NFY 2026-11-26?' });
    await userEvent.type(within(dialog).getByLabelText('Settle on this price instead'), '24351.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle on 24,351.50' }));
    await waitFor(() => expect(calls.callsTo('admin/binary/settle')).toHaveLength(1));
    expect(calls.callsTo('admin/binary/settle')[0]!.body).toMatchObject({ session_id: 70, price: 24351.5 });
  });

  it('voids a session and shows a refusal in the server’s words', async () => {
    const calls = api({
      'admin/binary/void': () =>
        new Response(JSON.stringify({ status: false, message: 'Session already void' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Void NFY 2026-11-25' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void NFY 2026-11-25?' });
    // No reason: refused on the screen, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void: return every stake' }));
    expect(await within(dialog).findByText(/Write the reason/)).toBeInTheDocument();
    expect(calls.callsTo('admin/binary/void')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Feed fault at the open');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void: return every stake' }));
    await waitFor(() => expect(calls.callsTo('admin/binary/void')).toHaveLength(1));
    expect(calls.callsTo('admin/binary/void')[0]!.body).toMatchObject({
      session_id: 69,
      reason: 'Feed fault at the open',
    });
    expect(await within(dialog).findByText('Session already void')).toBeInTheDocument();
  });

  it('records and clears an override price', async () => {
    const calls = api();
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Override price of GOLD 2026-11-26' }));
    let dialog = await screen.findByRole('dialog', { name: 'Settlement price of GOLD 2026-11-26' });
    await userEvent.type(within(dialog).getByLabelText('Official settlement price'), '76020');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record 76,020' }));
    await waitFor(() => expect(calls.callsTo('admin/binary/override')).toHaveLength(1));
    expect(calls.callsTo('admin/binary/override')[0]!.body).toMatchObject({ session_id: 71, price: 76020 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Override price of GOLD 2026-11-26' }));
    dialog = await screen.findByRole('dialog', { name: 'Settlement price of GOLD 2026-11-26' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear the override' }));
    await waitFor(() => expect(calls.callsTo('admin/binary/override')).toHaveLength(2));
    expect(calls.callsTo('admin/binary/override')[1]!.body).toMatchObject({ session_id: 71, price: null });
  });

  it('lists, adds and removes holidays', async () => {
    const calls = api();
    await openPage();
    const holidays = await screen.findByRole('table', { name: 'Holidays' });
    expect(within(holidays).getByText('Christmas')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a holiday' });
    await userEvent.type(within(form).getByLabelText('Day'), '2027-01-26');
    await userEvent.selectOptions(within(form).getByLabelText('Sessions'), 'EQUITY');
    await userEvent.type(within(form).getByLabelText('Reason'), 'Republic Day');
    await userEvent.click(within(form).getByRole('button', { name: 'Add holiday' }));
    await waitFor(() => expect(calls.callsTo('admin/binary/calendar/add')).toHaveLength(1));
    expect(calls.callsTo('admin/binary/calendar/add')[0]!.body).toMatchObject({
      day: '2027-01-26',
      group: 'EQUITY',
      reason: 'Republic Day',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove holiday 2026-12-25 EVENING' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the holiday of 2026-12-25 (EVENING)?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.callsTo('admin/binary/calendar/remove')).toHaveLength(1));
    expect(calls.callsTo('admin/binary/calendar/remove')[0]!.body).toMatchObject({
      day: '2026-12-25',
      group: 'EVENING',
    });
  });
});
