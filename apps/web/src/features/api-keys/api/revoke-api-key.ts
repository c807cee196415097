import { apiKeyEndpoints } from '@backlay/contract/bettor/api-keys';
import type { BettorRequestOf, ResponseOf } from '@backlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { apiKeysKey } from './list-api-keys.ts';

/** POST user/apiKey/revoke — refused from now on, on every node. */
export const revokeApiKey = (
  body: BettorRequestOf<'revokeApiKey'>,
): Promise<ApiResult<ResponseOf<'revokeApiKey'>>> => callEndpoint(apiKeyEndpoints.revokeApiKey, body);

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
