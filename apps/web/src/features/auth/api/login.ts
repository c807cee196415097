import type { LoginRequest, LoginResult } from '@backlay/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { beginSecondStep, finishSignIn } from '../session.ts';

/**
 * POST user/login. A refusal (wrong password, locked account, time-out) is status:false with a
 * message. When a second step is owed (an unverified sign-up's OTP, Security Auth's code) the
 * answer is only `challenge`: no session, and nothing about the user, yet.
 */
export const login = (body: LoginRequest): Promise<ApiResult<LoginResult>> => callEndpoint('login', body);

/** Signs in and stores the session (spec §3 keys), or starts the second step; the caller navigates. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if (!result.status) return;
      if ('challenge' in result.data) beginSecondStep(result.data.challenge, 'login');
      else finishSignIn(result.data);
    },
  });
}
