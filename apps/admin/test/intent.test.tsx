// Issue 31: the console sends what the operator means — void windows to the second covering the
// bets up to the dialog's opening, the dead heat validated and named in the confirmation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromIstInput, toIstInput } from '../src/lib/format.ts';
import { mockApi, renderConsole, signedIn } from './helpers.tsx';

const settlement = {
  state: 'OPEN',
  generation: 0,
  winners: [],
  result_value: null,
  dead_heat_count: 1,
  void_market: false,
  void_selections: [],
  void_windows: [],
  void_bets: [],
};
const market = {
  market_id: 70,
  market_name: 'Match Odds',
  market_type: 'MATCH_ODDS',
  kind: 'EXCHANGE',
  status: 'OPEN',
  in_play: false,
  bet_delay_s: 0,
  min_stake: 100,
  max_stake: 500000,
  commission_percent: 2,
  start_time: '2026-11-23T10:00:00.000Z',
  version: 3,
  settlement,
  bets: 4,
  matched: 1000,
  exposure: 800,
  runners: [
    { selection_id: 71, name: 'Arsenal', status: 'ACTIVE', sort_order: 0, back_rate: null, lay_rate: null },
    { selection_id: 72, name: 'Chelsea', status: 'REMOVED', sort_order: 1, back_rate: null, lay_rate: null },
    { selection_id: 73, name: 'The Draw', status: 'ACTIVE', sort_order: 2, back_rate: null, lay_rate: null },
  ],
  bookmaker: null,
  fancy: null,
};
const match = {
  match_id: 7,
  match_name: 'Arsenal v Chelsea',
  sport_id: 1,
  sport_name: 'Football',
  series_id: 5,
  series_name: 'English Premier League',
  country: 'GB',
  venue: null,
  start_time: '2026-11-23T10:00:00.000Z',
  open_date: '2026-11-21T10:00:00.000Z',
  in_play: false,
  is_active: true,
  cricket: null,
  markets: [market],
};
const summary = {
  market_id: 70,
  ...settlement,
  bets_settled: 0,
  bets_void: 1,
  commission: 0,
  house: 0,
  movements: [],
};

afterEach(() => vi.useRealTimers());

describe('time inputs', () => {
  it('show and read seconds, India time', () => {
    expect(toIstInput('2026-11-25T11:03:53.400Z')).toBe('2026-11-25T16:33:53');
    expect(fromIstInput('2026-11-25T16:33:53')).toBe('2026-11-25T11:03:53.000Z');
    expect(fromIstInput('2026-11-25T16:33')).toBe('2026-11-25T11:03:00.000Z');
    expect(fromIstInput('2026-11-25T16:33:53.250')).toBe('2026-11-25T11:03:53.250Z');
    expect(fromIstInput('16:33')).toBeNull();
  });
});

