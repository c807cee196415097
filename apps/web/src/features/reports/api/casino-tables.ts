import { casinoSeriesId, type CasinoLobby, type CasinoSeriesId } from '@backlay/contract/bettor';
import { useQueries } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** The in-house series, in the order the table picker groups them (Our Casino, Our Virtual). */
export const CASINO_SERIES: readonly CasinoSeriesId[] = casinoSeriesId.options;

/** POST casino/getLobby — a series' tables (the report only reads their ids and names). */
export const getCasinoLobby = (series_id: CasinoSeriesId, signal?: AbortSignal): Promise<CasinoLobby> =>
  queryEndpoint('getCasinoLobby', { series_id }, { signal });

export type CasinoTableGroup = {
  series_id: CasinoSeriesId;
  name: string;
  tables: { match_id: number; table_name: string }[];
};

// The tables of a series change with a release, not while the page is open.
const TABLES_STALE_MS = 10 * 60_000;

/** The tables of every in-house series, grouped; loading until all answered, failed if any failed. */
export function useCasinoTables() {
  return useQueries({
    queries: CASINO_SERIES.map((series_id) => ({
      queryKey: ['reports', 'casinoTables', series_id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => getCasinoLobby(series_id, signal),
      retry: false,
      staleTime: TABLES_STALE_MS,
    })),
    combine: (results) => ({
      isPending: results.some((r) => r.isPending),
      error: results.find((r) => r.error)?.error ?? null,
      isFetching: results.some((r) => r.isFetching),
      refetch: () => results.forEach((r) => void r.refetch()),
      groups: results.flatMap((r): CasinoTableGroup[] =>
        r.data
          ? [
              {
                series_id: r.data.series_id,
                name: r.data.name,
                tables: r.data.tables.map((t) => ({ match_id: t.match_id, table_name: t.table_name })),
              },
            ]
          : [],
      ),
    }),
  });
}
