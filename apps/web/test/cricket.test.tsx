import {
  WS_MAX_SUBSCRIPTIONS,
  type CricketDetail,
  type Fancy,
  type KindBet,
  type MatchDetail,
} from '@backlay/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bookmakerOutcome,
  bookmakerPositionsAfter,
  fancyOutcome,
  khadoBand,
  oversOf,
  shownStatus,
} from '../src/features/market/cricket/kind-slip.ts';
import { createThrottle } from '../src/features/market/cricket/useCricketLive.ts';
import { WS_SUBSCRIBE_MAX } from '../src/features/market/useLive.ts';
import { ControlledSocket, json, mockApi, renderApp, resetStore, signIn } from './helpers.tsx';

const match: MatchDetail = {
  match_id: 9,
  match_name: 'India v Australia',
  match_Date: '2026-11-22T14:00:00.000Z',
  sport_id: 4,
  sport_name: 'Cricket',
  series_name: 'T20 Series',
  in_play: true,
  markets: [
    {
      market_id: 50,
      market_name: 'Match Odds',
      market_type: 'MATCH_ODDS',
      status: 'OPEN',
      in_play: true,
      bet_delay: 0,
      version: 3,
      min_stake: 100,
      max_stake: 50000,
      winners: 1,
      runners: [
        {
          selection_id: 1,
          name: 'India',
          status: 'ACTIVE',
          back: [{ price: 1.9, size: 500 }],
          lay: [],
          position: 0,
        },
        { selection_id: 2, name: 'Australia', status: 'ACTIVE', back: [], lay: [], position: 0 },
      ],
    },
  ],
};

function fancy(fancy_id: number, name: string, over: Partial<Fancy> = {}): Fancy {
  return {
    fancy_id,
    match_id: 9,
    name,
    variant: 'RUNS',
    status: 'ACTIVE',
    no_line: 45,
    no_rate: 100,
    yes_line: 46,
    yes_rate: 100,
    band: null,
    min_stake: 100,
    max_stake: 25000,
    max_user_stake: 100000,
    display_order: fancy_id,
    exposure: 0,
    result: null,
    ...over,
  };
}

function cricket(over: Partial<CricketDetail> = {}): CricketDetail {
  return {
    match_id: 9,
    format: 'T20',
    teams: ['India', 'Australia'],
    scoreboard: {
      innings: 2,
      batting: 1,
      totals: [
        { runs: 180, wickets: 6, balls: 120 },
        { runs: 45, wickets: 1, balls: 35 },
      ],
      recent: ['1', '4', 'W', '6', '0', 'wd'],
      target: 181,
      status: 'IN_PROGRESS',
      ball_running_until_ms: null,
      result_text: null,
    },
    stale: false,
    bookmakers: [
      {
        market_id: 60,
        market_name: 'Bookmaker',
        status: 'ACTIVE',
        version: 1,
        min_stake: 100,
        max_stake: 100000,
        runners: [
          { selection_id: 11, name: 'India', status: 'ACTIVE', back_rate: 45, lay_rate: 48, position: 500 },
          {
            selection_id: 12,
            name: 'Australia',
            status: 'ACTIVE',
            back_rate: 190,
            lay_rate: 200,
            position: -300,
          },
        ],
      },
    ],
    fancies: [
      fancy(70, '6 over runs AUS', { exposure: 2000 }),
      fancy(71, '10 over runs AUS', { status: 'BALL_RUNNING', no_line: 80, yes_line: 81 }),
      fancy(72, '15 over runs AUS', { status: 'SUSPENDED', no_line: 120, yes_line: 121 }),
      fancy(73, 'AUS innings total', {
        variant: 'LAMBI',
        no_line: 170,
        yes_line: 172,
        no_rate: 90,
        yes_rate: 110,
      }),
      fancy(74, '15 over khado AUS', {
        variant: 'KHADO',
        no_line: null,
        no_rate: null,
        yes_line: 150,
        yes_rate: 400,
        band: 10,
      }),
      fancy(75, '6th over odd/even', {
        variant: 'ODD_EVEN',
        no_line: 0,
        no_rate: 98,
        yes_line: 1,
        yes_rate: 98,
      }),
    ],
    ...over,
  };
}

const kindBet = (over: Partial<KindBet>): KindBet => ({
  bet_id: 1,
  kind: 'FANCY',
  match_id: 9,
  match_name: 'India v Australia',
  market_id: 70,
  market_name: '6 over runs AUS',
  selection_id: null,
  selection_name: 'Yes 46',
  is_back: '1',
  line: 46,
  rate: 100,
  stack: 1000,
  status: 'MATCHED',
  profit_loss: null,
  placed_at: '2026-11-22T14:30:00.000Z',
  ...over,
});

