// The casino kind on the market-kind seam (markets/registry.ts): one markets row per round, its
// bets backs on the round's options. Settlement, holds, reports, My Market, the ledger check and
// the console's generic views reach casino bets through this module and never name the kind.
// A round's result lives in casino_rounds (written by the scheduler in the same transaction,
// before settlement runs); the market's settlement row carries no result of its own.
import { roundGame, movementsFromNets, outcomeProfitPaise, type CasinoResult } from '@backlay/engine';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/store.ts';
import { betCountsOf, houseFiguresOf, houseStakesPlacedIn } from '../markets/bet-counts.ts';
import type { MarketKindModule, OutcomePositions } from '../markets/registry.ts';
import { casinoHolds, openCountedBets } from './holds.ts';
import { CASINO_KIND } from './kind.ts';
import { casinoReportBets } from './report-bets.ts';
import { casinoBets, casinoRounds, type StoredResult } from './schema.ts';
import { closeMarkets } from '../markets/lifecycle.ts';

type BetRow = typeof casinoBets.$inferSelect;

/** What a result pays a bet, by the round's game (its `settle`); a push is a settled bet of result VOID. */
function profitsOf(gameId: string, bets: readonly BetRow[], result: StoredResult): number[] {
  const engineResult: CasinoResult = { summary: result.summary, outcomes: result.outcomes };
  const game = roundGame(gameId);
  const asBets = bets.map((b) => ({ option_id: b.optionId, stake_paise: b.stakePaise }));
  // A game gone from the registry still pays by the outcomes stored with its round.
  if (!game)
    return asBets.map((b) =>
      outcomeProfitPaise(result.outcomes[b.option_id] ?? { kind: 'lose' }, b.stake_paise),
    );
  return game.settle(asBets, engineResult);
}

// Long because it is the casino kind's registry entry: one object of short hooks sharing the store
// and the clock.
export function createCasinoKind(app: Pick<FastifyInstance, 'clock' | 'db'>): MarketKindModule {
  const now = () => app.clock.now();
  return {
    kind: CASINO_KIND,
    pricing: 'HOUSE',
    resultBy: 'WINNERS',
    hasRunners: false,
    defaultMarketType: CASINO_KIND,
    // Rounds are settled by their table, never by a console call.
    settleActions: [],
    listedUnderMatch: false,
    isMainMarket: () => false,

    async createRows() {
      return 'Casino rounds are opened by their table (modules/casino), not by the console';
    },

    checkResult: () => 'A casino round is settled by its table from its cards; void it instead',
    // Unsettle exists to declare another result; a round's result is its cards (provably fair), so
    // there is none: the corrections a round takes (a void, a wrong-rate window) re-settle it at once.
    unsettleRefusal:
      'A casino round cannot be unsettled: its result is its cards (provably fair) and no other can be declared. Void the round, or a time window of its bets, instead: a settled round is settled again at once',

    ...houseFiguresOf({
      table: casinoBets,
      marketId: casinoBets.marketId,
      placedAt: casinoBets.placedAt,
      stakePaise: casinoBets.stakePaise,
    }),

    stakesPlacedIn: houseStakesPlacedIn({
      table: casinoBets,
      userId: casinoBets.userId,
      marketId: casinoBets.marketId,
      placedAt: casinoBets.placedAt,
      stakePaise: casinoBets.stakePaise,
      settledStatus: casinoBets.settledStatus,
    }),

    async closeForSettlement(marketId) {
      await closeMarkets(app.db, [marketId]);
    },

    async settle(tx: Tx, market, facts) {
      const bets = await tx
        .select()
        .from(casinoBets)
        .where(eq(casinoBets.marketId, market.marketId))
        .orderBy(asc(casinoBets.betId));
      const [round] = await tx
        .select({ state: casinoRounds.state, result: casinoRounds.result })
        .from(casinoRounds)
        .where(eq(casinoRounds.marketId, market.marketId));
      const result = !facts.voidMarket && round?.state === 'RESULT' ? round.result : null;
      const windows = facts.voids.filter((v) => v.kind === 'WINDOW');
      const isVoid = (b: BetRow) =>
        result === null || windows.some((w) => b.placedAt >= w.fromAt! && b.placedAt <= w.toAt!);
      const counted = bets.filter((b) => !isVoid(b));
      const profits = new Map<number, number>();
      if (result) {
        const each = profitsOf(market.marketType, counted, result);
        counted.forEach((b, i) => profits.set(b.betId, each[i]!));
      }
      const nets = new Map<string, number>();
      const marks = bets.map((b) => {
        const profit = profits.get(b.betId);
        const voided = profit === undefined;
        nets.set(String(b.userId), (nets.get(String(b.userId)) ?? 0) + (profit ?? 0));
        return {
          bet_id: b.betId,
          settled_status: voided ? 'VOIDED' : 'SETTLED',
          // A push (the stake returned) is settled with result VOID: neither won nor lost.
          result: voided || profit === 0 ? 'VOID' : profit > 0 ? 'WON' : 'LOST',
          profit_loss_paise: profit ?? 0,
        };
      });
      if (marks.length > 0) {
        await tx.execute(sql`update ${casinoBets} b set settled_status = x.settled_status,
            result = x.result, profit_loss_paise = x.profit_loss_paise, settled_at = ${now()}
          from json_to_recordset(${JSON.stringify(marks)})
            as x(bet_id bigint, settled_status text, result text, profit_loss_paise bigint)
          where b.bet_id = x.bet_id`);
      }
      return {
        movements: movementsFromNets(String(market.marketId), nets, market.commissionBps),
        users: [...new Set(bets.map((b) => b.userId))].sort((a, b) => a - b),
      };
    },

    async clearResults(tx, marketId) {
      await tx
        .update(casinoBets)
        .set({ result: null, profitLossPaise: null, settledStatus: null, settledAt: null })
        .where(eq(casinoBets.marketId, marketId));
    },

    /**
     * A bettor's exposure on a round is the stakes of their open, not voided bets on it (a back loses
     * at most its stake): the one function a bet's stored hold is computed by too (holds.ts).
     */
    recomputeHolds: (tx, marketIds) => casinoHolds(tx, marketIds),

    /** Each option taken as the one winner (several can win at once; the console's view is per option). */
    async outcomePositions(tx, marketId) {
      const [round] = await tx
        .select({ options: casinoRounds.options })
        .from(casinoRounds)
        .where(eq(casinoRounds.marketId, marketId));
      const options = round?.options ?? [];
      const users: OutcomePositions['users'] = new Map();
      for (const b of await openCountedBets(tx, [marketId])) {
        const u = users.get(b.userId) ?? { pnl: options.map(() => 0), bets: 0 };
        options.forEach((o, i) => {
          u.pnl[i]! +=
            o.id === b.optionId ? Math.floor((b.stakePaise * (b.payout - 100)) / 100) : -b.stakePaise;
        });
        u.bets += 1;
        users.set(b.userId, u);
      }
      return { outcomes: options.map((o) => ({ key: o.id, label: o.label })), users };
    },

    reportBets: casinoReportBets,

    ...betCountsOf({
      table: casinoBets,
      userId: casinoBets.userId,
      marketId: casinoBets.marketId,
      result: casinoBets.result,
      open: isNull(casinoBets.settledStatus),
    }),
  };
}
