import { catalogEndpoints } from '@backlay/contract/bettor/catalog';
import type { Series } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';

/** POST series/getSeries — series of a sport. Failures are ignored (empty list). */
export async function getSeries(sportId: number, signal?: AbortSignal): Promise<Series[]> {
  const result = await callEndpoint(
    catalogEndpoints.getSeries,
    { sport_id: sportId, is_active: 1 },
    { signal },
  ).catch(() => null);
  return result?.status ? result.data : [];
}

export const seriesQueryOptions = (sportId: number) =>
  queryOptions({
    queryKey: ['series', sportId],
    queryFn: ({ signal }) => getSeries(sportId, signal),
    staleTime: 60_000,
  });

export const useSeries = (sportId: number) => useQuery(seriesQueryOptions(sportId));
