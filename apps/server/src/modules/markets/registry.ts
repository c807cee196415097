// The market-kind seam. Every kind of market (match odds, bookmaker, fancy, and the racing,
// casino and binary kinds to come) is one server module that registers a `MarketKindModule` here;
// the generic parts — settlement generations and ledger transfers, exposure holds, My Market, the
// ledger check — ask the kind of the market in hand and never name a kind themselves.
import type { MarketKind } from '@backlay/contract';
import type { SettlementMovement } from '@backlay/engine';
import type { SQL } from 'drizzle-orm';
import type { marketSettlements, markets, marketVoids } from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/store.ts';
import type { ReportBetsFilter } from './report-bets.ts';

export type MarketRow = typeof markets.$inferSelect;
export type SettlementRow = typeof marketSettlements.$inferSelect;
export type VoidRow = typeof marketVoids.$inferSelect;

/** What a market is settled on: its declared result (or none: void), and the operator's voids. */
export type SettleFacts = {
  result: SettlementRow['result'];
  voidMarket: boolean;
  voids: readonly VoidRow[];
};

export type KindSettlement = {
  /** One ledger movement per user and kind (MARKET_WIN / MARKET_LOSS / COMMISSION), never 0. */
  movements: readonly SettlementMovement[];
  /** Every user whose bets were settled (their balances and holds change). */
  users: readonly number[];
};

/** `key` is "user_id:market_id". */
export type HoldMap = Map<string, number>;
export const holdKey = (userId: number, marketId: number) => `${userId}:${marketId}`;

/** Each way a market can end, and each user's profit (paise, − a loss) per way, in that order. */
export type OutcomePositions = {
  outcomes: { key: string; label: string }[];
  /** user → profit per outcome (before commission) and their bets counted in it. */
  users: Map<number, { pnl: number[]; bets: number }>;
};

export interface MarketKindModule {
  readonly kind: MarketKind;
  /** Stops betting before a settlement (the exchange lapses its unmatched bets here). */
  closeForSettlement(marketId: number): Promise<void>;
  /** Settles the kind's bets on the facts in the caller's transaction: marks each bet, returns the money. */
  settle(tx: Tx, market: MarketRow, facts: SettleFacts): Promise<KindSettlement>;
  /** Clears the bets' results after an unsettle (the reversing transfers are written by settlement). */
  clearResults(tx: Tx, marketId: number): Promise<void>;
  /** Every user's exposure on these markets recomputed from the kind's own bets (user → paise). */
  recomputeHolds(tx: Executor, marketIds: readonly number[]): Promise<HoldMap>;
  /** Users with any bet on the market, in user-id order (the wallet lock order). */
  usersWithBets(tx: Executor, marketId: number): Promise<number[]>;
  /** The market's settled bets by result. */
  settledCounts(tx: Executor, marketId: number): Promise<{ settled: number; voided: number }>;
  /** A user's live bets per market (My Market's count). */
  betCounts(tx: Executor, userId: number, marketIds: readonly number[]): Promise<Map<number, number>>;
  /**
   * A user's bets in the reports' shape (markets/report-bets.ts): one SELECT naming every column
   * of REPORT_BET_COLUMNS, or null when the kind has no bets of that view (house-taken bets never
   * rest unmatched). reports/ unions every kind's SELECT, then sorts and pages them.
   */
  reportBets(filter: ReportBetsFilter): SQL | null;
  /**
   * A void (runner, window, bets) was just recorded on the market in `tx`, whose market row the
   * caller holds FOR UPDATE, before its commit. The kind drops whatever it keeps in memory that
   * counts the voided bets (a cached book, a node's copy of open bets) so its next bet check reads
   * them afresh; the caller then writes the holds recomputed by `recomputeHolds` (which, like every
   * position, leaves out the bets `markets/voids.ts` says are void) in the same transaction.
   */
  onVoided?(tx: Tx, marketId: number): Promise<void>;
  /**
   * The market's outcomes and each user's profit if each happens, from the very positions
   * settlement pays and `recomputeHolds` holds for (voided bets and removed runners left out):
   * the console's risk view, which never names a kind.
   */
  outcomePositions(tx: Executor, marketId: number): Promise<OutcomePositions>;
}

export function createKindRegistry() {
  const byKind = new Map<MarketKind, MarketKindModule>();
  return {
    register(module: MarketKindModule) {
      if (byKind.has(module.kind)) throw new Error(`market kind ${module.kind} is registered twice`);
      byKind.set(module.kind, module);
    },
    of(kind: MarketKind): MarketKindModule {
      const m = byKind.get(kind);
      if (!m) throw new Error(`market kind ${kind} has no module`);
      return m;
    },
    all: () => [...byKind.values()],
  };
}
export type KindRegistry = ReturnType<typeof createKindRegistry>;
