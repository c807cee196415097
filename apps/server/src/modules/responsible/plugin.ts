import fp from 'fastify-plugin';
import { ok, refuse, route } from '../../http/route.ts';
import { createResponsibleService } from './service.ts';
import type { ResponsibleService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    responsible: ResponsibleService;
  }
}

/** Responsible gaming: limits, reality check, time-out and self-exclusion. */
export const responsibleModule = fp(
  async (app) => {
    const rg = createResponsibleService({ db: app.db, clock: app.clock, auth: app.auth });
    app.decorate('responsible', rg);
    app.wallet.setBudgetCap((userId, now) => rg.budgetCap(userId, now));
    app.account.addLoginGate({
      name: 'exclusion',
      check: (user) => rg.exclusionGate(user),
      holds: (tx, user) => rg.exclusionGate(user, tx),
    });

    route(app, 'getResponsibleGaming', async ({ user }) => ok(await rg.view(user.userId, user.sessionId)));
    route(app, 'setResponsibleLimit', async ({ user, body }) => {
      const r = await rg.setLimit(
        user.userId,
        user.sessionId,
        body.kind,
        body.period,
        body.amount === null ? null : body.amount * 100,
      );
      return ok(r.view, r.message);
    });
    route(app, 'setRealityCheck', async ({ user, body }) =>
      ok(await rg.setRealityCheck(user.userId, user.sessionId, body.minutes), 'Saved'),
    );
    route(app, 'selfExclude', async ({ user, body }) => {
      if (!(await app.account.checkPassword(user.userId, body.password))) {
        return refuse('Password is incorrect');
      }
      const until = await rg.exclude(user.userId, body.kind, body.period);
      return ok({ until: until.toISOString() }, 'Your account is closed for the period you chose');
    });
  },
  { name: 'responsible', dependencies: ['db', 'auth', 'wallet', 'account'] },
);
