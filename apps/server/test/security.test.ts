// Security Auth (TOTP, RFC 6238): the RFC's test vectors, ±1 step of skew, and the login's
// second step (issue 12), on both stores.
import { describe, expect, it } from 'vitest';
import { checkTotp, totpAt } from '../src/modules/security/totp.ts';
import type { Api } from './helpers/api.ts';
import { TestClock } from './helpers/clock.ts';
import { createBettor } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

// RFC 6238 appendix B, SHA-1, 8 digits, secret "12345678901234567890".
const RFC_SECRET = new TextEncoder().encode('12345678901234567890');
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC test vectors', async () => {
    for (const [t, code] of VECTORS) {
      expect(await totpAt(RFC_SECRET, t, 8)).toBe(code);
      expect(await checkTotp(RFC_SECRET, code, t, null, 8)).toBe(Math.floor(t / 30));
      // 6 digits are the vector's last six.
      expect(await totpAt(RFC_SECRET, t, 6)).toBe(code.slice(2));
    }
  });

  it('accepts a code one step early or late, not two', async () => {
    const t = 1111111111;
    for (const [shift, ok] of [
      [-60, false],
      [-30, true],
      [0, true],
      [30, true],
      [60, false],
    ] as const) {
      const code = await totpAt(RFC_SECRET, t + shift);
      expect((await checkTotp(RFC_SECRET, code, t, null)) !== null, `shift ${shift}`).toBe(ok);
    }
  });

  it('accepts a time step once (afterStep)', async () => {
    const t = 1234567890;
    const code = await totpAt(RFC_SECRET, t);
    const step = await checkTotp(RFC_SECRET, code, t, null);
    expect(step).not.toBeNull();
    expect(await checkTotp(RFC_SECRET, code, t, step)).toBeNull();
  });
});

const clock = new TestClock();
const epoch = () => Math.floor(clock.now().getTime() / 1000);

