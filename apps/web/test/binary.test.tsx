import type { BinaryBet, BinaryBoard, BinaryInstrument, BinaryInstrumentHead } from '@backlay/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  appendTick,
  binaryNow,
  formatCountdown,
  formatLine,
  nextOpenText,
} from '../src/features/binary/format.ts';
import { chartPoints } from '../src/features/binary/PriceChart.tsx';
import { ControlledSocket, json, mockApi, renderApp, resetStore, signIn } from './helpers.tsx';

// jsdom has no canvas: the chart library is replaced by a recorder of what the screen gives it.
const chartCalls = vi.hoisted(() => ({ setData: 0, update: [] as { time: number; value: number }[] }));
vi.mock('lightweight-charts', () => ({
  ColorType: { Solid: 'solid' },
  LineSeries: {},
  createChart: () => ({
    addSeries: () => ({
      setData: () => {
        chartCalls.setData += 1;
      },
      update: (p: { time: number; value: number }) => chartCalls.update.push(p),
    }),
    timeScale: () => ({ fitContent: () => {} }),
    remove: () => {},
  }),
}));

const NOW = Date.parse('2026-11-26T06:00:00Z'); // 11:30 IST, Thursday

function head(over: Partial<BinaryInstrumentHead> = {}): BinaryInstrumentHead {
  return {
    match_id: 901,
    code: 'NFY',
    name: 'Nifty 50',
    group: 'EQUITY',
    opens: '10:00',
    closes: '14:30',
    tick_size: 0.05,
    currency: 'INR',
    state: 'OPEN',
    reason: null,
    session_id: 7001,
    trading_day: '2026-11-26',
    last_tick: { t: NOW - 1000, p: 24345.05 },
    change: 45.05,
    change_pct: 0.19,
    line: { no_line: 24340, no_rate: 100, yes_line: 24350, yes_rate: 100 },
    closes_at: '2026-11-26T09:00:00.000Z',
    opens_at: null,
    server_time: NOW,
    clock_speed: 1,
    ...over,
  };
}

const crude = head({
  match_id: 911,
  code: 'GOLD',
  name: 'Gold',
  group: 'COMMODITY',
  opens: '11:30',
  closes: '22:30',
  session_id: 7011,
  last_tick: { t: NOW - 1000, p: 76012 },
  tick_size: 1,
});
const closed = head({
  match_id: 921,
  code: 'DOWJONES',
  name: 'Dow Jones',
  group: 'EVENING',
  opens: '19:30',
  closes: '24:00',
  currency: 'USD',
  state: 'SUSPENDED',
  reason: 'Opens 19:30 IST',
  line: null,
  session_id: null,
  last_tick: null,
  change: null,
  change_pct: null,
  opens_at: '2026-11-26T14:00:00.000Z',
});

function board(instruments: BinaryInstrumentHead[] = [head(), crude, closed]): BinaryBoard {
  const groups = [
    { group: 'EQUITY' as const, name: 'Indian equity', hours: '10:00–14:30 IST, Mon–Fri' },
    { group: 'COMMODITY' as const, name: 'Indian commodity', hours: '11:30–22:30 IST, Mon–Fri' },
    { group: 'EVENING' as const, name: 'Evening (global)', hours: '19:30–24:00 IST, Mon–Fri' },
  ];
  return {
    groups: groups.map((g) => ({ ...g, instruments: instruments.filter((i) => i.group === g.group) })),
    server_time: NOW,
    clock_speed: 1,
  };
}

function instrument(h: BinaryInstrumentHead, over: Partial<BinaryInstrument> = {}): BinaryInstrument {
  return {
    instrument: h,
    ticks: h.last_tick ? [{ t: NOW - 3000, p: 24300 }, h.last_tick] : [],
    limits: { min_stake: 100, max_stake: 50000, max_user_stake: 200000 },
    exposure: 0,
    book: [],
    my_bets: [],
    last_sessions: [],
    ...over,
  };
}

const bet = (over: Partial<BinaryBet> = {}): BinaryBet => ({
  bet_id: 1,
  kind: 'BINARY',
  match_id: 901,
  match_name: 'NFY',
  market_id: 7001,
  market_name: 'NFY 2026-11-26',
  selection_id: null,
  selection_name: 'Yes 24350',
  is_back: '1',
  line: 24350,
  rate: 100,
  stack: 500,
  status: 'MATCHED',
  profit_loss: null,
  placed_at: '2026-11-26T06:00:00Z',
  void_reason: null,
  ...over,
});

