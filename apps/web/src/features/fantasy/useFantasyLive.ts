import type { FantasyLeaderboard } from '@backlay/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveClient } from '../../lib/ws.ts';
import { fantasyLeaderboardKey } from './api/fantasy-leaderboard.ts';

/**
 * A pushed board (read without a viewer) laid on the cached one: the caller's own rows are known
 * by entry id from the last fetch, and rows of theirs below the top stay as they were fetched.
 */
export function mergeBoard(
  old: FantasyLeaderboard | undefined,
  pushed: FantasyLeaderboard,
): FantasyLeaderboard {
  if (old && pushed.seq < old.seq) return old; // a late message
  const mineOld = new Map((old?.rows ?? []).filter((r) => r.mine).map((r) => [r.entry_id, r]));
  const rows = pushed.rows.map((r) => {
    const m = mineOld.get(r.entry_id);
    return m ? { ...r, user: m.user, mine: true } : r;
  });
  const shown = new Set(rows.map((r) => r.entry_id));
  const below = [...mineOld.values()].filter((r) => !shown.has(r.entry_id));
  return {
    ...pushed,
    contest: { ...pushed.contest, my_team_ids: old?.contest.my_team_ids ?? [] },
    rows: [...rows, ...below],
  };
}

/** Follows a contest's leaderboard over the live connection; a reconnect refetches it. */
export function useFantasyLive(contestId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const client = liveClient();
    const key = fantasyLeaderboardKey(contestId);
    const off = client.subscribeFantasy([contestId], (board) => {
      const old = queryClient.getQueryData<FantasyLeaderboard>(key);
      queryClient.setQueryData(key, mergeBoard(old, board));
      if (old && old.contest.state !== board.contest.state)
        void queryClient.invalidateQueries({ queryKey: key });
    });
    const offResync = client.onResync(() => void queryClient.invalidateQueries({ queryKey: key }));
    return () => {
      offResync();
      off();
    };
  }, [contestId, queryClient]);
}
