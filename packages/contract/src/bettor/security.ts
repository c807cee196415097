import { z } from 'zod';
import {
  twoFactorDisableRequest,
  twoFactorEnableRequest,
  twoFactorEnableResult,
  twoFactorSetup,
  twoFactorStatus,
} from '../onboarding.ts';
import { defineEndpoints } from '../endpoint.ts';

/** Security Auth: the second factor. */
export const securityEndpoints = defineEndpoints({
  twoFactorStatus: {
    method: 'GET',
    path: 'user/twoFactor/status',
    access: 'user',
    summary: 'Whether Security Auth (TOTP) is on, since when, and how many recovery codes are left.',
    response: twoFactorStatus,
  },
  twoFactorSetup: {
    method: 'POST',
    path: 'user/twoFactor/setup',
    access: 'user',
    summary:
      'Start turning Security Auth on: a new secret with its otpauth URL and QR code (SVG). Nothing changes until a code confirms it.',
    response: twoFactorSetup,
  },
  twoFactorEnable: {
    method: 'POST',
    path: 'user/twoFactor/enable',
    access: 'user',
    summary:
      "Confirm the new secret with a code from the app: Security Auth is on, and the account's other sessions end (the caller's stays); answers 10 recovery codes, shown once.",
    request: twoFactorEnableRequest,
    response: twoFactorEnableResult,
  },
  twoFactorDisable: {
    method: 'POST',
    path: 'user/twoFactor/disable',
    access: 'user',
    summary:
      "Turn Security Auth off with the account's password and a current code (or a recovery code). A wrong password or code counts towards the account's lock (10 wrong codes in 15 minutes lock it for 15 minutes).",
    request: twoFactorDisableRequest,
    response: z.null(),
  },
});
