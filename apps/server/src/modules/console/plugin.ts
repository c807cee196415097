// The operator console's calls (packages/contract/src/console-endpoints.ts). The operator's, and a
// master's or an agent's where the contract's consoleScopes allows, on its own subtree: checked by
// the route itself before any handler here runs (modules/hierarchy/scope.ts; 403 for a bettor). Every change is audited and idempotent on its
// request_id (audit/audit.ts); so are the reads of one user's private data (who looked at whose
// statement). Lists, the dashboard and the risk view are not audited: the console polls them.
import { UPLOAD_BODY_LIMIT_BYTES, type AdminUser } from '@backlay/contract';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** An account as the console shows it (the hierarchy's settle answers with it). */
    consoleUsers: { detail(userId: number): Promise<AdminUser | null> };
  }
}
import { ok, refuse, route, type Outcome } from '../../http/route.ts';
import { createAccountAdmin } from '../account/admin.ts';
import { audited } from '../audit/audit.ts';
import { accountStatementOf, betHistoryOf, currentBetsOf } from '../reports/for-user.ts';
import { toSummary } from '../settlement/summary.ts';
import { saveSettings, storeUpload } from '../settings/save.ts';
import {
  createMarket,
  createMatch,
  createSeries,
  listMatches,
  listSeries,
  matchView,
  updateMarket,
  updateMatch,
} from './catalog.ts';
import { dashboard } from './dashboard.ts';
import { dashboardCharts } from './dashboard-charts.ts';
import { sampleWhileLeading } from './online-samples.ts';
import { listAudit, listUsers, userDetail } from './lists.ts';
import { marketRisk, voidWindowPreview } from './risk.ts';
import { exposureDetailOf } from '../markets/plugin.ts';
import { setBetLock } from '../hierarchy/bet-lock.ts';
import { limitsOf, setLimit } from '../hierarchy/limits.ts';
import { setShare } from '../shares/history.ts';
import { chainShareRefusal, creationRefusal, nodeOf } from '../account/tree.ts';
import { setCreditReference } from '../hierarchy/credit.ts';
import { reasonOf } from '../markets/voids.ts';

