import fp from 'fastify-plugin';
import { refuse, route } from '../../http/route.ts';

// SKELETON: replaced by the real reports module (statement, P&L, bet history).
export const reportsModule = fp(
  async (app) => {
    route(app, 'getAccountStatement', async () => refuse('Account statement is being built'));
    route(app, 'getProfitLoss', async () => refuse('Profit and loss is being built'));
    route(app, 'getBetHistory', async () => refuse('Bet history is being built'));
  },
  { name: 'reports', dependencies: ['db', 'auth', 'wallet', 'exchange'] },
);
