import fp from 'fastify-plugin';
import { bearerToken } from '../../plugins/auth.ts';
import { ok, refuse, route } from '../../http/route.ts';
import type { RateLimitOptions } from '../../plugins/rate-limit.ts';
import { createAccountService } from './service.ts';
import type { AccountService } from './service.ts';
import { createSecretHasher, type SecretHashCost } from './secret-hash.ts';

declare module 'fastify' {
  interface FastifyInstance {
    account: AccountService;
  }
}

export const accountModule = fp<{ limits: RateLimitOptions; secretHashCost?: SecretHashCost }>(
  async (app, { limits, secretHashCost }) => {
    app.decorate(
      'account',
      createAccountService({
        db: app.db,
        clock: app.clock,
        auth: app.auth,
        wallet: app.wallet,
        stakes: app.stakes,
        secrets: createSecretHasher(secretHashCost),
      }),
    );

    // A refused login is HTTP 200 with status:false: the client logs out on any 401/403.
    route(
      app,
      'login',
      async ({ body, req }) => {
        // Per account name on every node, before any password work (per IP: the route's limit).
        await app.limits.loginAccount(body.user_name, null);
        const outcome = await app.account.login(body.user_name, body.password, req.ip);
        if (!outcome.ok) return refuse(outcome.message);
        return ok(
          outcome.user,
          'challenge' in outcome.user ? 'Enter the code to finish signing in' : 'Logged in',
        );
      },
      { rateLimit: { max: limits.loginPerMinute, timeWindow: 60_000 } },
    );

    // Always ends the caller's session; body.token is revoked too when it is another session of the same user.
    route(app, 'logout', async ({ user, body, req }) => {
      const current = bearerToken(req);
      await app.account.logout(user, body.token && body.token !== current ? body.token : '');
      return ok(null, 'Logged out');
    });

    route(app, 'changePassword', async ({ user, body }) => {
      const outcome = await app.account.changePassword(user, body);
      return outcome.ok ? ok(null, outcome.message) : refuse(outcome.message);
    });

    // The bettor's display language (issue 45): the next login answer carries it.
    route(app, 'setLanguage', async ({ user, body }) => {
      const language = await app.account.setLanguage(user, body.language);
      return ok({ language }, 'Language saved');
    });
  },
  { name: 'account', dependencies: ['db', 'auth', 'wallet', 'stakes'] },
);
