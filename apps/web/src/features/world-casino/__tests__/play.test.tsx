import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { freshClient, json, mockApi, renderApp, signIn } from '../../../../test/helpers.tsx';
import { GAME_BALANCE_POLL_MS } from '../GamePlayScreen.tsx';
import { BALANCE_NOTICE, isBalanceNotice } from '../notices.ts';
import { gameList, lastBody, providers } from './fixtures.ts';

configure({ asyncUtilTimeout: 15_000 });

const LAUNCH = 'worldCasino/userAuthentication';
const GAME_URL = 'http://127.0.0.1:8090/play/fruit-fiesta?token=abc';

beforeEach(() => {
  freshClient();
  signIn();
});

const launched = (over: Record<string, unknown> = {}) => ({
  game_id: 11,
  name: 'Fruit Fiesta',
  provider_id: 'demo',
  url: GAME_URL,
  expires_at: '2026-11-26T10:02:00.000Z',
  ...over,
});

function balanceCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.filter(([u]) => String(u).endsWith('user/getUserBalance')).length;
}

describe('launching a provider game (issue 23)', { timeout: 30_000 }, () => {
  it('a tile launches its game in a frame, titled, with the way back to the same lobby', async () => {
    const fetchMock = mockApi({
      'worldCasino/getProvidersList': providers,
      'worldCasino/getGameList': (body: unknown) => gameList(body),
      [LAUNCH]: launched(),
    });
    const { router } = renderApp('/world-casino?category=SLOTS');
    await userEvent.click(await screen.findByRole('link', { name: 'Fruit Fiesta' }));
    const frame = await screen.findByTitle('Fruit Fiesta (game)');
    expect(router.state.location.pathname).toBe('/world-casino/play/11');
    expect(lastBody(fetchMock, LAUNCH)).toEqual({ game_id: 11 });
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', GAME_URL);
    // The game may not navigate the site away.
    expect(frame.getAttribute('sandbox')).not.toMatch(/allow-top-navigation/);
    expect(screen.getByRole('heading', { level: 1, name: 'Fruit Fiesta' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Lobby/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/world-casino'));
    expect(router.state.location.search).toBe('?category=SLOTS');
  });

  it('a refused launch says why, with Try again and the way back; nothing is framed', async () => {
    let refuse = true;
    mockApi({
      [LAUNCH]: () =>
        refuse ? json({ status: false, message: 'This game is switched off for now.' }) : launched(),
    });
    renderApp('/world-casino/play/11');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This game could not be opened' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('This game is switched off for now.');
    expect(within(alert).getByRole('link', { name: 'Back to the lobby' })).toHaveAttribute(
      'href',
      '/world-casino',
    );
    expect(document.querySelector('iframe')).toBeNull();
    refuse = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTitle('Fruit Fiesta (game)')).toBeInTheDocument();
  });

  it('a game id that is not a number is refused without a call', async () => {
    const fetchMock = mockApi();
    renderApp('/world-casino/play/abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such game.');
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith(LAUNCH))).toBe(false);
  });

  it("the game's wallet notice refreshes the header balance; a notice from elsewhere does not", async () => {
    // Only the notice may ask here: the in-game poll is held back for this test.
    const realSetInterval = globalThis.setInterval;
    vi.stubGlobal('setInterval', ((fn: () => void, ms?: number) =>
      ms === GAME_BALANCE_POLL_MS ? 0 : realSetInterval(fn, ms)) as typeof setInterval);
    let balance = 1500;
    const fetchMock = mockApi({
      [LAUNCH]: launched(),
      'user/getUserBalance': () => ({ total_balance: balance, liability: 0 }),
    });
    renderApp('/world-casino/play/11');
    const frame = (await screen.findByTitle('Fruit Fiesta (game)')) as HTMLIFrameElement;
    await screen.findByText('1,500.00');
    const before = balanceCalls(fetchMock);
    balance = 1490;
    // Another window (or another origin) cannot make the header ask.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: BALANCE_NOTICE },
          origin: 'http://127.0.0.1:8090',
          source: window,
        }),
      );
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: BALANCE_NOTICE },
          origin: 'http://evil.example',
          source: frame.contentWindow,
        }),
      );
    });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(balanceCalls(fetchMock)).toBe(before);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: BALANCE_NOTICE, balance: 999_999 },
          origin: 'http://127.0.0.1:8090',
          source: frame.contentWindow,
        }),
      );
    });
    // The header shows what the server says, not what the notice claims.
    expect(await screen.findByText('1,490.00')).toBeInTheDocument();
    expect(balanceCalls(fetchMock)).toBe(before + 1);
  });

  it('while the game is open the header asks for the balance every 2 s; after it, no more', async () => {
    const fetchMock = mockApi({ [LAUNCH]: launched() });
    const { router } = renderApp('/world-casino/play/11');
    await screen.findByTitle('Fruit Fiesta (game)');
    const before = balanceCalls(fetchMock);
    await waitFor(() => expect(balanceCalls(fetchMock)).toBeGreaterThan(before), {
      timeout: GAME_BALANCE_POLL_MS + 1_500,
    });
    await act(() => router.navigate('/report/live-casino-bets'));
    await act(() => new Promise((r) => setTimeout(r, 100)));
    const left = balanceCalls(fetchMock);
    await act(() => new Promise((r) => setTimeout(r, GAME_BALANCE_POLL_MS + 500)));
    expect(balanceCalls(fetchMock)).toBe(left);
  });

  it('reads only the balance notice', () => {
    expect(isBalanceNotice({ type: 'provider:balance' })).toBe(true);
    expect(isBalanceNotice({ type: 'balance' })).toBe(false);
    expect(isBalanceNotice('provider:balance')).toBe(false);
    expect(isBalanceNotice(null)).toBe(false);
  });
});
