import { exchangeEndpoints } from '@backlay/contract/bettor/exchange';
import type { KindBets } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** POST bet/getCricketBets — the caller's bookmaker and fancy bets on one match, newest first. */
export const getCricketBets = (matchId: number, signal?: AbortSignal): Promise<KindBets> =>
  queryEndpoint(exchangeEndpoints.getCricketBets, { match_id: matchId }, { signal });

export const cricketBetsKey = (matchId: number) => ['cricketBets', matchId] as const;

export const cricketBetsQueryOptions = (matchId: number) =>
  queryOptions({
    queryKey: cricketBetsKey(matchId),
    queryFn: ({ signal }) => getCricketBets(matchId, signal),
    retry: false,
  });

export const useCricketBets = (matchId: number, enabled = true) =>
  useQuery({ ...cricketBetsQueryOptions(matchId), enabled });
