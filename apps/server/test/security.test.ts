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
      expect(data).toMatchObject({ token: '', challenge: { second_step: 'totp' } });
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

      // Off with a code (a later step: the used one is refused).
      api.token = token;
      clock.advance(60_000);
      expect((await api.call('twoFactorDisable', { code: '123-4567' })).statusCode).toBe(400);
      const off = await api.call('twoFactorDisable', { code: await totpAt(secret, epoch()) });
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
  },
  { clock, outboxPollMs: 0 },
);
