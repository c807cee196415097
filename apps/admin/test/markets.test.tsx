import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderConsole, signedIn, type Call } from './helpers.tsx';

const matchRow = (id: number, name: string) => ({
  match_id: id,
  match_name: name,
  sport_id: 1,
  sport_name: 'Football',
  series_id: 5,
  series_name: 'English Premier League',
  start_time: '2026-11-23T10:00:00.000Z',
  in_play: false,
  is_active: true,
  markets: [
    {
      market_id: id * 10,
      market_name: 'Match Odds',
      kind: 'EXCHANGE',
      status: 'OPEN',
      in_play: false,
      settlement: 'OPEN',
    },
  ],
});

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
  settlement: {
    state: 'OPEN',
    generation: 0,
    winners: [],
    result_value: null,
    dead_heat_count: 1,
    void_market: false,
    void_selections: [],
    void_windows: [],
    void_bets: [],
  },
  bets: 4,
  matched: 1000,
  exposure: 800,
  runners: [
    { selection_id: 71, name: 'Arsenal', status: 'ACTIVE', sort_order: 0, back_rate: null, lay_rate: null },
    { selection_id: 72, name: 'Chelsea', status: 'ACTIVE', sort_order: 1, back_rate: null, lay_rate: null },
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
  state: 'SETTLED',
  generation: 1,
  winners: [71],
  result_value: null,
  dead_heat_count: 1,
  void_market: false,
  void_selections: [],
  void_windows: [],
  void_bets: [],
  bets_settled: 4,
  bets_void: 0,
  commission: 20,
  house: 20,
  movements: [],
};