describeStores(
  'Security Auth',
  (ctx) => {
    it('on with a QR code and a code, recovery codes once, login needs a code, off with a code', async () => {
      const u = await createBettor(ctx.app, 0, 'tfa');
      const api: Api = ctx.api.fork();
      await api.login(u.userName, u.password);
      expect((await api.call('twoFactorStatus')).body.data).toEqual({
        enabled: false,
        enabled_at: null,
        recovery_codes_left: 0,
      });
      const setup = await api.call('twoFactorSetup', {});
      const { secret, otpauth_url, qr_svg } = setup.body.data as {
        secret: string;
        otpauth_url: string;
        qr_svg: string;
      };
      expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=/);
      expect(qr_svg).toMatch(/^<svg/);
      const wrong = await api.call('twoFactorEnable', { code: await totpAt(secret, epoch() + 300) });
      expect(wrong.body.status).toBe(false);
      const on = await api.call('twoFactorEnable', { code: await totpAt(secret, epoch()) });
      const codes = (on.body.data as { recovery_codes: string[] }).recovery_codes;
      expect(codes).toHaveLength(10);
      expect((await api.call('twoFactorStatus')).body.data).toMatchObject({
        enabled: true,
        recovery_codes_left: 10,
      });

      // Login: a challenge, not a session; the challenge token is no bearer token.
      const step1 = await api.call('login', { user_name: u.userName, password: u.password }, { token: null });
      const data = step1.body.data as {
        token: string;
        challenge: { second_step: string; challenge_token: string };
      };
      // Only what the step needs: no user id, parent id or flags before the second step is passed.
      expect(Object.keys(data)).toEqual(['challenge']);
      expect(data.challenge).toEqual({
        second_step: 'totp',
        challenge_token: expect.any(String),
        user_name: u.userName,
        expires_at: new Date(clock.now().getTime() + 15 * 60_000).toISOString(),
      });
      expect(
        (await api.call('getUserBalance', undefined, { token: data.challenge.challenge_token })).statusCode,
      ).toBe(401);
      const bad = await api.call(
        'loginTwoFactor',
        { challenge_token: data.challenge.challenge_token, code: '000000' },
        { token: null },
      );
      expect(bad.body).toMatchObject({
        status: false,
        message: expect.stringMatching(/not right; 4 tries left/),
      });
      // A code of the next step (clock skew +1) is accepted.
      clock.advance(31_000);
      const good = await api.call(
        'loginTwoFactor',
        { challenge_token: data.challenge.challenge_token, code: await totpAt(secret, epoch() + 30) },
        { token: null },
      );
      expect(good.body).toMatchObject({ status: true, data: { user_name: u.userName } });
      const token = (good.body.data as { token: string }).token;
      expect((await api.call('getUserBalance', undefined, { token })).body.status).toBe(true);
      // The challenge is used up.
      const reuse = await api.call(
        'loginTwoFactor',
        { challenge_token: data.challenge.challenge_token, code: await totpAt(secret, epoch()) },
        { token: null },
      );
      expect(reuse.body.status).toBe(false);

      // A recovery code signs in once.
      const again = (
        await api.call('login', { user_name: u.userName, password: u.password }, { token: null })
      ).body.data as typeof data;
      const rec = await api.call(
        'loginTwoFactor',
        { challenge_token: again.challenge.challenge_token, code: codes[0] },
        { token: null },
      );
      expect(rec.body.status).toBe(true);
      const third = (
        await api.call('login', { user_name: u.userName, password: u.password }, { token: null })
      ).body.data as typeof data;
      const recAgain = await api.call(
        'loginTwoFactor',
        { challenge_token: third.challenge.challenge_token, code: codes[0] },
        { token: null },
      );
      expect(recAgain.body.status).toBe(false);

      // Off with the password and a code (a later step: the used one is refused).
      api.token = token;
      clock.advance(60_000);
      expect(
        (await api.call('twoFactorDisable', { password: u.password, code: '123-4567' })).statusCode,
      ).toBe(400);
      const off = await api.call('twoFactorDisable', {
        password: u.password,
        code: await totpAt(secret, epoch()),
      });
      expect(off.body).toMatchObject({ status: true, message: 'Security Auth is off' });
      const plain = await api.call('login', { user_name: u.userName, password: u.password }, { token: null });
      expect((plain.body.data as { token: string }).token).not.toBe('');
    });

    it('five wrong codes end the half-signed-in login', async () => {
      const u = await createBettor(ctx.app, 0, 'tfa');
      const api = ctx.api.fork();
      await api.login(u.userName, u.password);
      const { secret } = (await api.call('twoFactorSetup', {})).body.data as { secret: string };
      await api.call('twoFactorEnable', { code: await totpAt(secret, epoch()) });
      const c = (
        (await api.call('login', { user_name: u.userName, password: u.password }, { token: null })).body
          .data as {
          challenge: { challenge_token: string };
        }
      ).challenge.challenge_token;
      for (let i = 0; i < 5; i += 1)
        await api.call('loginTwoFactor', { challenge_token: c, code: '000000' }, { token: null });
      const right = await api.call(
        'loginTwoFactor',
        { challenge_token: c, code: await totpAt(secret, epoch() + 30) },
        { token: null },
      );
      expect(right.body).toMatchObject({
        status: false,
        message: 'Too many wrong codes; please log in again',
      });
    });

    /** A bettor with Security Auth on, signed in on `api`; its secret. */
    async function withTotp(api: Api, prefix = 'tfa') {
      const u = await createBettor(ctx.app, 0, prefix);
      await api.login(u.userName, u.password);
      const { secret } = (await api.call('twoFactorSetup', {})).body.data as { secret: string };
      const on = await api.call('twoFactorEnable', { code: await totpAt(secret, epoch()) });
      expect(on.body.status).toBe(true);
      return { ...u, secret, recovery: (on.body.data as { recovery_codes: string[] }).recovery_codes };
    }
    const challengeOf = async (api: Api, u: { userName: string; password: string }) =>
      (
        (await api.call('login', { user_name: u.userName, password: u.password }, { token: null })).body
          .data as { challenge: { challenge_token: string } }
      ).challenge.challenge_token;

    it('wrong codes count per user over every login: the 10th in 15 minutes locks the account', async () => {
      const api = ctx.api.fork();
      const u = await withTotp(api);
      clock.advance(60_000); // the enabling code's step is used
      // Three logins, each with its own fresh tries: 4 + 4 + 1 wrong codes are 9.
      const answers: string[] = [];
      for (const wrong of [4, 4, 1]) {
        const c = await challengeOf(api, u);
        for (let i = 0; i < wrong; i += 1) {
          const r = await api.call('loginTwoFactor', { challenge_token: c, code: '000000' }, { token: null });
          answers.push(r.body.message ?? '');
        }
      }
      expect(answers.every((m) => /not right/.test(m))).toBe(true);
      // A challenge opened before the lock.
      const open = await challengeOf(api, u);
      const tenth = await api.call(
        'loginTwoFactor',
        { challenge_token: open, code: '000000' },
        { token: null },
      );
      expect(tenth.body).toMatchObject({
        status: false,
        message: 'Too many wrong codes: this account is locked for 15 minutes',
      });
      // Locked: the password is refused, and so is a right code on a challenge still open (it is
      // not even checked, so a recovery code would not be used up).
      const login = await api.call('login', { user_name: u.userName, password: u.password }, { token: null });
      expect(login.body).toMatchObject({ status: false, message: expect.stringMatching(/locked/) });
      const right = await api.call(
        'loginTwoFactor',
        { challenge_token: open, code: u.recovery[0] },
        { token: null },
      );
      expect(right.body).toMatchObject({
        status: false,
        message: expect.stringMatching(/locked.*15 minutes/),
      });
      // After the lock the count starts again, and that recovery code (unused) signs in.
      clock.advance(15 * 60_000 + 1_000);
      const c = await challengeOf(api, u);
      const ok = await api.call(
        'loginTwoFactor',
        { challenge_token: c, code: u.recovery[0] },
        { token: null },
      );
      expect(ok.body.status, ok.body.message).toBe(true);
    });

    it('wrong codes older than 15 minutes slide out of the count', async () => {
      const api = ctx.api.fork();
      const u = await withTotp(api);
      for (let round = 0; round < 3; round += 1) {
        const c = await challengeOf(api, u);
        for (let i = 0; i < 4; i += 1)
          await api.call('loginTwoFactor', { challenge_token: c, code: '000000' }, { token: null });
        clock.advance(8 * 60_000); // 12 wrong in 24 minutes, never 10 in 15
      }
      const c = await challengeOf(api, u);
      const ok = await api.call(
        'loginTwoFactor',
        { challenge_token: c, code: await totpAt(u.secret, epoch()) },
        { token: null },
      );
      expect(ok.body.status, ok.body.message).toBe(true);
    });

    it('turning Security Auth off needs the password and a code; wrong ones count and lock', async () => {
      const api = ctx.api.fork();
      const u = await withTotp(api);
      clock.advance(60_000);
      // The password is required, and named.
      const bare = await api.call('twoFactorDisable', { code: await totpAt(u.secret, epoch()) });
      expect(bare.statusCode).toBe(400);
      expect(bare.body.message).toMatch(/password/i);
      // A wrong password with a right (recovery) code: refused, and the code is not used up by it.
      const code = await totpAt(u.secret, epoch());
      const wrongPassword = await api.call('twoFactorDisable', {
        password: 'not-it-123',
        code: u.recovery[0],
      });
      expect(wrongPassword.body).toMatchObject({
        status: false,
        message: 'That password or code is not right',
      });
      // Nine more wrong (codes this time): the tenth locks the account.
      for (let i = 0; i < 8; i += 1) {
        const r = await api.call('twoFactorDisable', { password: u.password, code: '000000' });
        expect(r.body).toMatchObject({ status: false, message: 'That password or code is not right' });
      }
      const tenth = await api.call('twoFactorDisable', { password: u.password, code: '000000' });
      expect(tenth.body).toMatchObject({
        status: false,
        message: 'Too many wrong codes: this account is locked for 15 minutes',
      });
      // Locked: the right password and code do not turn it off.
      const locked = await api.call('twoFactorDisable', { password: u.password, code });
      expect(locked.body).toMatchObject({ status: false, message: expect.stringMatching(/locked/) });
      expect((await api.call('twoFactorStatus')).body.data).toMatchObject({ enabled: true });
      // After the lock, the password with that recovery code (never used) turns it off.
      clock.advance(15 * 60_000 + 1_000);
      const off = await api.call('twoFactorDisable', { password: u.password, code: u.recovery[0] });
      expect(off.body).toMatchObject({ status: true, message: 'Security Auth is off' });
    });

    it('turning Security Auth on ends the account’s other sessions, not the caller’s', async () => {
      const u = await createBettor(ctx.app, 0, 'tfa');
      const mine = ctx.api.fork();
      const other = ctx.api.fork();
      await mine.login(u.userName, u.password);
      await other.login(u.userName, u.password);
      expect((await other.call('getUserBalance')).statusCode).toBe(200);
      const { secret } = (await mine.call('twoFactorSetup', {})).body.data as { secret: string };
      expect((await mine.call('twoFactorEnable', { code: await totpAt(secret, epoch()) })).body.status).toBe(
        true,
      );
      expect((await other.call('getUserBalance')).statusCode).toBe(401);
      expect((await mine.call('getUserBalance')).statusCode).toBe(200);
    });
  },
  { clock, outboxPollMs: 0 },
);
