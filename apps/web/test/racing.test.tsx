import type { RaceCard } from '@backlay/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown, formatCountdown } from '../src/features/market/racing/Countdown.tsx';
import { finishingPositions, ordinal } from '../src/features/market/racing/format.ts';
import { contrast, toRgb, trapInk } from '../src/features/market/racing/Silks.tsx';
import { freshClient, json, mockApi, renderApp, signIn } from './helpers.tsx';
import {
  NEXT_RACE_ID,
  OTHER_MEETING_RACE_ID,
  PLACE_ID,
  RACE_ID,
  raceCardFixture,
  raceMarket,
  raceMatchFixture,
  runnerFixture,
  WIN_ID,
} from './racing-fixtures.ts';

const UI = { timeout: 20_000 };

beforeEach(() => freshClient());

afterEach(() => {
  vi.useRealTimers();
});

const callsTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path));

/** The API of a racing day: cards by match id, the match detail built from each card. */
function raceApi(cards: RaceCard[], extra: Record<string, unknown> = {}) {
  const byId = new Map(cards.map((c) => [c.match_id, c]));
  return mockApi({
    'racing/getRaceCard': (body: unknown) =>
      byId.get((body as { match_id: number }).match_id) ??
      json({ status: false, message: 'Race not found' }, 404),
    'match/getMatchDetail': (body: unknown) => {
      const card = byId.get((body as { match_id: number }).match_id);
      return card ? raceMatchFixture(card) : json({ status: false, message: 'Match not found' }, 404);
    },
    'bet/getMatchBets': { matched: [], unmatched: [] },
    ...extra,
  });
}

const card = () => screen.findByRole('region', { name: 'Race card' }, { timeout: 5000 });
const row = (table: HTMLElement, n: number) => table.querySelector(`[data-runner="${n}"]`) as HTMLElement;

