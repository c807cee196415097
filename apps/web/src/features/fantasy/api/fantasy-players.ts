import { fantasyEndpoints } from '@backlay/contract/bettor/fantasy';
import type { FantasyPlayers } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** POST fantasy/getPlayers — both elevens with roles, credits and points, the rules, the caller's teams. */
export const getFantasyPlayers = (matchId: number, signal?: AbortSignal): Promise<FantasyPlayers> =>
  queryEndpoint(fantasyEndpoints.getFantasyPlayers, { match_id: matchId }, { signal });

export const fantasyPlayersKey = (matchId: number) => ['fantasyPlayers', matchId] as const;

export const fantasyPlayersQueryOptions = (matchId: number) =>
  queryOptions({
    queryKey: fantasyPlayersKey(matchId),
    queryFn: ({ signal }) => getFantasyPlayers(matchId, signal),
    retry: false,
  });

export const useFantasyPlayers = (matchId: number) => useQuery(fantasyPlayersQueryOptions(matchId));
