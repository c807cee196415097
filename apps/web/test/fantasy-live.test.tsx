// A contest's leaderboard follows the pushed boards ball by ball, without asking the server again
// (useFantasyLive.ts). The browser test watches a whole match, where a team may score all its
// points in its first balls; this one drives the pushes itself.
import type { FantasyLeaderboard } from '@backlay/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { liveClient } from '../src/lib/ws.ts';
import { mockApi, renderApp, resetStore, signIn } from './helpers.tsx';

const CONTEST_ID = 77;

function board(seq: number, mine: number, theirs: number): FantasyLeaderboard {
  const rows = [
    { entry_id: 1, user: 'demo', team_name: 'Team 1', points: mine },
    { entry_id: 2, user: 'de***', team_name: 'Team 1', points: theirs },
  ]
    .sort((a, b) => b.points - a.points)
    .map((r, i) => ({ ...r, rank: i + 1, prize: 0, mine: false }));
  return {
    contest: {
      contest_id: CONTEST_ID,
      match_id: 9,
      match_name: 'Sydney Sixers v Perth Scorchers',
      starts_at: '2026-12-03T07:00:00.000Z',
      name: 'Head to Head',
      entry_fee: 50,
      size: 2,
      min_entries: 2,
      entries: 2,
      rake_percent: 10,
      prizes_if_full: [90],
      prize_pool: 90,
      state: 'LIVE',
      my_team_ids: [],
      refund_reason: null,
    },
    rows,
    seq,
  };
}

beforeEach(() => resetStore());
afterEach(() => vi.restoreAllMocks());

it('shows each pushed board as it comes, the caller’s row still marked, with no second read', async () => {
  signIn();
  // The fetch is the caller's view: their own row is marked; a push is read without a viewer.
  const fetched = board(3, 0, 0);
  fetched.rows = fetched.rows.map((r) => ({ ...r, mine: r.entry_id === 1 }));
  const fetchMock = mockApi({ 'fantasy/getLeaderboard': fetched });
  let push: ((b: FantasyLeaderboard) => void) | undefined;
  vi.spyOn(liveClient(), 'subscribeFantasy').mockImplementation((ids, listener) => {
    expect(ids).toEqual([CONTEST_ID]);
    push = listener as (b: FantasyLeaderboard) => void;
    return () => {};
  });
  renderApp(`/fantasy/contest/${CONTEST_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Head to Head' });
  const mine = () => document.querySelector('tr.fantasy-board__mine')!;
  expect(within(mine() as HTMLElement).getByRole('rowheader')).toHaveTextContent('demo');
  const reads = () =>
    fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/fantasy/getLeaderboard')).length;
  expect(reads()).toBe(1);

  // TanStack Query tells the screen on its own tick: each push is awaited, then its board read.
  const send = (b: FantasyLeaderboard) =>
    act(async () => {
      push!(b);
      await new Promise((r) => setTimeout(r, 10));
    });
  const cells = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
  await send(board(4, 50, 12));
  await waitFor(() => expect(mine().querySelector('td.num')).toHaveTextContent('50'));
  expect(within(mine() as HTMLElement).getByRole('rowheader')).toHaveTextContent('demo');
  await send(board(5, 50, 63));
  await waitFor(() => expect(cells()[0]).toContain('63'));
  expect(mine().querySelector('td.num')).toHaveTextContent('50');
  // A late message (an older seq) changes nothing.
  await send(board(4, 50, 12));
  expect(cells()[0]).toContain('63');
  expect(reads()).toBe(1);
});
