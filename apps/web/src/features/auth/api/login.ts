import type { LoginResult } from '@backlay/contract';
import { LOGIN_METHOD, LOGIN_PATH, loginUser, type LoginFields } from '@backlay/contract/login';
import { callTarget, type AnswerCheck, type ApiResult } from '../../../lib/api.ts';
import { beginSecondStep, finishSignIn } from '../session.ts';

/**
 * The login answer's check: a plain sign-in's by the contract's zod-free `loginUser`, so signing
 * in waits for no schema chunk; one that starts a second step by the auth table's `loginResult`
 * (zod, imported then), which the second step's form needs anyway.
 */
const loginAnswer: AnswerCheck<LoginResult> = {
  async safeParse(data) {
    const secondStep =
      typeof data === 'object' && data !== null && 'challenge' in data && data.challenge !== undefined;
    if (!secondStep) return loginUser.safeParse(data);
    const { authEndpoints } = await import('@backlay/contract/bettor/auth');
    return authEndpoints.login.response.safeParse(data);
  },
};

/**
 * POST user/login, and on success the session is stored (spec §3 keys) or the second step starts;
 * the caller navigates. A refusal (wrong password, locked account, time-out) is status:false with
 * a message. When a second step is owed (an unverified sign-up's OTP, Security Auth's code) the
 * answer is only `challenge`: no session, and nothing about the user, yet.
 */
export async function login(body: LoginFields): Promise<ApiResult<LoginResult>> {
  const result = await callTarget({ method: LOGIN_METHOD, path: LOGIN_PATH, response: loginAnswer }, body);
  if (result.status) {
    if ('challenge' in result.data) beginSecondStep(result.data.challenge, 'login');
    else finishSignIn(result.data);
  }
  return result;
}