describe('the void dialog', () => {
  it("a window's default ends with the second the dialog opened in; it says how many bets and how much before voiding", async () => {
    signedIn();
    const opened = Date.parse('2026-11-25T11:03:53.400Z');
    vi.spyOn(Date, 'now').mockReturnValue(opened);
    const api = mockApi({
      'admin/match': match,
      'match/getMatchDetail': { markets: [] },
      'admin/market/voidPreview': (c: { query: URLSearchParams }) => ({
        market_id: 70,
        from: c.query.get('from'),
        to: c.query.get('to'),
        bets: 2,
        users: 1,
        stake: 4900,
      }),
      'admin/market/voidWindow': summary,
    });
    renderConsole('/markets/7');
    const panel = await screen.findByTestId('market-70');
    await userEvent.click(within(panel).getByRole('button', { name: 'Void…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void: Match Odds' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Bets placed in a time window' }));
    expect((within(dialog).getByLabelText('To (India time)') as HTMLInputElement).value).toMatch(
      /^2026-11-25T16:33:53(\.000)?$/,
    );
    expect(
      await within(dialog).findByText(/2 bets of 1 user, ₹4,900.00 staked, will be void/),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void 2 bets (₹4,900.00)' }));
    await waitFor(() => expect(api.callsTo('admin/market/voidWindow')).toHaveLength(1));
    const body = api.callsTo('admin/market/voidWindow')[0]!.body as { from: string; to: string };
    expect(body.to).toBe('2026-11-25T11:03:53.999Z');
    expect(Date.parse(body.to)).toBeGreaterThanOrEqual(opened);
    expect(body.from).toBe('2026-11-25T10:03:53.000Z');
  });

  it('a time typed with seconds is sent to the second', async () => {
    signedIn();
    const api = mockApi({
      'admin/match': match,
      'match/getMatchDetail': { markets: [] },
      'admin/market/voidPreview': {
        market_id: 70,
        from: '2026-11-25T11:00:07.000Z',
        to: '2026-11-25T11:01:09.999Z',
        bets: 0,
        users: 0,
        stake: 0,
      },
      'admin/market/voidWindow': summary,
    });
    renderConsole('/markets/7');
    const panel = await screen.findByTestId('market-70');
    await userEvent.click(within(panel).getByRole('button', { name: 'Void…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void: Match Odds' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Bets placed in a time window' }));
    const from = within(dialog).getByLabelText('From (India time)');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-25T16:30:07');
    const to = within(dialog).getByLabelText('To (India time)');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-25T16:31:09');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Void 0 bets (₹0.00)' }));
    await waitFor(() => expect(api.callsTo('admin/market/voidWindow')).toHaveLength(1));
    expect(api.callsTo('admin/market/voidWindow')[0]!.body).toMatchObject({
      from: '2026-11-25T11:00:07.000Z',
      to: '2026-11-25T11:01:09.999Z',
    });
  });

  it('names the runner, and does not offer a removed one', async () => {
    signedIn();
    const api = mockApi({
      'admin/match': match,
      'match/getMatchDetail': { markets: [] },
      'admin/market/void': summary,
    });
    renderConsole('/markets/7');
    const panel = await screen.findByTestId('market-70');
    await userEvent.click(within(panel).getByRole('button', { name: 'Void…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void: Match Odds' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'One runner' }));
    const select = within(dialog).getByLabelText('Runner');
    expect(within(select).queryByRole('option', { name: 'Chelsea' })).toBeNull();
    await userEvent.selectOptions(select, 'The Draw');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void The Draw' }));
    await waitFor(() => expect(api.callsTo('admin/market/void')).toHaveLength(1));
  });
});

describe('the fancy settle form', () => {
  const fancyMarket = {
    ...market,
    market_id: 80,
    market_name: 'Top batsman',
    market_type: 'FANCY',
    kind: 'FANCY',
    runners: [],
    fancy: {
      variant: 'FANCY1',
      status: 'SUSPENDED',
      no_line: 1,
      no_rate: 100,
      yes_line: 1,
      yes_rate: 100,
      band: null,
      max_user_stake: 50000,
      result_max: 1,
      display_order: 1,
    },
  };
  const fancySummary = { ...summary, market_id: 80 };

  it('refuses a dead heat that is not a whole number with a message, and names a valid one in the confirmation', async () => {
    signedIn();
    const api = mockApi({
      'admin/match': { ...match, markets: [fancyMarket] },
      'match/getMatchDetail': { markets: [] },
      'admin/fancy/result': fancySummary,
    });
    renderConsole('/markets/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Manage' }));
    const form = await screen.findByRole('form', { name: 'Result of Top batsman' });
    await userEvent.type(within(form).getByLabelText('Result'), '1');
    for (const bad of ['two', '0', '1.5']) {
      await userEvent.clear(within(form).getByLabelText('Dead heat of'));
      await userEvent.type(within(form).getByLabelText('Dead heat of'), bad);
      await userEvent.click(within(form).getByRole('button', { name: 'Settle…' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent(
        /Dead heat of" must be a whole number/,
      );
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    await userEvent.clear(within(form).getByLabelText('Dead heat of'));
    await userEvent.type(within(form).getByLabelText('Dead heat of'), '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Settle…' }));
    const confirm = await screen.findByRole('dialog', {
      name: /Settle Top batsman at 1, a dead heat of 2\?/,
    });
    expect(confirm).toHaveTextContent('each winning bet is paid on its stake ÷ 2');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Settle at 1 (dead heat of 2)' }));
    await waitFor(() => expect(api.callsTo('admin/fancy/result')).toHaveLength(1));
    expect(api.callsTo('admin/fancy/result')[0]!.body).toMatchObject({
      fancy_id: 80,
      result: 1,
      dead_heat_count: 2,
    });
  });

  it('refuses a negative or decimal result with a message', async () => {
    signedIn();
    const api = mockApi({
      'admin/match': {
        ...match,
        markets: [{ ...fancyMarket, fancy: { ...fancyMarket.fancy, variant: 'RUNS', result_max: 400 } }],
      },
      'match/getMatchDetail': { markets: [] },
    });
    renderConsole('/markets/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Manage' }));
    const form = await screen.findByRole('form', { name: 'Result of Top batsman' });
    for (const bad of ['-3', '4.5']) {
      await userEvent.clear(within(form).getByLabelText('Result'));
      await userEvent.type(within(form).getByLabelText('Result'), bad);
      await userEvent.click(within(form).getByRole('button', { name: 'Settle…' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent(/The result must be a whole number/);
    }
    expect(api.callsTo('admin/fancy/result')).toHaveLength(0);
  });
});

describe('edit match', () => {
  it('sends only the venue when only the venue changed: the start time and its markets stay', async () => {
    signedIn();
    const api = mockApi({
      'admin/match': { ...match, start_time: '2026-11-23T10:00:27.000Z' },
      'match/getMatchDetail': { markets: [] },
      'admin/match/update': { ...match, venue: "Lord's" },
    });
    renderConsole('/markets/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit match' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit match' });
    await userEvent.type(within(dialog).getByLabelText('Venue'), "Lord's");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save match' }));
    await waitFor(() => expect(api.callsTo('admin/match/update')).toHaveLength(1));
    expect(api.callsTo('admin/match/update')[0]!.body).toEqual({
      match_id: 7,
      venue: "Lord's",
      request_id: expect.any(String),
    });
  });
});
