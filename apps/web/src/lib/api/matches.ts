import type { Match } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../api.ts';

type MatchQuery = { sport_id?: number; series_id?: number; is_active?: 0 | 1 };

/** POST match/getMatches — soonest first. Failures are ignored (empty list), as spec §8 says. */
export async function getMatches(q: MatchQuery, signal?: AbortSignal): Promise<Match[]> {
  const result = await callEndpoint('getMatches', q, { signal }).catch(() => null);
  return result?.status ? result.data : [];
}

export const matchesQueryOptions = (q: MatchQuery) =>
  queryOptions({
    queryKey: ['matches', q],
    queryFn: ({ signal }) => getMatches(q, signal),
    staleTime: 30_000,
  });

export const useMatches = (q: MatchQuery) => useQuery(matchesQueryOptions(q));