function api(extra: Record<string, unknown> = {}) {
  const byId: Record<number, BinaryInstrument> = {
    901: instrument(head()),
    911: instrument(crude),
    921: instrument(closed),
  };
  return mockApi({
    'binary/getBoard': board(),
    'binary/getInstrument': (body: { match_id: number }) => byId[body.match_id],
    'user/getButtonValue': [{ button_name: '500', button_value: 500, type: 'Game' }],
    'bet/placeBinaryBet': () => ({ bet: bet() }),
    ...extra,
  });
}

const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

const callsTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path)).length;

const UI = { timeout: 20_000 };

beforeEach(() => {
  resetStore();
  ControlledSocket.all = [];
  vi.stubGlobal('WebSocket', ControlledSocket);
  chartCalls.setData = 0;
  chartCalls.update = [];
  signIn();
});

async function open(path = '/binary') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Binary', level: 1 }, { timeout: 5000 });
  await screen.findByRole('heading', { name: /^NFY/, level: 2 }, { timeout: 5000 });
  return app;
}

describe('Binary screen', UI, () => {
  it('lists the instruments grouped by session hours', async () => {
    api();
    await open();
    const list = screen.getByRole('navigation', { name: 'Binary instruments' });
    const equity = within(list).getByRole('region', { name: /Indian equity/ });
    expect(within(equity).getByRole('link', { name: /NFY/ })).toBeInTheDocument();
    expect(within(equity).queryByRole('link', { name: /GOLD/ })).toBeNull();
    const commodity = within(list).getByRole('region', { name: /Indian commodity 11:30–22:30/ });
    expect(within(commodity).getByRole('link', { name: /GOLD/ })).toBeInTheDocument();
    const evening = within(list).getByRole('region', { name: /Evening/ });
    expect(within(evening).getByRole('link', { name: /DOWJONES/ })).toBeInTheDocument();
    // The first open instrument is shown: its lines as Yes/No buttons named with line and rate.
    expect(screen.getByRole('button', { name: /^No 24,340 @100, NFY closes below 24,340/ })).toBeEnabled();
    expect(
      screen.getByRole('button', { name: /^Yes 24,350 @100, NFY closes at or above 24,350/ }),
    ).toBeEnabled();
    // The chart's text alternative.
    expect(screen.getByTestId('chart-summary')).toHaveTextContent(
      'Last 24,345.05, change +45.05 (+0.19%); session high 24,345.05, low 24,300.00.',
    );
    expect(screen.getByText(/Closes in/)).toBeInTheDocument();
  });

  it('the countdown runs at the binary clock speed the server sends (60×: a minute a second)', async () => {
    // The close is 10 binary minutes after server_time; at 60× that is 10 s of the device's.
    const fast = head({ clock_speed: 60, closes_at: new Date(NOW + 600_000).toISOString() });
    api({
      'binary/getBoard': board([fast, crude, closed]),
      'binary/getInstrument': () => instrument(fast),
    });
    await open();
    const countdown = () => screen.getByText(/Closes in/).textContent ?? '';
    expect(countdown()).toMatch(/Closes in (10m 00s|9m \d\ds)/);
    // Two seconds of the device: two binary minutes gone, not two seconds.
    await waitFor(() => expect(countdown()).toMatch(/Closes in [78]m \d\ds/), { timeout: 4_000 });
  });

  it('a binary message over the socket moves the price, the line and the chart (no polling)', async () => {
    const fetchMock = api();
    await open();
    await waitFor(() => expect(ControlledSocket.all).toHaveLength(1));
    const ws = ControlledSocket.all[0]!;
    act(() => ws.open());
    const subscribed = ws.sent
      .filter(
        (m): m is { op: string; match_ids: number[] } => (m as { op: string }).op === 'subscribe_binary',
      )
      .flatMap((m) => m.match_ids)
      .sort((a, b) => a - b);
    expect(subscribed).toEqual([901, 911, 921]);
    const boardCalls = callsTo(fetchMock, 'binary/getBoard');
    act(() =>
      ws.push({
        type: 'binary',
        instrument: head({
          last_tick: { t: NOW + 1000, p: 24361.5 },
          change: 61.5,
          change_pct: 0.25,
          line: { no_line: 24360, no_rate: 100, yes_line: 24370, yes_rate: 100 },
        }),
      }),
    );
    // React Query tells its observers on the next tick.
    await waitFor(() => expect(screen.getByTestId('price-901')).toHaveTextContent('24,361.50'));
    expect(screen.getByTestId('binary-last')).toHaveTextContent('24,361.50');
    expect(screen.getByRole('button', { name: /^Yes 24,370 @100/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(chartCalls.update).toEqual([{ time: Math.floor((NOW + 1000) / 1000), value: 24361.5 }]),
    );
    expect(callsTo(fetchMock, 'binary/getBoard')).toBe(boardCalls);
    expect(callsTo(fetchMock, 'binary/getInstrument')).toBe(1);
  });

  it('Yes places one bet on a double click of Place, with the line and rate seen', async () => {
    let release: () => void = () => {};
    const fetchMock = api({
      'bet/placeBinaryBet': () =>
        new Promise((resolve) => {
          release = () => resolve({ bet: bet() });
        }),
    });
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Yes 24,350 @100/ }));
    const slip = await screen.findByRole('form', { name: 'Bet slip' });
    await user.type(within(slip).getByLabelText('Stake'), '500');
    expect(within(slip).getByTestId('slip-summary')).toHaveTextContent('Profit: 500.00');
    await user.dblClick(within(slip).getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'bet/placeBinaryBet')).toHaveLength(1));
    act(() => release());
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Bet slip' })).toBeNull());
    const bodies = bodiesOf(fetchMock, 'bet/placeBinaryBet');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ match_id: 901, line: 24350, is_yes: '1', rate: 100, stack: 500 });
    expect(typeof bodies[0]!.request_id).toBe('string');
  });

  it('shows the server refusal "Line changed" in its words and keeps the slip', async () => {
    api({ 'bet/placeBinaryBet': () => json({ status: false, message: 'Line changed' }) });
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^No 24,340 @100/ }));
    const slip = await screen.findByRole('form', { name: 'Bet slip' });
    await user.type(within(slip).getByLabelText('Stake'), '500');
    await user.click(within(slip).getByRole('button', { name: 'Place Bet' }));
    expect(await within(slip).findByTestId('slip-result')).toHaveTextContent('Not placed: Line changed');
  });

  it('a closed or suspended instrument says when it opens next and takes no bets', async () => {
    api();
    renderApp('/binary/921');
    await screen.findByRole('heading', { name: /^DOWJONES/, level: 2 }, { timeout: 5000 });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^Opens Thu 26 Nov, 19:30 IST$/);
    expect(screen.getByRole('button', { name: 'Yes DOWJONES, not quoted' })).toBeDisabled();
    expect(screen.queryByText(/Closes in/)).toBeNull();
  });
});

