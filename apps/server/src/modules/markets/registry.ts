// The market-kind seam. Every kind of market (match odds, bookmaker, fancy, and the racing,
// casino and binary kinds to come) is one server module that registers a `MarketKindModule` here;
// the generic parts — settlement generations and ledger transfers, exposure holds, My Market, the
// ledger check — ask the kind of the market in hand and never name a kind themselves.
import type { adminMarketCreateRequest, ConsoleMarket, MarketKind } from '@backlay/contract';
import type { SettlementMovement } from '@backlay/engine';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { marketSettlements, marketVoids, markets } from './schema.ts';
import type { Executor, Tx } from '../../db/store.ts';
import type { ReportBetsFilter } from './report-bets.ts';

export type MarketRow = typeof markets.$inferSelect;
export type SettlementRow = typeof marketSettlements.$inferSelect;
export type VoidRow = typeof marketVoids.$inferSelect;
type AdminMarketCreate = z.output<typeof adminMarketCreateRequest>;

/** A declared result of a runner market: its winners, and its dead heats. */
export type DeclaredWinners = {
  winners: readonly number[];
  /** A dead heat among all the winners: each pays on stake / dead_heat_count (1: none). */
  dead_heat_count: number;
  /** Dead heats for the last places paid (a place market): runners sharing `places` places. */
  dead_heats?: readonly { selection_ids: readonly number[]; places: number }[];
};

/**
 * The default check of a declared result, for a kind without its own (`checkResult`): one winner,
 * or a dead heat of every winner named by dead_heat_count; no dead_heats. A refusal, or null.
 */
export function oneWinnerRefusal(result: DeclaredWinners): string | null {
  if (result.dead_heats && result.dead_heats.length > 0)
    return 'This market pays one place: give dead_heat_count for a dead heat, not dead_heats';
  if (result.dead_heat_count !== result.winners.length) {
    return result.dead_heat_count === 1
      ? 'A match-odds market has one winner; give dead_heat_count for a dead heat'
      : `${result.winners.length} winners do not make a ${result.dead_heat_count}-way dead heat`;
  }
  return null;
}

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

/** A market row the console is creating, as `MarketKindModule.createRows` is given it. */
export type NewMarket = {
  tx: Tx;
  marketId: number;
  matchId: number;
  /** The runners just inserted for it, in their order (none for a kind without runners). */
  selectionIds: readonly number[];
  /** The console's fancy settings (adminMarketCreateRequest.fancy), for a kind that takes them. */
  fancy: AdminMarketCreate['fancy'];
  at: Date;
};

/** What the console shows of a kind's own state of a market (contract ConsoleMarket). */
export type ConsoleDetails = {
  bookmaker?: ConsoleMarket['bookmaker'];
  fancy?: ConsoleMarket['fancy'];
  /** Rates per 100 by selection id, where the house quotes its runners. */
  rates?: Map<number, { back: number | null; lay: number | null }>;
};

/** A bet the kind has matched (or taken) on a market: who, and how much of its stake counts. */
export type StakeRow = { userId: number; paise: number };

/** One hour's bets and stake (paise) of a kind: `slot` whole hours after the asked start. */
export type HourActivity = { slot: number; bets: number; stakePaise: number };

