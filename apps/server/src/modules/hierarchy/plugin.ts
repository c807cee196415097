// What each level of the tree sees of its downline, and the settlement between a child and its
// parent (issue 41, docs/hierarchy.md "What each level sees"): the contract's downline calls
// (packages/contract/src/downline.ts). The route's scope check (hierarchy/scope.ts) has already
// kept a master or an agent to its own subtree: a user it names is in it; the lists are cut here.
import fp from 'fastify-plugin';
import { ok, refuse, route } from '../../http/route.ts';
import { audited } from '../audit/audit.ts';
import { istRange } from '../reports/service.ts';
import { settleWithParent } from './credit.ts';
import { downlineBets } from './downline-bets.ts';
import { downlinePl } from './downline-pl.ts';
import { downlineRisk } from './downline-risk.ts';

/** The IST calendar day of an instant, YYYY-MM-DD. */
const istDay = (at: Date) => new Date(at.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
const inr = (paise: number) => `₹${(Math.abs(paise) / 100).toFixed(2)}`;
/** The console's rupees (2 decimals, checked by the contract) in paise, converted once here. */
const paiseOf = (amountRupees: number) => Math.round(amountRupees * 100);

export const downlineModule = fp(
  async (app) => {
    route(app, 'adminDownlineSettle', async ({ body, user }) =>
      audited(app, user.userId, 'downline/settle', body, async () => {
        const r = await settleWithParent(
          app,
          user,
          body.user_id,
          body.amount === undefined ? undefined : paiseOf(body.amount),
          `admin/${user.userId}/settle/${body.request_id}`,
          body.note,
        );
        if (!r.ok) return refuse(r.message);
        const child = await app.consoleUsers.detail(body.user_id);
        if (!child) return refuse(`Unknown user ${body.user_id}`);
        const owedBefore = r.owedBeforePaise;
        const owedAfter = owedBefore > 0 ? owedBefore - r.amountPaise : owedBefore + r.amountPaise;
        return ok(
          {
            user_id: body.user_id,
            transfer_id: r.transferId,
            kind: r.kind,
            amount: r.amountPaise / 100,
            owed_before: owedBefore / 100,
            owed_after: owedAfter / 100,
            balance: child.balance,
            credit_reference: child.credit_reference,
          },
          `Settled ${inr(r.amountPaise)} with ${child.user_name}${owedAfter === 0 ? ': nothing owed now' : `: ${inr(owedAfter)} still owed`}`,
        );
      }),
    );

    route(app, 'adminDownlinePl', async ({ body, user }) => {
      const today = istDay(app.clock.now());
      const { start, end } = istRange(
        body.from_date ?? body.to_date ?? today,
        body.to_date ?? body.from_date ?? today,
      );
      return ok(await downlinePl(app.db, user, start, end, body.group_by));
    });

    route(app, 'adminDownlineRisk', async ({ body, user }) =>
      ok(await downlineRisk(app.db, app.kinds, user, body.market_id)),
    );

    route(app, 'adminDownlineBets', async ({ body, user }) =>
      ok(await downlineBets(app.db, app.kinds, user, body)),
    );
  },
  { name: 'downline', dependencies: ['db', 'auth', 'wallet', 'markets', 'settlement', 'console'] },
);
