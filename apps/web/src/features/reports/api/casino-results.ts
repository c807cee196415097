import { casinoEndpoints } from '@backlay/contract/bettor/casino';
import type { BettorRequestOf, CasinoResults } from '@backlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

export type CasinoResultsRequest = { match_id: number; date: string; page: number };

/** POST casino/getResults — a casino table's finished rounds on a day (UTC+5:30), newest first, paged. */
export const getCasinoResults = (req: CasinoResultsRequest, signal?: AbortSignal): Promise<CasinoResults> =>
  queryEndpoint(casinoEndpoints.getCasinoResults, req satisfies BettorRequestOf<'getCasinoResults'>, {
    signal,
  });

export const casinoResultsKey = (req: CasinoResultsRequest) => ['reports', 'casinoResults', req] as const;

export const casinoResultsQueryOptions = (req: CasinoResultsRequest) =>
  queryOptions({
    queryKey: casinoResultsKey(req),
    queryFn: ({ signal }) => getCasinoResults(req, signal),
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useCasinoResults = (req: CasinoResultsRequest | null) =>
  useQuery({
    ...casinoResultsQueryOptions(req ?? { match_id: 0, date: '', page: 1 }),
    enabled: req !== null,
  });
