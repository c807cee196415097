// The binary kind on the market-kind seam (markets/registry.ts): one markets row per instrument
// and trading day (a session), its bets Yes/No on the session's closing price. Settlement, holds,
// reports, My Market, the ledger check and the console's generic views reach binary bets through
// this module and never name the kind. The arithmetic is the fancy's (packages/engine binary,
// RUNS on price levels in hundredths); the tables are this module's own (binary_bets,
// binary_sessions): the fancy service and its tables play no part.
import {
  binaryExposurePaise,
  movementsFromNets,
  settleBinaryBetsPaise,
  settleFancyBetPaise,
} from '@backlay/engine';
import { asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../../db/store.ts';
import { betCountsOf, houseFiguresOf, houseStakesPlacedIn } from '../markets/bet-counts.ts';
import { holdKey, type HoldMap, type MarketKindModule, type OutcomePositions } from '../markets/registry.ts';
import { betResultOf } from '../markets/report-bets.ts';
import { SettlementRefusal } from '../settlement/service.ts';
import { fromHundredths, groupBy, openCountedBets, toEngineBet, type BinaryBetRow } from './bet-rows.ts';
import { closeSessionMarket } from './close.ts';
import { BINARY_KIND } from './kind.ts';
import { binaryReportBets } from './report-bets.ts';
import { binaryBets, binarySessions } from './schema.ts';

/** At most this many bands are listed in the console's risk view of a session. */
const BINARY_OUTCOMES_MAX = 80;

/** Each user's profit per bet when the session settles on `price_c` (one rounding per user). */
function profitsAt(bets: readonly BinaryBetRow[], price_c: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const list of groupBy(bets, (b) => b.userId).values()) {
    const each = settleBinaryBetsPaise(list.map(toEngineBet), price_c);
    list.forEach((b, i) => out.set(b.betId, each[i]!));
  }
  return out;
}

