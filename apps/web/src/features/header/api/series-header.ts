import { catalogEndpoints } from '@backlay/contract/bettor/catalog';
import type { SeriesHeaderEntry } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { SERIES_HEADER_CALL } from '../../../lib/constants.ts';

/** POST series/getSeriesHeader with is_sidebar_call 1 (header). Failures are ignored (empty list). */
export async function getHeaderSeries(signal?: AbortSignal): Promise<SeriesHeaderEntry[]> {
  const result = await callEndpoint(
    catalogEndpoints.getSeriesHeader,
    { is_sidebar_call: SERIES_HEADER_CALL.HEADER },
    { signal },
  ).catch(() => null);
  return result?.status ? result.data : [];
}

export const headerSeriesQueryOptions = () =>
  queryOptions({
    queryKey: ['seriesHeader', 1],
    queryFn: ({ signal }) => getHeaderSeries(signal),
    staleTime: 60_000,
  });

export const useHeaderSeries = () => useQuery(headerSeriesQueryOptions());
