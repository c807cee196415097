/**
 * Spec §8: "Sport, series and match list failures: ignored." A failing sport, series or match
 * list (an error status, a refusal, a dropped connection) leaves the screen up: the header, the
 * menus and the rest of the page render, with no error toast or alert, and the other lists still
 * fill. A list the bettor reads as a fact (the day's matches, a sport's competitions) does not
 * read as empty when it failed: it says "Could not load matches — retrying" and is tried again
 * until it answers (issue 47); the menus (sports, the series header) stay quietly empty.
 */
import type { Match, SeriesHeaderEntry } from '@backlay/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, matchFixture, mockApi, renderApp, resetStore, signIn } from './helpers.tsx';

/** A match starting within the hour, so the home screen lists it today. */
const match = (over: Partial<Match>): Match =>
  matchFixture({
    match_Date: new Date(Date.now() + 3_600_000).toISOString(),
    open_date: new Date().toISOString(),
    ...over,
  });

const header: SeriesHeaderEntry[] = [
  {
    sport_id: 4,
    sport_name: 'Cricket',
    order: 1,
    series: [{ series_id: 40, name: 'Test Series', matches: [] }],
  },
  {
    sport_id: 1,
    sport_name: 'Football',
    order: 2,
    series: [{ series_id: 10, name: 'Premier', matches: [] }],
  },
];

/** The three ways a list call fails: an error status, a refusal in the envelope, no answer at all. */
const FAILURES = {
  'a 500': () => json({ status: false, message: 'Server busy' }, 500),
  'a refusal': () => json({ status: false, message: 'Not now' }),
  'a dropped connection': () => Promise.reject(new TypeError('Failed to fetch')),
} as const;

const LIST_CALLS = [
  'sport/getSports',
  'series/getSeries',
  'series/getSeriesHeader',
  'match/getMatches',
] as const;

function failing(paths: readonly string[], how: () => unknown) {
  return Object.fromEntries(paths.map((p) => [p, how]));
}

/** No error message anywhere: no alert, no toast. */
function expectNoErrorShown() {
  expect(screen.queryByRole('alert')).toBeNull();
  expect(document.querySelector('.Toastify__toast')).toBeNull();
}

describe('failing sport, series and match lists are ignored (spec §8)', () => {
  beforeEach(() => {
    resetStore();
    signIn();
  });

  for (const [what, how] of Object.entries(FAILURES)) {
    it(`home with every list failing by ${what}: the page, header and menus are up, with no error`, async () => {
      const fetchMock = mockApi(failing(LIST_CALLS, how));
      const { queryClient } = renderApp('/home');
      expect(await screen.findByRole('heading', { level: 1, name: "Today's Matches" })).toBeInTheDocument();
      expect(await screen.findByText('Could not load matches — retrying')).toBeInTheDocument();
      expect(screen.queryByText('No matches are scheduled for today.')).toBeNull();
      // The rest of the screen: balance, the top navigation's Home, the sports menu, the footer.
      expect(await screen.findByText('1,500.00')).toBeInTheDocument();
      expect(
        within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('complementary', { name: 'Sports menu' })).toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
      await waitFor(() =>
        expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual(
          expect.arrayContaining([
            expect.stringContaining('match/getMatches'),
            expect.stringContaining('series/getSeriesHeader'),
          ]),
        ),
      );
      expectNoErrorShown();
      // The menu is ignored at the call (it answers empty); the match list failed and is being
      // tried again, with nothing taken for its answer.
      const queries = queryClient.getQueryCache().getAll();
      const menus = queries.filter((q) => q.queryKey[0] === 'seriesHeader');
      expect(menus.length).toBeGreaterThanOrEqual(1);
      for (const q of menus)
        expect(q.state, JSON.stringify(q.queryKey)).toMatchObject({ status: 'success', data: [] });
      const lists = queries.filter((q) => q.queryKey[0] === 'matches');
      expect(lists.length).toBeGreaterThanOrEqual(1);
      for (const q of lists) {
        expect(q.state.data, JSON.stringify(q.queryKey)).toBeUndefined();
        expect(q.state.fetchFailureCount, JSON.stringify(q.queryKey)).toBeGreaterThanOrEqual(1);
      }
    });
  }

  it('home: the series header failing leaves the match list whole; the match list failing leaves the navigation whole', async () => {
    mockApi({
      'series/getSeriesHeader': FAILURES['a 500'],
      'match/getMatches': [match({ match_id: 7, match_name: 'India v England' })],
    });
    const first = renderApp('/home');
    expect(await screen.findByRole('link', { name: /India v England/ })).toBeInTheDocument();
    expectNoErrorShown();
    first.unmount();

    mockApi({ 'series/getSeriesHeader': header, 'match/getMatches': FAILURES['a dropped connection'] });
    renderApp('/home');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Football' })).toBeInTheDocument();
    expect(await screen.findByText('Could not load matches — retrying')).toBeInTheDocument();
    expectNoErrorShown();
  });

  it('home: a match list that failed is tried again and shows the matches once it answers, without a reload', async () => {
    let calls = 0;
    mockApi({
      'match/getMatches': () =>
        ++calls === 1
          ? FAILURES['a dropped connection']()
          : [match({ match_id: 7, match_name: 'India v England' })],
    });
    renderApp('/home');
    expect(await screen.findByText('Could not load matches — retrying')).toBeInTheDocument();
    // The first retry comes 1 s after the failure (lib/api/list-retry.ts).
    expect(
      await screen.findByRole('link', { name: /India v England/ }, { timeout: 4_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Could not load matches — retrying')).toBeNull();
    expect(calls).toBe(2);
    expectNoErrorShown();
  });

  it("a sport's page: the sport list failing still shows its competitions and matches; the series list failing says it could not load them, without an error", async () => {
    mockApi({
      'sport/getSports': FAILURES['a 500'],
      'series/getSeries': [{ series_id: 40, name: 'Test Series', sport_id: 4 }],
      'match/getMatches': [match({ match_id: 7, match_name: 'India v England' })],
    });
    const first = renderApp('/all-sports/4');
    // The name comes from the matches when the sport list failed.
    expect(await screen.findByRole('heading', { level: 1, name: 'Cricket' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Test Series' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /India v England/ })).toBeInTheDocument();
    expectNoErrorShown();
    first.unmount();

    mockApi({
      'series/getSeries': FAILURES['a refusal'],
      'match/getMatches': [match({ match_id: 7, match_name: 'India v England' })],
    });
    renderApp('/all-sports/4');
    expect(await screen.findByText('Could not load matches — retrying')).toBeInTheDocument();
    expect(screen.queryByText('No matches are open in Cricket right now.')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Cricket' })).toBeInTheDocument();
    expectNoErrorShown();
    vi.unstubAllGlobals();
  });
});
