import { fantasyEndpoints } from '@backlay/contract/bettor/fantasy';
import type { FantasyMyContests } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** POST fantasy/getMyContests — the caller's entries: contest, team, rank, points, prize. */
export const getFantasyMyContests = (signal?: AbortSignal): Promise<FantasyMyContests> =>
  queryEndpoint(fantasyEndpoints.getFantasyMyContests, undefined, { signal });

export const fantasyMyContestsKey = ['fantasyMyContests'] as const;

export const fantasyMyContestsQueryOptions = () =>
  queryOptions({
    queryKey: fantasyMyContestsKey,
    queryFn: ({ signal }) => getFantasyMyContests(signal),
    retry: false,
  });

export const useFantasyMyContests = () => useQuery(fantasyMyContestsQueryOptions());
