import { z } from 'zod';
import { matchFields, passwordRule, PASSWORD_MAX_CHARS, userInfo } from './auth.ts';
import { documented, idInput, isoDateTime, plainText, textInput } from './common.ts';
import { checkMobile, COUNTRIES, countryByCode } from './countries.ts';
import { adminRequestId } from './admin.ts';

// Sign-up with a referral code and a mobile number verified by a one-time code (OTP), the second
// step of a login (OTP for an unverified sign-up, TOTP when Security Auth is on), and Security
// Auth (TOTP, RFC 6238) itself.

/** The third segment of the sign-up route: a parent account's referral code. */
export const REFERRAL_CODE = /^[A-Za-z0-9_-]{3,32}$/;
export const referralCode = z
  .string({ error: 'Referral code is required' })
  .trim()
  .regex(REFERRAL_CODE, 'Referral code must be 3 to 32 letters, digits, - or _');

/** checkReferralCode: whether a sign-up link's code opens an account (checked on arrival, spec §2). */
export const checkReferralCodeRequest = z.object({ referral_code: referralCode });
export const referralCodeCheck = z.object({ valid: z.boolean() });
export type ReferralCodeCheck = z.infer<typeof referralCodeCheck>;

/** getVisitorCountry: the sign-up's dial code country, from the caller's address (spec §8). */
export const visitorCountry = z.object({
  /** ISO 3166-1 alpha-2, always one of the sign-up's country list. */
  country_code: z.string(),
  /** Where it came from: the address's country, or the operator's default when that is unknown. */
  source: z.enum(['ip', 'default']),
});
export type VisitorCountry = z.infer<typeof visitorCountry>;

export const SIGN_UP_USER_NAME = /^[A-Za-z0-9_]{4,20}$/;

const signUpFields = z.object({
  referral_code: referralCode,
  user_name: z
    .string({ error: 'User name is required' })
    .trim()
    .min(1, 'User name is required')
    .regex(SIGN_UP_USER_NAME, 'User name must be 4 to 20 letters, digits or _'),
  password: passwordRule('Password'),
  confirm_password: z
    .string({ error: 'Confirm password is required' })
    .min(1, 'Confirm password is required')
    .max(PASSWORD_MAX_CHARS)
    .check(plainText('confirm_password')),
  /** Two-letter code of the country chosen in the dial-code picker. */
  country_code: documented(
    z
      .string({ error: 'Choose a country' })
      .refine((c) => countryByCode(c) !== undefined, 'Choose a country from the list'),
    {
      // A code of the list, in either case.
      add: {
        pattern: `^(?:${COUNTRIES.map((c) => [...c.code].map((ch) => `[${ch.toUpperCase()}${ch.toLowerCase()}]`).join('')).join('|')})$`,
      },
    },
  ),
  mobile: z
    .string({ error: 'Mobile number is required' })
    .trim()
    .min(1, 'Mobile number is required')
    .max(24)
    .check(plainText('mobile')),
});

export const signUpRequest = matchFields(signUpFields, 'password', 'confirm_password').superRefine(
  (v, ctx) => {
    const country = countryByCode(v.country_code);
    if (!country || !v.mobile) return;
    const checked = checkMobile(country, v.mobile);
    if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['mobile'], message: checked.message });
  },
);
export type SignUpRequest = z.infer<typeof signUpRequest>;

export const OTP_DIGITS = 6;
export const TOTP_DIGITS = 6;

/**
 * A second step to finish signing in: 'otp' (the code sent to the mobile of a sign-up) or 'totp'
 * (Security Auth). The challenge token works only with the second-step calls; it is not a session.
 */
export const secondStepChallenge = z.object({
  second_step: z.enum(['otp', 'totp']),
  challenge_token: z.string(),
  user_name: z.string(),
  /** 'otp': the masked number the code went to. */
  mobile: z.string().optional(),
  /** 'otp': when the current code expires; 'totp': when this sign-in does. */
  expires_at: isoDateTime.optional(),
  /** 'otp': when another code may be asked for. */
  resend_at: isoDateTime.optional(),
  /** The demo's built-in sender: the code is in the operator's message list, not on a phone. */
  sender: z.string().optional(),
});
export type SecondStepChallenge = z.infer<typeof secondStepChallenge>;

/**
 * What login answers: the user info with a token; or — when a second step is needed — only
 * `challenge`: who the user is (id, parent) is not told before the second step is passed.
 */
export const loginResult = z.union([userInfo, z.object({ challenge: secondStepChallenge })]);
export type LoginResult = z.infer<typeof loginResult>;

const challengeToken = z
  .string({ error: 'challenge_token is required' })
  .min(20, 'challenge_token is not valid')
  .max(100, 'challenge_token is not valid');

export const verifyOtpRequest = z.object({
  challenge_token: challengeToken,
  otp: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export const resendOtpRequest = z.object({ challenge_token: challengeToken });

/** A TOTP code (6 digits) or a recovery code (xxxx-xxxx). */
export const securityCode = z
  .string({ error: 'Enter the code from your authenticator app' })
  .trim()
  .regex(
    /^(\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/,
    'Enter the 6-digit code from your authenticator app, or a recovery code',
  );

export const loginTwoFactorRequest = z.object({ challenge_token: challengeToken, code: securityCode });

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabled_at: isoDateTime.nullable(),
  recovery_codes_left: z.number().int(),
});
export const twoFactorSetup = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The QR code of otpauth_url as an SVG document. */
  qr_svg: z.string(),
});
export const twoFactorEnableRequest = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
export const twoFactorEnableResult = z.object({
  /** Shown once: each signs in once instead of a code. Only their hashes are kept. */
  recovery_codes: z.array(z.string()),
});
/** Turning Security Auth off: the account's password and a current code (or a recovery code). */
export const twoFactorDisableRequest = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_CHARS, `Password must be at most ${PASSWORD_MAX_CHARS} characters`)
    .check(plainText('Password')),
  code: securityCode,
});

// ---- operator ----

export const adminMessagesRequest = z.object({
  limit: z
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 to 200')
    .max(200, 'limit must be 1 to 200')
    .default(50),
  /** Only messages to this number (E.164, e.g. +919876543210). */
  recipient: textInput('recipient', { max: 20 }).optional(),
});
export const outboxMessage = z.object({
  message_id: z.number().int(),
  channel: z.string(),
  recipient: z.string(),
  body: z.string(),
  status: z.enum(['PENDING', 'SENT', 'FAILED']),
  attempts: z.number().int(),
  sender: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: isoDateTime,
  sent_at: isoDateTime.nullable(),
});
export const adminMessages = z.object({ messages: z.array(outboxMessage) });

export const adminReferralCreateRequest = z.object({
  user_id: idInput,
  code: referralCode,
  request_id: adminRequestId.optional(),
});
export const adminReferralCreateResult = z.object({ code: z.string(), user_id: z.number().int() });

// What the OpenAPI document states beyond zod's JSON Schema (common.ts `documented`).
documented(signUpRequest, {
  cross: [
    { rule: 'equal', a: 'password', b: 'confirm_password' },
    { rule: 'described', text: "mobile must be a mobile number of country_code's numbering plan" },
  ],
});
