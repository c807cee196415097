import type { ProfitLoss, RequestOf } from '@backlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

export type ProfitLossRequest = RequestOf<'getProfitLoss'>;

/** POST report/getProfitLoss — settled profit and loss by sport or by market, with commission and net. */
export const getProfitLoss = (req: ProfitLossRequest, signal?: AbortSignal): Promise<ProfitLoss> =>
  queryEndpoint('getProfitLoss', req, { signal });

export const profitLossKey = (req: ProfitLossRequest) => ['reports', 'profitLoss', req] as const;

export const profitLossQueryOptions = (req: ProfitLossRequest) =>
  queryOptions({
    queryKey: profitLossKey(req),
    queryFn: ({ signal }) => getProfitLoss(req, signal),
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useProfitLoss = (req: ProfitLossRequest) => useQuery(profitLossQueryOptions(req));