class QuietSocket {
  readyState = 0;
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  send() {}
  close() {}
}

beforeEach(() => {
  resetStore();
  vi.stubGlobal('WebSocket', QuietSocket);
});

function api(extra: Record<string, unknown> = {}, detail: CricketDetail = cricket()) {
  return mockApi({
    'match/getMatchDetail': match,
    'match/getCricketDetail': detail,
    'bet/getMatchBets': { matched: [], unmatched: [] },
    'bet/getCricketBets': { bets: [] },
    'user/getButtonValue': [
      { button_name: '1k', button_value: 1000, type: 'Game' },
      { button_name: 'C5k', button_value: 5000, type: 'Casino' },
      { button_name: '500', button_value: 500, type: 'Game' },
    ],
    'bet/placeFancyBet': (body: {
      fancy_id: number;
      is_yes: '0' | '1';
      line: number;
      rate: number;
      stack: number;
    }) => ({
      bet: kindBet({
        market_id: body.fancy_id,
        selection_name: `${body.is_yes === '1' ? 'Yes' : 'No'} ${body.line}`,
        is_back: body.is_yes,
        line: body.line,
        rate: body.rate,
        stack: body.stack,
      }),
    }),
    'bet/placeBookmakerBet': (body: { is_back: '0' | '1'; rate: number; stack: number }) => ({
      bet: kindBet({
        kind: 'BOOKMAKER',
        market_id: 60,
        market_name: 'Bookmaker',
        selection_id: 11,
        selection_name: 'India',
        is_back: body.is_back,
        line: null,
        rate: body.rate,
        stack: body.stack,
      }),
    }),
    ...extra,
  });
}

const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
const callsTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path)).length;

