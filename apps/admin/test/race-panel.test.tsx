import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { parsePlacings } from '../src/features/markets/RacePanel.tsx';
import { mockApi, renderConsole, signedIn, type Call } from './helpers.tsx';

const runner = (number: number, name: string, extra: object = {}) => ({
  number,
  name,
  colours: ['#c0392b', '#ffffff'],
  jockey: `Jockey ${number}`,
  trainer: `Trainer ${number}`,
  weight: '9-7',
  draw: number,
  form: '21-3',
  age: 4,
  win_selection_id: 100 + number,
  place_selection_id: 200 + number,
  non_runner: false,
  reduction_factor: null,
  place_reduction_factor: null,
  ...extra,
});

const card = (state: string, extra: object = {}) => ({
  match_id: 9,
  sport_id: 7,
  race_name: 'R1 7f Hcap',
  venue: 'Kempton',
  country: 'GB',
  off_time: '2026-11-26T10:00:00.000Z',
  distance: '7f',
  going: 'Good',
  surface: 'Turf',
  state,
  void_reason: null,
  places_paid: 3,
  win_market_id: 90,
  place_market_id: 91,
  runners: [
    runner(1, 'Golden Arrow'),
    runner(2, 'Silver Comet', { non_runner: true, reduction_factor: 25, place_reduction_factor: 20 }),
    runner(3, 'Royal Ascent'),
  ],
  result: null,
  meetings: [],
  ...extra,
});

const raceMatch = {
  match_id: 9,
  match_name: 'R1 7f Hcap',
  sport_id: 7,
  sport_name: 'Horse Racing',
  series_id: 5,
  series_name: 'Kempton (GB)',
  country: 'GB',
  venue: 'Kempton',
  start_time: '2026-11-26T10:00:00.000Z',
  open_date: '2026-11-24T10:00:00.000Z',
  in_play: false,
  is_active: true,
  cricket: null,
  markets: [],
};

describe('the console’s race day panel', () => {
  it('reads placings: commas between positions, "=" joins a dead heat', () => {
    expect(parsePlacings('5, 3, 1=7')).toEqual([[5], [3], [1, 7]]);
    expect(parsePlacings(' 4 ')).toEqual([[4]]);
    expect(parsePlacings('')).toBeNull();
    expect(parsePlacings('5, x')).toBeNull();
    expect(parsePlacings('5, 3=')).toBeNull();
  });

  it('shows the card with its non-runner and withdraws a runner with both reduction factors', async () => {
    signedIn();
    const api = mockApi({
      'admin/match': raceMatch,
      'match/getMatchDetail': { markets: [] },
      'racing/getRaceCard': card('OPEN'),
      'admin/racing/nonRunner': () => card('OPEN'),
    });
    renderConsole('/markets/9');
    const table = await screen.findByRole('table', { name: 'Runners of R1 7f Hcap' });
    expect(within(table).getByText('NR 25% / place 20%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Off…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Result…' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Non-runner…' }));
    const dialog = await screen.findByRole('dialog', { name: 'R1 7f Hcap: withdraw a runner' });
    await userEvent.type(within(dialog).getByLabelText('Runner number'), '3');
    await userEvent.type(within(dialog).getByLabelText('Win reduction factor %'), '12.5');
    await userEvent.type(within(dialog).getByLabelText(/Place reduction factor/), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw 3. Royal Ascent' }));
    await waitFor(() => expect(api.callsTo('admin/racing/nonRunner')).toHaveLength(1));
    expect(api.callsTo('admin/racing/nonRunner')[0]!.body).toMatchObject({
      match_id: 9,
      number: 3,
      reduction_factor: 12.5,
      place_reduction_factor: 10,
    });
  });

  it('results a race that is off with a dead heat, only after the confirmation', async () => {
    signedIn();
    const api = mockApi({
      'admin/match': raceMatch,
      'match/getMatchDetail': { markets: [] },
      'racing/getRaceCard': card('OFF'),
      'admin/racing/result': (c: Call) => card('RESULTED', { result: c.body }),
    });
    renderConsole('/markets/9');
    await userEvent.click(await screen.findByRole('button', { name: 'Result…' }));
    const dialog = await screen.findByRole('dialog', { name: 'R1 7f Hcap: the weighed-in result' });
    await userEvent.type(within(dialog).getByLabelText('Placings, best first'), '3, 1=4');
    expect(api.callsTo('admin/racing/result')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle both markets' }));
    await waitFor(() => expect(api.callsTo('admin/racing/result')).toHaveLength(1));
    expect(api.callsTo('admin/racing/result')[0]!.body).toMatchObject({
      match_id: 9,
      placings: [[3], [1, 4]],
    });
  });

  it('shows nothing on a match of another sport', async () => {
    signedIn();
    const api = mockApi({
      'admin/match': { ...raceMatch, sport_id: 1, sport_name: 'Football' },
      'match/getMatchDetail': { markets: [] },
    });
    renderConsole('/markets/9');
    await screen.findByRole('heading', { name: 'R1 7f Hcap' });
    expect(screen.queryByText('Race day')).toBeNull();
    expect(api.callsTo('racing/getRaceCard')).toHaveLength(0);
  });
});
