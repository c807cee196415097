import fp from 'fastify-plugin';
import { ok, route } from '../../http/route.ts';
import { accountStatementOf, betHistoryOf, currentBetsOf, profitLossOf } from './for-user.ts';

/** The caller's reports: account statement, profit and loss, bet history, current bets. Nothing here writes. */
export const reportsModule = fp(
  async (app) => {
    route(app, 'getAccountStatement', async ({ body, user }) =>
      ok(await accountStatementOf(app.db, user.userId, body)),
    );
    route(app, 'getProfitLoss', async ({ body, user }) => ok(await profitLossOf(app.db, user.userId, body)));
    route(app, 'getBetHistory', async ({ body, user }) =>
      ok(await betHistoryOf(app.db, app.kinds, user.userId, body)),
    );
    // Every kind's bets (the exchange's, the bookmaker's, the fancies'), so it lives here, not in one kind.
    route(app, 'getCurrentBets', async ({ body, user }) =>
      ok(await currentBetsOf(app.db, app.kinds, user.userId, body)),
    );
  },
  { name: 'reports', dependencies: ['db', 'auth', 'wallet', 'markets', 'exchange'] },
);
