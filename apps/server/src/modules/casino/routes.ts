import fp from 'fastify-plugin';
import { ok, route } from '../../http/route.ts';
import { createCasinoService } from './service.ts';

export const casinoModule = fp(
  async (app) => {
    app.decorate('casino', createCasinoService(app.db));
    route(app, 'getCasinoSport', async () => ok(await app.casino.sports()));
  },
  { name: 'casino', dependencies: ['db', 'auth'] },
);
