import { authEndpoints } from '@backlay/contract/bettor/auth';
import type { SecondStepChallenge, SignUpRequest } from '@backlay/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { beginSecondStep } from '../session.ts';

/**
 * POST user/signUp: opens the account under the referral code's parent and sends a 6-digit code to
 * the mobile number; answers the OTP challenge. Refusals (unknown code, taken name, registered
 * number, send limits) are status:false with a message.
 */
export const signUp = (body: SignUpRequest): Promise<ApiResult<SecondStepChallenge>> =>
  callEndpoint(authEndpoints.signUp, body);

export function useSignUp() {
  return useMutation({
    mutationFn: signUp,
    onSuccess: (result) => {
      if (result.status) beginSecondStep(result.data, 'sign-up');
    },
  });
}