async function openMatch() {
  const app = renderApp('/game-details/4/9');
  // The screen is a lazily loaded chunk: the first render of a run can take a while.
  await screen.findByRole('heading', { name: 'India v Australia' }, { timeout: 5000 });
  await screen.findByRole('region', { name: 'Fancy' });
  return app;
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const fancySection = () => screen.getByRole('region', { name: 'Fancy' });

const fancyRow = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;

describe('refetch throttle', () => {
  it('runs at once, then at most once per interval, with the last call held back', () => {
    let now = 0;
    const timers: { at: number; fn: () => void }[] = [];
    const clock = {
      now: () => now,
      setTimer: (fn: () => void, ms: number) => timers.push({ at: now + ms, fn }),
      clearTimer: () => timers.splice(0),
    };
    const advance = (to: number) => {
      now = to;
      const due = timers.filter((x) => x.at <= to);
      timers.splice(0, timers.length, ...timers.filter((x) => x.at > to));
      for (const t of due) t.fn();
    };
    const t = createThrottle(1000, clock);
    const calls: number[] = [];
    const run = () => t.run(() => calls.push(now));
    run(); // leading
    advance(10);
    run();
    run();
    advance(500);
    run();
    expect(calls).toEqual([0]);
    advance(1000); // one trailing call for the three held back
    expect(calls).toEqual([0, 1000]);
    advance(2500);
    run(); // quiet for more than the interval: at once again
    expect(calls).toEqual([0, 1000, 2500]);
    t.hold(); // a subscription just renewed: pushes wait out the interval
    advance(2600);
    run();
    expect(calls).toEqual([0, 1000, 2500]);
    advance(3500);
    expect(calls).toEqual([0, 1000, 2500, 3500]);
    run();
    t.cancel();
    advance(5000);
    expect(calls).toEqual([0, 1000, 2500, 3500]);
  });
});

describe('quoted-bet arithmetic', () => {
  it('bookmaker and fancy: win rounds down, loss rounds up, per 100', () => {
    expect(bookmakerOutcome('BACK', 45, 100_000)).toEqual({ win_paise: 45_000, lose_paise: 100_000 });
    expect(bookmakerOutcome('LAY', 45, 100_000)).toEqual({ win_paise: 100_000, lose_paise: 45_000 });
    expect(bookmakerOutcome('BACK', 45, 3333)).toEqual({ win_paise: 1499, lose_paise: 3333 });
    expect(bookmakerOutcome('LAY', 45, 3333)).toEqual({ win_paise: 3333, lose_paise: 1500 });
    const runs = { variant: 'RUNS', band: null } as const;
    expect(fancyOutcome(runs, { yes: true, line: 46, rate: 90 }, 100_000)).toEqual({
      win_paise: 90_000,
      lose_paise: 100_000,
    });
    expect(fancyOutcome(runs, { yes: false, line: 45, rate: 110 }, 100_000)).toEqual({
      win_paise: 100_000,
      lose_paise: 110_000,
    });
  });

  it('bookmaker positions after a bet; statuses; khado band; overs', () => {
    const market = cricket().bookmakers[0]!;
    const back = bookmakerPositionsAfter(market, { selection_id: 11, side: 'BACK', rate: 45 }, 100_000);
    expect([back.get(11), back.get(12)]).toEqual([950, -1300]);
    const lay = bookmakerPositionsAfter(market, { selection_id: 12, side: 'LAY', rate: 200 }, 10_000);
    expect([lay.get(11), lay.get(12)]).toEqual([600, -500]);
    expect(shownStatus('BALL_RUNNING', 1000, 999)).toBe('BALL_RUNNING');
    expect(shownStatus('BALL_RUNNING', 1000, 1000)).toBe('ACTIVE');
    expect(shownStatus('BALL_RUNNING', null, 5000)).toBe('BALL_RUNNING');
    expect(shownStatus('SUSPENDED', 1000, 5000)).toBe('SUSPENDED');
    expect(khadoBand(150, 10)).toBe('150-159');
    expect(oversOf(35)).toBe('5.5');
    expect(WS_SUBSCRIBE_MAX).toBe(WS_MAX_SUBSCRIPTIONS);
  });
});

// The screen is rendered through the app's routes; on a busy box a test can take several seconds.
const UI = { timeout: 20_000 };

describe('cricket game details', UI, () => {
  it('shows the scoreboard, then Match Odds, the bookmaker table and the fancy tabs', async () => {
    signIn();
    api();
    await openMatch();
    // scoreboard
    const board = screen.getByRole('region', { name: 'Scoreboard' });
    expect(
      within(board)
        .getAllByTestId('score-team')
        .map((e) => e.textContent),
    ).toEqual(['India180/6 (20.0)', 'Australia45/1 (5.5)']);
    expect(within(board).getByText('Target 181')).toBeInTheDocument();
    const balls = within(within(board).getByRole('list', { name: 'Recent balls' })).getAllByRole('listitem');
    expect(balls.map((b) => b.textContent)).toEqual(['1', '4', 'W', '6', '0', 'wd']);
    expect(balls[1]).toHaveClass('ball--four');
    expect(balls[2]).toHaveClass('ball--wicket');
    expect(balls[3]).toHaveClass('ball--six');
    // order: Match Odds, Bookmaker, Fancy
    const order = [...document.querySelectorAll('.game__markets > section')].map((s) =>
      s.getAttribute('aria-label'),
    );
    expect(order).toEqual(['Match Odds', 'Bookmaker', 'Fancy']);
    // bookmaker: rates and positions
    const bm = screen.getByRole('region', { name: 'Bookmaker' });
    expect(within(bm).getByRole('button', { name: '45, Back India' })).toHaveTextContent('45');
    expect(within(bm).getByRole('button', { name: '48, Lay India' })).toBeEnabled();
    expect(within(bm).getByText('500.00')).toHaveClass('pos--up');
    expect(within(bm).getByText('-300.00')).toHaveClass('pos--down');
    // fancy tabs: only variants with rows, in order
    expect(
      within(fancySection())
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Fancy', 'Lambi', 'Khado', 'Odd/Even']);
    const row = fancyRow('6 over runs AUS');
    const no = within(row).getByRole('button', { name: '45 100, No 6 over runs AUS' });
    const yes = within(row).getByRole('button', { name: '46 100, Yes 6 over runs AUS' });
    expect(no).toHaveClass('price--lay');
    expect(yes).toHaveClass('price--back');
    expect(no.textContent).toBe('45 100');
    expect(within(row).getByTestId('fancy-exposure')).toHaveClass('pos--down');
    expect(within(row).getByTestId('fancy-exposure')).toHaveTextContent('-2,000.00');
    expect(within(fancyRow('15 over runs AUS')).getByTestId('fancy-exposure')).not.toHaveClass('pos--down');
    expect(within(row).getByText('Min: 100')).toBeInTheDocument();
    expect(within(row).getByText('Max: 25,000')).toBeInTheDocument();
    // suspended row is covered
    expect(within(fancyRow('15 over runs AUS')).getByText('Suspended')).toBeInTheDocument();
  });

  it('players: the two batters in (runs, balls, striker marked), the bowler O-M-R-W, the fall of wickets', async () => {
    signIn();
    const player = (player_id: number, name: string, role: 'BATTER' | 'BOWLER' | 'WICKET_KEEPER') => ({
      player_id,
      name,
      role,
      batting: 60,
      bowling: 60,
      strength: 60,
    });
    const india = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((k) =>
      player(k, `India P${k}`, k === 5 ? 'WICKET_KEEPER' : 'BATTER'),
    );
    const aus = [21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31].map((k) =>
      player(
        k,
        k === 21 ? 'Kabir Menon' : k === 22 ? 'Harry Lockyer' : k === 23 ? 'Tariq Ndlovu' : `Aus P${k}`,
        k > 27 ? 'BOWLER' : 'BATTER',
      ),
    );
    const base = cricket();
    const out = { player_out_id: 23, kind: 'CAUGHT' as const, fielder_id: 5, bowler_wicket: true };
    const detail = cricket({
      elevens: [
        { team: 'India', players: india, wicket_keeper_id: 5, bowler_ids: [7, 8, 9, 10, 11] },
        { team: 'Australia', players: aus, wicket_keeper_id: 25, bowler_ids: [27, 28, 29, 30, 31] },
      ],
      scoreboard: {
        ...base.scoreboard!,
        totals: [
          base.scoreboard!.totals[0]!,
          {
            runs: 45,
            wickets: 1,
            balls: 35,
            players: {
              striker_id: 22,
              non_striker_id: 21,
              bowler_id: 9,
              last_over_bowler_id: 8,
              batters: [
                { player_id: 23, runs: 4, balls: 6, fours: 1, sixes: 0, out },
                { player_id: 21, runs: 27, balls: 20, fours: 3, sixes: 1, out: null },
                { player_id: 22, runs: 11, balls: 9, fours: 1, sixes: 0, out: null },
              ],
              bowlers: [
                { player_id: 8, balls: 18, runs: 20, wickets: 1, maidens: 0 },
                { player_id: 9, balls: 17, runs: 22, wickets: 0, maidens: 1 },
              ],
              fall: [{ wicket: 1, player_out_id: 23, runs: 9, balls: 8 }],
              over_runs_conceded: 3,
            },
          },
        ],
      },
    });
    api({}, detail);
    await openMatch();
    const board = screen.getByRole('region', { name: 'Scoreboard' });
    expect(
      within(board)
        .getAllByTestId('score-batter')
        .map((r) => r.textContent),
    ).toEqual(['Harry Lockyer *119', 'Kabir Menon2720']);
    expect(within(board).getByTestId('score-bowler').textContent).toBe('India P92.51220');
    expect(within(board).getByTestId('score-fall').textContent).toBe(
      'Fall of wickets: 1-9 (Tariq Ndlovu, 1.2 ov)',
    );
    expect(within(board).getByText('Last out: Tariq Ndlovu 4 (6), caught by India P5')).toBeInTheDocument();
  });

  it('every rate box is named by what it shows first, then what it does (WCAG 2.5.3 label in name)', async () => {
    signIn();
    api();
    await openMatch();
    const section = fancySection();
    const boxes: HTMLElement[] = [];
    const collect = () =>
      boxes.push(...screen.getAllByRole('button').filter((b) => b.querySelector('.price__inner')));
    collect();
    for (const tab of ['Khado', 'Odd/Even']) {
      await userEvent.click(within(section).getByRole('tab', { name: tab }));
      collect();
    }
    const kinds = new Set(boxes.map((b) => b.className));
    expect(kinds.size, 'ladder, bookmaker and fancy boxes').toBeGreaterThanOrEqual(3);
    for (const b of boxes) {
      const shown = [...b.querySelectorAll('.price__inner > span')].map((s) => s.textContent).join(' ');
      expect(b.getAttribute('aria-label'), b.className).toMatch(new RegExp(`^${escapeRe(shown)}, \\S`));
    }
  });

  it('Khado shows only Yes with its band; Odd/Even boxes say Odd and Even', async () => {
    signIn();
    api();
    await openMatch();
    const section = fancySection();
    await userEvent.click(within(section).getByRole('tab', { name: 'Khado' }));
    const khado = fancyRow('15 over khado AUS');
    const boxes = within(khado)
      .getAllByRole('button')
      .filter((b) => b.classList.contains('fancy-box'));
    expect(boxes.map((b) => b.getAttribute('aria-label'))).toEqual(['150-159 400, Yes 15 over khado AUS']);
    expect(boxes[0]).toHaveTextContent('150-159 400');
    await userEvent.click(within(section).getByRole('tab', { name: 'Odd/Even' }));
    const oe = fancyRow('6th over odd/even');
    expect(within(oe).getByRole('button', { name: 'Even 98, 6th over odd/even' })).toHaveTextContent(
      'Even 98',
    );
    expect(within(oe).getByRole('button', { name: 'Odd 98, 6th over odd/even' })).toHaveTextContent('Odd 98');
  });

  it('Odd/Even: both sides are backs, so Even at 98 wins 980 and risks the 1,000 stake', async () => {
    signIn();
    api();
    await openMatch();
    await userEvent.click(within(fancySection()).getByRole('tab', { name: 'Odd/Even' }));
    for (const side of ['Even', 'Odd']) {
      await userEvent.click(screen.getByRole('button', { name: `${side} 98, 6th over odd/even` }));
      const slip = screen.getByRole('form', { name: 'Bet slip' });
      await userEvent.clear(within(slip).getByLabelText('Stake'));
      await userEvent.type(within(slip).getByLabelText('Stake'), '1000');
      expect(within(slip).getByTestId('slip-summary')).toHaveTextContent('Profit: 980.00Liability: 1,000.00');
    }
  });

  it('tapping Yes opens the slip with line and rate fixed; Place sends placeFancyBet', async () => {
    signIn();
    const fetchMock = api();
    await openMatch();
    const betsBefore = callsTo(fetchMock, 'bet/getCricketBets');
    await userEvent.click(screen.getByRole('button', { name: '46 100, Yes 6 over runs AUS' }));
    const slip = screen.getByRole('form', { name: 'Bet slip' });
    expect(within(slip).getByLabelText('Line')).toHaveValue('46');
    expect(within(slip).getByLabelText('Line')).toHaveAttribute('readonly');
    expect(within(slip).getByLabelText('Rate')).toHaveValue('100');
    expect(within(slip).getByLabelText('Rate')).toHaveAttribute('readonly');
    expect(within(slip).queryByRole('button', { name: /odds by one tick/ })).toBeNull();
    const quick = await within(slip).findByRole('group', { name: 'Quick stakes' });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1k', '500']);
    await userEvent.click(within(quick).getByRole('button', { name: '1k' }));
    expect(within(slip).getByLabelText('Stake')).toHaveValue('1000');
    expect(within(slip).getByTestId('slip-summary')).toHaveTextContent('Profit: 1,000.00Liability: 1,000.00');
    await userEvent.click(within(slip).getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'bet/placeFancyBet')).toHaveLength(1));
    const sent = bodiesOf(fetchMock, 'bet/placeFancyBet')[0]!;
    expect(sent).toMatchObject({ match_id: 9, fancy_id: 70, is_yes: '1', line: 46, rate: 100, stack: 1000 });
    expect(sent.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/Bet placed: Yes 46/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Bet slip' })).toBeNull();
    await waitFor(() => expect(callsTo(fetchMock, 'bet/getCricketBets')).toBeGreaterThan(betsBefore));
  });

  it('No on a Lambi row: the liability is stake × rate / 100', async () => {
    signIn();
    const fetchMock = api();
    await openMatch();
    await userEvent.click(within(fancySection()).getByRole('tab', { name: 'Lambi' }));
    await userEvent.click(screen.getByRole('button', { name: '170 90, No AUS innings total' }));
    const slip = screen.getByRole('form', { name: 'Bet slip' });
    await userEvent.type(within(slip).getByLabelText('Stake'), '1000');
    expect(within(slip).getByTestId('slip-summary')).toHaveTextContent('Profit: 1,000.00Liability: 900.00');
    await userEvent.click(within(slip).getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'bet/placeFancyBet')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'bet/placeFancyBet')[0]).toMatchObject({
      fancy_id: 73,
      is_yes: '0',
      line: 170,
      rate: 90,
    });
  });

  it("shows the server's refusal and keeps the slip; each attempt has its own request id", async () => {
    signIn();
    const fetchMock = api({ 'bet/placeFancyBet': () => json({ status: false, message: 'Line changed' }) });
    await openMatch();
    await userEvent.click(screen.getByRole('button', { name: '45 100, No 6 over runs AUS' }));
    const slip = screen.getByRole('form', { name: 'Bet slip' });
    await userEvent.type(within(slip).getByLabelText('Stake'), '200');
    await userEvent.click(within(slip).getByRole('button', { name: 'Place Bet' }));
    expect(await screen.findByText('Line changed')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Bet slip' })).toBeInTheDocument();
    await waitFor(() => expect(within(slip).getByRole('button', { name: 'Place Bet' })).toBeEnabled());
    await userEvent.click(within(slip).getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'bet/placeFancyBet')).toHaveLength(2));
    const [a, b] = bodiesOf(fetchMock, 'bet/placeFancyBet');
    expect(a!.request_id).not.toBe(b!.request_id);
  });

  it('when the quote moves under an open slip, Place waits until the new quote is taken', async () => {
    signIn();
    let detail = cricket();
    const fetchMock = api({ 'match/getCricketDetail': () => detail });
    const { queryClient } = await openMatch();
    await userEvent.click(screen.getByRole('button', { name: '46 100, Yes 6 over runs AUS' }));
    const slip = screen.getByRole('form', { name: 'Bet slip' });
    await userEvent.type(within(slip).getByLabelText('Stake'), '500');
    detail = cricket({ fancies: [fancy(70, '6 over runs AUS', { no_line: 47, yes_line: 48 })] });
    // the 5 s poll, brought forward
    await act(() => queryClient.invalidateQueries({ queryKey: ['cricketDetail', 9] }));
    await waitFor(() =>
      expect(within(slip).getByRole('alert')).toHaveTextContent('The quote is now 48 @ 100.'),
    );
    expect(within(slip).getByRole('button', { name: 'Place Bet' })).toBeDisabled();
    await userEvent.click(within(slip).getByRole('button', { name: 'Take 48 @ 100' }));
    expect(within(slip).getByLabelText('Line')).toHaveValue('48');
    await userEvent.click(within(slip).getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'bet/placeFancyBet')[0]).toMatchObject({ line: 48 }));
  });

  it('the Book button opens the book: result → profit/loss, green and red', async () => {
    signIn();
    const fetchMock = api({
      'bet/getFancyBook': {
        fancy_id: 70,
        name: '6 over runs AUS',
        rows: [
          { result: 43, profit_loss: 1000 },
          { result: 44, profit_loss: 1000 },
          { result: 45, profit_loss: -2000 },
          { result: 46, profit_loss: 0 },
          { result: 47, profit_loss: 0 },
        ],
      },
    });
    await openMatch();
    await userEvent.click(screen.getByRole('button', { name: 'Book of 6 over runs AUS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book: 6 over runs AUS' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      '43 or less1,000.00',
      '441,000.00',
      '45-2,000.00',
      '460.00',
      '47 or more0.00',
    ]);
    expect(rows[1]).toHaveClass('book__row--up');
    expect(rows[3]).toHaveClass('book__row--down');
    expect(bodiesOf(fetchMock, 'bet/getFancyBook')).toEqual([{ fancy_id: 70 }]);
  });

  it('a ball-running row is covered and a tap on it opens nothing', async () => {
    signIn();
    api();
    await openMatch();
    const row = fancyRow('10 over runs AUS');
    expect(within(row).getByText('Ball running')).toBeInTheDocument();
    const yes = within(row).getByRole('button', { name: '81 100, Yes 10 over runs AUS' });
    expect(yes).toBeDisabled();
    await userEvent.click(yes);
    expect(screen.queryByRole('form', { name: 'Bet slip' })).toBeNull();
  });

  it('the ball-running cover clears when the scoreboard says the ball is bowled', async () => {
    signIn();
    const base = cricket();
    // The ball ends 800 ms after the server answers.
    api({
      'match/getCricketDetail': () =>
        cricket({
          scoreboard: { ...base.scoreboard!, ball_running_until_ms: Date.now() + 800 },
          bookmakers: [{ ...base.bookmakers[0]!, status: 'BALL_RUNNING' }],
        }),
    });
    await openMatch();
    const bm = screen.getByRole('region', { name: 'Bookmaker' });
    expect(within(fancyRow('10 over runs AUS')).getByText('Ball running')).toBeInTheDocument();
    expect(within(bm).getByRole('button', { name: '45, Back India' })).toBeDisabled();
    await waitFor(() => expect(within(fancyRow('10 over runs AUS')).queryByText('Ball running')).toBeNull(), {
      timeout: 2000,
    });
    expect(within(bm).getByRole('button', { name: '45, Back India' })).toBeEnabled();
  });

  it('a stale scoreboard says so; the markets the server suspended show Suspended', async () => {
    signIn();
    const base = cricket();
    api({
      'match/getCricketDetail': () =>
        cricket({
          stale: true,
          bookmakers: [{ ...base.bookmakers[0]!, status: 'SUSPENDED' }],
          fancies: base.fancies.map((f) => ({ ...f, status: 'SUSPENDED' as const })),
        }),
    });
    await openMatch();
    const board = screen.getByRole('region', { name: 'Scoreboard' });
    expect(board).toHaveClass('score--stale');
    expect(within(board).getByText('Scoreboard delayed: fancy and bookmaker suspended')).toBeInTheDocument();
    expect(within(fancyRow('10 over runs AUS')).getByText('Suspended')).toBeInTheDocument();
    const bm = screen.getByRole('region', { name: 'Bookmaker' });
    expect(within(bm).getByRole('button', { name: '45, Back India' })).toBeDisabled();
  });

  it('bookmaker: back opens the slip at the quoted rate, shows what-if positions and sends placeBookmakerBet', async () => {
    signIn();
    const fetchMock = api();
    await openMatch();
    const bm = screen.getByRole('region', { name: 'Bookmaker' });
    await userEvent.click(within(bm).getByRole('button', { name: '45, Back India' }));
    const slip = within(bm).getByRole('form', { name: 'Bet slip' });
    expect(within(slip).getByLabelText('Rate')).toHaveValue('45');
    expect(within(slip).queryByLabelText('Line')).toBeNull();
    await userEvent.type(within(slip).getByLabelText('Stake'), '1000');
    expect(within(slip).getByTestId('slip-summary')).toHaveTextContent('Profit: 450.00Liability: 1,000.00');
    expect(
      within(bm)
        .getAllByTestId('what-if')
        .map((e) => e.textContent),
    ).toEqual([' » 950.00', ' » -1,300.00']);
    await userEvent.click(within(slip).getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'bet/placeBookmakerBet')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'bet/placeBookmakerBet')[0]).toMatchObject({
      match_id: 9,
      market_id: 60,
      selection_id: 11,
      is_back: '1',
      rate: 45,
      stack: 1000,
    });
    expect(await screen.findByText(/Bet placed: Back India/)).toBeInTheDocument();
  });

  it('bookmaker lay: liability is stake × rate / 100; a refusal message shows', async () => {
    signIn();
    api({ 'bet/placeBookmakerBet': () => json({ status: false, message: 'Rate changed' }) });
    await openMatch();
    await userEvent.click(screen.getByRole('button', { name: '200, Lay Australia' }));
    const slip = screen.getByRole('form', { name: 'Bet slip' });
    await userEvent.type(within(slip).getByLabelText('Stake'), '100');
    expect(within(slip).getByTestId('slip-summary')).toHaveTextContent('Profit: 100.00Liability: 200.00');
    await userEvent.click(within(slip).getByRole('button', { name: 'Place Bet' }));
    expect(await screen.findByText('Rate changed')).toBeInTheDocument();
  });

  it('one-click places fancy and bookmaker bets at once', async () => {
    signIn();
    const fetchMock = api();
    await openMatch();
    await userEvent.click(screen.getByRole('switch', { name: 'One-click betting' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'One-click stake' }), '250');
    await userEvent.click(screen.getByRole('button', { name: '46 100, Yes 6 over runs AUS' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'bet/placeFancyBet')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'bet/placeFancyBet')[0]).toMatchObject({
      fancy_id: 70,
      is_yes: '1',
      stack: 250,
    });
    await userEvent.click(screen.getByRole('button', { name: '48, Lay India' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'bet/placeBookmakerBet')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'bet/placeBookmakerBet')[0]).toMatchObject({
      is_back: '0',
      rate: 48,
      stack: 250,
    });
    expect(screen.queryByRole('form', { name: 'Bet slip' })).toBeNull();
  });

  it('My Bets lists bookmaker and fancy bets with line, rate, stake, status and P/L', async () => {
    signIn();
    api({
      'bet/getCricketBets': {
        bets: [
          kindBet({
            bet_id: 3,
            status: 'SETTLED',
            profit_loss: -1000,
            selection_name: 'No 45',
            is_back: '0',
            line: 45,
          }),
          kindBet({
            bet_id: 2,
            kind: 'BOOKMAKER',
            market_id: 60,
            market_name: 'Bookmaker',
            selection_id: 11,
            selection_name: 'India',
            line: null,
            rate: 45,
            stack: 500,
          }),
          kindBet({ bet_id: 1, status: 'VOIDED' }),
          // An Odd/Even bet as placeFancyBet and getCricketBets answer it: Even = "No 0".
          kindBet({
            bet_id: 4,
            market_id: 75,
            market_name: '6th over odd/even',
            selection_name: 'No 0',
            is_back: '0',
            line: 0,
            rate: 98,
          }),
        ],
      },
    });
    renderApp('/game-details/4/9');
    const table = await screen.findByTestId('kind-bets', {}, { timeout: 5000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(1).map((td) => td.textContent))).toEqual([
      ['45 @ 100', '1,000.00', '-1,000.00'],
      ['45', '500.00', 'Matched'],
      ['46 @ 100', '1,000.00', 'Void'],
      ['98', '1,000.00', 'Matched'],
    ]);
    expect(rows[0]).toHaveTextContent(/^No 45/);
    expect(rows[3]!.querySelector('td')).toHaveTextContent(/^Even 6th over odd\/even/);
    expect(rows[3]).toHaveClass('bets__row--back');
    expect(rows[0]).toHaveTextContent('6 over runs AUS · 22/11 20:00');
    expect(rows[1]).toHaveTextContent('Back India');
    expect(within(rows[0]!).getByText('-1,000.00')).toHaveClass('pos--down');
  });

  it('a football match asks for no cricket markets', async () => {
    signIn();
    const fetchMock = api({ 'match/getMatchDetail': { ...match, sport_id: 1, sport_name: 'Football' } });
    renderApp('/game-details/1/9');
    await screen.findByRole('heading', { name: 'India v Australia' }, { timeout: 5000 });
    expect(callsTo(fetchMock, 'match/getCricketDetail')).toBe(0);
    expect(screen.queryByRole('region', { name: 'Scoreboard' })).toBeNull();
  });
});