// Long because it is the binary kind's registry entry: one object of short hooks sharing the store
// and the clock.
export function createBinaryKind(app: Pick<FastifyInstance, 'bus' | 'clock' | 'db'>): MarketKindModule {
  const now = () => app.clock.now();
  return {
    kind: BINARY_KIND,
    pricing: 'HOUSE',
    resultBy: 'VALUE',
    hasRunners: false,
    defaultMarketType: BINARY_KIND,
    settleActions: ['binary/settle', 'binary/void'],
    // A session a day per instrument: its own calls list them (the board, the console's page).
    listedUnderMatch: false,
    isMainMarket: () => false,

    async createRows() {
      return 'Binary sessions are opened by their instrument (modules/binary), not by the console';
    },

    checkResult: () => 'A binary session settles on a price: use admin/binary/settle, or void it',

    ...houseFiguresOf({
      table: binaryBets,
      marketId: binaryBets.marketId,
      placedAt: binaryBets.placedAt,
      stakePaise: binaryBets.stakePaise,
    }),

    stakesPlacedIn: houseStakesPlacedIn({
      table: binaryBets,
      userId: binaryBets.userId,
      marketId: binaryBets.marketId,
      placedAt: binaryBets.placedAt,
      stakePaise: binaryBets.stakePaise,
      settledStatus: binaryBets.settledStatus,
    }),

    async closeForSettlement(marketId) {
      await app.db.transaction((tx: Tx) => closeSessionMarket(tx, marketId));
      app.bus.publish('market', { market_id: marketId });
    },

    async settle(tx: Tx, market, facts) {
      const bets = await tx
        .select()
        .from(binaryBets)
        .where(eq(binaryBets.marketId, market.marketId))
        .orderBy(asc(binaryBets.betId));
      const value = facts.result && 'value' in facts.result ? facts.result.value : null;
      const voidAll = facts.voidMarket || value === null;
      if (!voidAll && !(Number.isSafeInteger(value) && value! > 0))
        throw new SettlementRefusal(
          `A binary session settles on a price in hundredths above 0, not ${value}`,
        );
      const windows = facts.voids.filter((v) => v.kind === 'WINDOW');
      const voided = (b: BinaryBetRow) =>
        voidAll || windows.some((w) => b.placedAt >= w.fromAt! && b.placedAt <= w.toAt!);
      const counted = bets.filter((b) => !voided(b));
      const profits = voidAll ? new Map<number, number>() : profitsAt(counted, value!);
      const nets = new Map<string, number>();
      const at = now();
      for (const b of bets) {
        const profit = profits.get(b.betId) ?? 0;
        const cameIn = () =>
          settleFancyBetPaise('RUNS', toEngineBet(b), { kind: 'RESULT', value: value! }) > 0;
        const outcome = voided(b) ? 'VOID' : betResultOf(profit, profit === 0 && cameIn());
        await tx
          .update(binaryBets)
          .set({
            result: outcome,
            profitLossPaise: profit,
            settledStatus: outcome === 'VOID' ? 'VOIDED' : 'SETTLED',
            settledAt: at,
          })
          .where(eq(binaryBets.betId, b.betId));
        nets.set(String(b.userId), (nets.get(String(b.userId)) ?? 0) + profit);
      }
      return {
        movements: movementsFromNets(String(market.marketId), nets, market.commissionBps),
        users: [...new Set(bets.map((b) => b.userId))].sort((a, b) => a - b),
      };
    },

    async clearResults(tx, marketId) {
      await tx
        .update(binaryBets)
        .set({ result: null, profitLossPaise: null, settledStatus: null, settledAt: null })
        .where(eq(binaryBets.marketId, marketId));
      // Unsettled, the session is closed and waits for the operator's settle (or void); left
      // SETTLED, nothing could ever settle it again and its bets stayed held.
      await tx
        .update(binarySessions)
        .set({ state: 'LIVE', settlementPriceC: null, voidReason: null })
        .where(eq(binarySessions.marketId, marketId));
    },

    async recomputeHolds(tx, marketIds) {
      const out: HoldMap = new Map();
      const bets = await openCountedBets(tx, marketIds);
      for (const [k, list] of groupBy(bets, (b) => holdKey(b.userId, b.marketId)))
        out.set(k, binaryExposurePaise(list.map(toEngineBet)));
      return out;
    },

    /** One outcome per band between the bets' lines (the position is flat inside a band). */
    async outcomePositions(tx, marketId) {
      const bets = await openCountedBets(tx, [marketId]);
      const users: OutcomePositions['users'] = new Map();
      const lines = [...new Set(bets.map((b) => b.lineC))].sort((a, b) => a - b);
      if (lines.length === 0) return { outcomes: [], users };
      // A price standing for each band: just below the lowest line, then each line itself.
      const points = [Math.max(1, lines[0]! - 1), ...lines].slice(0, BINARY_OUTCOMES_MAX);
      const label = (i: number) =>
        i === 0
          ? `Below ${fromHundredths(lines[0]!)}`
          : `${fromHundredths(lines[i - 1]!)}${lines[i] === undefined ? ' or above' : ` to below ${fromHundredths(lines[i]!)}`}`;
      for (const [u, list] of groupBy(bets, (b) => b.userId)) {
        const engineBets = list.map(toEngineBet);
        users.set(u, {
          pnl: points.map((p) => settleBinaryBetsPaise(engineBets, p).reduce((s, x) => s + x, 0)),
          bets: list.length,
        });
      }
      return { outcomes: points.map((p, i) => ({ key: String(p), label: label(i) })), users };
    },

    reportBets: binaryReportBets,

    ...betCountsOf({
      table: binaryBets,
      userId: binaryBets.userId,
      marketId: binaryBets.marketId,
      result: binaryBets.result,
      open: isNull(binaryBets.settledStatus),
    }),
  };
}

/**
 * The binary kind's registration (src/kinds.ts KIND_MODULES): only the seam. The sessions,
 * bets, operator calls and feed are the binary module (plugin.ts), registered after settlement.
 */
export const binaryKindModule = fp(
  async (app) => {
    app.kinds.register(createBinaryKind(app));
  },
  { name: 'binary-kind', dependencies: ['db', 'bus', 'wallet', 'markets'] },
);
