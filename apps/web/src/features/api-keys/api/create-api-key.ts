import { apiKeyEndpoints } from '@backlay/contract/bettor/api-keys';
import type { BettorRequestOf, ResponseOf } from '@backlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { apiKeysKey } from './list-api-keys.ts';

export type CreatedApiKey = ResponseOf<'createApiKey'>;

/** POST user/apiKey/create — a new key; its secret is in this answer and nowhere else. */
export const createApiKey = (body: BettorRequestOf<'createApiKey'>): Promise<ApiResult<CreatedApiKey>> =>
  callEndpoint(apiKeyEndpoints.createApiKey, body);

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: (r) => {
      if (r.status) void queryClient.invalidateQueries({ queryKey: apiKeysKey });
    },
  });
}
