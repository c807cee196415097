// Sign-up with a referral code and the OTP of a mobile number (issue 12), on both stores.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../src/modules/account/schema.ts';
import { outboxMessages } from '../src/modules/messaging/schema.ts';
import { otpCodes } from '../src/modules/signup/schema.ts';
import { createOutbox, backoffMs } from '../src/modules/messaging/outbox.ts';
import type { SmsSender } from '../src/modules/messaging/senders.ts';
import type { Api } from './helpers/api.ts';
import { TestClock } from './helpers/clock.ts';
import { describeStores } from './helpers/stores.ts';

const clock = new TestClock();
let n = 0;
/** A fresh Indian mobile number (10 digits, 9…) per call. */
const nextMobile = () =>
  `9${String(100_000_000 + ++n * 7919 + Math.floor(Math.random() * 1000)).slice(0, 9)}`;
const nextName = (p = 'su') => `${p}${++n}${Math.random().toString(36).slice(2, 6)}`;

type Challenge = { second_step: string; challenge_token: string; mobile: string; expires_at: string };

describeStores(
  'sign-up and OTP',
  (ctx) => {
    let operator: Api;
    const op = async () => {
      if (!operator) {
        operator = ctx.api.fork();
        await operator.login('operator', 'operator123');
      }
      return operator;
    };

    /** The code in the last message the built-in sender delivered to a number (read as the operator does). */
    async function lastCode(e164: string): Promise<string> {
      await ctx.app.outbox.deliverDue();
      const r = await (await op()).call('adminMessages', { limit: 5, recipient: e164 });
      expect(r.body.status).toBe(true);
      const [m] = (r.body.data as { messages: { body: string; status: string }[] }).messages;
      expect(m?.status).toBe('SENT');
      return /(\d{6})/.exec(m!.body)![1]!;
    }

    async function signUp(api: Api, over: Record<string, unknown> = {}) {
      const mobile = nextMobile();
      const body = {
        referral_code: 'BACKLAY',
        user_name: nextName(),
        password: 'secret123',
        confirm_password: 'secret123',
        country_code: 'IN',
        mobile,
        ...over,
      };
      const r = await api.call('signUp', body, { token: null });
      return { r, body, e164: `+91${String(body.mobile)}`, challenge: r.body.data as Challenge };
    }

    it('the dial code starts on the visitor’s country, from their address on the server; else the default', async () => {
      const from = async (remoteAddress: string) =>
        (await ctx.app.inject({ method: 'GET', url: '/api/user/getVisitorCountry', remoteAddress })).json();
      expect(await from('49.36.0.1')).toEqual({ status: true, data: { country_code: 'IN', source: 'ip' } });
      expect(await from('8.8.8.8')).toEqual({ status: true, data: { country_code: 'US', source: 'ip' } });
      expect(await from('::ffff:81.2.69.160')).toEqual({
        status: true,
        data: { country_code: 'GB', source: 'ip' },
      });
      // A private address has no country: the operator's default answers.
      expect(await from('10.1.2.3')).toEqual({
        status: true,
        data: { country_code: 'IN', source: 'default' },
      });
    });

    it('a sign-up link is checked on arrival: a known code (any case) is valid, an unknown one not, bad input named', async () => {
      const api = ctx.api.fork();
      const call = (code: unknown) => api.call('checkReferralCode', { referral_code: code }, { token: null });
      expect((await call('BACKLAY')).body).toEqual({ status: true, data: { valid: true } });
      expect((await call('backlay')).body).toEqual({ status: true, data: { valid: true } });
      expect((await call('NOPE')).body).toEqual({ status: true, data: { valid: false } });
      const bad = await call('a b');
      expect(bad.statusCode).toBe(400);
      expect(bad.body.message).toMatch(/^referral_code: /);
    });

    it('an unknown referral code is refused in words and creates nobody', async () => {
      const before = await ctx.app.db.select().from(users);
      const { r } = await signUp(ctx.api.fork(), { referral_code: 'NOSUCHCODE' });
      expect(r.statusCode).toBe(200);
      expect(r.body).toMatchObject({
        status: false,
        message: expect.stringMatching(/referral code is not known/),
      });
      expect(await ctx.app.db.select().from(users)).toHaveLength(before.length);
    });

    it('signs up under the parent of the code: OTP (hashed at rest) through the outbox, then a sign-up user on home', async () => {
      const api = ctx.api.fork();
      const { r, body, e164, challenge } = await signUp(api);
      expect(r.body.status).toBe(true);
      expect(challenge).toMatchObject({
        second_step: 'otp',
        mobile: expect.stringMatching(/^\+91\d\d••••••\d\d$/),
      });
      const code = await lastCode(e164);
      // Only an argon2id hash of the code is stored.
      const rows = await ctx.app.db.select().from(otpCodes).where(eq(otpCodes.mobile, e164));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.codeHash).toMatch(/^\$argon2id\$/);
      expect(rows[0]!.codeHash).not.toContain(code);
      // The half-signed-in token can do nothing else.
      const asBearer = await api.call('getUserBalance', undefined, { token: challenge.challenge_token });
      expect(asBearer.statusCode).toBe(401);

      const v = await api.call(
        'verifyOtp',
        { challenge_token: challenge.challenge_token, otp: code },
        { token: null },
      );
      expect(v.body).toMatchObject({
        status: true,
        data: { user_name: body.user_name, is_signup_user: '1' },
      });
      const [opRow] = await ctx.app.db.select().from(users).where(eq(users.userName, 'operator'));
      expect((v.body.data as { parent_id: number }).parent_id).toBe(opRow!.userId);
      const token = (v.body.data as { token: string }).token;
      expect((await api.call('getUserBalance', undefined, { token })).body.status).toBe(true);

      // The same code again: refused, nothing issued.
      const again = await api.call(
        'verifyOtp',
        { challenge_token: challenge.challenge_token, otp: code },
        { token: null },
      );
      expect(again.body).toMatchObject({
        status: false,
        message: 'This code has already been used; log in to continue',
      });

      // Logging in later needs no code: the number is verified.
      const login = await api.call(
        'login',
        { user_name: body.user_name, password: 'secret123' },
        { token: null },
      );
      expect(login.body).toMatchObject({ status: true, data: { is_signup_user: '1' } });
      expect((login.body.data as { token: string; challenge?: unknown }).challenge).toBeUndefined();
    });

    it('a wrong code 5 times kills the code; a new one (after 30 s) works', async () => {
      const api = ctx.api.fork();
      const { e164, challenge } = await signUp(api);
      const code = await lastCode(e164);
      const wrong = code === '000000' ? '111111' : '000000';
      const messages: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const r = await api.call(
          'verifyOtp',
          { challenge_token: challenge.challenge_token, otp: wrong },
          { token: null },
        );
        expect(r.body.status).toBe(false);
        messages.push(r.body.message!);
      }
      expect(messages).toEqual([
        'Wrong code; 4 tries left',
        'Wrong code; 3 tries left',
        'Wrong code; 2 tries left',
        'Wrong code; 1 try left',
        'Wrong code. Too many wrong codes: ask for a new one',
      ]);
      const right = await api.call(
        'verifyOtp',
        { challenge_token: challenge.challenge_token, otp: code },
        { token: null },
      );
      expect(right.body).toMatchObject({ status: false, message: 'Too many wrong codes; ask for a new one' });

      const early = await api.call(
        'resendOtp',
        { challenge_token: challenge.challenge_token },
        { token: null },
      );
      expect(early.body).toMatchObject({
        status: false,
        message: expect.stringMatching(/^Please wait \d+ seconds/),
      });
      clock.advance(31_000);
      const resent = await api.call(
        'resendOtp',
        { challenge_token: challenge.challenge_token },
        { token: null },
      );
      expect(resent.body.status).toBe(true);
      const fresh = await lastCode(e164);
      if (fresh !== code) {
        const old = await api.call(
          'verifyOtp',
          { challenge_token: challenge.challenge_token, otp: code },
          { token: null },
        );
        expect(old.body.status).toBe(false);
      }
      const ok = await api.call(
        'verifyOtp',
        { challenge_token: challenge.challenge_token, otp: fresh },
        { token: null },
      );
      expect(ok.body).toMatchObject({ status: true, data: { is_signup_user: '1' } });
    });

    it('wrong codes count per user over every code: the 10th in 15 minutes locks the account', async () => {
      const api = ctx.api.fork();
      const { e164, challenge, body } = await signUp(api);
      const first = await lastCode(e164);
      const verify = (otp: string) =>
        api.call('verifyOtp', { challenge_token: challenge.challenge_token, otp }, { token: null });
      for (let i = 0; i < 5; i += 1) await verify(first === '000000' ? '111111' : '000000');
      clock.advance(31_000);
      expect(
        (await api.call('resendOtp', { challenge_token: challenge.challenge_token }, { token: null })).body
          .status,
      ).toBe(true);
      const code = await lastCode(e164);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i += 1) expect((await verify(wrong)).body.message).toMatch(/^Wrong code; \d/);
      expect((await verify(wrong)).body).toMatchObject({
        status: false,
        message: 'Too many wrong codes: this account is locked for 15 minutes',
      });
      // Locked: the right code is not even checked, and the password is refused.
      expect((await verify(code)).body).toMatchObject({
        status: false,
        message: expect.stringMatching(/locked/),
      });
      const login = await api.call(
        'login',
        { user_name: body.user_name, password: body.password },
        { token: null },
      );
      expect(login.body).toMatchObject({ status: false, message: expect.stringMatching(/locked/) });
    });

    it('an expired code is refused', async () => {
      const api = ctx.api.fork();
      const { e164, challenge } = await signUp(api);
      const code = await lastCode(e164);
      clock.advance(5 * 60_000 + 1_000);
      const r = await api.call(
        'verifyOtp',
        { challenge_token: challenge.challenge_token, otp: code },
        { token: null },
      );
      expect(r.body).toMatchObject({ status: false, message: 'This code has expired; ask for a new one' });
    });

    it('an account that never verified gets the OTP step at login (spec §4 otp-verify), not a session', async () => {
      const api = ctx.api.fork();
      const { body, e164 } = await signUp(api);
      clock.advance(31_000);
      const login = await api.call(
        'login',
        { user_name: body.user_name, password: 'secret123' },
        { token: null },
      );
      const data = login.body.data as { challenge: Challenge };
      expect(login.body.status).toBe(true);
      // Only the step: nothing about the user (id, parent, flags) before it is passed.
      expect(Object.keys(data)).toEqual(['challenge']);
      expect(data.challenge).toMatchObject({ second_step: 'otp', user_name: body.user_name });
      const code = await lastCode(e164);
      const v = await api.call(
        'verifyOtp',
        { challenge_token: data.challenge.challenge_token, otp: code },
        { token: null },
      );
      expect(v.body).toMatchObject({ status: true, data: { is_signup_user: '1' } });
    });

    it('a taken user name or an already verified number is refused', async () => {
      const api = ctx.api.fork();
      expect((await signUp(api, { user_name: 'demo' })).r.body).toMatchObject({
        status: false,
        message: 'This user name is taken; choose another',
      });
      const first = await signUp(api);
      const code = await lastCode(first.e164);
      await api.call(
        'verifyOtp',
        { challenge_token: first.challenge.challenge_token, otp: code },
        { token: null },
      );
      const second = await signUp(api, { mobile: first.body.mobile });
      expect(second.r.body).toMatchObject({
        status: false,
        message: expect.stringMatching(/already registered/),
      });
    });

    it('sends per number are limited in the store: 5 an hour', async () => {
      clock.startWindow(3_600_000); // the counter's hour, so the test never spans two of them
      const api = ctx.api.fork();
      const { challenge } = await signUp(api);
      for (let i = 0; i < 4; i += 1) {
        clock.advance(31_000);
        expect(
          (await api.call('resendOtp', { challenge_token: challenge.challenge_token }, { token: null })).body
            .status,
        ).toBe(true);
      }
      clock.advance(31_000);
      const sixth = await api.call(
        'resendOtp',
        { challenge_token: challenge.challenge_token },
        { token: null },
      );
      expect(sixth.body).toMatchObject({
        status: false,
        message: expect.stringMatching(/^Too many codes were sent to this number/),
      });
    });

    it('sends per number slide over the last hour: 5 just before a clock hour leave none just after it', async () => {
      // Five minutes before a clock hour: a fixed clock-hour window would allow 5 more just after it.
      clock.startWindow(3_600_000);
      clock.advance(3_600_000 - 5 * 60_000);
      const api = ctx.api.fork();
      const { challenge, body } = await signUp(api);
      const resend = (c = challenge) =>
        api.call('resendOtp', { challenge_token: c.challenge_token }, { token: null });
      for (let i = 0; i < 4; i += 1) {
        clock.advance(61_000);
        expect((await resend()).body.status).toBe(true);
      }
      // 34 s past the clock hour: still five in the last hour, the first of them leaving in 55 minutes.
      clock.advance(90_000);
      expect((await resend()).body).toMatchObject({
        status: false,
        message: 'Too many codes were sent to this number; try again in 55 minutes',
      });
      // An hour and a second after the first send it has slid out: one more fits (a new sign-up of
      // the number, the first challenge having expired), and only one.
      clock.advance(3_601_000 - 4 * 61_000 - 90_000);
      const again = await signUp(api, { mobile: body.mobile });
      expect(again.r.body.status, again.r.body.message).toBe(true);
      clock.advance(31_000);
      expect((await resend(again.challenge)).body.status).toBe(false);
    });

    it('sends per IP address are limited in the store: 20 an hour, across numbers', async () => {
      clock.startWindow(3_600_000); // a fresh hour of the counter, whole
      const ip = '10.9.9.9';
      const api = ctx.api.fork();
      for (let i = 0; i < 20; i += 1) {
        const r = await api.call(
          'signUp',
          {
            referral_code: 'BACKLAY',
            user_name: nextName('ip'),
            password: 'secret123',
            confirm_password: 'secret123',
            country_code: 'IN',
            mobile: nextMobile(),
          },
          { token: null, remoteAddress: ip },
        );
        expect(r.body.status, r.body.message).toBe(true);
      }
      const name = nextName('ip');
      const over = await api.call(
        'signUp',
        {
          referral_code: 'BACKLAY',
          user_name: name,
          password: 'secret123',
          confirm_password: 'secret123',
          country_code: 'IN',
          mobile: nextMobile(),
        },
        { token: null, remoteAddress: ip },
      );
      expect(over.body).toMatchObject({
        status: false,
        message: expect.stringMatching(/^Too many codes were sent to this network/),
      });
      // Refused whole: the account was not created.
      expect(await ctx.app.db.select().from(users).where(eq(users.userName, name))).toHaveLength(0);
    });

    it('bad input is a 400 naming the field, never a 500', async () => {
      const api = ctx.api.fork();
      const cases: [Record<string, unknown>, string][] = [
        [{ mobile: '12345' }, 'mobile: An Indian mobile number has 10 digits'],
        [{ country_code: 'ZZ' }, 'country_code: Choose a country from the list'],
        [
          { password: 'short1', confirm_password: 'short1' },
          'password: Password must be at least 8 characters',
        ],
        [{ confirm_password: 'different1' }, 'confirm_password: Passwords do not match'],
        [{ referral_code: 'a b' }, 'referral_code:'],
        [{ user_name: 'x' }, 'user_name:'],
      ];
      for (const [over, message] of cases) {
        const { r } = await signUp(api, over);
        expect(r.statusCode, JSON.stringify(over)).toBe(400);
        expect(r.body.message).toContain(message);
      }
      for (const body of [
        {},
        { challenge_token: 'x'.repeat(40), otp: '12' },
        { challenge_token: 5, otp: '123456' },
      ]) {
        expect((await api.call('verifyOtp', body, { token: null })).statusCode).toBe(400);
      }
      const unknown = await api.call(
        'verifyOtp',
        { challenge_token: 'x'.repeat(43), otp: '123456' },
        { token: null },
      );
      expect(unknown.body).toMatchObject({
        status: false,
        message: 'This sign-in has expired; please log in again',
      });
    });

    it('the outbox retries a failing sender with backoff and sends each message once', async () => {
      const sent: string[] = [];
      let failures = 2;
      const sender: SmsSender = {
        name: 'flaky',
        keepsText: false,
        async send(m) {
          if (failures > 0) {
            failures -= 1;
            throw new Error('provider down');
          }
          sent.push(m.idempotencyKey);
          return { providerId: `p-${m.idempotencyKey}` };
        },
      };
      const outbox = createOutbox({
        db: ctx.app.db,
        clock,
        sender,
        log: { warn: () => {}, error: () => {} },
      });
      const key = `test/${nextName()}`;
      await ctx.app.db.transaction(async (tx) => {
        await outbox.enqueue(tx, {
          channel: 'sms',
          recipient: '+10000000000',
          body: 'code 123456',
          idempotencyKey: key,
        });
        await outbox.enqueue(tx, {
          channel: 'sms',
          recipient: '+10000000000',
          body: 'code 123456',
          idempotencyKey: key,
        });
      });
      // The app's own outbox must not take it: this test drives its own sender.
      const mine = async () =>
        (await ctx.app.db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, key)))[0]!;
      await outbox.deliverDue();
      expect(await mine()).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'provider down' });
      await outbox.deliverDue(); // not due yet
      expect((await mine()).attempts).toBe(1);
      clock.advance(backoffMs(1));
      await outbox.deliverDue();
      expect((await mine()).attempts).toBe(2);
      clock.advance(backoffMs(2));
      await outbox.deliverDue();
      expect(await mine()).toMatchObject({
        status: 'SENT',
        attempts: 3,
        body: 'code ••••••',
        providerId: `p-${key}`,
      });
      await outbox.deliverDue();
      expect(sent.filter((k) => k === key)).toEqual([key]);
    });
  },
  { clock, outboxPollMs: 0 },
);
