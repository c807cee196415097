import { worldCasinoEndpoints } from '@backlay/contract/bettor/world-casino';
import type { WorldCasinoProvider } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** GET worldCasino/getProvidersList — the enabled game providers and their enabled games (the lobby's filter). */
export const getProvidersList = (signal?: AbortSignal): Promise<WorldCasinoProvider[]> =>
  queryEndpoint(worldCasinoEndpoints.getProvidersList, undefined, { signal });

export const providersListKey = ['worldCasino', 'providers'] as const;

export const providersListQueryOptions = () =>
  queryOptions({
    queryKey: providersListKey,
    queryFn: ({ signal }) => getProvidersList(signal),
    retry: false,
    // An operator switches a provider on or off rarely; a minute old is fresh enough for a filter.
    staleTime: 60_000,
  });

export const useProvidersList = () => useQuery(providersListQueryOptions());
