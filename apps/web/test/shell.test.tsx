import { supportHref, type SeriesHeaderEntry } from '@backlay/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTheme } from '../src/app/useTheme.ts';
import { groupBySport, matchesOfTheDay } from '../src/features/home/HomeScreen.tsx';
import { sidebarSports } from '../src/features/sidebar/index.ts';
import { useClientStore } from '../src/lib/store.ts';
import {
  json,
  matchFixture,
  mockApi,
  renderApp,
  resetStore,
  settings,
  setViewport,
  signIn,
} from './helpers.tsx';

const entry = (sport_id: number, sport_name: string, order: number): SeriesHeaderEntry => ({
  sport_id,
  sport_name,
  order,
  series: [{ series_id: sport_id * 10, name: `${sport_name} League`, matches: [] }],
});

const match = matchFixture;

describe('sidebar', () => {
  beforeEach(() => resetStore());

  it('drops sport ids -17 and -1 and puts cricket first', () => {
    const sorted = sidebarSports([
      entry(1, 'Football', 1),
      entry(-1, 'Hidden', 0),
      entry(4, 'Cricket', 3),
      entry(-17, 'X', 0),
      entry(2, 'Tennis', 2),
    ]);
    expect(sorted.map((s) => s.sport_id)).toEqual([4, 1, 2]);
  });

  it('All Sports opens sport → series → matches linking to game-details; sections toggle', async () => {
    mockApi({
      'series/getSeriesHeader': (body: unknown) =>
        (body as { is_sidebar_call: number }).is_sidebar_call === 2
          ? [
              {
                sport_id: 4,
                sport_name: 'Cricket',
                order: 1,
                series: [
                  {
                    series_id: 40,
                    name: 'Test Series',
                    matches: [
                      {
                        match_id: 9,
                        match_name: 'India v England',
                        match_Date: '2026-11-21T10:00:00Z',
                        in_play: true,
                      },
                    ],
                  },
                ],
              },
            ]
          : [],
    });
    signIn();
    renderApp('/home');
    const user = userEvent.setup();
    // The signed-in shell is a lazily loaded chunk (routes.tsx): wait for it.
    const aside = await screen.findByRole('complementary', { name: 'Sports menu' });
    const cricket = await within(aside).findByRole('button', { name: /Cricket/ });
    expect(cricket).toHaveAttribute('aria-expanded', 'false');
    await user.click(cricket);
    expect(cricket).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(aside).getByRole('button', { name: /Test Series/ }));
    expect(within(aside).getByRole('link', { name: /India v England/ })).toHaveAttribute(
      'href',
      '/game-details/4/9',
    );
    await user.click(cricket);
    expect(within(aside).queryByRole('link', { name: /India v England/ })).toBeNull();
  });

  it('the cup menu lists match/getCupsForMenu; a cup opens its sport on its competition only', async () => {
    mockApi({
      'match/getCupsForMenu': [
        { cup_id: 1, name: 'World Cup', sport_id: 4, series_id: 41 },
        { cup_id: 2, name: 'Euro Cup', sport_id: 1, series_id: null },
      ],
      'series/getSeries': [
        { series_id: 40, name: 'Test Series', sport_id: 4 },
        { series_id: 41, name: 'ICC World Cup', sport_id: 4 },
      ],
      'match/getMatches': [
        match({ match_id: 1, series_id: 40, series_name: 'Test Series', match_name: 'A v B' }),
        match({ match_id: 2, series_id: 41, series_name: 'ICC World Cup', match_name: 'C v D' }),
      ],
    });
    signIn();
    renderApp('/home');
    // The signed-in shell is a lazily loaded chunk (routes.tsx): wait for it.
    const aside = await screen.findByRole('complementary', { name: 'Sports menu' });
    const cup = await within(aside).findByRole('link', { name: 'World Cup' });
    expect(cup).toHaveAttribute('href', '/all-sports/4?series=41');
    expect(within(aside).getByRole('link', { name: 'Euro Cup' })).toHaveAttribute('href', '/all-sports/1');
    await userEvent.click(cup);
    expect(await screen.findByRole('heading', { name: 'ICC World Cup' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Test Series' })).toBeNull();
    expect(screen.getByRole('link', { name: /All .* competitions/ })).toBeInTheDocument();
  });

  it('Our Casino shows only when an Indian casino sport exists', async () => {
    mockApi({ 'casino/getCasinoSport': [] });
    signIn();
    const first = renderApp('/home');
    await screen.findByRole('link', { name: 'Our Virtual' });
    expect(screen.queryByRole('link', { name: 'Our Casino' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Live Casino' })).toHaveAttribute(
      'href',
      '/world-casino?category=LIVE',
    );
    expect(screen.getByRole('link', { name: 'Slot Game' })).toHaveAttribute(
      'href',
      '/world-casino?category=SLOTS',
    );
    first.unmount();
    mockApi({
      'casino/getCasinoSport': [
        { sport_id: 'matka', name: 'Matka', is_active: 1, order: 1, category: 'indian' },
      ],
    });
    renderApp('/home');
    expect(await screen.findByRole('link', { name: 'Our Casino' })).toBeInTheDocument();
  });

  it('is a drawer under 993 px: opened by the header button, closed by Escape', async () => {
    setViewport(true);
    mockApi();
    signIn();
    renderApp('/home');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Open sports menu' });
    expect(document.getElementById('sidebar')).not.toBeVisible();
    await user.click(toggle);
    const drawer = screen.getByRole('dialog', { name: 'Sports menu' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    await user.keyboard('{Escape}');
    expect(useClientStore.getState().sidebarOpen).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Sports menu' })).toBeNull();
  });
});

describe('header', () => {
  beforeEach(() => resetStore());

  it('search shows results grouped by sport with the IST date, and toggles closed', async () => {
    mockApi({
      'match/searchByMatchNameHeader': [
        {
          sport_id: 4,
          sport_name: 'Cricket',
          matches: [
            {
              match_id: 9,
              match_name: 'India v England',
              match_Date: '2026-11-21T18:45:07Z',
              series_name: 'Test',
            },
          ],
        },
      ],
    });
    signIn();
    renderApp('/home');
    const user = userEvent.setup();
    const box = await screen.findByRole('combobox', { name: 'Search events' });
    await user.type(box, 'ind');
    const results = await screen.findByRole('listbox', { name: 'Search results' });
    expect(await within(results).findByRole('group', { name: 'Cricket' })).toBeInTheDocument();
    const option = within(results).getByRole('option', { name: /India v England/ });
    expect(option).toHaveTextContent('22/11/2026 00:15:07');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Search results' })).toBeNull();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('search is a combobox: arrows move the active option, Enter opens the match', async () => {
    mockApi({
      'match/searchByMatchNameHeader': [
        {
          sport_id: 4,
          sport_name: 'Cricket',
          matches: [
            {
              match_id: 9,
              match_name: 'India v England',
              match_Date: '2026-11-21T18:45:07Z',
              series_name: 'T',
            },
            {
              match_id: 10,
              match_name: 'India v Kenya',
              match_Date: '2026-11-22T18:45:07Z',
              series_name: 'T',
            },
          ],
        },
      ],
    });
    signIn();
    const { router } = renderApp('/home');
    const user = userEvent.setup();
    const box = await screen.findByRole('combobox', { name: 'Search events' });
    await user.type(box, 'ind');
    const results = await screen.findByRole('listbox', { name: 'Search results' });
    await within(results).findByRole('option', { name: /India v Kenya/ });
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const kenya = within(results).getByRole('option', { name: /India v Kenya/ });
    expect(box).toHaveAttribute('aria-activedescendant', kenya.id);
    expect(kenya).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute(
      'aria-activedescendant',
      within(results).getByRole('option', { name: /England/ }).id,
    );
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/game-details/4/10'));
  });

  it('top navigation lists Home, the sports of note, Binary, and casino series', async () => {
    mockApi({
      'series/getSeriesHeader': (body: unknown) =>
        (body as { is_sidebar_call: number }).is_sidebar_call === 1
          ? [
              entry(1, 'Football', 2),
              entry(4, 'Cricket', 1),
              entry(99, 'Darts', 5),
              entry(7522, 'Basketball', 3),
            ]
          : [],
      'casino/getCasinoSport': [
        { sport_id: 'matka', name: 'Matka', is_active: 1, order: 1, category: 'indian' },
      ],
    });
    signIn();
    renderApp('/home');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Matka' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Cricket', 'Football', 'Basketball', 'Binary', 'Matka']);
  });

  it('the balance is polled with a refetch interval and refreshed when a bet is placed', async () => {
    const fetchMock = mockApi();
    signIn();
    renderApp('/home');
    await screen.findByText('1,500.00');
    const count = () => fetchMock.mock.calls.filter(([u]) => String(u).endsWith('getUserBalance')).length;
    const before = count();
    act(() => useClientStore.getState().bumpBetPlaced());
    await waitFor(() => expect(count()).toBe(before + 1));
  });

  it('the site message scrolls in the news marquee', async () => {
    mockApi();
    signIn();
    renderApp('/home');
    const news = await screen.findByRole('region', { name: 'News' });
    await waitFor(() => expect(news).toHaveTextContent('Welcome to Backlay'));
  });
});

describe('footer', () => {
  it('24X7 Support is the contact the operator set: a WhatsApp chat opens', async () => {
    mockApi({
      'globalSetting/getGlobalSetting': {
        ...settings,
        support_channel: 'WHATSAPP',
        support_contact: '+919876543210',
      },
    });
    signIn();
    const { unmount } = renderApp('/home');
    const chat = await screen.findByRole('link', { name: 'WhatsApp: +919876543210' });
    expect(chat).toHaveAttribute('href', 'https://wa.me/919876543210');
    expect(chat.closest('section')).toHaveAccessibleName('24X7 Support');
    unmount();
    // One link per channel, from the contract's one function.
    expect(supportHref('EMAIL', 'help@site.example')).toBe('mailto:help@site.example');
    expect(supportHref('TELEGRAM', '@backlay_help')).toBe('https://t.me/backlay_help');
    expect(supportHref('PHONE', '+919876543210')).toBe('tel:+919876543210');
    expect(supportHref('', 'x')).toBeNull();
  });

  it('24X7 Support offers every channel the operator set, each its own link (issue 47)', async () => {
    resetStore();
    mockApi({
      'globalSetting/getGlobalSetting': {
        ...settings,
        support_channel: 'WHATSAPP',
        support_contact: '+919876543210',
        support_whatsapp: '+919876543210',
        support_telegram: '@backlay_help',
        support_phone: '',
        support_email: 'help@site.example',
      },
    });
    signIn();
    renderApp('/home');
    const support = await screen.findByRole('region', { name: '24X7 Support' });
    const links = within(support).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['WhatsApp: +919876543210', 'https://wa.me/919876543210'],
      ['Telegram: @backlay_help', 'https://t.me/backlay_help'],
      ['E-mail: help@site.example', 'mailto:help@site.example'],
    ]);
  });

  it('24X7 Support stays a label until the operator sets a contact', async () => {
    resetStore();
    mockApi();
    signIn();
    renderApp('/home');
    await screen.findAllByText('24X7 Support');
    expect(screen.queryByRole('link', { name: /24X7 Support/ })).toBeNull();
  });
});

describe('home and theme', () => {
  it("keeps today's matches (IST) and in-play ones, grouped by sport with cricket first", () => {
    const now = new Date('2026-11-21T20:00:00Z'); // 22/11 01:30 IST
    const list = [
      match({ match_id: 1, match_Date: '2026-11-21T19:00:00Z' }), // 22/11 00:30 IST: today
      match({ match_id: 2, match_Date: '2026-11-21T10:00:00Z' }), // 21/11 IST: yesterday
      match({ match_id: 3, match_Date: '2026-11-21T10:00:00Z', in_play: true }),
      match({ match_id: 4, sport_id: 1, sport_name: 'Football', match_Date: '2026-11-22T10:00:00Z' }),
    ];
    expect(matchesOfTheDay(list, now).map((m) => m.match_id)).toEqual([1, 3, 4]);
    expect(groupBySport(list).map((g) => g.sportName)).toEqual(['Cricket', 'Football']);
  });

  it('theme: the five colours become CSS variables; title and favicon follow settings', () => {
    document.documentElement.removeAttribute('style');
    applyTheme({
      ...settings,
      bg_primary_color: '#112233',
      other_color: 'url(x)',
      site_title: 'My Exchange',
      favicon: 'fav.png',
    });
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--bg-primary')).toBe('#112233');
    expect(style.getPropertyValue('--bg-secondary')).toBe('#24527a');
    expect(style.getPropertyValue('--text-primary')).toBe('#ffffff');
    expect(style.getPropertyValue('--text-secondary')).toBe('#ffffff');
    expect(style.getPropertyValue('--other-color')).toBe('');
    expect(document.title).toBe('My Exchange');
    expect(document.querySelector('link[rel="icon"]')).toHaveAttribute('href', '/api/upload/image/fav.png');
  });
});

describe('balance poll', () => {
  beforeEach(() => resetStore());

  it('a failed poll is retried silently 5 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    mockApi({
      'user/getUserBalance': () => {
        calls += 1;
        return calls === 1
          ? json({ status: false, message: 'Server busy' }, 500)
          : { total_balance: 42, liability: 0 };
      },
    });
    signIn();
    renderApp('/home');
    await waitFor(() => expect(calls).toBe(1));
    expect(screen.getByTestId('balance')).toHaveTextContent('—');
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(calls).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    expect(await screen.findByText('42.00')).toBeInTheDocument();
    expect(calls).toBe(2);
    expect(screen.queryByText('Server busy')).toBeNull();
  });
});
