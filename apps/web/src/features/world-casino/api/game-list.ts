import { worldCasinoEndpoints } from '@backlay/contract/bettor/world-casino';
import type { BettorRequestOf, WorldCasinoGameList } from '@backlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

export type GameListRequest = BettorRequestOf<'getGameList'>;

/** POST worldCasino/getGameList — a page of enabled games by provider, category and name, with the tabs' categories. */
export const getGameList = (req: GameListRequest, signal?: AbortSignal): Promise<WorldCasinoGameList> =>
  queryEndpoint(worldCasinoEndpoints.getGameList, req, { signal });

export const gameListKey = (req: GameListRequest) => ['worldCasino', 'games', req] as const;

export const gameListQueryOptions = (req: GameListRequest) =>
  queryOptions({
    queryKey: gameListKey(req),
    queryFn: ({ signal }) => getGameList(req, signal),
    retry: false,
    staleTime: 60_000,
    // A new tab, filter or page keeps the tiles shown until its own arrive (no flash of a spinner).
    placeholderData: keepPreviousData,
  });

export const useGameList = (req: GameListRequest) => useQuery(gameListQueryOptions(req));
