// The login call without zod: the bettor's login screen signs in with these checks alone, so the
// first screen needs no schema library (zod's core is about 23 kB brotli, zod/mini about 7 kB for
// these two schemas: either would put the login over its 80 kB budget — docs/performance.md,
// "First load"). They are the same rules as the table's `loginRequest` and `loginResult` (zod, in
// auth.ts and onboarding.ts), which the server applies; test/login.test.ts holds the two to the
// same answers, issue messages included. Only a plain sign-in's answer is checked here: one that
// starts a second step goes to `loginResult` itself (see `loginUser`).
import { isPlainText } from './plain-text.ts';

export const USER_NAME_MAX_CHARS = 50;
export const PASSWORD_MAX_CHARS = 128;

/** The login entry's method and path (endpoints.ts's `login`, which uses these). */
export const LOGIN_METHOD = 'POST';
export const LOGIN_PATH = 'user/login';

export type LoginIssue = { path: (string | number)[]; message: string };
/** The shape of zod's `safeParse` answer, so the API client takes either. */
export type LoginCheck<T> =
  { success: true; data: T } | { success: false; error: { message: string; issues: LoginIssue[] } };

export type LoginFields = { user_name: string; password: string };
export type LoginUser = {
  user_id: number;
  user_name: string;
  is_change_password: '0' | '1';
  is_signup_user: '0' | '1';
  parent_id: number;
  token: string;
  /**
   * The display language the server remembers for the user (issue 45); always sent by the server.
   * language.ts's `Language`, written out: that module loads zod (test/login.test.ts holds them equal).
   */
  language?: 'en' | 'hi';
};

const fail = <T>(issues: LoginIssue[]): LoginCheck<T> => ({
  success: false,
  error: { message: issues.map((i) => `${i.path.join('.') || 'value'}: ${i.message}`).join('; '), issues },
});

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first rule a login field breaks, as `loginRequest` words it, or the value to send. */
function fieldIssue(
  value: unknown,
  label: string,
  max: number,
  trim: boolean,
): { message: string } | { value: string } {
  if (typeof value !== 'string') return { message: `${label} is required` };
  const v = trim ? value.trim() : value;
  if (v.length < 1) return { message: `${label} is required` };
  if (v.length > max) return { message: `${label} must be at most ${max} characters` };
  if (!isPlainText(v)) return { message: `${label} must not contain control characters` };
  return { value: v };
}

/** `loginRequest`'s rules: user name trimmed, 1–50 characters; password 1–128; both plain text. */
export function checkLoginRequest(values: unknown): LoginCheck<LoginFields> {
  if (!isObject(values)) return fail([{ path: [], message: 'Invalid input: expected object' }]);
  const user = fieldIssue(values.user_name, 'User name', USER_NAME_MAX_CHARS, true);
  const password = fieldIssue(values.password, 'Password', PASSWORD_MAX_CHARS, false);
  const issues: LoginIssue[] = [];
  if ('message' in user) issues.push({ path: ['user_name'], message: user.message });
  if ('message' in password) issues.push({ path: ['password'], message: password.message });
  if ('value' in user && 'value' in password) {
    return { success: true, data: { user_name: user.value, password: password.value } };
  }
  return fail(issues);
}

type Rule = (v: unknown) => boolean;
const str: Rule = (v) => typeof v === 'string';
const int: Rule = (v) => typeof v === 'number' && Number.isSafeInteger(v);
const flag: Rule = (v) => v === '0' || v === '1';
// language.ts's LANGUAGES, written out: importing that module would bring zod into the login's chunk.
const language: Rule = (v) => v === undefined || v === 'en' || v === 'hi';

const USER_RULES: Record<keyof LoginUser, Rule> = {
  user_id: int,
  user_name: str,
  is_change_password: flag,
  is_signup_user: flag,
  parent_id: int,
  token: str,
  language,
};

/**
 * `loginResult` for an answer without a second step: the user info with its token (unknown
 * fields dropped, as zod does). An answer carrying `challenge` is refused here — the caller checks
 * it with the table's `loginResult`, which the second step's form (zod, its own chunk) loads anyway.
 */
export const loginUser = {
  safeParse(data: unknown): LoginCheck<LoginUser> {
    if (!isObject(data)) return fail([{ path: [], message: 'Invalid input: expected object' }]);
    if (data.challenge !== undefined) {
      return fail([{ path: ['challenge'], message: "A second step's answer: check it with loginResult" }]);
    }
    const issues: LoginIssue[] = [];
    const out: Record<string, unknown> = {};
    for (const [key, rule] of Object.entries(USER_RULES)) {
      if (!rule(data[key])) issues.push({ path: [key], message: 'Invalid input' });
      else if (data[key] !== undefined) out[key] = data[key];
    }
    return issues.length > 0 ? fail(issues) : { success: true, data: out as LoginUser };
  },
};
