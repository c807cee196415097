import { catalogEndpoints } from '@backlay/contract/bettor/catalog';
import type { Series } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';
import { LIST_RETRY } from '../../../lib/api/list-retry.ts';

/** POST series/getSeries — series of a sport. A failure throws and is tried again (LIST_RETRY). */
export function getSeries(sportId: number, signal?: AbortSignal): Promise<Series[]> {
  return queryEndpoint(catalogEndpoints.getSeries, { sport_id: sportId, is_active: 1 }, { signal });
}

export const seriesQueryOptions = (sportId: number) =>
  queryOptions({
    queryKey: ['series', sportId],
    queryFn: ({ signal }) => getSeries(sportId, signal),
    staleTime: 60_000,
    ...LIST_RETRY,
  });

export const useSeries = (sportId: number) => useQuery(seriesQueryOptions(sportId));