describe('live cricket markets', UI, () => {
  it('subscribes bookmaker and fancy ids; a push refetches the detail', async () => {
    ControlledSocket.all = [];
    vi.stubGlobal('WebSocket', ControlledSocket);
    signIn();
    let detail = cricket();
    const fetchMock = api({ 'match/getCricketDetail': () => detail });
    await openMatch();
    await waitFor(() => expect(ControlledSocket.all).toHaveLength(1));
    const ws = ControlledSocket.all[0]!;
    act(() => ws.open());
    const subscribed = ws.sent
      .filter((m): m is { op: 'subscribe'; market_ids: number[] } => (m as { op: string }).op === 'subscribe')
      .flatMap((m) => m.market_ids)
      .sort((a, b) => a - b);
    expect(subscribed).toEqual([50, 60, 70, 71, 72, 73, 74, 75]);
    const before = callsTo(fetchMock, 'match/getCricketDetail');
    const moved = cricket();
    moved.fancies[0] = fancy(70, '6 over runs AUS', { no_line: 50, yes_line: 51 });
    detail = moved;
    act(() =>
      ws.push({
        type: 'image',
        market_id: 70,
        seq: 1,
        market: { market_id: 70, status: 'OPEN', in_play: true, version: 1, runners: [] },
      }),
    );
    expect(
      await screen.findByRole('button', { name: '51 100, Yes 6 over runs AUS' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'match/getCricketDetail')).toBeGreaterThan(before);
  });

  it('a detail slower than the throttle still reaches the screen: a push never cancels the answer in flight', async () => {
    ControlledSocket.all = [];
    vi.stubGlobal('WebSocket', ControlledSocket);
    signIn();
    let detail = cricket();
    let slow_ms = 0;
    api({
      // A busy store: each answer takes longer than the 1 s throttle; an aborted one never lands.
      'match/getCricketDetail': async (_body: unknown, init: RequestInit) => {
        const answer = detail;
        if (slow_ms > 0)
          await new Promise<void>((done, fail) => {
            const t = setTimeout(done, slow_ms);
            init.signal?.addEventListener('abort', () => {
              clearTimeout(t);
              fail(new DOMException('aborted', 'AbortError'));
            });
          });
        return answer;
      },
    });
    await openMatch();
    await waitFor(() => expect(ControlledSocket.all).toHaveLength(1));
    const ws = ControlledSocket.all[0]!;
    act(() => ws.open());
    slow_ms = 1_500;
    const moved = cricket();
    moved.fancies[0] = fancy(70, '6 over runs AUS', { no_line: 50, yes_line: 51 });
    detail = moved;
    let seq = 0;
    const pushes = setInterval(() => {
      seq += 1;
      act(() =>
        ws.push({
          type: 'image',
          market_id: 70,
          seq,
          market: { market_id: 70, status: 'OPEN', in_play: true, version: seq, runners: [] },
        }),
      );
    }, 400);
    try {
      expect(
        await screen.findByRole('button', { name: '51 100, Yes 6 over runs AUS' }, { timeout: 7000 }),
      ).toBeInTheDocument();
    } finally {
      clearInterval(pushes);
    }
  }, 15_000);
});
