import { loginRequest, userInfo } from '../auth.ts';
import {
  checkReferralCodeRequest,
  loginResult,
  loginTwoFactorRequest,
  referralCodeCheck,
  resendOtpRequest,
  secondStepChallenge,
  signUpRequest,
  verifyOtpRequest,
  visitorCountry,
} from '../onboarding.ts';
import { defineEndpoints } from '../endpoint.ts';

/** Login and what comes with it: the second step, sign-up and its one-time codes. */
export const authEndpoints = defineEndpoints({
  login: {
    // As login.ts's LOGIN_METHOD and LOGIN_PATH (test/login.test.ts): written out, not imported,
    // so the login's checks stay in the login screen's own chunk.
    method: 'POST',
    path: 'user/login',
    access: 'public',
    summary:
      'Sign in; returns the user info with a fresh token, or only `challenge` when a second step is needed (OTP of an unverified sign-up, Security Auth code): nothing about the user until that step is passed.',
    request: loginRequest,
    response: loginResult,
  },
  getVisitorCountry: {
    method: 'GET',
    path: 'user/getVisitorCountry',
    access: 'public',
    summary:
      "The country the sign-up's dial code starts on: the caller's address looked up in an offline GeoIP database on the server (no key in the browser, no outside call), else the operator's default country.",
    response: visitorCountry,
  },
  checkReferralCode: {
    method: 'POST',
    path: 'user/checkReferralCode',
    access: 'public',
    summary:
      "Whether the sign-up route's third segment is a referral code that opens an account (valid true/false), so the sign-up screen can say at once that an invitation is not valid. Limited per IP like sign-up.",
    request: checkReferralCodeRequest,
    response: referralCodeCheck,
  },
  signUp: {
    method: 'POST',
    path: 'user/signUp',
    access: 'public',
    summary:
      "Open an account under the parent whose referral code is given (the sign-up route's third segment) and send a 6-digit code to the mobile number; answers the OTP challenge. Per-number and per-IP send limits.",
    request: signUpRequest,
    response: secondStepChallenge,
  },
  verifyOtp: {
    method: 'POST',
    path: 'user/verifyOtp',
    access: 'public',
    summary:
      'Second step of a sign-up (or of a login before the number was verified): the code sent to the mobile. Right: the user becomes a sign-up user (is_signup_user "1") and is signed in. Codes expire after 5 minutes and die after 5 wrong tries.',
    request: verifyOtpRequest,
    response: userInfo,
  },
  resendOtp: {
    method: 'POST',
    path: 'user/resendOtp',
    access: 'public',
    summary: 'Send a new code for an OTP challenge (the previous one stops working); 30 s apart at least.',
    request: resendOtpRequest,
    response: secondStepChallenge,
  },
  loginTwoFactor: {
    method: 'POST',
    path: 'user/loginTwoFactor',
    access: 'public',
    summary:
      'Second step of a login with Security Auth on: the authenticator code (±1 step of 30 s) or a recovery code. Signs in.',
    request: loginTwoFactorRequest,
    response: userInfo,
  },
});
