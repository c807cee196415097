import { z } from 'zod';
import { documented, flag, idInput, plainText } from './common.ts';
import { languageCode } from './language.ts';
import { PASSWORD_MAX_CHARS, USER_NAME_MAX_CHARS } from './login.ts';

// The login's limits live with its zod-free checks (login.ts), which keep the same rules.
export { PASSWORD_MAX_CHARS, USER_NAME_MAX_CHARS } from './login.ts';
export const PASSWORD_MIN_CHARS = 8;

/** Spec §5: letters, digits and @$!%*#?& only. */
export const PASSWORD_ALLOWED = /^[A-Za-z\d@$!%*#?&]+$/;

/**
 * The password rule of spec §5 (at least 8 characters, a letter and a digit, only letters, digits
 * and @$!%*#?&), shared by the change-password and sign-up forms and the server. `label` starts
 * each message, so each failure names the field and what to fix.
 */
export const passwordRule = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .min(PASSWORD_MIN_CHARS, `${label} must be at least ${PASSWORD_MIN_CHARS} characters`)
    .max(PASSWORD_MAX_CHARS, `${label} must be at most ${PASSWORD_MAX_CHARS} characters`)
    .regex(/[A-Za-z]/, `${label} must contain at least one letter`)
    .regex(/\d/, `${label} must contain at least one digit`)
    .regex(PASSWORD_ALLOWED, `${label} may only use letters, digits and @$!%*#?&`);

/** The new-password rule of spec §5 (change password). */
export const newPassword = passwordRule('New password');

/**
 * Spec §5 match validator: the second field gets a 'matching' error when it differs from the first.
 * Reusable for any pair of fields.
 */
export function matchFields<T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  field: string,
  confirmField: string,
  message = 'Passwords do not match',
) {
  return documented(
    schema.superRefine((value, ctx) => {
      if (value[field] !== value[confirmField]) {
        ctx.addIssue({ code: 'custom', path: [confirmField], message, params: { type: 'matching' } });
      }
    }),
    { cross: [{ rule: 'equal', a: field, b: confirmField }] },
  );
}

export const loginRequest = z.object({
  user_name: z
    .string({ error: 'User name is required' })
    .trim()
    .min(1, 'User name is required')
    .max(USER_NAME_MAX_CHARS, `User name must be at most ${USER_NAME_MAX_CHARS} characters`)
    .check(plainText('User name')),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_CHARS, `Password must be at most ${PASSWORD_MAX_CHARS} characters`)
    .check(plainText('Password')),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** User info of spec §3, returned by login and stored by the client as `userinfo`. */
export const userInfo = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  is_change_password: flag,
  is_signup_user: flag,
  /** -1 when the user has no parent (the spec's "neither -1 nor empty" rule). */
  parent_id: z.number().int(),
  token: z.string(),
  /**
   * The display language remembered for the user (issue 45; setLanguage). The server always sends
   * it; optional so that an answer without it (an older server's) still reads.
   */
  language: languageCode.optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

const changePasswordFields = z.object({
  master_password: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX_CHARS, `Current password must be at most ${PASSWORD_MAX_CHARS} characters`)
    .check(plainText('Current password')),
  old_password: z.string().max(PASSWORD_MAX_CHARS).check(plainText('Old password')).optional(),
  new_password: newPassword,
  confirm_password: z
    .string({ error: 'Confirm password is required' })
    .min(1, 'Confirm password is required')
    .max(PASSWORD_MAX_CHARS)
    .check(plainText('Confirm password')),
  /**
   * Also revoke every API key of the bettor (issue 46): their programs stop at once. Left out (or
   * false), keys go on working after the change (docs/decisions.md "API keys and a new password").
   */
  revoke_api_keys: z.boolean({ error: 'revoke_api_keys must be true or false' }).optional(),
});
export const changePasswordRequest = matchFields(changePasswordFields, 'new_password', 'confirm_password');
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const logoutRequest = z.object({
  user_id: idInput,
  token: z.string().max(512).check(plainText('token')),
});
export type LogoutRequest = z.infer<typeof logoutRequest>;
