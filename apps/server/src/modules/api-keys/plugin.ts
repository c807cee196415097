import fp from 'fastify-plugin';
import { ok, refuse, route } from '../../http/route.ts';
import { audited } from '../audit/audit.ts';
import { createApiKeysService, type ApiKeysService } from './service.ts';
import { users } from '../account/schema.ts';
import { eq } from 'drizzle-orm';

declare module 'fastify' {
  interface FastifyInstance {
    apiKeys: ApiKeysService;
  }
}

/**
 * API keys for programs (issue 46, docs/trading-api.md): the bettor's calls to make, list and
 * revoke them, the console's to list and revoke a bettor's, and the resolver the auth plugin asks
 * on every `Authorization: Key …` call.
 */
export const apiKeysModule = fp(
  async (app) => {
    const keys = createApiKeysService({
      db: app.db,
      clock: app.clock,
      auth: app.auth,
      admitsSessionIn: (tx, userId) => app.account.admitsSessionIn(tx, userId),
    });
    app.decorate('apiKeys', keys);
    app.auth.useKeys(keys.resolver);
    // A new password revokes the keys only when the bettor asks (docs/decisions.md).
    app.account.onPasswordChange(async (tx, userId, request) => {
      if (request.revoke_api_keys === true) await keys.revokeAllIn(tx, userId);
    });
    app.addHook('onReady', async () => {
      keys.useBus(app.bus);
    });

    route(app, 'createApiKey', async ({ body, user, req }) => {
      const r = await keys.create(user, body, req.ip);
      return r.ok ? ok(r.key, 'Copy the secret now: it is not shown again') : refuse(r.message);
    });
    route(app, 'listApiKeys', async ({ user }) => ok(await keys.list(user.userId)));
    route(app, 'revokeApiKey', async ({ body, user }) => {
      const r = await keys.revoke(user.userId, body.key_id);
      if (!r.ok) return refuse(r.message);
      return ok(r.key, r.already ? 'That key was already revoked' : 'Key revoked');
    });

    const knownUser = async (userId: number) =>
      (await app.db.select({ userId: users.userId }).from(users).where(eq(users.userId, userId))).length > 0;
    route(app, 'adminUserApiKeys', async ({ body }) =>
      (await knownUser(body.user_id))
        ? ok(await keys.list(body.user_id))
        : refuse(`Unknown user ${body.user_id}`),
    );
    route(app, 'adminApiKeyRevoke', async ({ body, user }) =>
      audited(app, user.userId, 'user/apiKey/revoke', body, async () => {
        if (!(await knownUser(body.user_id))) return refuse(`Unknown user ${body.user_id}`);
        const r = await keys.revoke(body.user_id, body.key_id);
        if (!r.ok) return refuse(r.message);
        return ok(r.key, r.already ? 'That key was already revoked' : 'Key revoked');
      }),
    );
  },
  { name: 'api-keys', dependencies: ['db', 'auth', 'account'] },
);
