import { securityEndpoints } from '@backlay/contract/bettor/security';
import type { BettorRequestOf, ResponseOf } from '@backlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { twoFactorStatusKey } from './two-factor-status.ts';

/** POST user/twoFactor/enable — a code from the app turns Security Auth on; answers 10 recovery codes, once. */
export const enableTwoFactor = (
  body: BettorRequestOf<'twoFactorEnable'>,
): Promise<ApiResult<ResponseOf<'twoFactorEnable'>>> => callEndpoint(securityEndpoints.twoFactorEnable, body);

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (r) => {
      if (r.status) void queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
    },
  });
}
