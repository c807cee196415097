import { exchangeEndpoints } from '@backlay/contract/bettor/exchange';
import type { CricketDetail } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** Fallback poll of a cricket match's own markets; changes are also pushed (useCricketLive). */
export const CRICKET_DETAIL_POLL_MS = 5000;

/** POST match/getCricketDetail — scoreboard, bookmaker tables and fancy rows with the caller's position. */
export const getCricketDetail = (matchId: number, signal?: AbortSignal): Promise<CricketDetail> =>
  queryEndpoint(exchangeEndpoints.getCricketDetail, { match_id: matchId }, { signal });

export const cricketDetailKey = (matchId: number) => ['cricketDetail', matchId] as const;

export const cricketDetailQueryOptions = (matchId: number) =>
  queryOptions({
    queryKey: cricketDetailKey(matchId),
    queryFn: ({ signal }) => getCricketDetail(matchId, signal),
    retry: false,
    refetchInterval: CRICKET_DETAIL_POLL_MS,
    refetchIntervalInBackground: false,
  });

export const useCricketDetail = (matchId: number, enabled = true) =>
  useQuery({ ...cricketDetailQueryOptions(matchId), enabled });
