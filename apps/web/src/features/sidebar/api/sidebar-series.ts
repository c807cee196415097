import { catalogEndpoints } from '@backlay/contract/bettor/catalog';
import type { SeriesHeaderEntry } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { SERIES_HEADER_CALL, SIDEBAR_EXCLUDED_SPORT_IDS, SPORT_ID } from '../../../lib/constants.ts';

/** Sidebar order: excluded ids dropped, cricket first, then by the sport's order, then by name. */
export function sidebarSports(entries: SeriesHeaderEntry[]): SeriesHeaderEntry[] {
  return entries
    .filter((e) => !SIDEBAR_EXCLUDED_SPORT_IDS.includes(e.sport_id))
    .sort((a, b) => {
      if (a.sport_id === SPORT_ID.CRICKET) return -1;
      if (b.sport_id === SPORT_ID.CRICKET) return 1;
      return a.order - b.order || a.sport_name.localeCompare(b.sport_name);
    });
}

/** POST series/getSeriesHeader with is_sidebar_call 2: sports → series → matches. Failures are ignored. */
export async function getSidebarSeries(signal?: AbortSignal): Promise<SeriesHeaderEntry[]> {
  const result = await callEndpoint(
    catalogEndpoints.getSeriesHeader,
    { is_sidebar_call: SERIES_HEADER_CALL.SIDEBAR },
    { signal },
  ).catch(() => null);
  return result?.status ? sidebarSports(result.data) : [];
}

export const sidebarSeriesQueryOptions = () =>
  queryOptions({
    queryKey: ['seriesHeader', 2],
    queryFn: ({ signal }) => getSidebarSeries(signal),
    staleTime: 60_000,
  });

export const useSidebarSeries = () => useQuery(sidebarSeriesQueryOptions());
