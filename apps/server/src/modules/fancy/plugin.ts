import type { AdminFancyIncompleteResult } from '@backlay/contract';
import fp from 'fastify-plugin';
import { ok, refuse, route, type Outcome } from '../../http/route.ts';
import { audited } from '../audit/audit.ts';
import { toSummary } from '../settlement/summary.ts';
import type { SettlementOutcome, SettlementView } from '../settlement/service.ts';
import { settleIncompleteFancy } from './incomplete.ts';
import * as q from './queries.ts';
import { averageOverrides, averagesTable, incompleteDecision, resultMaxOf, setAverage } from './rules.ts';
import { createFancyService } from './service.ts';
import type { FancyService } from './service.ts';
import { createFancyPlayers, type FancyPlayers } from './players.ts';

declare module 'fastify' {
  interface FastifyInstance {
    fancy: FancyService;
    /** The fancy rows on a cricket match's players: what a swap in an eleven does to them. */
    fancyPlayers: FancyPlayers;
  }
}

const answer = (r: SettlementOutcome<SettlementView>) => (r.ok ? ok(toSummary(r.value)) : refuse(r.message));

/**
 * A match's incomplete fancies are looked at and settled one at a time (fifty or more on a match
 * with its player lines): the call's deadline (plugins/deadline.ts, 1.8 s for one unit of work)
 * moves on by these for each fancy it looks at and each it settles, so a long match is not
 * answered 503 halfway while every fancy it does stays bounded by the store's own limits.
 */
export const INCOMPLETE_LOOK_ALLOWANCE_MS = 100;
export const INCOMPLETE_SETTLE_ALLOWANCE_MS = 1_000;