describe('Markets', () => {
  it('asks the server for one filtered page at a time', async () => {
    signedIn();
    const api = mockApi({
      'sport/getSports': [{ sport_id: 1, name: 'Football', is_active: 1, order: 1 }],
      'admin/matches': (c: Call) => ({
        rows: [matchRow(7, `Arsenal v Chelsea ${c.query.get('page')}`)],
        page: Number(c.query.get('page')),
        page_size: 25,
        total: 30,
      }),
    });
    renderConsole('/markets');
    expect(await screen.findByRole('link', { name: 'Arsenal v Chelsea 1' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox'), 'arsenal');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.callsTo('admin/matches').at(-1)!.query.get('search')).toBe('arsenal'));
    await userEvent.selectOptions(screen.getByLabelText('Markets'), 'UNSETTLED');
    await waitFor(() => expect(api.callsTo('admin/matches').at(-1)!.query.get('status')).toBe('UNSETTLED'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Arsenal v Chelsea 2' })).toBeInTheDocument();
    const last = api.callsTo('admin/matches').at(-1)!;
    expect(Object.fromEntries(last.query)).toEqual({ page: '2', search: 'arsenal', status: 'UNSETTLED' });
    expect(screen.getByText('26–30 of 30 matches')).toBeInTheDocument();
  });

  it('closes a market only after the confirmation, and suspends it at once', async () => {
    signedIn();
    const api = mockApi({
      'admin/match': match,
      'match/getMatchDetail': { markets: [] },
      'admin/market/status': (c: Call) => ({
        market_id: 70,
        status: (c.body as { status: string }).status,
        version: 4,
      }),
    });
    renderConsole('/markets/7');
    const panel = await screen.findByTestId('market-70');
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Match Odds?' });
    expect(api.callsTo('admin/market/status')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('admin/market/status')).toHaveLength(0);
    await userEvent.click(within(panel).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(api.callsTo('admin/market/status')).toHaveLength(1));
    expect(api.callsTo('admin/market/status')[0]!.body).toMatchObject({
      market_id: 70,
      status: 'SUSPENDED',
      request_id: expect.any(String),
    });
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close market' }),
    );
    await waitFor(() => expect(api.callsTo('admin/market/status')).toHaveLength(2));
    expect(api.callsTo('admin/market/status')[1]!.body).toMatchObject({ status: 'CLOSED' });
  });

  it('settles a dead heat only when it is declared one; the button names the winners', async () => {
    signedIn();
    const api = mockApi({
      'admin/match': match,
      'match/getMatchDetail': { markets: [] },
      'admin/market/result': summary,
    });
    renderConsole('/markets/7');
    const panel = await screen.findByTestId('market-70');
    await userEvent.click(within(panel).getByRole('button', { name: 'Result…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Result: Match Odds' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Dead heat/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Arsenal' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Chelsea' }));
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Settle: Arsenal and Chelsea won (dead heat of 2)' }),
    );
    await waitFor(() => expect(api.callsTo('admin/market/result')).toHaveLength(1));
    expect(api.callsTo('admin/market/result')[0]!.body).toMatchObject({
      market_id: 70,
      winners: [71, 72],
      dead_heat_count: 2,
    });
  });

  it("publishes a fancy's line once every field is a whole number; Reset drops the edits", async () => {
    signedIn();
    const fancyMarket = {
      ...market,
      market_id: 80,
      market_name: '6 over runs',
      market_type: 'FANCY',
      kind: 'FANCY',
      runners: [],
      fancy: {
        variant: 'RUNS',
        status: 'ACTIVE',
        no_line: 45,
        no_rate: 100,
        yes_line: 46,
        yes_rate: 100,
        band: null,
        max_user_stake: 50000,
        result_max: 400,
        display_order: 1,
      },
    };
    const api = mockApi({
      'admin/match': { ...match, markets: [fancyMarket] },
      'match/getMatchDetail': { markets: [] },
      'admin/fancy/quote': {
        fancy_id: 80,
        status: 'ACTIVE',
        no_line: 45,
        no_rate: 100,
        yes_line: 48,
        yes_rate: 100,
        version: 2,
        result: null,
        settled: false,
      },
    });
    renderConsole('/markets/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Manage' }));
    const panel = await screen.findByTestId('market-80');
    expect(within(panel).queryByRole('button', { name: 'Reset' })).toBeNull();
    const noLine = within(panel).getByLabelText('No line');
    await userEvent.clear(noLine);
    await userEvent.type(noLine, '47');
    await userEvent.click(within(panel).getByRole('button', { name: 'Reset' }));
    expect(within(panel).getByLabelText('No line')).toHaveValue('45');
    await userEvent.clear(within(panel).getByLabelText('Yes line'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Publish line' }));
    expect(await within(panel).findByText('Lines and rates are whole numbers')).toBeInTheDocument();
    expect(api.callsTo('admin/fancy/quote')).toHaveLength(0);
    await userEvent.type(within(panel).getByLabelText('Yes line'), '48');
    await userEvent.click(within(panel).getByRole('button', { name: 'Publish line' }));
    await waitFor(() => expect(api.callsTo('admin/fancy/quote')).toHaveLength(1));
    expect(api.callsTo('admin/fancy/quote')[0]!.body).toMatchObject({
      fancy_id: 80,
      no_line: 45,
      no_rate: 100,
      yes_line: 48,
      yes_rate: 100,
    });
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Reset' })).toBeNull());
  });

  it('retries a change that got no answer with the same request_id, and a new change with a new one', async () => {
    signedIn();
    let fail = true;
    const api = mockApi({
      'admin/match': match,
      'match/getMatchDetail': { markets: [] },
      'admin/market/status': () => {
        if (fail) {
          fail = false;
          return json({ status: false, message: 'Internal server error' }, 500);
        }
        return { market_id: 70, status: 'SUSPENDED', version: 4 };
      },
    });
    renderConsole('/markets/7');
    const panel = await screen.findByTestId('market-70');
    await userEvent.click(within(panel).getByRole('button', { name: 'Suspend' }));
    expect(await within(panel).findByText(/Trying again is safe/)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(api.callsTo('admin/market/status')).toHaveLength(2));
    const [first, second] = api.callsTo('admin/market/status') as [Call, Call];
    expect((second.body as { request_id: string }).request_id).toBe(
      (first.body as { request_id: string }).request_id,
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(api.callsTo('admin/market/status')).toHaveLength(3));
    const third = api.callsTo('admin/market/status')[2]!;
    expect((third.body as { request_id: string }).request_id).not.toBe(
      (first.body as { request_id: string }).request_id,
    );
  });

  it('a cricket match: an average overridden, and the unfinished-match settlement only after the confirmation', async () => {
    signedIn();
    const cricketMatch = {
      ...match,
      sport_id: 4,
      cricket: { format: 'T20', competition: 'IPL', teams: ['A', 'B'] },
      markets: [],
    };
    const api = mockApi({
      'admin/match': cricketMatch,
      'match/getMatchDetail': { markets: [] },
      'admin/fancy/averages': {
        averages: [
          { competition: 'IPL', event: 'FIRST_OVER_RUNS', default_value: 6, override: null, value: 6 },
        ],
      },
      'admin/fancy/averages/set': (c: Call) => ({
        averages: [
          {
            competition: 'IPL',
            event: 'FIRST_OVER_RUNS',
            default_value: 6,
            override: (c.body as { value: number }).value,
            value: 7,
          },
        ],
      }),
      'admin/fancy/incomplete': { match_id: 7, overs_bowled: 12.3, fancies: [] },
    });
    renderConsole('/markets/7');
    const override = await screen.findByLabelText('Override of Runs in the 1st over');
    await userEvent.type(override, '7');
    await userEvent.click(within(override.closest('tr')!).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('admin/fancy/averages/set')).toHaveLength(1));
    expect(api.callsTo('admin/fancy/averages/set')[0]!.body).toMatchObject({
      competition: 'IPL',
      event: 'FIRST_OVER_RUNS',
      value: 7,
    });

    await userEvent.type(screen.getByLabelText('Overs bowled in the match'), '12.3');
    await userEvent.click(screen.getByRole('button', { name: 'Settle unsettled fancies…' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Settle the unsettled fancies of an unfinished match?',
    });
    expect(api.callsTo('admin/fancy/incomplete')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle at 12.3 overs' }));
    await waitFor(() => expect(api.callsTo('admin/fancy/incomplete')).toHaveLength(1));
    expect(api.callsTo('admin/fancy/incomplete')[0]!.body).toMatchObject({
      match_id: 7,
      overs_bowled: 12.3,
      abandoned_or_reduced: true,
    });
  });
});
