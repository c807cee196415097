import { exchangeEndpoints } from '@backlay/contract/bettor/exchange';
import type { MatchBets } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** POST bet/getMatchBets — the caller's matched and unmatched bets on one match. */
export const getMatchBets = (matchId: number, signal?: AbortSignal): Promise<MatchBets> =>
  queryEndpoint(exchangeEndpoints.getMatchBets, { match_id: matchId }, { signal });

export const matchBetsKey = (matchId: number) => ['matchBets', matchId] as const;

export const matchBetsQueryOptions = (matchId: number) =>
  queryOptions({
    queryKey: matchBetsKey(matchId),
    queryFn: ({ signal }) => getMatchBets(matchId, signal),
    retry: false,
  });

export const useMatchBets = (matchId: number) => useQuery(matchBetsQueryOptions(matchId));
