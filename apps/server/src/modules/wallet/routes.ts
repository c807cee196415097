import fp from 'fastify-plugin';
import { ok, route } from '../../http/route.ts';
import { createWalletService, toRupees } from './service.ts';

export const walletModule = fp(
  async (app) => {
    app.decorate('wallet', createWalletService(app.db));

    route(app, 'getUserBalance', async ({ user }) => {
      const [balance, liability] = await Promise.all([
        app.wallet.balancePaise(user.userId),
        app.wallet.liabilityPaise(user.userId),
      ]);
      return ok({ total_balance: toRupees(balance), liability: toRupees(liability) });
    });

    route(app, 'getExposureDetail', async ({ user }) =>
      ok({ data: await app.wallet.exposureDetail(user.userId) }),
    );
  },
  { name: 'wallet', dependencies: ['db', 'auth'] },
);
