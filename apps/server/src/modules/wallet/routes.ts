import fp from 'fastify-plugin';
import { ok, route } from '../../http/route.ts';
import { everyWhileLeading, type Fence } from '../../plugins/leader.ts';
import { createBalanceReader, type BalanceReader } from './balance-cache.ts';
import { RESERVATION_SWEEP_MS } from './reservations.ts';
import { createWalletService, toRupees } from './service.ts';
import type { WalletService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletService;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** getUserBalance's reader: balances from this node's memory, kept right by the bus. */
    balances: BalanceReader;
  }
}

export const walletModule = fp<{ balanceCache?: boolean }>(
  async (app, options) => {
    app.decorate('wallet', createWalletService(app.db, app.clock));
    app.decorate('balances', createBalanceReader(app, { enabled: options.balanceCache ?? true }));

    route(app, 'getUserBalance', async ({ user }) => {
      const b = await app.balances.read(user.userId);
      return ok({ total_balance: toRupees(b.balancePaise), liability: toRupees(b.liabilityPaise) });
    });

    // The leader releases reservations left by a node that died between reserving a bet and its
    // market's batch (safe twice: a batch takes its reservations by deleting them too).
    // Under the term's token: a sweep still running when the term ends is refused.
    everyWhileLeading(
      app,
      RESERVATION_SWEEP_MS,
      (fence: Fence | null) =>
        void app.wallet
          .sweepReservations({ fence })
          .then((r) => {
            if (r.count > 0) {
              app.log.warn(
                { reservations: r.count, paise: r.paise, users: r.users },
                'wallet: released reservations past their timeout (a node died before its batch?)',
              );
            }
          })
          .catch((err: unknown) => app.log.warn({ err }, 'wallet: reservation sweep failed')),
    );
  },
  { name: 'wallet', dependencies: ['db', 'auth', 'bus', 'leader'] },
);