export interface MarketKindModule {
  readonly kind: MarketKind;
  /**
   * Who prices the kind's markets: bettors against each other on the exchange (`app.exchange`
   * owns the markets' status and in-play moves; a new one waits INACTIVE, commission 2 %), or the
   * house, which quotes its own rates (a new one waits SUSPENDED to be quoted, no commission).
   */
  readonly pricing: 'EXCHANGE' | 'HOUSE';
  /** How a result is declared: winning runners (declareResult) or a number (a line's value). */
  readonly resultBy: 'WINNERS' | 'VALUE';
  /** Whether the kind's markets have runners the console names, renames and adds. */
  readonly hasRunners: boolean;
  /** The `market_type` of a market the console creates of this kind. */
  readonly defaultMarketType: string;
  /**
   * The console's audited actions that settle or void a market of the kind: the dashboard counts
   * a refused one as a failed settlement (a call of the wrong kind, a mistyped id, is none).
   */
  readonly settleActions: readonly string[];
  /**
   * Whether the market is its match's main market: the one match lists show the odds of. The
   * first such market of a match is its main one; a match with none shows its first market.
   */
  isMainMarket(market: Pick<MarketRow, 'marketType'>): boolean;
  /**
   * Whether the kind's markets are listed under their match: the catalog's getMatches (markets,
   * main odds) and the console's match view. A kind with a market per short round (thousands a
   * day on one match) lists none there; its own calls show them. Absent: listed.
   */
  readonly listedUnderMatch?: boolean;
  /**
   * The console created a market of the kind (its row and its runners are in `m.tx`): write the
   * kind's own rows beside it (its state, its quotes, its line). A refusal (a message) rolls the
   * whole creation back.
   */
  createRows(m: NewMarket): Promise<string | null>;
  /** The console added runners to a market of the kind before its first bet. */
  runnersAdded?(tx: Tx, marketId: number, selectionIds: readonly number[], at: Date): Promise<void>;
  /**
   * The bets placed in [from, to] that are not void (by any void of the market, or settled void),
   * each with the stake that counts: the console's void-window preview. On the exchange a bet
   * counts for its matched stake (its unmatched rest is not a position).
   */
  stakesPlacedIn(tx: Executor, marketId: number, from: Date, to: Date): Promise<StakeRow[]>;
  /** Per market of the kind: its bets of any status and the stake matched or taken (paise). */
  consoleFigures(
    tx: Executor,
    marketIds: readonly number[],
  ): Promise<Map<number, { bets: number; stakePaise: number }>>;
  /**
   * What the console shows of the kind's own state per market: the bookmaker's status and rates,
   * a fancy's line (ConsoleMarket's `bookmaker`, `fancy` and runners' rates). Absent: nothing.
   */
  consoleDetails?(tx: Executor, marketIds: readonly number[]): Promise<Map<number, ConsoleDetails>>;
  /**
   * Bets placed since `since` (the demo feed's `makers` left out: their quotes are no bettors')
   * and the stake matched or taken (paise): the dashboard's last hour.
   */
  activitySince(
    tx: Executor,
    since: Date,
    makers: readonly string[],
  ): Promise<{ bets: number; stakePaise: number }>;
  /**
   * activitySince hour by hour, for the dashboard's chart: the bets and stake of each whole hour
   * from `since` (`slot` 0 is [since, since + 1 h)); hours without any left out.
   */
  activityByHour(tx: Executor, since: Date, makers: readonly string[]): Promise<HourActivity[]>;
  /**
   * A condition on a market row aliased `k` of the kind: in play, taking bets, and showing no
   * price to back or lay (the dashboard's alert). Absent where a kind has no such state.
   */
  unpricedInPlay?: SQL;
  /**
   * The named bets of the market (id and user), for a kind whose single bets an operator may
   * void; absent where a whole market or line is voided instead.
   */
  betsNamed?(
    tx: Executor,
    marketId: number,
    betIds: readonly number[],
  ): Promise<{ betId: number; userId: number }[]>;
  /**
   * The kind's check of a declared result (winners, dead heats) of one of its markets, before the
   * market is closed for it: a refusal, or null. Absent: `oneWinnerRefusal`. A place market takes
   * every placed runner and dead heats for the last places. `running`: its runners not removed.
   */
  checkResult?(market: MarketRow, result: DeclaredWinners, running: number): string | null;
  /**
   * Why the kind's settled markets are never unsettled (a casino round: its result is its cards and
   * no other can be declared after): the refusal the operator reads. Absent: unsettle is allowed.
   */
  readonly unsettleRefusal?: string;
  /**
   * A runner of the market was just removed (a horse racing non-runner) with its reduction factor
   * (basis points, > 0), in `tx` under the market's lock, after its SELECTION void was recorded
   * and the runner marked REMOVED, before the caller's `onVoided` and holds (a settled market: its
   * re-settlement). The kind decides what the reduction does to the bets on the other runners
   * (the exchange: their matched prices, its unmatched lays) and drops what it keeps in memory of
   * them. Absent: the kind takes no reduction factor (a removal with one is refused).
   */
  runnerRemoved?(
    tx: Tx,
    market: MarketRow,
    selectionId: number,
    reductionBp: number,
    at: Date,
  ): Promise<void>;
  /** Stops betting before a settlement (the exchange lapses its unmatched bets here). */
  closeForSettlement(marketId: number): Promise<void>;
  /** Settles the kind's bets on the facts in the caller's transaction: marks each bet, returns the money. */
  settle(tx: Tx, market: MarketRow, facts: SettleFacts): Promise<KindSettlement>;
  /** Clears the bets' results after an unsettle (the reversing transfers are written by settlement). */
  clearResults(tx: Tx, marketId: number): Promise<void>;
  /** Every user's exposure on these markets recomputed from the kind's own bets (user → paise). */
  recomputeHolds(tx: Executor, marketIds: readonly number[]): Promise<HoldMap>;
  /**
   * The kind's rows that name a parent that is not there or not theirs (a bet's user, market,
   * match or runner; a fill's bets), for the ledger check, at most `limit`, each in words: for the
   * tables a kind keeps without foreign keys. Absent: its tables carry their keys.
   */
  orphans?(tx: Executor, limit: number): Promise<string[]>;
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
    /** The kinds whose markets are listed under their match (`listedUnderMatch`). */
    listedKinds: () => [...byKind.values()].filter((m) => m.listedUnderMatch !== false).map((m) => m.kind),
    /** The kinds priced by bettors on the exchange (whose markets `app.exchange` moves). */
    exchangeKinds: () => [...byKind.values()].filter((m) => m.pricing === 'EXCHANGE').map((m) => m.kind),
    /** The kinds whose markets have runners (`hasRunners`): a match's winner markets among them. */
    runnerKinds: () => [...byKind.values()].filter((m) => m.hasRunners).map((m) => m.kind),
  };
}
export type KindRegistry = ReturnType<typeof createKindRegistry>;