export const consoleModule = fp(
  // Long because it registers the console's many routes, each a few lines that call a service;
  // splitting it would only scatter one list.
  async (app) => {
    const accounts = createAccountAdmin({
      db: app.db,
      clock: app.clock,
      auth: app.auth,
      secrets: app.account.secrets,
    });
    const now = () => app.clock.now();

    const matchAnswer = async (
      matchId: number,
    ): Promise<Outcome<NonNullable<Awaited<ReturnType<typeof matchView>>>>> => {
      const m = await matchView(app.db, app.kinds, app.consoleSources, matchId);
      return m ? ok(m) : refuse(`Unknown match ${matchId}`);
    };
    const userAnswer = async (userId: number) => {
      const u = await userDetail(app.db, now(), userId);
      return u ? ok(u) : refuse(`Unknown user ${userId}`);
    };
    const knownUser = async (userId: number) => (await userDetail(app.db, now(), userId)) !== null;
    app.decorate('consoleUsers', { detail: (userId: number) => userDetail(app.db, now(), userId) });

    route(app, 'adminSession', async ({ user }) =>
      // Only console roles get here: a bettor is refused by the scope check.
      ok({
        user_id: user.userId,
        user_name: user.userName,
        role: user.role as 'operator' | 'master' | 'agent',
      }),
    );

    route(app, 'adminDashboard', async () => ok(await dashboard(app)));
    route(app, 'adminDashboardCharts', async () => ok(await dashboardCharts(app)));
    // The bettors online, counted by the leader for the charts.
    sampleWhileLeading(app);

    // ---- catalog

    route(app, 'adminSeries', async ({ body }) => ok(await listSeries(app.db, body.sport_id)));

    route(app, 'adminSeriesCreate', async ({ body, user }) =>
      audited(app, user.userId, 'series/create', body, async () => {
        const r = await createSeries(app, body.sport_id, body.name);
        return r.ok
          ? ok(await listSeries(app.db, body.sport_id), `Series ${r.value} created`)
          : refuse(r.message);
      }),
    );

    route(app, 'adminMatches', async ({ body }) => ok(await listMatches(app, body)));

    route(app, 'adminMatch', async ({ body }) => matchAnswer(body.match_id));

    route(app, 'adminMatchCreate', async ({ body, user }) =>
      audited(app, user.userId, 'match/create', body, async () => {
        const r = await createMatch(app, body);
        return r.ok ? ok(r.value, `Match ${r.value.match_id} created`) : refuse(r.message);
      }),
    );

    route(app, 'adminMatchUpdate', async ({ body, user }) =>
      audited(app, user.userId, 'match/update', body, async () => {
        const r = await updateMatch(app, body);
        return r.ok ? matchAnswer(r.value) : refuse(r.message);
      }),
    );

    route(app, 'adminMarketCreate', async ({ body, user }) =>
      audited(app, user.userId, 'market/create', body, async () => {
        const r = await createMarket(app, body);
        return r.ok ? ok({ market_id: r.value }, `Market ${r.value} created`) : refuse(r.message);
      }),
    );

    route(app, 'adminMarketUpdate', async ({ body, user }) =>
      audited(app, user.userId, 'market/update', body, async () => {
        const r = await updateMarket(app, body);
        return r.ok ? matchAnswer(r.value) : refuse(r.message);
      }),
    );

    route(app, 'adminMarketVoidBets', async ({ body, user }) =>
      audited(app, user.userId, 'market/voidBets', body, async () => {
        const r = await app.settlement.voidBets(
          user.userId,
          body.market_id,
          body.bet_ids,
          reasonOf(body.reason),
        );
        return r.ok ? ok(toSummary(r.value)) : refuse(r.message);
      }),
    );

    route(app, 'adminMarketRisk', async ({ body }) => {
      const r = await marketRisk(app.db, app.kinds, body.market_id);
      return r ? ok(r) : refuse(`Unknown market ${body.market_id}`);
    });

    route(app, 'adminMarketVoidPreview', async ({ body }) => {
      const r = await voidWindowPreview(
        app.db,
        app.kinds,
        body.market_id,
        new Date(body.from),
        new Date(body.to),
        now(),
      );
      return r ? ok(r) : refuse(`Unknown market ${body.market_id}`);
    });

    // ---- users

    // A master or an agent lists its own subtree; the operator everyone.
    const within = (u: { userId: number; role: string }) => (u.role === 'operator' ? null : u.userId);

    route(app, 'adminUsers', async ({ body, user }) =>
      ok(await listUsers(app.db, now(), body, within(user))),
    );

    route(app, 'adminUser', async ({ body, user }) =>
      audited(app, user.userId, 'user/view', body, async () => userAnswer(body.user_id)),
    );

    route(app, 'adminUserCreate', async ({ body, user }) =>
      audited(app, user.userId, 'user/create', { ...body, password: '[redacted]' }, async () => {
        // The parent is the caller or in its subtree (the scope check); here: who may create whom.
        const parentId = body.parent_id ?? user.userId;
        const parent = await nodeOf(app.db, parentId);
        if (!parent) return refuse(`Unknown parent ${parentId}`);
        const shareBp = body.role === 'bettor' ? null : Math.round((body.share_pct ?? 0) * 100);
        const refusal =
          creationRefusal(user.role, body.role, parent, body.share_pct) ??
          (shareBp === null ? null : await chainShareRefusal(app.db, parentId, shareBp));
        if (refusal !== null) return refuse(refusal);
        try {
          const userId = await app.account.createUser({
            userName: body.user_name,
            password: body.password,
            role: body.role,
            parentId,
            isChangePassword: body.must_change_password,
            shareBp,
          });
          return ok(
            { user_id: userId, user_name: body.user_name },
            `${body.role[0]!.toUpperCase()}${body.role.slice(1)} ${body.user_name} created`,
          );
        } catch (err) {
          const e = err as { code?: string; cause?: { code?: string } };
          if (e.code === '23505' || e.cause?.code === '23505') {
            return refuse(`The user name ${body.user_name} is taken`);
          }
          throw err;
        }
      }),
    );

    route(app, 'adminUserCreditReference', async ({ body, user }) =>
      audited(app, user.userId, 'user/creditReference', body, async () => {
        const r = await setCreditReference(
          app.db,
          user,
          body.user_id,
          Math.round(body.credit_reference * 100),
        );
        return r === null ? userAnswer(body.user_id) : refuse(r);
      }),
    );

    route(app, 'adminUserLock', async ({ body, user }) =>
      audited(app, user.userId, 'user/lock', body, async () => {
        const r = await accounts.setLocked(user.userId, body.user_id, body.locked);
        return r.ok ? userAnswer(body.user_id) : refuse(r.message);
      }),
    );

    route(app, 'adminUserBetLock', async ({ body, user }) =>
      audited(app, user.userId, 'user/betLock', body, async () => {
        const r = await setBetLock(app.db, user, body.user_id, body.locked);
        return r.ok ? userAnswer(body.user_id) : refuse(r.message);
      }),
    );

    route(app, 'adminUserLimits', async ({ body }) =>
      (await knownUser(body.user_id))
        ? ok(await limitsOf(app.db, body.user_id))
        : refuse(`Unknown user ${body.user_id}`),
    );

    route(app, 'adminUserLimitSet', async ({ body, user }) =>
      audited(app, user.userId, 'user/limitSet', body, async () => {
        const r = await setLimit(app.db, user, body);
        return r === null ? ok(await limitsOf(app.db, body.user_id)) : refuse(r);
      }),
    );

    route(app, 'adminUserShare', async ({ body, user }) =>
      audited(app, user.userId, 'user/share', body, async () => {
        const r = await setShare(app.db, user, body.user_id, Math.round(body.share_pct * 100));
        return r === null ? userAnswer(body.user_id) : refuse(r);
      }),
    );

    route(app, 'adminUserResetPassword', async ({ body, user }) =>
      audited(app, user.userId, 'user/resetPassword', { ...body, new_password: '[redacted]' }, async () => {
        const r = await accounts.resetPassword(user.userId, body.user_id, body.new_password);
        return r.ok ? userAnswer(body.user_id) : refuse(r.message);
      }),
    );

    route(app, 'adminUserSessions', async ({ body }) =>
      (await knownUser(body.user_id))
        ? ok({ sessions: await accounts.sessionsOf(body.user_id) })
        : refuse(`Unknown user ${body.user_id}`),
    );

    route(app, 'adminUserSessionsEnd', async ({ body, user }) =>
      audited(app, user.userId, 'user/sessions/end', body, async () => {
        if (!(await knownUser(body.user_id))) return refuse(`Unknown user ${body.user_id}`);
        const r = await accounts.endSessions(body.user_id, body.session_id ?? null);
        if (!r.ok) return refuse(r.message);
        return ok({ sessions: r.sessions }, body.session_id ? 'Session ended' : 'Every session ended');
      }),
    );

    route(app, 'adminUserStatement', async ({ body, user }) =>
      audited(app, user.userId, 'user/statement', body, async () =>
        (await knownUser(body.user_id))
          ? ok(await accountStatementOf(app.db, body.user_id, body))
          : refuse(`Unknown user ${body.user_id}`),
      ),
    );

    route(app, 'adminUserBetHistory', async ({ body, user }) =>
      audited(app, user.userId, 'user/betHistory', body, async () =>
        (await knownUser(body.user_id))
          ? ok(await betHistoryOf(app.db, app.kinds, body.user_id, body))
          : refuse(`Unknown user ${body.user_id}`),
      ),
    );

    route(app, 'adminUserCurrentBets', async ({ body, user }) =>
      audited(app, user.userId, 'user/currentBets', body, async () => {
        if (!(await knownUser(body.user_id))) return refuse(`Unknown user ${body.user_id}`);
        return ok(await currentBetsOf(app.db, app.kinds, body.user_id, body));
      }),
    );

    route(app, 'adminUserExposure', async ({ body, user }) =>
      audited(app, user.userId, 'user/exposure', body, async () => {
        if (!(await knownUser(body.user_id))) return refuse(`Unknown user ${body.user_id}`);
        return ok({ data: await exposureDetailOf(app, body.user_id) });
      }),
    );

    // ---- audit

    route(app, 'adminAudit', async ({ body, user }) => ok(await listAudit(app.db, body, within(user))));

    // ---- settings

    route(app, 'adminSettingsSave', async ({ body, user }) =>
      audited(app, user.userId, 'settings/save', body, async () => {
        const { request_id: _requestId, ...settings } = body;
        await saveSettings(app.db, settings);
        return ok(await app.settings.get(), 'Settings saved');
      }),
    );

    route(
      app,
      'adminSettingsUpload',
      async ({ body, user }) => {
        // The audit keeps what was uploaded, not the file itself.
        const summary = {
          field: body.field,
          content_type: body.content_type,
          base64_chars: body.data_base64.length,
          ...(body.request_id === undefined ? {} : { request_id: body.request_id }),
        };
        return audited(app, user.userId, 'settings/upload', summary, async () => {
          const r = await storeUpload(app.db, body, user.userId, now());
          return r.ok
            ? ok({ field: body.field, url: r.url, bytes: r.bytes, content_type: body.content_type })
            : refuse(r.message);
        });
      },
      { bodyLimit: UPLOAD_BODY_LIMIT_BYTES },
    );
  },
  {
    name: 'console',
    dependencies: [
      'db',
      'leader',
      'auth',
      'wallet',
      'account',
      'exchange',
      'settlement',
      'settings',
      'markets',
      'reports',
    ],
  },
);