/** Fancy (session) markets: the bettor's calls and the operator's quoting and settling. */
export const fancyModule = fp(
  // Long because it registers the fancy kind's routes (bettor and operator), each a few lines over
  // the service.
  async (app) => {
    const fancy = createFancyService(app);
    app.decorate('fancy', fancy);
    app.decorate('fancyPlayers', createFancyPlayers(app));
    app.kinds.register(fancy.kind);

    route(app, 'placeFancyBet', async ({ body, user }) => {
      const r = await fancy.place(
        user.userId,
        {
          match_id: body.match_id,
          fancy_id: body.fancy_id,
          is_yes: body.is_yes === '1',
          line: body.line,
          rate: body.rate,
          stake_paise: fancy.toPaise(body.stack),
          request_id: body.request_id,
        },
        { sessionId: user.sessionId },
      );
      return r.ok ? ok({ bet: r.bet }, r.repeated ? 'Bet already placed' : 'Bet placed') : refuse(r.message);
    });

    route(app, 'getFancyBook', async ({ body, user }) => {
      const book = await fancy.book(user.userId, body.fancy_id);
      return book ? ok(book) : refuse('Unknown fancy');
    });

    const viewAnswer = async (r: { ok: true } | { ok: false; message: string }, fancyId: number) => {
      if (!r.ok) return refuse(r.message);
      const v = await fancy.view(fancyId);
      return v ? ok(v) : refuse(`Unknown fancy ${fancyId}`);
    };

    route(app, 'adminFancyQuote', async ({ body, user }) =>
      audited(app, user.userId, 'fancy/quote', body, async () =>
        viewAnswer(await fancy.quote(body.fancy_id, body), body.fancy_id),
      ),
    );

    route(app, 'adminFancyStatus', async ({ body, user }) =>
      audited(app, user.userId, 'fancy/status', body, async () => {
        // Removing a fancy (a player dropped from the eleven, a line quoted in error) voids its
        // bets: the void first, so that a refused void (a winner who has withdrawn) changes
        // nothing, then the status. Repeating REMOVED after a failure in between completes it
        // (a void-settled market voids again as a no-op).
        if (body.status === 'REMOVED') {
          if (!(await fancy.fancyRow(body.fancy_id))) return refuse(`Unknown fancy ${body.fancy_id}`);
          const v = await app.settlement.voidMarket(user.userId, body.fancy_id);
          if (!v.ok) return refuse(v.message);
        }
        return viewAnswer(await fancy.setStatus(body.fancy_id, body.status), body.fancy_id);
      }),
    );

    route(app, 'adminFancyResult', async ({ body, user }) =>
      audited(app, user.userId, 'fancy/result', body, async () => {
        const row = await fancy.fancyRow(body.fancy_id);
        if (!row) return refuse(`Unknown fancy ${body.fancy_id}`);
        const max = resultMaxOf(row.fancy);
        if (body.result > max) return refuse(`result must be at most ${max} for this fancy`);
        const deadHeat = body.dead_heat_count ?? 1;
        if (deadHeat > 1 && row.fancy.variant !== 'FANCY1')
          return refuse('A dead heat settles an event (FANCY1) fancy only');
        if (deadHeat > 1 && body.result !== 1)
          return refuse('A dead heat means the event happened: result 1');
        return answer(
          await app.settlement.declareValue(user.userId, body.fancy_id, body.result, 'RESULT', deadHeat),
        );
      }),
    );

    route(app, 'adminFancyVoid', async ({ body, user }) =>
      audited(app, user.userId, 'fancy/void', body, async () =>
        (await fancy.fancyRow(body.fancy_id))
          ? answer(await app.settlement.voidMarket(user.userId, body.fancy_id))
          : refuse(`Unknown fancy ${body.fancy_id}`),
      ),
    );

    // One fancy on its competition's average (a Meter on its midpoint), or void where the rules give none.
    route(app, 'adminFancyAverage', async ({ body, user }) =>
      audited(
        app,
        user.userId,
        'fancy/average',
        body,
        async (): Promise<Outcome<ReturnType<typeof toSummary>>> => {
          const row = await fancy.fancyRow(body.fancy_id);
          if (!row) return refuse(`Unknown fancy ${body.fancy_id}`);
          const cm = await app.cricket.matchOf(app.db, row.fancy.matchId);
          if (!cm) return refuse('The fancy’s match has no cricket details');
          const settled = 'Market is already settled; unsettle it first to settle it again';
          // A first look for a quick answer; the decision that counts is made under the lock.
          if ((await app.settlement.view(body.fancy_id)).state === 'SETTLED') return refuse(settled);
          const facts = { overs_bowled: 0, abandoned_or_reduced: true, complete: false };
          const r = await settleIncompleteFancy(
            app,
            user.userId,
            body.fancy_id,
            cm,
            facts,
            await averageOverrides(app.db),
          );
          if (!r.ok) return refuse(r.message);
          // A void or an average never overrides a result: settled is settled.
          if (r.settlement === null) return refuse(settled);
          return ok(toSummary(r.settlement));
        },
      ),
    );

    route(app, 'adminFancyAverages', async ({ body, user }) =>
      audited(app, user.userId, 'fancy/averages', body, async () =>
        ok(await averagesTable(app.db, body.competition)),
      ),
    );

    route(app, 'adminFancyAverageSet', async ({ body, user }) =>
      audited(app, user.userId, 'fancy/averages/set', body, async () => {
        await setAverage(app.db, body.competition, body.event, body.value, app.clock.now());
        return ok(await averagesTable(app.db, body.competition));
      }),
    );

    // A match abandoned or cut short: every unsettled fancy of it by the rules text. Every decision
    // is made once before anything is settled, so a fact missing refuses the call and changes
    // nothing; then each fancy is decided again and settled under its own lock, one at a time
    // (`settleIncompleteFancy`), so a result that lands in between stands (ALREADY_SETTLED).
    route(app, 'adminFancyIncomplete', async ({ body, user, req }) =>
      audited(app, user.userId, 'fancy/incomplete', body, async () => {
        const cm = await app.cricket.matchOf(app.db, body.match_id);
        if (!cm) return refuse(`Unknown cricket match ${body.match_id}`);
        const rows = await q.fanciesOfMatch(app.db, body.match_id);
        const ids = new Set(rows.map((r) => r.fancy.marketId));
        const foreign = [...(body.fancy_ids ?? []), ...(body.results ?? []).map((r) => r.fancy_id)].find(
          (id) => !ids.has(id),
        );
        if (foreign !== undefined) return refuse(`Fancy ${foreign} is not a fancy of match ${body.match_id}`);
        const results = new Map<number, { result: number; complete: boolean }>();
        for (const r of body.results ?? []) {
          if (results.has(r.fancy_id)) return refuse(`results name fancy ${r.fancy_id} twice`);
          results.set(r.fancy_id, { result: r.result, complete: r.complete ?? false });
        }
        const only = body.fancy_ids ? new Set(body.fancy_ids) : null;
        const overrides = await averageOverrides(app.db);
        const plan: {
          row: (typeof rows)[number];
          facts: Parameters<typeof incompleteDecision>[3] | 'ALREADY_SETTLED';
          /** The first look's decision: the label of a settlement refused under the lock. */
          label: AdminFancyIncompleteResult['fancies'][number]['decision'];
        }[] = [];
        for (const row of rows) {
          if (only && !only.has(row.fancy.marketId)) continue;
          req.extendDeadline?.(INCOMPLETE_LOOK_ALLOWANCE_MS);
          if ((await app.settlement.view(row.fancy.marketId)).state === 'SETTLED') {
            plan.push({ row, facts: 'ALREADY_SETTLED', label: 'ALREADY_SETTLED' });
            continue;
          }
          const given = results.get(row.fancy.marketId);
          const facts = {
            overs_bowled: body.overs_bowled,
            abandoned_or_reduced: body.abandoned_or_reduced,
            complete: given?.complete ?? false,
            ...(given ? { result: given.result } : {}),
          };
          const d = incompleteDecision(row.fancy, row.market.marketName, cm, facts, overrides);
          if (d.kind === 'REFUSE') return refuse(d.message);
          plan.push({ row, facts, label: d.kind === 'VOID' ? 'VOID' : d.how });
        }
        const out: AdminFancyIncompleteResult = {
          match_id: body.match_id,
          overs_bowled: body.overs_bowled,
          fancies: [],
        };
        for (const { row, facts, label } of plan) {
          const base = {
            fancy_id: row.fancy.marketId,
            name: row.market.marketName,
            variant: row.fancy.variant,
            event_kind: row.fancy.eventKind,
          };
          if (facts === 'ALREADY_SETTLED') {
            out.fancies.push({ ...base, decision: facts, value: null, settlement: null, message: null });
            continue;
          }
          req.extendDeadline?.(INCOMPLETE_SETTLE_ALLOWANCE_MS);
          const r = await settleIncompleteFancy(app, user.userId, row.fancy.marketId, cm, facts, overrides);
          out.fancies.push(
            r.ok
              ? {
                  ...base,
                  decision: r.decision,
                  value: r.value,
                  settlement: r.settlement ? toSummary(r.settlement) : null,
                  message: null,
                }
              : { ...base, decision: label, value: null, settlement: null, message: r.message },
          );
        }
        return ok(out);
      }),
    );
  },
  { name: 'fancy', dependencies: ['db', 'auth', 'bus', 'wallet', 'markets'] },
);
