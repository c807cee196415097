import { worldCasinoEndpoints } from '@backlay/contract/bettor/world-casino';
import type { WorldCasinoLaunch } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/**
 * POST worldCasino/userAuthentication — launch a game: the provider's game page URL for this
 * player, carrying a one-time token (single use, 120 s). A refusal (game or provider switched
 * off, provider not answering) rejects with the server's message.
 */
export const launchGame = (gameId: number, signal?: AbortSignal): Promise<WorldCasinoLaunch> =>
  queryEndpoint(worldCasinoEndpoints.userAuthentication, { game_id: gameId }, { signal });

export const launchGameKey = (gameId: number) => ['worldCasino', 'launch', gameId] as const;

export const launchGameQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: launchGameKey(gameId),
    queryFn: ({ signal }) => launchGame(gameId, signal),
    retry: false,
    // The token is good once: never refetch behind the open game (focus, reconnect, remount of the
    // same screen), and forget it as soon as the screen goes, so opening the game again launches anew.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useLaunchGame = (gameId: number | null) =>
  useQuery({ ...launchGameQueryOptions(gameId ?? 0), enabled: gameId !== null });
