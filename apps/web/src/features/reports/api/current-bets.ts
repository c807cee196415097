import { exchangeEndpoints } from '@backlay/contract/bettor/exchange';
import type { CurrentBets, BettorRequestOf } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

export type CurrentBetsRequest = BettorRequestOf<'getCurrentBets'>;

/** POST bet/getCurrentBets — the caller's bets: M matched, U unmatched, D cancelled or lapsed; newest first, paged. */
export const getCurrentBets = (req: CurrentBetsRequest, signal?: AbortSignal): Promise<CurrentBets> =>
  queryEndpoint(exchangeEndpoints.getCurrentBets, req, { signal });

/** Bets match, lapse and settle while the screen is open: the list is asked for again this often. */
export const CURRENT_BETS_REFRESH_MS = 10_000;

/** Every current-bets list (all tabs, pages and searches) sits under this key. */
export const CURRENT_BETS_KEY = ['reports', 'currentBets'] as const;

export const currentBetsKey = (req: CurrentBetsRequest) => [...CURRENT_BETS_KEY, req] as const;

export const currentBetsQueryOptions = (req: CurrentBetsRequest) =>
  queryOptions({
    queryKey: currentBetsKey(req),
    queryFn: ({ signal }) => getCurrentBets(req, signal),
    retry: false,
    refetchInterval: CURRENT_BETS_REFRESH_MS,
    refetchIntervalInBackground: false,
    // While the next page or search loads, the last one stays on screen, but never another tab's
    // bets (an unmatched list must not show matched bets with Cancel buttons).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2].bet_type === req.bet_type ? previous : undefined,
  });

export const useCurrentBets = (req: CurrentBetsRequest) => useQuery(currentBetsQueryOptions(req));