describe('race card: what a bettor reads', UI, () => {
  it('shows every runner with number, silks, jockey, trainer, weight, draw and form; places paid; WIN and PLACE cells', async () => {
    signIn();
    raceApi([raceCardFixture()]);
    renderApp(`/game-details/7/${RACE_ID}`);
    const table = await card();
    const head = screen.getByRole('region', { name: 'Race' });
    expect(within(head).getByRole('heading', { name: /Ascot · Maiden Stakes/ })).toBeInTheDocument();
    expect(within(head).getByText('1m2f')).toBeInTheDocument();
    expect(within(head).getByText('Good to Soft')).toBeInTheDocument();
    expect(within(head).getByTestId('places-paid')).toHaveTextContent('3 places paid');
    const first = row(table, 1);
    expect(first).toHaveTextContent('Sea The Stars');
    expect(first).toHaveTextContent('J J. Rider 1');
    expect(first).toHaveTextContent('T T. Trainer 1');
    expect(first).toHaveTextContent('Wt 9-7');
    expect(first).toHaveTextContent('Dr 3');
    expect(first).toHaveTextContent('Form 21-3P4');
    expect(within(first).getByTestId('silks')).toHaveStyle({ '--silk-body': '#1565c0' });
    // Three back and three lay cells in each market, best prices at the centre.
    const win = within(first).getAllByRole('button', { name: /\(Win\)$/ });
    const place = within(first).getAllByRole('button', { name: /\(Place\)$/ });
    expect(win).toHaveLength(6);
    expect(place).toHaveLength(6);
    expect(win[2]).toHaveAccessibleName('5 200, Back Sea The Stars (Win)');
    expect(win[3]).toHaveAccessibleName('5.1 150, Lay Sea The Stars (Win)');
    expect(place[2]).toHaveAccessibleName('1.6 200, Back Sea The Stars (Place)');
    // The race's markets are the card's: no separate ladders for them.
    expect(screen.queryByRole('heading', { name: 'Win' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Place' })).toBeNull();
  });

  it('a non-runner is struck through with its reduction factor, and cannot be bet', async () => {
    signIn();
    const c = raceCardFixture();
    c.runners[2] = runnerFixture(3, { non_runner: true, reduction_factor: 25, place_reduction_factor: 20 });
    raceApi([c]);
    renderApp(`/game-details/7/${RACE_ID}`);
    const table = await card();
    const nr = row(table, 3);
    expect(nr.querySelector('s')).toHaveTextContent('Frankel');
    expect(within(nr).getByTestId('non-runner')).toHaveTextContent('NR 25% · place 20%');
    for (const b of within(nr).getAllByRole('button')) expect(b).toBeDisabled();
    // The header counts the runners that run.
    expect(screen.getByRole('region', { name: 'Race' })).toHaveTextContent('5 runners');
  });

  it('counts down to the off', async () => {
    signIn();
    raceApi([raceCardFixture()]);
    renderApp(`/game-details/7/${RACE_ID}`);
    await card();
    expect(screen.getByRole('timer')).toHaveTextContent(/^Off in 5:(2\d|30)$/);
  });

  it('in play at the off, with the bet delay', async () => {
    signIn();
    const c = raceCardFixture({ state: 'OFF' });
    raceApi([c], {
      'match/getMatchDetail': raceMatchFixture(c, [
        raceMarket(c, 'WIN', { in_play: true, bet_delay: 5 }),
        raceMarket(c, 'PLACE', { in_play: true, bet_delay: 5 }),
      ]),
    });
    renderApp(`/game-details/7/${RACE_ID}`);
    await card();
    expect(screen.getByTestId('race-state')).toHaveTextContent('In play');
    expect(screen.getByTestId('race-state')).toHaveTextContent('Bet delay 5s');
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('suspended at the finish: the header says so and the cells are closed', async () => {
    signIn();
    const c = raceCardFixture({ state: 'FINISHED' });
    raceApi([c], {
      'match/getMatchDetail': raceMatchFixture(c, [
        raceMarket(c, 'WIN', { status: 'SUSPENDED' }),
        raceMarket(c, 'PLACE', { status: 'SUSPENDED' }),
      ]),
    });
    renderApp(`/game-details/7/${RACE_ID}`);
    const table = await card();
    expect(screen.getByTestId('race-state')).toHaveTextContent('Suspended');
    expect(within(table).getAllByText(/· Suspended/)).toHaveLength(2);
    for (const b of within(row(table, 1)).getAllByRole('button')) expect(b).toBeDisabled();
  });

  it('resulted: the placings, a dead heat marked on the result and on the card', async () => {
    signIn();
    const c = raceCardFixture({
      state: 'RESULTED',
      result: [
        { position: 1, numbers: [4] },
        { position: 2, numbers: [1, 6] },
      ],
    });
    raceApi([c], {
      'match/getMatchDetail': raceMatchFixture(c, [
        raceMarket(c, 'WIN', { status: 'CLOSED' }),
        raceMarket(c, 'PLACE', { status: 'CLOSED' }),
      ]),
    });
    renderApp(`/game-details/7/${RACE_ID}`);
    const table = await card();
    const result = screen.getByRole('region', { name: 'Result' });
    const items = within(result).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1st 4. Enable');
    expect(items[1]).toHaveTextContent('=2nd 1. Sea The Stars and 6. Kingman (dead heat)');
    expect(within(row(table, 4)).getByTestId('finish')).toHaveTextContent('1st');
    expect(within(row(table, 6)).getByTestId('finish')).toHaveTextContent('=2nd');
    expect(screen.getByTestId('race-state')).toHaveTextContent('Resulted');
  });

  it('void with its reason', async () => {
    signIn();
    raceApi([raceCardFixture({ state: 'VOID', void_reason: 'ABANDONED' })]);
    renderApp(`/game-details/7/${RACE_ID}`);
    await card();
    expect(screen.getByTestId('race-state')).toHaveTextContent('VOID · Race abandoned · all bets void');
  });

  it('a greyhound race shows traps in their colours, no jockey', async () => {
    signIn();
    const c = raceCardFixture({ sport_id: 4339, places_paid: 2 }, 6);
    c.runners = c.runners.map((r) => ({
      ...r,
      jockey: null,
      weight: null,
      draw: null,
      colours: ['red', 'white'],
    }));
    raceApi([c]);
    renderApp(`/game-details/4339/${RACE_ID}`);
    const table = await card();
    const trap = within(row(table, 1)).getByTestId('trap');
    expect(trap).toHaveTextContent('Trap 1');
    // White on red is 4.0:1: the number is inked black (5.3:1) to read.
    expect(trap).toHaveStyle({ background: 'red', color: '#000' });
    expect(row(table, 1)).not.toHaveTextContent('Jockey');
    expect(within(row(table, 1)).queryByTestId('silks')).toBeNull();
  });

  it('a 20-runner card renders every runner with twelve cells', async () => {
    signIn();
    raceApi([raceCardFixture({}, 20)]);
    renderApp(`/game-details/7/${RACE_ID}`);
    const table = await card();
    const rows = table.querySelectorAll('[data-runner]');
    expect(rows).toHaveLength(20);
    for (const r of rows) expect(within(r as HTMLElement).getAllByRole('button')).toHaveLength(12);
    expect(row(table, 20)).toHaveTextContent('Danedream');
  });
});

describe('race card: betting is the exchange’s', UI, () => {
  it('a PLACE cell opens the exchange slip on the place market and selection; the bet goes there with its version', async () => {
    signIn();
    const c = raceCardFixture();
    const fetchMock = raceApi([c], {
      'match/getMatchDetail': raceMatchFixture(c, [
        raceMarket(c, 'WIN'),
        raceMarket(c, 'PLACE', { version: 7 }),
      ]),
      'bet/placeMarketBet': {
        bet_id: 9,
        status: 'MATCHED',
        size_matched: 100,
        size_remaining: 0,
        average_price_matched: 1.7,
      },
    });
    renderApp(`/game-details/7/${RACE_ID}`);
    const table = await card();
    await userEvent.click(
      within(row(table, 2)).getByRole('button', { name: '1.7 200, Back Golden Horn (Place)' }),
    );
    const slip = screen.getByRole('form', { name: 'Bet slip' });
    expect(slip).toHaveTextContent('Back Golden Horn');
    expect(slip).toHaveTextContent('Place');
    // Only one slip on screen.
    expect(screen.getAllByRole('form', { name: 'Bet slip' })).toHaveLength(1);
    await userEvent.type(within(slip).getByLabelText('Stake'), '100');
    // What-if on the place market (3 places): beside each runner its own bets if it is placed —
    // the picked runner wins 70; another runner's figure does not move (any 3 can place).
    const whatIf = within(row(table, 2)).getAllByTestId('what-if');
    expect(whatIf).toHaveLength(1);
    expect(whatIf[0]).toHaveTextContent('70.00');
    expect(within(row(table, 1)).getByTestId('what-if')).toHaveTextContent('0.00');
    expect(within(row(table, 1)).getByTestId('what-if')).not.toHaveTextContent('-100.00');
    await userEvent.click(within(slip).getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(callsTo(fetchMock, 'bet/placeMarketBet')).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetchMock, 'bet/placeMarketBet')[0]![1]!.body)) as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      match_id: RACE_ID,
      market_id: PLACE_ID,
      selection_id: 202,
      is_back: '1',
      odds: 1.7,
      stack: 100,
      version: 7,
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Bet slip' })).toBeNull());
  });

  it('a WIN lay cell opens the slip on the win market; picking another cell moves the one slip', async () => {
    signIn();
    raceApi([raceCardFixture()]);
    renderApp(`/game-details/7/${RACE_ID}`);
    const table = await card();
    await userEvent.click(
      within(row(table, 1)).getByRole('button', { name: '5.1 150, Lay Sea The Stars (Win)' }),
    );
    let slip = screen.getByRole('form', { name: 'Bet slip' });
    expect(slip).toHaveTextContent('Lay Sea The Stars');
    expect(slip).toHaveTextContent('Win');
    expect(within(slip).getByLabelText('Odds')).toHaveValue('5.10');
    await userEvent.click(within(row(table, 5)).getByRole('button', { name: '9 200, Back Baaeed (Win)' }));
    slip = screen.getByRole('form', { name: 'Bet slip' });
    expect(screen.getAllByRole('form', { name: 'Bet slip' })).toHaveLength(1);
    expect(slip).toHaveTextContent('Back Baaeed');
    // The slip sits under the runner it is for.
    expect(row(table, 5).nextElementSibling).toContainElement(slip);
  });

  it('one-click places at once on the picked market, as on match odds', async () => {
    signIn();
    const c = raceCardFixture();
    const fetchMock = raceApi([c], {
      'bet/placeMarketBet': {
        bet_id: 10,
        status: 'UNMATCHED',
        size_matched: 0,
        size_remaining: 200,
        average_price_matched: 0,
      },
    });
    renderApp(`/game-details/7/${RACE_ID}`);
    const table = await card();
    await userEvent.click(screen.getByRole('switch', { name: 'One-click betting' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'One-click stake' }), '200');
    await userEvent.click(
      within(row(table, 1)).getByRole('button', { name: '5 200, Back Sea The Stars (Win)' }),
    );
    await waitFor(() => expect(callsTo(fetchMock, 'bet/placeMarketBet')).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetchMock, 'bet/placeMarketBet')[0]![1]!.body)) as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ market_id: WIN_ID, selection_id: 101, is_back: '1', odds: 5 });
    expect(screen.queryByRole('form', { name: 'Bet slip' })).toBeNull();
  });

  it('positions show per market under the runner’s cells', async () => {
    signIn();
    const c = raceCardFixture();
    const win = raceMarket(c, 'WIN');
    win.runners = win.runners.map((r, i) => ({ ...r, position: i === 0 ? 400 : -100 }));
    raceApi([c], { 'match/getMatchDetail': raceMatchFixture(c, [win, raceMarket(c, 'PLACE')]) });
    renderApp(`/game-details/7/${RACE_ID}`);
    const table = await card();
    expect(within(row(table, 1)).getByText('400.00')).toHaveClass('pos--up');
    expect(within(row(table, 2)).getByText('-100.00')).toHaveClass('pos--down');
  });
});

