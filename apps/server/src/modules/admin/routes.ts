import fp from 'fastify-plugin';
import { Refusal } from '../exchange/batch.ts';
import { users } from '../account/schema.ts';
import { markets } from '../markets/schema.ts';
import { ok, refuse, route, type Outcome } from '../../http/route.ts';
import type { SettlementOutcome, SettlementView } from '../settlement/service.ts';
import { audited } from '../audit/audit.ts';
import { toSummary } from '../settlement/summary.ts';
import { checkLedger } from './ledger-check.ts';
import { IdempotencyKeyReused } from '../wallet/queries.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { moveCredit } from '../hierarchy/credit.ts';
import { reasonOf } from '../markets/voids.ts';
import { matches } from '../catalog/schema.ts';
import { inPlayBetDelayS } from '@backlay/feed';

const rupees = (paise: number) => Math.round(paise) / 100;
const paiseOf = (amountRupees: number) => Math.round(amountRupees * 100);

const answer = (r: SettlementOutcome<SettlementView>): Outcome<ReturnType<typeof toSummary>> =>
  r.ok ? ok(toSummary(r.value)) : refuse(r.message);

/** Operator calls under /api/admin/: market status, settlement, voids, cash, the ledger check. */
export const adminModule = fp(
  // Long because it registers the operator's calls, each a few lines that check, audit and call a
  // service.
  async (app) => {
    const settlement = app.settlement;

    async function marketRow(marketId: number) {
      const [m] = await app.db
        .select({ marketId: markets.marketId, status: markets.status, version: markets.version })
        .from(markets)
        .where(eq(markets.marketId, marketId));
      return m ?? null;
    }

    async function bettor(userId: number) {
      const [u] = await app.db
        .select({ userId: users.userId, role: users.role })
        .from(users)
        .where(eq(users.userId, userId));
      return u ?? null;
    }

    /**
     * The operator's money moves from and to the house, for any account below it (a bettor, a
     * master, an agent): never an operator's account, the caller's own included.
     */
    function refuseNonBettor(target: { userId: number; role: string }, callerId: number, what: string) {
      if (target.userId === callerId) return refuse(`Not your own account: ${what} are for your downline`);
      if (target.role === 'operator')
        return refuse(`User ${target.userId} is an operator account: ${what} are for the accounts below it`);
      return null;
    }

    async function walletResult(userId: number, transferId: number) {
      const [balance, liability] = await Promise.all([
        app.wallet.balancePaise(userId),
        app.wallet.liabilityPaise(userId),
      ]);
      return {
        user_id: userId,
        transfer_id: transferId,
        balance: rupees(balance),
        liability: rupees(liability),
      };
    }

    route(app, 'adminMarketStatus', async ({ body, user }) =>
      audited(app, user.userId, 'market/status', body, async () => {
        if (!(await marketRow(body.market_id))) return refuse(`Unknown market ${body.market_id}`);
        try {
          // Refused under the market's lock when the market is settled.
          await app.exchange.setMarketStatus(body.market_id, body.status);
        } catch (err) {
          if (err instanceof Refusal) return refuse(err.message);
          throw err;
        }
        const after = (await marketRow(body.market_id))!;
        return ok({ market_id: after.marketId, status: after.status, version: after.version });
      }),
    );

    route(app, 'adminMatchInPlay', async ({ body, user }) =>
      audited(app, user.userId, 'match/inPlay', body, async () => {
        const ms = await app.db
          .select({
            marketId: markets.marketId,
            status: markets.status,
            betDelayS: markets.betDelayS,
            sportId: matches.sportId,
          })
          .from(markets)
          .innerJoin(matches, eq(matches.matchId, markets.matchId))
          // The exchange's markets go in play with the match; house-quoted ones are the
          // operator's to move on their own screens.
          .where(
            and(eq(markets.matchId, body.match_id), inArray(markets.marketKind, app.kinds.exchangeKinds())),
          );
        const open = ms.filter((m) => m.status !== 'CLOSED');
        if (ms.length === 0) return refuse(`Match ${body.match_id} has no match-odds market`);
        if (open.length === 0) return refuse('Every match-odds market of this match is closed');
        // The exchange owns the markets' rows: each goes in play through its queue, as the feed's does.
        // Each with its in-play bet delay: the one the operator set on the market, else the sport's
        // (docs/decisions.md "In play by the operator"), as the feed and a race's off give it.
        for (const m of open) {
          await app.exchange.setInPlay(
            m.marketId,
            m.betDelayS > 0 ? m.betDelayS : inPlayBetDelayS(m.sportId),
          );
        }
        return ok({ match_id: body.match_id, in_play: true, market_ids: open.map((m) => m.marketId) });
      }),
    );

    route(app, 'adminMarketResult', async ({ body, user }) =>
      audited(app, user.userId, 'market/result', body, async () => {
        // A race's markets take their result from the race's card (admin/racing/result).
        const race = await app.racing.marketCallRefusal(body.market_id, 'result');
        if (race !== null) return refuse(race);
        return answer(
          await settlement.declareResult(user.userId, body.market_id, {
            winners: body.winners,
            ...(body.dead_heat_count === undefined ? {} : { dead_heat_count: body.dead_heat_count }),
            ...(body.dead_heats === undefined ? {} : { dead_heats: body.dead_heats }),
          }),
        );
      }),
    );

    route(app, 'adminMarketVoid', async ({ body, user }) =>
      audited(app, user.userId, 'market/void', body, async () => {
        const race = await app.racing.marketCallRefusal(
          body.market_id,
          body.selection_id === undefined ? 'void' : 'runner',
        );
        if (race !== null) return refuse(race);
        return answer(
          await settlement.voidMarket(user.userId, body.market_id, body.selection_id, {
            reason: reasonOf(body.reason),
          }),
        );
      }),
    );

    route(app, 'adminMarketRemoveRunner', async ({ body, user }) =>
      audited(app, user.userId, 'market/removeRunner', body, async () => {
        const race = await app.racing.marketCallRefusal(body.market_id, 'runner');
        if (race !== null) return refuse(race);
        return answer(
          await settlement.removeRunner(
            user.userId,
            body.market_id,
            body.selection_id,
            // Percent with at most 2 decimals → basis points.
            Math.round(body.reduction_factor * 100),
          ),
        );
      }),
    );

    route(app, 'adminMarketVoidWindow', async ({ body, user }) =>
      audited(app, user.userId, 'market/voidWindow', body, async () =>
        answer(
          await settlement.voidWindow(
            user.userId,
            body.market_id,
            new Date(body.from),
            new Date(body.to),
            reasonOf(body.reason),
          ),
        ),
      ),
    );

    route(app, 'adminMarketUnsettle', async ({ body, user }) =>
      audited(app, user.userId, 'market/unsettle', body, async () =>
        answer(await settlement.unsettle(user.userId, body.market_id)),
      ),
    );

    route(app, 'adminWalletDeposit', async ({ body, user }) =>
      audited(app, user.userId, 'wallet/deposit', body, async () => {
        // A master's or an agent's deposit is credit from its own cash (modules/hierarchy/credit.ts).
        if (user.role !== 'operator') {
          const r = await moveCredit(
            app,
            user,
            body.user_id,
            paiseOf(body.amount),
            'down',
            `admin/${user.userId}/deposit/${body.request_id}`,
            body.memo,
          );
          return r.ok ? ok(await walletResult(body.user_id, r.transferId)) : refuse(r.message);
        }
        const target = await bettor(body.user_id);
        if (!target) return refuse(`Unknown user ${body.user_id}`);
        const notBettor = refuseNonBettor(target, user.userId, 'deposits');
        if (notBettor) return notBettor;
        try {
          const t = await app.wallet.deposit(
            body.user_id,
            paiseOf(body.amount),
            `admin/${user.userId}/deposit/${body.request_id}`,
            body.memo,
          );
          return ok(await walletResult(body.user_id, t.transferId));
        } catch (err) {
          if (err instanceof IdempotencyKeyReused) {
            return refuse('request_id was already used for a different deposit');
          }
          if (err instanceof Error && /no cash account/.test(err.message)) {
            return refuse(`User ${body.user_id} has no cash account`);
          }
          throw err;
        }
      }),
    );

    route(app, 'adminWalletWithdraw', async ({ body, user }) =>
      audited(app, user.userId, 'wallet/withdraw', body, async () => {
        // A master's or an agent's withdrawal goes back to its own cash.
        if (user.role !== 'operator') {
          const r = await moveCredit(
            app,
            user,
            body.user_id,
            paiseOf(body.amount),
            'up',
            `admin/${user.userId}/withdraw/${body.request_id}`,
            body.memo,
          );
          return r.ok ? ok(await walletResult(body.user_id, r.transferId)) : refuse(r.message);
        }
        const target = await bettor(body.user_id);
        if (!target) return refuse(`Unknown user ${body.user_id}`);
        const notBettor = refuseNonBettor(target, user.userId, 'withdrawals');
        if (notBettor) return notBettor;
        const r = await app.wallet.withdraw(
          body.user_id,
          paiseOf(body.amount),
          `admin/${user.userId}/withdraw/${body.request_id}`,
          body.memo,
        );
        if (!r.ok) return refuse(r.message);
        return ok(await walletResult(body.user_id, r.transferId));
      }),
    );

    // Read-only, but audited too: who looked at the books, and what they saw.
    route(app, 'adminLedgerCheck', async ({ user }) =>
      audited(app, user.userId, 'ledger/check', {}, async () => ok(await checkLedger(app))),
    );
  },
  { name: 'admin', dependencies: ['db', 'auth', 'wallet', 'exchange', 'settlement', 'payments'] },
);
