import { worldCasinoEndpoints } from '@backlay/contract/bettor/world-casino';
import type { BettorRequestOf, LiveCasinoBets } from '@backlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

export type LiveCasinoBetsRequest = BettorRequestOf<'getLiveCasinoBets'>;

/** POST report/getLiveCasinoBets — the caller's provider game rounds over IST days, newest first, with totals; paged. */
export const getLiveCasinoBets = (
  req: LiveCasinoBetsRequest,
  signal?: AbortSignal,
): Promise<LiveCasinoBets> => queryEndpoint(worldCasinoEndpoints.getLiveCasinoBets, req, { signal });

export const liveCasinoBetsKey = (req: LiveCasinoBetsRequest) => ['reports', 'liveCasinoBets', req] as const;

export const liveCasinoBetsQueryOptions = (req: LiveCasinoBetsRequest) =>
  queryOptions({
    queryKey: liveCasinoBetsKey(req),
    queryFn: ({ signal }) => getLiveCasinoBets(req, signal),
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useLiveCasinoBets = (req: LiveCasinoBetsRequest) => useQuery(liveCasinoBetsQueryOptions(req));
