import { casinoEndpoints } from '@backlay/contract/bettor/casino';
import { casinoSeriesId, type CasinoLobby, type CasinoSeriesId } from '@backlay/contract/bettor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** The in-house series, in the order the table picker groups them (Our Casino, Our Virtual). */
export const CASINO_SERIES: readonly CasinoSeriesId[] = casinoSeriesId.options;

/** POST casino/getLobby — a series' tables (the report only reads their ids and names). */
export const getCasinoLobby = (series_id: CasinoSeriesId, signal?: AbortSignal): Promise<CasinoLobby> =>
  queryEndpoint(casinoEndpoints.getCasinoLobby, { series_id }, { signal });

export type CasinoTableGroup = {
  series_id: CasinoSeriesId;
  name: string;
  tables: { match_id: number; table_name: string }[];
};

// The tables of a series change with a release, not while the page is open.
const TABLES_STALE_MS = 10 * 60_000;

const lobbyQueryOptions = (series_id: CasinoSeriesId) =>
  queryOptions({
    queryKey: ['reports', 'casinoTables', series_id] as const,
    queryFn: ({ signal }) => getCasinoLobby(series_id, signal),
    retry: false,
    staleTime: TABLES_STALE_MS,
  });

const groupOf = (lobby: CasinoLobby): CasinoTableGroup => ({
  series_id: lobby.series_id,
  name: lobby.name,
  tables: lobby.tables.map((t) => ({ match_id: t.match_id, table_name: t.table_name })),
});

/**
 * The tables of both in-house series, grouped; pending until both answered, failed if either
 * failed. Two useQuery calls, not useQueries: that one would add its observer to the React Query
 * chunk of every signed-in first load.
 */
export function useCasinoTables() {
  const casino = useQuery(lobbyQueryOptions('ourcasino'));
  const virtual = useQuery(lobbyQueryOptions('virtual'));
  const both = [casino, virtual];
  return {
    isPending: both.some((q) => q.isPending),
    error: both.find((q) => q.error)?.error ?? null,
    refetch: () => both.forEach((q) => void q.refetch()),
    groups: both.flatMap((q) => (q.data ? [groupOf(q.data)] : [])),
  };
}
