import fp from 'fastify-plugin';
import { refuse, route } from '../../http/route.ts';

// SKELETON: replaced by the real operator calls.
export const adminModule = fp(
  async (app) => {
    for (const name of [
      'adminMarketStatus',
      'adminMarketResult',
      'adminMarketVoid',
      'adminMarketVoidWindow',
      'adminMarketUnsettle',
      'adminWalletDeposit',
      'adminWalletWithdraw',
      'adminLedgerCheck',
    ] as const) {
      route(app, name, async () => refuse('Not built yet'));
    }
  },
  { name: 'admin', dependencies: ['db', 'auth', 'wallet', 'exchange'] },
);
