// Match odds as a market kind: how its bets settle (one SettleBet per fill and side, by the engine's
// settleMarket), how their results are cleared on an unsettle, and how every user's exposure is
// recomputed from fills and open bets. The generic settlement service drives it (modules/markets).
import {
  betShares,
  marketPosition,
  settleMarket,
  type MarketSettlement,
  type PositionBet,
  type SettleBet,
} from '@backlay/engine';
import { and, asc, eq, gt, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { alias } from 'drizzle-orm/pg-core';
import { bets, fills } from './schema.ts';
import { markets, runners } from '../markets/schema.ts';
import type { Executor, Tx } from '../../db/store.ts';
import { betCountsOf } from '../markets/bet-counts.ts';
import { holdKey, type HoldMap, type MarketKindModule, type OutcomePositions } from '../markets/registry.ts';
import { betResultOf } from '../markets/report-bets.ts';
import { exchangeReportBets } from './report-bets.ts';
import { notVoided } from '../markets/voids.ts';
import { exchangeConsole } from './console.ts';
import { EXCHANGE_KIND, MATCH_ODDS_MARKET_TYPE } from './kind.ts';
import { checkExchangeResult, reduceOnRemoval, settleKindOf } from './non-runners.ts';
import { matchedSides, orphans } from './queries.ts';
import { bumpMarketVersion } from '../markets/lifecycle.ts';

/** An exchange bet that no void of its market touches. */
const standing = notVoided({
  marketId: bets.marketId,
  placedAt: bets.placedAt,
  selectionId: bets.selectionId,
  betId: bets.betId,
});

/** A market's outcome space: how many of its runners win (markets.winners). */
async function winnersOf(tx: Executor, marketId: number): Promise<number> {
  const [m] = await tx
    .select({ winners: markets.winners })
    .from(markets)
    .where(eq(markets.marketId, marketId));
  return m?.winners ?? 1;
}

/** Rows per multi-row UPDATE: keeps every statement's parameter count far below PostgreSQL's 65,535. */
const UPDATE_CHUNK_ROWS = 1_000;

const backBet = alias(bets, 'back_bet');
const layBet = alias(bets, 'lay_bet');

/** Every fill of a market with both bets' placing times (for void windows). */
function fillsWithBets(tx: Executor, marketIds: readonly number[]) {
  return tx
    .select({
      fillId: fills.fillId,
      marketId: fills.marketId,
      selectionId: fills.selectionId,
      price: fills.price,
      sizePaise: fills.sizePaise,
      backBetId: fills.backBetId,
      layBetId: fills.layBetId,
      backUserId: fills.backUserId,
      layUserId: fills.layUserId,
      createdAt: fills.createdAt,
      backPlacedAt: backBet.placedAt,
      layPlacedAt: layBet.placedAt,
    })
    .from(fills)
    .innerJoin(backBet, eq(backBet.betId, fills.backBetId))
    .innerJoin(layBet, eq(layBet.betId, fills.layBetId))
    .where(inArray(fills.marketId, [...marketIds]))
    .orderBy(asc(fills.fillId));
}

type BetResult = { userId: number; result: 'WON' | 'LOST' | 'VOID'; profit: number };

/**
 * Each bet's result from the engine's settlement (`betShares`): its own exact result rounded down,
 * the paise that rounding each user once leaves over going to the bets with the largest fractions
 * dropped, so every bet shows its own figure to the paisa and a user's bets of the market add up
 * exactly to what their balance moved before commission (docs/settlement.md).
 */
export function betResults(settlement: MarketSettlement): Map<number, BetResult> {
  const shares = betShares(settlement, (f) => f.bet_id.split('/')[0]!);
  const out = new Map<number, BetResult>();
  for (const [key, s] of shares) {
    out.set(Number(key), {
      userId: Number(s.user_id),
      profit: s.profit_paise,
      result: s.outcome === 'VOID' ? 'VOID' : betResultOf(s.profit_paise, s.outcome === 'WON'),
    });
  }
  return out;
}

// Long because it is the match-odds kind's registry entry: one object of short hooks (close,
// settle, void, non-runner, counts) sharing the exchange service; the money is computed by the
// engine's settlement.
export function createMatchOddsKind(app: Pick<FastifyInstance, 'clock' | 'exchange'>): MarketKindModule {
  const now = () => app.clock.now();
  return {
    kind: EXCHANGE_KIND,
    pricing: 'EXCHANGE',
    resultBy: 'WINNERS',
    hasRunners: true,
    defaultMarketType: MATCH_ODDS_MARKET_TYPE,
    settleActions: ['market/result', 'market/void', 'market/removeRunner'],

    isMainMarket: (market) => market.marketType === MATCH_ODDS_MARKET_TYPE,

    // An exchange market is its row and its runners: nothing of its own to add.
    createRows: async () => null,

    ...exchangeConsole,

    async stakesPlacedIn(tx, marketId, from, to) {
      return tx
        .select({ userId: bets.userId, paise: bets.matchedPaise })
        .from(bets)
        .where(
          and(
            eq(bets.marketId, marketId),
            gte(bets.placedAt, from),
            lte(bets.placedAt, to),
            gt(bets.matchedPaise, 0),
            standing,
          ),
        );
    },

    async betsNamed(tx, marketId, betIds) {
      return tx
        .select({ betId: bets.betId, userId: bets.userId })
        .from(bets)
        .where(and(eq(bets.marketId, marketId), inArray(bets.betId, [...betIds])));
    },

    // A place market takes every placed runner and dead heats for the last places.
    checkResult: checkExchangeResult,

    // A non-runner's reduction factor: written into the other runners' fills (non-runners.ts).
    runnerRemoved: reduceOnRemoval,

    async closeForSettlement(marketId) {
      await app.exchange.setMarketStatus(marketId, 'CLOSED');
    },

    async settle(tx: Tx, market, facts) {
      const fillRows = await fillsWithBets(tx, [market.marketId]);
      const settleBets: SettleBet[] = [];
      for (const f of fillRows) {
        const common = {
          selection_id: String(f.selectionId),
          price: f.price,
          stake_paise: f.sizePaise,
          matched_at_ms: f.createdAt.getTime(),
        };
        settleBets.push({
          ...common,
          bet_id: `${f.backBetId}/${f.fillId}`,
          user_id: String(f.backUserId),
          side: 'BACK',
          placed_at_ms: f.backPlacedAt.getTime(),
        });
        settleBets.push({
          ...common,
          bet_id: `${f.layBetId}/${f.fillId}`,
          user_id: String(f.layUserId),
          side: 'LAY',
          placed_at_ms: f.layPlacedAt.getTime(),
        });
      }
      const result = facts.result && 'winners' in facts.result ? facts.result : null;
      // No `removals`: a removal's reduction is in the fills' prices already (non-runners.ts); the
      // removed runner's bets are void by its SELECTION void.
      const voidedBets = new Set(facts.voids.filter((v) => v.kind === 'BET').map((v) => v.betId!));
      const settlement = settleMarket({
        market: {
          market_id: String(market.marketId),
          kind: settleKindOf(market),
          commission_bp: market.commissionBps,
        },
        bets: settleBets,
        result:
          facts.voidMarket || !result
            ? null
            : {
                winners: result.winners.map(String),
                dead_heat_count: result.dead_heat_count,
                ...(result.dead_heats
                  ? {
                      dead_heats: result.dead_heats.map((g) => ({
                        selection_ids: g.selection_ids.map(String),
                        places: g.places,
                      })),
                    }
                  : {}),
              },
        void_market: facts.voidMarket ? { reason: 'OPERATOR' } : null,
        void_selections: facts.voids.filter((v) => v.kind === 'SELECTION').map((v) => String(v.selectionId)),
        void_windows: facts.voids
          .filter((v) => v.kind === 'WINDOW')
          .map((v) => ({ from_ms: v.fromAt!.getTime(), to_ms: v.toAt!.getTime() })),
        // A voided bet: every fill of it (the engine's bets are per fill and side).
        void_bet_ids: settleBets
          .filter((b) => voidedBets.has(Number(b.bet_id.split('/')[0])))
          .map((b) => b.bet_id),
      });

      const perBet = betResults(settlement);
      const at = now();
      const rows = [...perBet.entries()];
      for (let i = 0; i < rows.length; i += UPDATE_CHUNK_ROWS) {
        const chunk = rows.slice(i, i + UPDATE_CHUNK_ROWS);
        const values = sql.join(
          chunk.map(
            ([id, r]) =>
              sql`(${id}::bigint, ${r.result}::text, ${r.profit}::bigint, ${r.result === 'VOID' ? 'VOIDED' : 'SETTLED'}::text)`,
          ),
          sql`, `,
        );
        await tx.execute(sql`
          update bets set result = v.result, profit_loss_paise = v.pl, settled_status = v.status,
                 settled_at = ${at}, updated_at = ${at}
            from (values ${values}) as v(id, result, pl, status)
           where bets.bet_id = v.id`);
      }
      // Every other bet of the market never matched (cancelled, or lapsed at the close): it is void
      // with the market, so it leaves current bets for the history like every bet of the market.
      const unmatched = await tx
        .update(bets)
        .set({ result: 'VOID', profitLossPaise: 0, settledStatus: 'VOIDED', settledAt: at, updatedAt: at })
        .where(and(eq(bets.marketId, market.marketId), isNull(bets.settledStatus)))
        .returning({ userId: bets.userId });
      const users = new Set(fillRows.flatMap((f) => [f.backUserId, f.layUserId]));
      for (const u of unmatched) users.add(u.userId);
      for (const m of settlement.movements) users.add(Number(m.user_id));
      return { movements: settlement.movements, users: [...users].sort((a, b) => a - b) };
    },

    async clearResults(tx, marketId) {
      await tx
        .update(bets)
        .set({ result: null, profitLossPaise: null, settledStatus: null, settledAt: null, updatedAt: now() })
        .where(eq(bets.marketId, marketId));
    },

    async outcomePositions(tx, marketId) {
      // The runners still running and the matched sides no void touches: what settlement pays.
      const rs = await tx
        .select({ selectionId: runners.selectionId, name: runners.name })
        .from(runners)
        .where(and(eq(runners.marketId, marketId), ne(runners.status, 'REMOVED')))
        .orderBy(asc(runners.sortOrder));
      const ids = rs.map((r) => String(r.selectionId));
      const outcomes = { winners: await winnersOf(tx, marketId) };
      const byUser = new Map<number, PositionBet[]>();
      for (const m of await matchedSides(tx, [marketId])) {
        const list = byUser.get(m.userId) ?? [];
        list.push({
          selection_id: String(m.selectionId),
          side: m.side,
          price: m.price,
          stake_paise: m.total,
        });
        byUser.set(m.userId, list);
      }
      const counts = await tx
        .select({ userId: bets.userId, n: sql<number>`count(*)::int` })
        .from(bets)
        .where(and(eq(bets.marketId, marketId), sql`${bets.matchedPaise} > 0`, standing))
        .groupBy(bets.userId);
      const users: OutcomePositions['users'] = new Map();
      for (const [u, matched] of byUser) {
        users.set(u, {
          pnl: marketPosition(ids, { matched }, outcomes).runners.map((r) => r.pnl_paise),
          bets: Number(counts.find((c) => c.userId === u)?.n ?? 0),
        });
      }
      // A place market's figures are each runner's bets in isolation: the outcome "it is placed".
      const label = (name: string) => (outcomes.winners === 1 ? name : `${name} placed`);
      return { outcomes: rs.map((r) => ({ key: String(r.selectionId), label: label(r.name) })), users };
    },

    orphans,

    async recomputeHolds(tx, marketIds) {
      const out: HoldMap = new Map();
      if (marketIds.length === 0) return out;
      const ids = [...marketIds];
      // The runners still running, and the fills and resting bets that no void touches: the
      // positions settlement will pay, one rounding per outcome (engine marketPosition).
      const runnerRows = await tx
        .select({ marketId: runners.marketId, selectionId: runners.selectionId })
        .from(runners)
        .where(and(inArray(runners.marketId, ids), ne(runners.status, 'REMOVED')));
      const winners = new Map(
        (
          await tx
            .select({ marketId: markets.marketId, winners: markets.winners })
            .from(markets)
            .where(inArray(markets.marketId, ids))
        ).map((m) => [m.marketId, m.winners]),
      );
      const selections = new Map<number, string[]>();
      for (const r of runnerRows) {
        const list = selections.get(r.marketId) ?? [];
        list.push(String(r.selectionId));
        selections.set(r.marketId, list);
      }
      const matched = await matchedSides(tx, ids);
      const open = await tx
        .select({
          userId: bets.userId,
          marketId: bets.marketId,
          selectionId: bets.selectionId,
          side: bets.side,
          price: bets.price,
          remaining: bets.remainingPaise,
        })
        .from(bets)
        .where(and(inArray(bets.marketId, ids), sql`${bets.resting}`, standing));
      const positions = new Map<
        string,
        { marketId: number; matched: PositionBet[]; unmatched: PositionBet[] }
      >();
      const at = (userId: number, marketId: number) => {
        const k = holdKey(userId, marketId);
        let p = positions.get(k);
        if (!p) {
          p = { marketId, matched: [], unmatched: [] };
          positions.set(k, p);
        }
        return p;
      };
      for (const m of matched) {
        at(m.userId, m.marketId).matched.push({
          selection_id: String(m.selectionId),
          side: m.side,
          price: m.price,
          stake_paise: m.total,
        });
      }
      for (const o of open) {
        at(o.userId, o.marketId).unmatched.push({
          selection_id: String(o.selectionId),
          side: o.side,
          price: o.price,
          stake_paise: o.remaining,
        });
      }
      for (const [k, p] of positions) {
        const outcomes = { winners: winners.get(p.marketId) ?? 1 };
        out.set(k, marketPosition(selections.get(p.marketId) ?? [], p, outcomes).exposure_paise);
      }
      return out;
    },

    reportBets: exchangeReportBets,

    ...betCountsOf({
      table: bets,
      userId: bets.userId,
      marketId: bets.marketId,
      result: bets.result,
      open: sql`(${bets.matchedPaise} > 0 or ${bets.remainingPaise} > 0)`,
    }),

    async onVoided(tx, marketId) {
      // A voided bet takes no further part: what rests of it is cancelled now, under the market
      // lock the void holds, so it can never be matched (a fill against a void bet would be paid
      // to its counterparty by the house). Moving next_seq makes every node's cached state of
      // the market stale, so the next batch rebuilds it without the void fills.
      const at = now();
      await tx
        .update(bets)
        .set({
          cancelledPaise: sql`${bets.cancelledPaise} + ${bets.remainingPaise}`,
          remainingPaise: 0,
          endReason: 'CANCELLED',
          updatedAt: at,
        })
        .where(and(eq(bets.marketId, marketId), sql`${bets.resting}`, sql`not ${standing}`));
      await bumpMarketVersion(tx, [marketId], { nextSeq: true });
    },
  };
}
