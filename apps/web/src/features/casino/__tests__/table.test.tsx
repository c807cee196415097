import type { CasinoBet, CasinoRound } from '@backlay/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useClientStore } from '../../../lib/store.ts';
import {
  ControlledSocket,
  freshClient,
  json,
  mockApi,
  renderApp,
  signIn,
} from '../../../../test/helpers.tsx';
import { betFixture, BUTTONS, chip, headFixture, resultFixture, roundFixture, TABLE_ID } from './fixtures.ts';

// casino/match/{matchId} (issue 22): the round follows the socket, the countdown reads the server's
// clock, options close with the window, and Place Bet places once.
beforeEach(() => freshClient(ControlledSocket));

const PLACE = 'bet/placeCasinoBet';

async function openTable(
  handlers: Record<string, unknown> = {},
  round: () => CasinoRound = () => roundFixture(),
) {
  signIn();
  const fetchMock = mockApi({
    'casino/getRound': () => round(),
    'user/getButtonValue': BUTTONS,
    ...handlers,
  });
  const app = renderApp(`/casino/match/${TABLE_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Dragon Tiger 20-20' }, { timeout: 15_000 });
  await waitFor(() => expect(ControlledSocket.all.length).toBeGreaterThan(0));
  const ws = ControlledSocket.all.at(-1)!;
  act(() => ws.open());
  const calls = (path: string) => fetchMock.mock.calls.filter(([u]) => String(u).endsWith(path));
  return { ...app, ws, fetchMock, calls, user: userEvent.setup() };
}

const optionButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} `) });

