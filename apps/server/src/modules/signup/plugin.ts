import { countryByCode, DEFAULT_COUNTRY_CODE } from '@backlay/contract';
import fp from 'fastify-plugin';
import { ok, refuse, route } from '../../http/route.ts';
import { audited } from '../audit/audit.ts';
import { countryOfAddress } from './geo.ts';
import { createSignupService } from './service.ts';
import type { SignupService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    signup: SignupService;
  }
}

/** Sign-up with a referral code, the OTP of a mobile number, and the OTP step of a login. */
export const signupModule = fp<{ sendPerMinute: number }>(
  async (app, { sendPerMinute }) => {
    const signup = createSignupService({
      db: app.db,
      clock: app.clock,
      account: app.account,
      outbox: app.outbox,
      siteName: async () => (await app.settings.get()).site_title || 'Backlay',
    });
    app.decorate('signup', signup);
    app.account.addLoginGate({
      name: 'otp',
      check: (user, ip, generation) => signup.otpGate(user, ip, generation),
    });

    // Sign-up and resends cost an argon2 hash and an SMS: limited per IP like login (the store
    // holds the per-number and per-IP send limits across nodes; this one is per node, in front).
    const limit = { rateLimit: { max: sendPerMinute, timeWindow: 60_000 } };

    route(
      app,
      'signUp',
      async ({ body, req }) => {
        const r = await signup.signUp(body, req.ip);
        return r.ok ? ok(r.value, 'We sent a 6-digit code to your mobile number') : refuse(r.message);
      },
      limit,
    );
    route(app, 'getVisitorCountry', async ({ req }) => {
      let code: string | null = null;
      try {
        code = countryOfAddress(req.ip);
      } catch (err) {
        req.log.warn({ err }, 'visitor country: the address lookup failed; the default country answers');
      }
      if (code) return ok({ country_code: code, source: 'ip' as const });
      const preferred = (await app.settings.get()).default_country?.toUpperCase();
      return ok({
        country_code: preferred && countryByCode(preferred) ? preferred : DEFAULT_COUNTRY_CODE,
        source: 'default' as const,
      });
    });

    // A code that opens an account is meant to be shared; the per-IP limit keeps the call from
    // being a fast way to try codes.
    route(
      app,
      'checkReferralCode',
      async ({ body }) => ok({ valid: (await signup.referralParent(body.referral_code)) !== null }),
      limit,
    );
    route(
      app,
      'resendOtp',
      async ({ body, req }) => {
        const r = await signup.resendOtp(body.challenge_token, req.ip);
        return r.ok ? ok(r.value, 'We sent a new code') : refuse(r.message);
      },
      limit,
    );
    route(
      app,
      'verifyOtp',
      async ({ body, req }) => {
        const r = await signup.verifyOtp(body.challenge_token, body.otp, req.ip);
        return r.ok ? ok(r.value, 'Your mobile number is verified') : refuse(r.message);
      },
      limit,
    );
    route(app, 'adminReferralCreate', async ({ body, user }) =>
      audited(app, user.userId, 'referral/create', body, async () => {
        const r = await signup.createReferral(body.user_id, body.code, user.userId);
        return r.ok ? ok(r.value) : refuse(r.message);
      }),
    );
  },
  { name: 'signup', dependencies: ['db', 'auth', 'account', 'messaging', 'settings', 'responsible'] },
);
