import { authEndpoints } from '@backlay/contract/bettor/auth';
import type { BettorRequestOf, SecondStepChallenge } from '@backlay/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { updateSecondStep } from '../session.ts';

/** POST user/resendOtp: a new code (the previous one stops working); 30 s apart at least. */
export const resendOtp = (body: BettorRequestOf<'resendOtp'>): Promise<ApiResult<SecondStepChallenge>> =>
  callEndpoint(authEndpoints.resendOtp, body);

export function useResendOtp() {
  return useMutation({
    mutationFn: resendOtp,
    onSuccess: (result) => {
      if (result.status) updateSecondStep(result.data);
    },
  });
}
