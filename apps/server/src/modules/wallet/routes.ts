import { and, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { ledgerAccounts } from '../../db/schema.ts';
import { ok, route } from '../../http/route.ts';
import { createWalletService, toRupees, type ExposureSource } from './service.ts';

export const walletModule = fp(
  async (app) => {
    const wallet = createWalletService(app.db);
    // Which exposure source is plugged in: while it is the exchange module's own (the first one set
    // once app.exchange exists), getUserBalance reads the exchange's Σ exposure expression in the
    // same statement as the balance; any other source (tests plug their own) is asked as usual.
    let current: ExposureSource | null = null;
    let exchanges: ExposureSource | null = null;
    const plug = wallet.setExposureSource;
    wallet.setExposureSource = (source: ExposureSource) => {
      if (exchanges === null && app.hasDecorator('exchange')) exchanges = source;
      current = source;
      plug(source);
    };
    app.decorate('wallet', wallet);

    /** Balance and liability in one prepared statement (prepared on first use). */
    let balanceQuery: ReturnType<typeof prepareBalance> | null = null;
    function prepareBalance() {
      const user = sql.placeholder('user');
      return app.db
        .select({ balance: ledgerAccounts.balancePaise, liability: app.exchange.liabilityExpr(user) })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.userId, user), eq(ledgerAccounts.kind, 'user_cash')))
        .prepare('get_user_balance');
    }

    route(app, 'getUserBalance', async ({ user }) => {
      if (current !== null && current === exchanges) {
        balanceQuery ??= prepareBalance();
        const [row] = await balanceQuery.execute({ user: user.userId });
        if (row) {
          return ok({ total_balance: toRupees(row.balance), liability: toRupees(Number(row.liability)) });
        }
      }
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
