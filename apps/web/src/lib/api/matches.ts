import { catalogEndpoints } from '@backlay/contract/bettor/catalog';
import type { Match } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../api.ts';

type MatchQuery = { sport_id?: number; series_id?: number; is_active?: 0 | 1 };

/**
 * POST match/getMatches — soonest first. Failures are ignored (empty list), as spec §8 says. Asked
 * `brief`: the lists (home, a sport's page) show each match's main odds and nothing of its other
 * markets, and no odds for a race (more runners than MAIN_ODDS_LIST_MAX), so the server sends the
 * main market only and leaves those odds out (docs/performance.md, "First load").
 */
export async function getMatches(q: MatchQuery, signal?: AbortSignal): Promise<Match[]> {
  const result = await callEndpoint(catalogEndpoints.getMatches, { ...q, brief: 1 }, { signal }).catch(
    () => null,
  );
  return result?.status ? result.data : [];
}

export const matchesQueryOptions = (q: MatchQuery) =>
  queryOptions({
    queryKey: ['matches', q],
    queryFn: ({ signal }) => getMatches(q, signal),
    staleTime: 30_000,
  });

export const useMatches = (q: MatchQuery) => useQuery(matchesQueryOptions(q));
