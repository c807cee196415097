import { fantasyEndpoints } from '@backlay/contract/bettor/fantasy';
import type { FantasyLeaderboard } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** POST fantasy/getLeaderboard — ranked entries with their prizes; live over `subscribe_fantasy`. */
export const getFantasyLeaderboard = (contestId: number, signal?: AbortSignal): Promise<FantasyLeaderboard> =>
  queryEndpoint(fantasyEndpoints.getFantasyLeaderboard, { contest_id: contestId }, { signal });

export const fantasyLeaderboardKey = (contestId: number) => ['fantasyLeaderboard', contestId] as const;

export const fantasyLeaderboardQueryOptions = (contestId: number) =>
  queryOptions({
    queryKey: fantasyLeaderboardKey(contestId),
    queryFn: ({ signal }) => getFantasyLeaderboard(contestId, signal),
    retry: false,
  });

export const useFantasyLeaderboard = (contestId: number) =>
  useQuery(fantasyLeaderboardQueryOptions(contestId));
