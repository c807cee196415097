import { authEndpoints } from '@backlay/contract/bettor/auth';
import type { BettorRequestOf, UserInfo } from '@backlay/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { finishSignIn } from '../session.ts';

/** POST user/loginTwoFactor: the authenticator's code (or a recovery code). Signs in. */
export const loginTwoFactor = (body: BettorRequestOf<'loginTwoFactor'>): Promise<ApiResult<UserInfo>> =>
  callEndpoint(authEndpoints.loginTwoFactor, body);

export function useLoginTwoFactor() {
  return useMutation({
    mutationFn: loginTwoFactor,
    onSuccess: (result) => {
      if (result.status) finishSignIn(result.data);
    },
  });
}