describe('casino table', { timeout: 30_000 }, () => {
  it('subscribes the table and shows its header: round id, shortened seed hash with the whole in its title', async () => {
    const { ws } = await openTable();
    expect(ws.sent).toContainEqual({ op: 'subscribe_casino', match_ids: [TABLE_ID] });
    expect(screen.getByTestId('round-id')).toHaveTextContent('41');
    expect(screen.getByRole('button', { name: /Round ID/ })).toBeInTheDocument();
    const hash = screen.getByTitle(headFixture().server_seed_hash);
    expect(hash).toHaveTextContent('9f86d081…f00a08');
    expect(screen.getByText('Place your bets')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('timer')).not.toHaveAttribute('aria-live');
  });

  it('says the connection is lost while the socket is down; Live again once it is back', async () => {
    const { ws, calls } = await openTable();
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Live');
    expect(screen.queryByTestId('connection-lost')).toBeNull();
    const before = calls('casino/getRound').length;
    act(() => {
      ws.readyState = 3;
      ws.onclose?.({});
    });
    await waitFor(() => expect(screen.getByTestId('live-indicator')).toHaveTextContent('Reconnecting'));
    expect(screen.getByTestId('connection-lost')).toHaveTextContent(/judged by the server’s clock/);
    await waitFor(() => expect(ControlledSocket.all).toHaveLength(2), { timeout: 3000 });
    act(() => ControlledSocket.all[1]!.open());
    expect(ControlledSocket.all[1]!.sent).toContainEqual({ op: 'subscribe_casino', match_ids: [TABLE_ID] });
    await waitFor(() => expect(screen.getByTestId('live-indicator')).toHaveTextContent('Live'));
    expect(screen.queryByTestId('connection-lost')).toBeNull();
    await waitFor(() => expect(calls('casino/getRound').length).toBeGreaterThan(before));
  });

  it('counts the window down by the server clock, not the local one', async () => {
    // The server's clock is a minute behind this machine's: 12 s are left by the server.
    const server_time = Date.now() - 60_000;
    await openTable({}, () =>
      roundFixture({}, { server_time, closes_at: new Date(server_time + 12_000).toISOString() }),
    );
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent(/^1[12]$/));
    expect(optionButton('Dragon')).toBeEnabled();
  });

  it('a casino message closing the window disables the options and Place Bet', async () => {
    const { ws, user } = await openTable();
    await user.click(optionButton('Dragon'));
    await user.click(screen.getByRole('button', { name: '1k' }));
    expect(screen.getByRole('button', { name: 'Place Bet' })).toBeEnabled();
    act(() => ws.push({ type: 'casino', round: headFixture({ state: 'CLOSED', seconds_left: 0 }) }));
    expect(await screen.findByText('Bets closed')).toBeInTheDocument();
    for (const b of within(screen.getByRole('group', { name: 'Options' })).getAllByRole('button')) {
      expect(b).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: 'Place Bet' })).toBeDisabled();
    expect(screen.getByRole('timer')).toHaveTextContent('0');
  });

  it("shows the server's refusal in its own words", async () => {
    const refusal = 'Bets are closed for round 41';
    const { user } = await openTable({ [PLACE]: () => json({ status: false, message: refusal }) });
    await user.click(optionButton('Tiger'));
    await user.type(screen.getByLabelText('Stake'), '250');
    await user.click(screen.getByRole('button', { name: 'Place Bet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${refusal}$`));
  });

  it('a double click places one bet with a Casino button stake; balance and exposure refresh', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const placed: CasinoBet[] = [];
    const { user, calls } = await openTable(
      {
        [PLACE]: async () => {
          await gate;
          placed.push(betFixture());
          return { bet: placed.at(-1) };
        },
      },
      () => roundFixture({ my_bets: placed }),
    );
    await user.click(optionButton('Dragon'));
    await user.click(screen.getByRole('button', { name: '1k' }));
    expect(screen.getByLabelText('Stake')).toHaveValue('1000');
    expect(screen.getByTestId('slip-win')).toHaveTextContent('₹980.00');
    const counter = useClientStore.getState().betPlacedCounter;
    const place = screen.getByRole('button', { name: 'Place Bet' });
    await user.dblClick(place);
    await user.click(place);
    release();
    const row = await screen.findByTestId('round-bet');
    expect(row).toHaveTextContent('Dragon');
    expect(row).toHaveTextContent('₹1,000.00');
    expect(calls(PLACE)).toHaveLength(1);
    const body = JSON.parse(String(calls(PLACE)[0]![1]!.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ match_id: TABLE_ID, round_id: 41, option_id: 'dragon', stack: 1000 });
    expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(useClientStore.getState().betPlacedCounter).toBe(counter + 1);
  });

  it('a second Place after the answer is a second bet with a fresh request_id', async () => {
    const placed: CasinoBet[] = [];
    const { user, calls } = await openTable(
      {
        [PLACE]: () => {
          placed.push(betFixture({ bet_id: 9000 + placed.length }));
          return { bet: placed.at(-1) };
        },
      },
      () => roundFixture({ my_bets: placed }),
    );
    await user.click(optionButton('Dragon'));
    await user.click(screen.getByRole('button', { name: '1k' }));
    await user.click(screen.getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(screen.getAllByTestId('round-bet')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(calls(PLACE)).toHaveLength(2));
    const ids = calls(PLACE).map(
      ([, init]) => (JSON.parse(String(init!.body)) as { request_id: string }).request_id,
    );
    expect(new Set(ids).size).toBe(2);
  });

  it('bets by keyboard alone: an option, a Casino button, Place Bet', async () => {
    const placed: CasinoBet[] = [];
    const { user, calls } = await openTable(
      {
        [PLACE]: () => {
          placed.push(betFixture({ option_id: 'tiger', option_label: 'Tiger', stake: 5000 }));
          return { bet: placed.at(-1) };
        },
      },
      () => roundFixture({ my_bets: placed }),
    );
    optionButton('Dragon').focus();
    await user.tab(); // Tiger
    await user.keyboard(' ');
    expect(optionButton('Tiger')).toHaveAttribute('aria-pressed', 'true');
    for (let i = 0; i < 40 && document.activeElement?.textContent !== '5k'; i++) await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Stake')).toHaveValue('5000');
    await user.tab(); // the stake box
    await user.keyboard('{Enter}'); // submits the slip
    await waitFor(() => expect(calls(PLACE)).toHaveLength(1));
    expect(JSON.parse(String(calls(PLACE)[0]![1]!.body))).toMatchObject({ option_id: 'tiger', stack: 5000 });
  });

  it('casino messages deal the cards face up one by one into their seats', async () => {
    const { ws } = await openTable();
    act(() => ws.push({ type: 'casino', round: headFixture({ state: 'DEALING', dealt: ['TH'] }) }));
    const dragon = screen.getByRole('region', { name: 'Dragon' });
    expect(await within(dragon).findByRole('img', { name: 'Ten of hearts' })).toHaveTextContent('10♥');
    expect(within(screen.getByRole('region', { name: 'Tiger' })).queryByRole('img')).toBeNull();
    act(() => ws.push({ type: 'casino', round: headFixture({ state: 'DEALING', dealt: ['TH', 'KS'] }) }));
    const tiger = screen.getByRole('region', { name: 'Tiger' });
    expect(await within(tiger).findByRole('img', { name: 'King of spades' })).toHaveTextContent('K♠');
    expect(screen.getByText('Tiger: King of spades')).toBeInTheDocument();
    expect(screen.getByText('Dealing')).toBeInTheDocument();
  });

  it('the result shows big with your win, joins the strip, and a chip opens that round', async () => {
    let round = roundFixture({ my_bets: [betFixture()] });
    const asked: unknown[] = [];
    const { ws, user, calls } = await openTable(
      {
        'casino/getCasinoResult': (body: unknown) => {
          asked.push(body);
          return resultFixture();
        },
      },
      () => round,
    );
    const result = chip(41, 'Tiger', ['tiger']);
    const head = headFixture({ state: 'RESULT', dealt: ['2H', 'KS'], result });
    round = {
      ...round,
      round: head,
      last_results: [result, ...round.last_results],
      my_bets: [betFixture({ status: 'SETTLED', profit_loss: -1000 })],
    };
    const before = calls('user/getUserBalance').length;
    act(() => ws.push({ type: 'casino', round: head }));
    const banner = screen.getByTestId('round-result');
    expect(await within(banner).findByText('Tiger wins')).toBeInTheDocument();
    expect(await within(banner).findByText('You lost ₹1,000.00')).toBeInTheDocument();
    await waitFor(() => expect(calls('user/getUserBalance').length).toBeGreaterThan(before));
    const strip = screen.getByRole('list', { name: 'Last results' });
    const first = within(strip).getAllByRole('button')[0]!;
    expect(first).toHaveAccessibleName('Round 41: Tiger. Open the result');
    await user.click(first);
    // The round's result modal (features/casino/result/), asked for this table and round.
    const modal = await screen.findByRole('dialog', { name: 'Dragon Tiger 20-20 · Round 41' });
    expect(within(modal).getByRole('tab', { name: 'Verify' })).toBeInTheDocument();
    expect(asked).toEqual([{ match_id: TABLE_ID, round_id: 41 }]);
  });

  it('a message of a new round refetches the round (bets and results) and clears nothing by hand', async () => {
    let round = roundFixture();
    const { ws, calls } = await openTable({}, () => round);
    const fetched = calls('casino/getRound').length;
    round = roundFixture({ last_results: [chip(41), chip(40, 'Tiger', ['tiger'])] }, { round_id: 42 });
    act(() => ws.push({ type: 'casino', round: headFixture({ round_id: 42 }) }));
    await waitFor(() => expect(calls('casino/getRound').length).toBe(fetched + 1));
    await waitFor(() => expect(screen.getByTestId('round-id')).toHaveTextContent('42'));
  });

  it('an unknown table id says so', async () => {
    signIn();
    mockApi();
    renderApp('/casino/match/abc');
    expect(await screen.findByText('No such casino table.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
