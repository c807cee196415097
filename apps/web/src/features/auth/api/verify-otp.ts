import { authEndpoints } from '@backlay/contract/bettor/auth';
import type { BettorRequestOf, UserInfo } from '@backlay/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { finishSignIn } from '../session.ts';

/** POST user/verifyOtp: the code sent to the mobile. Right: a sign-up user, signed in. */
export const verifyOtp = (body: BettorRequestOf<'verifyOtp'>): Promise<ApiResult<UserInfo>> =>
  callEndpoint(authEndpoints.verifyOtp, body);

export function useVerifyOtp() {
  return useMutation({
    mutationFn: verifyOtp,
    onSuccess: (result) => {
      if (result.status) finishSignIn(result.data);
    },
  });
}
