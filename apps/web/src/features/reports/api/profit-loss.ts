import { reportsEndpoints } from '@backlay/contract/bettor/reports';
import type { ProfitLoss, BettorRequestOf } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

export type ProfitLossRequest = BettorRequestOf<'getProfitLoss'>;

/** POST report/getProfitLoss — settled profit and loss by sport or by market, with commission and net. */
export const getProfitLoss = (req: ProfitLossRequest, signal?: AbortSignal): Promise<ProfitLoss> =>
  queryEndpoint(reportsEndpoints.getProfitLoss, req, { signal });

export const profitLossKey = (req: ProfitLossRequest) => ['reports', 'profitLoss', req] as const;

export const profitLossQueryOptions = (req: ProfitLossRequest) =>
  queryOptions({
    queryKey: profitLossKey(req),
    queryFn: ({ signal }) => getProfitLoss(req, signal),
    retry: false,
    // New days keep the last table on screen while they load; another grouping (sport rows vs
    // market rows) does not, since its rows do not fit the other table.
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2];
      return before !== undefined && before.group_by === req.group_by && before.sport_id === req.sport_id
        ? previous
        : undefined;
    },
  });

export const useProfitLoss = (req: ProfitLossRequest) => useQuery(profitLossQueryOptions(req));
