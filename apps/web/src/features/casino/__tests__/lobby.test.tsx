import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ControlledSocket, freshClient, mockApi, renderApp, signIn } from '../../../../test/helpers.tsx';
import { chip, headFixture, lobbyFixture, roundFixture, TABLE_ID } from './fixtures.ts';

// casino/list/{seriesId} (issue 22): a tile per table with its round's state, a live countdown and
// the last results, all following the socket (no polling); a tile opens its table.
beforeEach(() => freshClient(ControlledSocket));

async function openLobby(series = 'ourcasino') {
  signIn();
  const fetchMock = mockApi({
    'casino/getLobby': () => lobbyFixture(),
    'casino/getRound': () => roundFixture(),
  });
  renderApp(`/casino/list/${series}`);
  await screen.findByRole('heading', { level: 1, name: 'Our Casino' }, { timeout: 15_000 });
  await waitFor(() => expect(ControlledSocket.all.length).toBeGreaterThan(0));
  const ws = ControlledSocket.all.at(-1)!;
  act(() => ws.open());
  const lobbyCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).endsWith('casino/getLobby')).length;
  return { ws, fetchMock, lobbyCalls };
}

const tile = (name: string) =>
  screen.getAllByTestId('casino-tile').find((t) => within(t).queryByRole('link', { name }))!;

describe('casino lobby', { timeout: 30_000 }, () => {
  it('shows a tile per table with its state, countdown and last results, and follows every table', async () => {
    const { ws } = await openLobby();
    expect(screen.getAllByTestId('casino-tile')).toHaveLength(3);
    const dt = tile('Dragon Tiger 20-20');
    expect(within(dt).getByText('Place your bets')).toBeInTheDocument();
    expect(within(dt).getByRole('timer')).toHaveTextContent(/^(19|20)$/);
    expect(within(dt).getByText('Round 40: Tiger')).toBeInTheDocument();
    expect(within(tile('Lucky 7')).getByText('Dealing')).toBeInTheDocument();
    expect(within(tile('Andar Bahar')).getByText('Opening soon')).toBeInTheDocument();
    expect(ws.sent).toContainEqual({ op: 'subscribe_casino', match_ids: [TABLE_ID, 502, 503] });
  });

  it("shows each table's own picture, loaded lazily, as decoration beside the name (issue 47)", async () => {
    await openLobby();
    const pics = screen.getAllByTestId('casino-tile').map((t) => t.querySelector('img'));
    expect(pics.map((p) => p?.getAttribute('src')?.replace(/^.*\//, '').replace(/\?.*$/, ''))).toEqual([
      'dragon_tiger_20.svg',
      'lucky7.svg',
      'andar_bahar.svg',
    ]);
    for (const p of pics) {
      expect(p).toHaveAttribute('loading', 'lazy');
      expect(p).toHaveAttribute('alt', '');
    }
  });

  it('casino messages move the tiles without refetching the lobby; a result joins the chips', async () => {
    const { ws, lobbyCalls } = await openLobby();
    const before = lobbyCalls();
    act(() => ws.push({ type: 'casino', round: headFixture({ state: 'DEALING', dealt: ['AS'] }) }));
    expect(await within(tile('Dragon Tiger 20-20')).findByText('Dealing')).toBeInTheDocument();
    act(() =>
      ws.push({
        type: 'casino',
        round: headFixture({ state: 'RESULT', dealt: ['AS', '2D'], result: chip(41, 'Tiger', ['tiger']) }),
      }),
    );
    const dt = tile('Dragon Tiger 20-20');
    expect(await within(dt).findByText('Round 41: Tiger')).toBeInTheDocument();
    expect(within(dt).getByText('Result')).toBeInTheDocument();
    // A message of an earlier round (late) changes nothing.
    act(() => ws.push({ type: 'casino', round: headFixture({ round_id: 40, state: 'BETTING' }) }));
    // React Query tells its observers on a later tick: give it one before looking.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(within(dt).getByText('Result')).toBeInTheDocument();
    expect(within(dt).getByText('Round 41')).toBeInTheDocument();
    expect(lobbyCalls()).toBe(before);
  });

  it('says the connection is lost while the socket is down, and refetches the lobby when it is back', async () => {
    const { ws, lobbyCalls } = await openLobby();
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Live');
    expect(screen.queryByTestId('connection-lost')).toBeNull();
    const before = lobbyCalls();
    act(() => {
      ws.readyState = 3;
      ws.onclose?.({});
    });
    await waitFor(() => expect(screen.getByTestId('live-indicator')).toHaveTextContent('Reconnecting'));
    expect(screen.getByTestId('connection-lost')).toHaveTextContent(/^Connection lost\./);
    await waitFor(() => expect(ControlledSocket.all).toHaveLength(2), { timeout: 3000 });
    act(() => ControlledSocket.all[1]!.open());
    await waitFor(() => expect(screen.getByTestId('live-indicator')).toHaveTextContent('Live'));
    expect(screen.queryByTestId('connection-lost')).toBeNull();
    await waitFor(() => expect(lobbyCalls()).toBeGreaterThan(before));
  });

  it('a tile opens its table', async () => {
    await openLobby();
    await userEvent.click(screen.getByRole('link', { name: 'Dragon Tiger 20-20' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dragon Tiger 20-20' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Options' })).toBeInTheDocument();
  });

  it('an unknown series says there is no such casino', async () => {
    signIn();
    mockApi();
    renderApp('/casino/list/matka');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No such casino' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Our Casino' })).toBeInTheDocument();
  });

  it('the sidebar opens Our Casino and Our Virtual; the top navigation lists the casino series', async () => {
    signIn();
    mockApi({
      'casino/getCasinoSport': [
        { sport_id: 'ourcasino', name: 'Our Casino', is_active: 1, order: 1, category: 'indian' },
        { sport_id: 'virtual', name: 'Our Virtual', is_active: 1, order: 2, category: 'indian' },
      ],
    });
    renderApp('/home');
    const side = screen.getByRole('complementary', { name: 'Sports menu' });
    expect(await within(side).findByRole('link', { name: 'Our Casino' })).toHaveAttribute(
      'href',
      '/casino/list/ourcasino',
    );
    expect(within(side).getByRole('link', { name: 'Our Virtual' })).toHaveAttribute(
      'href',
      '/casino/list/virtual',
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Our Virtual' })).toHaveAttribute(
      'href',
      '/casino/list/virtual',
    );
    expect(within(nav).getByRole('link', { name: 'Our Casino' })).toHaveAttribute(
      'href',
      '/casino/list/ourcasino',
    );
  });

  it('casino/CM/MD/{matchId} redirects to the table', async () => {
    signIn();
    mockApi({ 'casino/getRound': () => roundFixture() });
    renderApp(`/CM/MD/${TABLE_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dragon Tiger 20-20' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});
