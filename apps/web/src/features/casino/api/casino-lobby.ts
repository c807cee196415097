import { casinoEndpoints } from '@backlay/contract/bettor/casino';
import type { CasinoLobby, CasinoRoundHead, CasinoSeriesId } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';
import { noteServerTime } from '../clock.ts';
import { withHead } from './round-head.ts';

/**
 * POST casino/getLobby — a casino series' tables, each with its current round and last results.
 * Fetched once; the tiles then follow the live socket (useCasinoLive), never a poll.
 */
export async function getCasinoLobby(seriesId: CasinoSeriesId, signal?: AbortSignal): Promise<CasinoLobby> {
  const data = await queryEndpoint(casinoEndpoints.getCasinoLobby, { series_id: seriesId }, { signal });
  const head = data.tables.find((t) => t.round != null)?.round;
  if (head) noteServerTime(head.server_time);
  return data;
}

export const casinoLobbyKey = (seriesId: string) => ['casinoLobby', seriesId] as const;

export const casinoLobbyQueryOptions = (seriesId: CasinoSeriesId) =>
  queryOptions({
    queryKey: casinoLobbyKey(seriesId),
    queryFn: ({ signal }) => getCasinoLobby(seriesId, signal),
    retry: false,
    staleTime: Infinity,
  });

export const useCasinoLobby = (seriesId: CasinoSeriesId, enabled = true) =>
  useQuery({ ...casinoLobbyQueryOptions(seriesId), enabled });

/** The lobby with one table's round head replaced (a `casino` message); a finished round joins its results. */
export function applyToLobby(lobby: CasinoLobby, head: CasinoRoundHead): CasinoLobby {
  if (!lobby.tables.some((t) => t.match_id === head.match_id)) return lobby;
  return {
    ...lobby,
    tables: lobby.tables.map((t) => (t.match_id === head.match_id ? withHead(t, head) : t)),
  };
}
