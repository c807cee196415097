import { fantasyEndpoints } from '@backlay/contract/bettor/fantasy';
import type { FantasyContests } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** POST fantasy/getContests — the contests of upcoming and live matches (one match with matchId). */
export const getFantasyContests = (matchId: number | null, signal?: AbortSignal): Promise<FantasyContests> =>
  queryEndpoint(fantasyEndpoints.getFantasyContests, matchId == null ? {} : { match_id: matchId }, {
    signal,
  });

export const fantasyContestsKey = (matchId: number | null) => ['fantasyContests', matchId ?? 'all'] as const;

export const fantasyContestsQueryOptions = (matchId: number | null) =>
  queryOptions({
    queryKey: fantasyContestsKey(matchId),
    queryFn: ({ signal }) => getFantasyContests(matchId, signal),
    retry: false,
  });

export const useFantasyContests = (matchId: number | null) => useQuery(fantasyContestsQueryOptions(matchId));
