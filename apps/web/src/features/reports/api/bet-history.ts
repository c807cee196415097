import { reportsEndpoints } from '@backlay/contract/bettor/reports';
import type { BetHistory, BettorRequestOf } from '@backlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

export type BetHistoryRequest = BettorRequestOf<'getBetHistory'>;

/** POST report/getBetHistory — settled bets with result and profit/loss, by settlement days or by market. */
export const getBetHistory = (req: BetHistoryRequest, signal?: AbortSignal): Promise<BetHistory> =>
  queryEndpoint(reportsEndpoints.getBetHistory, req, { signal });

export const betHistoryKey = (req: BetHistoryRequest) => ['reports', 'betHistory', req] as const;

export const betHistoryQueryOptions = (req: BetHistoryRequest) =>
  queryOptions({
    queryKey: betHistoryKey(req),
    queryFn: ({ signal }) => getBetHistory(req, signal),
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useBetHistory = (req: BetHistoryRequest, enabled = true) =>
  useQuery({ ...betHistoryQueryOptions(req), enabled });
