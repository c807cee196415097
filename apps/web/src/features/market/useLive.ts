import type { MatchDetail } from '@backlay/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isStale, useConnectionState } from '../../components/LiveIndicator.tsx';
import { useClientStore } from '../../lib/store.ts';
import { liveClient } from '../../lib/ws.ts';
import { applyToMatch, getMatchDetail, matchDetailKey } from './api/match-detail.ts';
import { matchBetsKey } from './api/match-bets.ts';

// The live connection's state and staleness: one source, shared with the other live screens.
export { isStale, useConnectionState };

/**
 * The contract's WS_MAX_SUBSCRIPTIONS (ids in one subscribe message; the live client re-sends all
 * of a screen's ids in one message on reconnect). Kept as a number here so the screen's chunk does
 * not pull in the contract's schemas; test/cricket.test.tsx checks the two agree.
 */
export const WS_SUBSCRIBE_MAX = 50;

/** While the socket delivers nothing, match odds are fetched over HTTP this often. */
export const MATCH_ODDS_POLL_MS = 2_000;

/** Refetches what shows the caller's bets: positions, bets, balance and exposure. */
export function useRefreshBets(matchId: number) {
  const queryClient = useQueryClient();
  const bump = useClientStore((s) => s.bumpBetPlaced);
  return () => {
    bump();
    void queryClient.invalidateQueries({ queryKey: matchBetsKey(matchId) });
    void queryClient.invalidateQueries({ queryKey: matchDetailKey(matchId) });
    void queryClient.invalidateQueries({ queryKey: ['exposureDetail'] });
  };
}

/**
 * Subscribes to the match's markets: images and deltas are merged into the match-detail cache,
 * a notice about the caller's bets refetches them, and a reconnect refetches the whole screen.
 * While the socket is stale or reconnecting, the match (prices and status) is polled over HTTP.
 */
export function useLiveMarkets(matchId: number, marketIds: readonly number[]) {
  const queryClient = useQueryClient();
  const refreshBets = useRefreshBets(matchId);
  const key = marketIds.join(',');
  const stale = isStale(useConnectionState());
  useEffect(() => {
    if (!key || !stale) return;
    // Fetched beside the query, not through it: a failed poll (server unreachable) keeps the
    // screen as it is instead of putting the query in its error state.
    const poll = () =>
      void getMatchDetail(matchId).then(
        (fresh) => queryClient.setQueryData(matchDetailKey(matchId), fresh),
        () => {},
      );
    poll();
    const timer = setInterval(poll, MATCH_ODDS_POLL_MS);
    return () => clearInterval(timer);
  }, [key, stale, matchId, queryClient]);
  useEffect(() => {
    if (!key) return;
    const ids = key.split(',').map(Number);
    const client = liveClient();
    const off = client.subscribe(ids, (event) => {
      if (event.type === 'bets') {
        refreshBets();
        return;
      }
      queryClient.setQueryData<MatchDetail>(matchDetailKey(matchId), (old) =>
        old ? applyToMatch(old, event.market_id, event.market) : old,
      );
    });
    const offResync = client.onResync(() => {
      void queryClient.invalidateQueries({ queryKey: matchDetailKey(matchId) });
      void queryClient.invalidateQueries({ queryKey: matchBetsKey(matchId) });
    });
    return () => {
      offResync();
      off();
    };
    // refreshBets is rebuilt each render; the subscription follows the match and its markets only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, matchId, queryClient]);
}
