import fp from 'fastify-plugin';
import { ok, route } from '../../http/route.ts';
import { createStakesService } from './service.ts';
import type { StakesService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    stakes: StakesService;
  }
}

export const stakesModule = fp(
  async (app) => {
    app.decorate('stakes', createStakesService(app.db));

    route(app, 'getButtonValue', async ({ user }) => ok(await app.stakes.list(user.userId)));

    route(app, 'setButtonValue', async ({ user, body }) => {
      const rows = await app.stakes.replace(user.userId, body);
      return ok(rows, 'Button values updated');
    });
  },
  { name: 'stakes', dependencies: ['db', 'auth'] },
);
