import { apiKeyEndpoints } from '@backlay/contract/bettor/api-keys';
import type { ResponseOf } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

export type ApiKeyList = ResponseOf<'listApiKeys'>;

/** GET user/apiKey/list — the bettor's keys, live first, newest first (never a secret). */
export const getApiKeys = (signal?: AbortSignal): Promise<ApiKeyList> =>
  queryEndpoint(apiKeyEndpoints.listApiKeys, undefined, { signal });

export const apiKeysKey = ['apiKeys', 'list'] as const;

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: apiKeysKey, queryFn: ({ signal }) => getApiKeys(signal), retry: false });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());
