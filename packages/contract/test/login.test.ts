import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  checkLoginRequest,
  endpoints,
  LANGUAGES,
  loginUser,
  type Language,
  type LoginUser,
  loginRequest,
  loginResult,
  LOGIN_PATH,
} from '../src/index.ts';

// login.ts checks the login call without zod (the login screen's budget); these hold it to the
// table's zod schemas: the same verdict, the same data, and for a request the same first message per field.

const firstMessages = (issues: readonly { path: PropertyKey[]; message: string }[]) => {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0] ?? '')] ??= i.message;
  return out;
};

const requests: unknown[] = [
  { user_name: 'demo', password: 'demo1234' },
  { user_name: '  demo  ', password: ' pass word ' },
  { user_name: '', password: '' },
  { user_name: '   ', password: 'x' },
  { user_name: 'a'.repeat(50), password: 'p'.repeat(128) },
  { user_name: ` ${'a'.repeat(50)} `, password: 'x' },
  { user_name: 'a'.repeat(51), password: 'p'.repeat(129) },
  { user_name: 'de\u0000mo', password: 'pa\u001bss' },
  { user_name: 'a\u0085b', password: '\ud800' },
  { user_name: '😀', password: 'ok😀' },
  { user_name: 'a'.repeat(60) + '\u0000', password: 'x' },
  { user_name: 12, password: null },
  { password: 'x' },
  { user_name: 'demo', password: 'x', extra: 'dropped' },
  {},
];

const user = {
  user_id: 2,
  user_name: 'demo',
  is_change_password: '0',
  is_signup_user: '0',
  parent_id: 1,
  token: 't',
};
const answers: unknown[] = [
  user,
  { ...user, is_change_password: '1', is_signup_user: '1', parent_id: -1, token: '' },
  { ...user, extra: 1, challenge: undefined },
  { ...user, user_id: 2.5 },
  { ...user, user_id: '2' },
  { ...user, parent_id: Number.NaN },
  { ...user, parent_id: 2 ** 60 },
  { ...user, is_change_password: 1 },
  { ...user, is_signup_user: '2' },
  { ...user, token: undefined },
  { ...user, user_name: null },
  // The display language (issue 45): optional, 'en' or 'hi' only.
  { ...user, language: 'en' },
  { ...user, language: 'hi' },
  { ...user, language: undefined },
  { ...user, language: 'fr' },
  { ...user, language: 'HI' },
  { ...user, language: 1 },
  { ...user, language: null },
  null,
  [],
  'x',
];

describe('login without zod', () => {
  it('the table uses its method and path', () => {
    expect(endpoints.login.path).toBe(LOGIN_PATH);
    expect(endpoints.login.method).toBe('POST');
  });

  it.each(requests.map((r) => [JSON.stringify(r), r]))('request %s: as loginRequest', (_, values) => {
    const zod = loginRequest.safeParse(values);
    const hand = checkLoginRequest(values);
    expect(hand.success).toBe(zod.success);
    if (zod.success && hand.success) expect(hand.data).toEqual(zod.data);
    if (!zod.success && !hand.success) {
      expect(firstMessages(hand.error.issues)).toEqual(
        values && typeof values === 'object'
          ? firstMessages(zod.error.issues)
          : { '': expect.any(String) as string },
      );
    }
  });

  it.each(answers.map((a) => [JSON.stringify(a), a]))('answer %s: as loginResult', (_, data) => {
    const zod = loginResult.safeParse(data);
    const hand = loginUser.safeParse(data);
    expect(hand.success).toBe(zod.success);
    if (zod.success && hand.success) expect(hand.data).toEqual(zod.data);
  });

  it("accepts as a login answer's language exactly language.ts's LANGUAGES", () => {
    for (const language of LANGUAGES) {
      expect(loginUser.safeParse({ ...user, language })).toEqual({
        success: true,
        data: { ...user, language },
      });
    }
    expect(loginUser.safeParse({ ...user, language: 'fr' }).success).toBe(false);
    expectTypeOf<NonNullable<LoginUser['language']>>().toEqualTypeOf<Language>();
  });

  it("refuses a second step's answer, which loginResult checks instead", () => {
    const challenge = { second_step: 'otp', challenge_token: 'c'.repeat(30), user_name: 'demo' };
    expect(loginResult.safeParse({ ...user, token: '', challenge }).success).toBe(true);
    const hand = loginUser.safeParse({ ...user, token: '', challenge });
    expect(hand.success).toBe(false);
    expect(!hand.success && hand.error.issues[0]?.path).toEqual(['challenge']);
  });
});
