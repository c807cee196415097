import fp from 'fastify-plugin';
import { refuse, route } from '../../http/route.ts';
import { createExchangeService } from './service.ts';

export const exchangeModule = fp(
  async (app) => {
    app.decorate('exchange', createExchangeService(app));

    route(app, 'getMatchDetail', async () => refuse('Not available yet'));
    route(app, 'placeMarketBet', async () => refuse('Not available yet'));
    route(app, 'cancelBet', async () => refuse('Not available yet'));
    route(app, 'getCurrentBets', async () => refuse('Not available yet'));
    route(app, 'getMatchBets', async () => refuse('Not available yet'));
  },
  { name: 'exchange', dependencies: ['db', 'auth', 'bus', 'wallet'] },
);
