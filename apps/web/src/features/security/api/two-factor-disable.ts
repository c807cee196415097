import { securityEndpoints } from '@backlay/contract/bettor/security';
import type { BettorRequestOf } from '@backlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { twoFactorStatusKey } from './two-factor-status.ts';

/** POST user/twoFactor/disable — a current code (or a recovery code) turns Security Auth off. */
export const disableTwoFactor = (body: BettorRequestOf<'twoFactorDisable'>): Promise<ApiResult<null>> =>
  callEndpoint(securityEndpoints.twoFactorDisable, body);

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (r) => {
      if (r.status) void queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
    },
  });
}