describe('binary helpers', () => {
  it('appendTick adds only newer ticks and keeps at most 2000', () => {
    const ticks = [{ t: 1, p: 1 }];
    expect(appendTick(ticks, { t: 1, p: 2 })).toBe(ticks);
    expect(appendTick(ticks, { t: 2, p: 2 })).toEqual([
      { t: 1, p: 1 },
      { t: 2, p: 2 },
    ]);
    const many = Array.from({ length: 2000 }, (_, i) => ({ t: i, p: i }));
    const next = appendTick(many, { t: 5000, p: 1 });
    expect(next).toHaveLength(2000);
    expect(next[1999]).toEqual({ t: 5000, p: 1 });
  });

  it('chartPoints keeps the last price of each second, times rising', () => {
    expect(
      chartPoints([
        { t: 1000, p: 1 },
        { t: 1500, p: 2 },
        { t: 2000, p: 3 },
      ]),
    ).toEqual([
      { time: 1, value: 2 },
      { time: 2, value: 3 },
    ]);
  });

  it('the binary clock runs on at its speed from the head: a 60× countdown loses 60 s a second', () => {
    const at = { server_time: NOW, received_ms: 1_000, clock_speed: 60 };
    expect(binaryNow(at, 1_000)).toBe(NOW);
    expect(binaryNow(at, 2_000)).toBe(NOW + 60_000);
    expect(binaryNow({ ...at, clock_speed: 1 }, 2_000)).toBe(NOW + 1_000);
    // 14:29 binary time at 60×: 60 s to the close is 1 s of the device's.
    const close = NOW + 60_000;
    expect(formatCountdown(close - binaryNow(at, 1_000))).toBe('1m 00s');
    expect(formatCountdown(close - binaryNow(at, 1_500))).toBe('30s');
  });

  it('formats quarter-point lines with two decimals, whole ones without', () => {
    expect(formatLine(71.25)).toBe('71.25');
    expect(formatLine(71.5)).toBe('71.50');
    expect(formatLine(24_350)).toBe('24,350');
  });

  it('formats the countdown and the next open', () => {
    expect(formatCountdown(3_725_000)).toBe('1h 02m 05s');
    expect(formatCountdown(-5)).toBe('0s');
    expect(nextOpenText({ state: 'OPEN', reason: null, opens_at: null })).toBeNull();
    expect(nextOpenText({ state: 'CLOSED', reason: 'Weekend', opens_at: '2026-11-30T04:30:00Z' })).toBe(
      'Weekend · opens Mon 30 Nov, 10:00 IST',
    );
  });
});
