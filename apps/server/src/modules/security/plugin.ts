import fp from 'fastify-plugin';
import { ok, refuse, route } from '../../http/route.ts';
import { createSecurityService } from './service.ts';
import type { SecurityService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    security: SecurityService;
  }
}

/** Security Auth (TOTP) and the second step of a login when it is on. */
export const securityModule = fp<{ codePerMinute: number }>(
  async (app, { codePerMinute }) => {
    const security = createSecurityService({
      db: app.db,
      clock: app.clock,
      account: app.account,
      auth: app.auth,
      issuer: async () => (await app.settings.get()).site_title || 'Backlay',
    });
    app.decorate('security', security);
    app.account.addLoginGate({
      name: 'totp',
      check: (user, ip, generation) => security.totpGate(user, ip, generation),
    });

    route(
      app,
      'loginTwoFactor',
      async ({ body, req }) => {
        const r = await security.loginTwoFactor(body.challenge_token, body.code, req.ip);
        return r.ok ? ok(r.value, 'Logged in') : refuse(r.message);
      },
      { rateLimit: { max: codePerMinute, timeWindow: 60_000 } },
    );
    route(app, 'twoFactorStatus', async ({ user }) => ok(await security.status(user.userId)));
    route(app, 'twoFactorSetup', async ({ user }) => {
      const r = await security.setup(user.userId, user.userName);
      return r.ok ? ok(r.value, 'Scan the QR code, then enter the code your app shows') : refuse(r.message);
    });
    route(app, 'twoFactorEnable', async ({ user, body }) => {
      const r = await security.enable(user.userId, body.code, user.sessionId);
      return r.ok ? ok(r.value, 'Security Auth is on') : refuse(r.message);
    });
    route(app, 'twoFactorDisable', async ({ user, body }) => {
      const r = await security.disable(user.userId, body.password, body.code);
      return r.ok ? ok(null, 'Security Auth is off') : refuse(r.message);
    });
  },
  { name: 'security', dependencies: ['db', 'auth', 'account', 'settings', 'signup'] },
);
