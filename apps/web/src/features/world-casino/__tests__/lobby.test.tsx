import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshClient, json, mockApi, renderApp, signIn } from '../../../../test/helpers.tsx';
import { lobbyFilters, lobbySearch, SEARCH_DEBOUNCE_MS } from '../filters.ts';
import { initials } from '../GameTile.tsx';
import { game, gameList, GAMES, lastBody, providers } from './fixtures.ts';

// The screen loads lazily; on a busy box its first import can take longer than the shared 5 s.
configure({ asyncUtilTimeout: 15_000 });

const LIST = 'worldCasino/getGameList';

beforeEach(() => {
  freshClient();
  signIn();
});

function openLobby(path = '/world-casino', handlers: Record<string, unknown> = {}) {
  const fetchMock = mockApi({
    'worldCasino/getProvidersList': providers,
    [LIST]: (body: unknown) => gameList(body),
    ...handlers,
  });
  const app = renderApp(path);
  return { ...app, fetchMock };
}

const tabs = () => screen.getByRole('tablist', { name: 'Game categories' });
const tileNames = () =>
  screen.getAllByTestId('game-tile').map((t) => within(t).getByRole('heading').textContent);

describe('Live Casino & Slots lobby (issue 23)', { timeout: 30_000 }, () => {
  it('shows the categories the providers bring as tabs, with counts, and every game as a tile', async () => {
    const { fetchMock } = openLobby();
    expect(await screen.findByRole('heading', { level: 1, name: 'Live Casino & Slots' })).toBeInTheDocument();
    await screen.findAllByTestId('game-tile');
    expect(
      within(tabs())
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All games 4', 'Live Casino 1', 'Slots 2', 'Table Games 1']);
    expect(within(tabs()).getByRole('tab', { name: /All games/ })).toHaveAttribute('aria-selected', 'true');
    expect(tileNames()).toEqual(['Fruit Fiesta', 'Temple of Gems', 'Lightning Roulette', 'Demo Roulette']);
    expect(lastBody(fetchMock, LIST)).toEqual({ page: 1 });
    // Each tile opens its game, named by the game and its provider.
    expect(screen.getByRole('link', { name: 'Fruit Fiesta' })).toHaveAttribute(
      'href',
      '/world-casino/play/11',
    );
    expect(within(screen.getAllByTestId('game-tile')[2]!).getByText('Acme Live')).toBeInTheDocument();
  });

  it('a tab asks for its category and goes in the URL; arrow keys move between tabs', async () => {
    const { fetchMock, router } = openLobby();
    await screen.findAllByTestId('game-tile');
    await userEvent.click(within(tabs()).getByRole('tab', { name: /Slots/ }));
    await waitFor(() => expect(tileNames()).toEqual(['Fruit Fiesta', 'Temple of Gems']));
    expect(lastBody(fetchMock, LIST)).toEqual({ page: 1, category: 'SLOTS' });
    expect(router.state.location.search).toBe('?category=SLOTS');
    // Keyboard: the selected tab has focus after the click; → goes to the next category.
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(tileNames()).toEqual(['Demo Roulette']));
    expect(within(tabs()).getByRole('tab', { name: /Table Games/ })).toHaveFocus();
  });

  it('the sidebar opens Live Casino and Slot Game on their tabs', async () => {
    const { fetchMock } = openLobby('/home');
    const side = screen.getByRole('complementary', { name: 'Sports menu' });
    await userEvent.click(within(side).getByRole('link', { name: 'Slot Game' }));
    await waitFor(() => expect(tileNames()).toEqual(['Fruit Fiesta', 'Temple of Gems']));
    expect(within(tabs()).getByRole('tab', { name: /Slots/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(within(side).getByRole('link', { name: 'Live Casino' }));
    await waitFor(() => expect(tileNames()).toEqual(['Lightning Roulette']));
    expect(lastBody(fetchMock, LIST)).toEqual({ page: 1, category: 'LIVE' });
  });

  it('a category with no games stays a tab and says so', async () => {
    openLobby('/world-casino?category=LIVE', {
      [LIST]: (body: unknown) =>
        gameList(
          body,
          GAMES.filter((g) => g.category !== 'LIVE'),
        ),
    });
    expect(
      await screen.findByText('No games here right now. Try another category or provider.'),
    ).toBeInTheDocument();
    expect(within(tabs()).getByRole('tab', { name: 'Live Casino 0' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('the provider filter lists the providers and narrows the games and the tabs', async () => {
    const { fetchMock, router } = openLobby();
    await screen.findAllByTestId('game-tile');
    const select = screen.getByRole('combobox', { name: 'Provider' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All providers', 'Backlay Demo Games (3)', 'Acme Live (1)']);
    await userEvent.selectOptions(select, 'acme');
    await waitFor(() => expect(tileNames()).toEqual(['Lightning Roulette']));
    expect(lastBody(fetchMock, LIST)).toEqual({ page: 1, provider_id: 'acme' });
    expect(
      within(tabs())
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All games 1', 'Live Casino 1']);
    expect(router.state.location.search).toBe('?provider=acme');
  });

  it('search is sent once typing pauses, not on every key, and an empty result says what was searched', async () => {
    const { fetchMock } = openLobby();
    await screen.findAllByTestId('game-tile');
    const calls = () => fetchMock.mock.calls.filter(([u]) => String(u).endsWith(LIST)).length;
    const before = calls();
    const box = screen.getByRole('searchbox', { name: 'Search games' });
    await userEvent.type(box, 'roul');
    // Four keys, at most one call, and only after the pause.
    await waitFor(() => expect(tileNames()).toEqual(['Lightning Roulette', 'Demo Roulette']));
    expect(calls()).toBe(before + 1);
    expect(lastBody(fetchMock, LIST)).toEqual({ page: 1, search: 'roul' });
    fireEvent.change(box, { target: { value: 'zzz' } });
    expect(await screen.findByText('No games match “zzz”.')).toBeInTheDocument();
    expect(SEARCH_DEBOUNCE_MS).toBeGreaterThanOrEqual(200);
  });

  it('a link to the lobby without a search empties the box too', async () => {
    openLobby('/world-casino?search=roul');
    const box = await screen.findByRole('searchbox', { name: 'Search games' });
    expect(box).toHaveValue('roul');
    await waitFor(() => expect(tileNames()).toEqual(['Lightning Roulette', 'Demo Roulette']));
    const side = screen.getByRole('complementary', { name: 'Sports menu' });
    await userEvent.click(within(side).getByRole('link', { name: 'Slot Game' }));
    await waitFor(() => expect(tileNames()).toEqual(['Fruit Fiesta', 'Temple of Gems']));
    expect(box).toHaveValue('');
  });

  it('pages a long list through the server', async () => {
    const many = Array.from({ length: 50 }, (_, k) =>
      game(100 + k, { name: `Slot ${String(k).padStart(2, '0')}` }),
    );
    const { fetchMock } = openLobby('/world-casino', { [LIST]: (body: unknown) => gameList(body, many) });
    await screen.findAllByTestId('game-tile');
    expect(screen.getAllByTestId('game-tile')).toHaveLength(48);
    expect(screen.getByText('1–48 of 50 games')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(tileNames()).toEqual(['Slot 48', 'Slot 49']));
    expect(lastBody(fetchMock, LIST)).toEqual({ page: 2 });
  });

  it('a tile without a picture, or whose picture fails, shows the initials instead', async () => {
    openLobby();
    await screen.findAllByTestId('game-tile');
    const [fruit, temple] = screen.getAllByTestId('game-tile');
    expect(within(temple!).getByTestId('tile-fallback')).toHaveTextContent('TO');
    const img = fruit!.querySelector('img')!;
    expect(img).toHaveAttribute('src', 'http://127.0.0.1:8090/thumbs/11.png');
    expect(img).toHaveAttribute('alt', '');
    act(() => {
      fireEvent.error(img);
    });
    expect(within(fruit!).getByTestId('tile-fallback')).toHaveTextContent('FF');
    expect(fruit!.querySelector('img')).toBeNull();
  });

  it('a failed load says why and Retry asks again', async () => {
    let fail = true;
    openLobby('/world-casino', {
      [LIST]: (body: unknown) =>
        fail ? json({ status: false, message: 'Game providers are unavailable' }) : gameList(body),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the games: Game providers are unavailable');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('game-tile')).toHaveLength(4);
  });

  it('shows a loading state until the games arrive', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    openLobby('/world-casino', {
      [LIST]: async (body: unknown) => {
        await gate;
        return gameList(body);
      },
    });
    expect(await screen.findByText('Loading the games…')).toBeInTheDocument();
    release();
    expect(await screen.findAllByTestId('game-tile')).toHaveLength(4);
  });
});

describe('lobby filters in the URL', () => {
  it('reads known values, drops the rest, and writes back only what differs from the defaults', () => {
    const f = lobbyFilters(new URLSearchParams('category=SLOTS&provider=demo&search=%20fruit%20&page=3'));
    expect(f).toEqual({ category: 'SLOTS', provider: 'demo', search: 'fruit', page: 3 });
    expect(lobbySearch(f).toString()).toBe('category=SLOTS&provider=demo&search=fruit&page=3');
    const bad = lobbyFilters(
      new URLSearchParams('category=slots&provider=Bad!&page=-1&search=' + 'x'.repeat(80)),
    );
    expect(bad).toEqual({ category: 'all', provider: 'all', search: 'x'.repeat(60), page: 1 });
    expect(lobbySearch({ category: 'all', provider: 'all', search: '', page: 1 }).toString()).toBe('');
  });

  it('initials take the first letter of the first two words', () => {
    expect(initials('Temple of Gems')).toBe('TO');
    expect(initials('7 Sevens')).toBe('7S');
    expect(initials('Ünder – Over')).toBe('ÜO');
  });
});
