import { catalogEndpoints } from '@backlay/contract/bettor/catalog';
import type { Match } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../api.ts';
import { LIST_RETRY } from './list-retry.ts';

type MatchQuery = { sport_id?: number; series_id?: number; is_active?: 0 | 1 };

/**
 * POST match/getMatches — soonest first. A failure (the network, a refusal) throws: the query tries
 * again (LIST_RETRY) and the screen says the list could not be loaded, never "no matches" (issue
 * 47; still no toast and no logout, spec §8). Asked `brief`: the lists (home, a sport's page) show
 * each match's main odds and nothing of its other markets, and no odds for a race (more runners
 * than MAIN_ODDS_LIST_MAX), so the server sends the main market only and leaves those odds out
 * (docs/performance.md, "First load").
 */
export function getMatches(q: MatchQuery, signal?: AbortSignal): Promise<Match[]> {
  return queryEndpoint(catalogEndpoints.getMatches, { ...q, brief: 1 }, { signal });
}

export const matchesQueryOptions = (q: MatchQuery) =>
  queryOptions({
    queryKey: ['matches', q],
    queryFn: ({ signal }) => getMatches(q, signal),
    staleTime: 30_000,
    ...LIST_RETRY,
  });

export const useMatches = (q: MatchQuery) => useQuery(matchesQueryOptions(q));