describe('horse-racing route: meeting tabs', UI, () => {
  it('shows the day’s meetings and the meeting’s race times; a tab opens that race', async () => {
    signIn();
    const next = raceCardFixture({ match_id: NEXT_RACE_ID, race_name: 'Handicap' });
    const other = raceCardFixture({
      match_id: OTHER_MEETING_RACE_ID,
      race_name: 'Novice Hurdle',
      venue: 'Leopardstown',
      country: 'IE',
    });
    raceApi([raceCardFixture(), next, other]);
    const { router } = renderApp(`/horse-racing/${RACE_ID}/2026-11-22`);
    const nav = await screen.findByRole('navigation', { name: 'Race meetings' }, { timeout: 5000 });
    expect(within(nav).getByRole('link', { name: /Ascot GB/ })).toHaveAttribute('aria-current', 'true');
    const races = within(nav).getByRole('list', { name: 'Ascot races' });
    const links = within(races).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    await screen.findByRole('region', { name: 'Race card' });
    await userEvent.click(links[1]!);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/horse-racing/${NEXT_RACE_ID}/2026-11-22`),
    );
    expect(
      await screen.findByRole('heading', { name: /Ascot · Handicap/ }, { timeout: 5000 }),
    ).toBeInTheDocument();
    // Another meeting's tab opens its next race.
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Race meetings' })).getByRole('link', {
        name: /Leopardstown/,
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/horse-racing/${OTHER_MEETING_RACE_ID}/2026-11-22`),
    );
    expect(
      await screen.findByRole('heading', { name: /Leopardstown · Novice Hurdle/ }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('racing helpers', () => {
  it('counts down as m:ss under an hour, h mm over, "Due off" at the off', () => {
    expect(formatCountdown(5 * 60_000 + 7_000)).toBe('Off in 5:07');
    expect(formatCountdown(65 * 60_000)).toBe('Off in 1h 05m');
    expect(formatCountdown(400)).toBe('Off in 0:01');
    expect(formatCountdown(0)).toBe('Due off');
    expect(formatCountdown(-5_000)).toBe('Due off');
  });

  it('the countdown ticks every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T14:25:00.000Z'));
    render(<Countdown offTime="2026-11-22T14:30:00.000Z" />);
    expect(screen.getByRole('timer')).toHaveTextContent('Off in 5:00');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('Off in 4:59');
    act(() => vi.advanceTimersByTime(300_000));
    expect(screen.getByRole('timer')).toHaveTextContent('Due off');
  });

  it('ordinals and dead heats', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
    ]);
    const pos = finishingPositions([
      { position: 1, numbers: [3] },
      { position: 2, numbers: [5, 7] },
    ]);
    expect(pos.get(3)).toBe('1st');
    expect(pos.get(5)).toBe('=2nd');
    expect(pos.get(7)).toBe('=2nd');
  });

  it('a trap number reads on its colour (4.5:1), whatever the trap colours', () => {
    expect(toRgb('#fff')).toEqual([255, 255, 255]);
    expect(toRgb('red')).toEqual([255, 0, 0]);
    expect(toRgb('rgb(1,2,3)')).toBeNull();
    expect(trapInk(['black', 'white'])).toBe('white');
    // Red on yellow does not read: black does.
    expect(trapInk(['yellow', 'red'])).toBe('#000');
    expect(trapInk(['navy', 'navy'])).toBe('#fff');
    for (const bg of ['red', 'blue', 'white', 'black', 'orange', '#00ff00', '#777777']) {
      const ink = toRgb(trapInk([bg, 'red']))!;
      expect(contrast(toRgb(bg)!, ink)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
