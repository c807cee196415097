import { SettlementError, type SettlementMovement } from '@backlay/engine';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../account/schema.ts';
import { markets } from '../markets/schema.ts';
import { ledgerAccounts } from '../wallet/schema.ts';
import { afterCommit } from '../../db/commit-hooks.ts';
import type { Executor, Tx } from '../../db/store.ts';
import { oneWinnerRefusal, type DeclaredWinners } from '../markets/registry.ts';
import * as q from './queries.ts';
import * as shares from '../shares/settle.ts';
import { cashAccounts } from '../wallet/queries.ts';
import {
  clearRunnerResults,
  recordSettlement,
  recordVoids,
  removeRunner,
  settleRunners,
} from '../markets/lifecycle.ts';

/** House account that receives commission (kept apart from HOUSE_CASH so income is visible). */
export const HOUSE_COMMISSION = 'HOUSE_COMMISSION';
const HOUSE_CASH = 'HOUSE_CASH';

/** Transfer kinds written by settlement; a reversal has kind settlement_reversal and the original kind as memo. */
const TRANSFER_KIND = {
  MARKET_WIN: 'market_win',
  MARKET_LOSS: 'market_loss',
  COMMISSION: 'commission',
} as const;
export const REVERSAL_KIND = 'settlement_reversal';

/** A refusal: rolls the transaction back and becomes `{ ok: false, message }`. */
export class SettlementRefusal extends Error {}

/** Times a settlement closes a market that a status call keeps reopening before it gives up. */
const CLOSE_ATTEMPTS_MAX = 3;

export type SettlementOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

export type SettlementView = {
  market_id: number;
  state: 'OPEN' | 'SETTLED' | 'UNSETTLED';
  generation: number;
  winners: number[];
  /** A line market's (fancy's) declared value; null for runner markets. */
  result_value: number | null;
  dead_heat_count: number;
  void_market: boolean;
  void_selections: number[];
  void_windows: { from: Date; to: Date }[];
  /** Bets voided by id (exchange markets). */
  void_bets: number[];
  /** The runners removed, with their reduction factors (basis points; 0: a plain runner void). */
  removals: { selection_id: number; reduction_bp: number }[];
  bets_settled: number;
  bets_void: number;
  commission_paise: number;
  house_paise: number;
  movements: { user_id: number; kind: SettlementMovement['kind']; user_delta_paise: number }[];
};

type Actor = number | null;

/** What a line market settles on, decided from facts read under its lock (`settleOnDecision`). */
export type LineDecision =
  | { kind: 'VOID' }
  | { kind: 'VALUE'; value: number; how: 'RESULT' | 'AVERAGE' | 'MIDPOINT' }
  | { kind: 'REFUSE'; message: string };

/** What `settleOnDecision` did: the decision it applied, or nothing (the market was settled already). */
export type LineSettled = {
  decision: Exclude<LineDecision, { kind: 'REFUSE' }> | 'ALREADY_SETTLED';
  view: SettlementView;
};

/**
 * Settles markets by the rules of packages/engine (settleMarket): one SettleBet per fill and side,
 * every movement a ledger transfer against the house whose idempotency key names the market, the
 * user, the kind and the settlement generation. Unsettle writes the reversing transfers of the
 * current generation; a re-settlement (after unsettle, or when a void arrives for a settled
 * market) writes a new generation. Lock order is the exchange's: market row, then wallet rows.
 * Long because it is a factory: its inner functions, each short, share the market lock and the
 * generation bookkeeping every settle, void and unsettle goes through; each kind's money is its
 * own module's.
 */
export function createSettlementService(
  app: Pick<FastifyInstance, 'bus' | 'clock' | 'db' | 'kinds' | 'wallet'>,
) {
  const db = app.db;
  const now = () => app.clock.now();

  async function run<T>(fn: () => Promise<T>): Promise<SettlementOutcome<T>> {
    try {
      return { ok: true, value: await fn() };
    } catch (err) {
      if (err instanceof SettlementRefusal) return { ok: false, message: err.message };
      if (err instanceof SettlementError) return { ok: false, message: `Cannot settle: ${err.message}` };
      throw err;
    }
  }

  async function mustMarket(tx: Executor, marketId: number) {
    const [market] = await tx.select().from(markets).where(eq(markets.marketId, marketId));
    if (!market) throw new SettlementRefusal(`Unknown market ${marketId}`);
    return market;
  }

  /** Closes the market first through its kind's module (the exchange lapses its unmatched bets). */
  async function closeForSettlement(marketId: number) {
    const market = await mustMarket(db, marketId);
    if (market.status !== 'CLOSED') await app.kinds.of(market.marketKind).closeForSettlement(marketId);
  }

  /** Applies generation `generation` of the market's settlement from its current facts. */
  async function applyGeneration(tx: Tx, market: q.MarketRow, row: q.SettlementRow, generation: number) {
    const voids = await q.voidsOf(tx, market.marketId);
    const kind = app.kinds.of(market.marketKind);
    // The wallets first, in user-id order after the market row: the bettors' and their uplines'
    // (who take their shares below), before the kind's settle touches any.
    const bettors = await kind.usersWithBets(tx, market.marketId);
    const chains = await shares.pinnedChains(tx, market.marketId, bettors);
    const locked = await cashAccounts(tx, [...new Set([...bettors, ...shares.uplinesOf(chains)])]);
    const settlement = await kind.settle(tx, market, {
      result: row.result,
      voidMarket: row.voidMarket,
      voids,
    });

    // Ledger transfers: the kind's movements between each bettor and the house, then the shares.
    const userIds = [...new Set(settlement.movements.map((m) => Number(m.user_id)))].sort((a, b) => a - b);
    const unlocked = userIds.filter((u) => !locked.has(u));
    const accounts = new Map([...locked, ...(await cashAccounts(tx, unlocked))]);
    const house = await app.wallet.houseAccount(tx, HOUSE_CASH);
    const commissionAccount = await app.wallet.houseAccount(tx, HOUSE_COMMISSION);
    for (const m of settlement.movements) {
      const userAccount = accounts.get(Number(m.user_id));
      if (userAccount === undefined) throw new Error(`user ${m.user_id} has no cash account`);
      const counterparty = m.kind === 'COMMISSION' ? commissionAccount : house;
      const credit = m.user_delta_paise > 0;
      await app.wallet.transfer(tx, {
        debitAccountId: credit ? counterparty : userAccount,
        creditAccountId: credit ? userAccount : counterparty,
        amountPaise: Math.abs(m.user_delta_paise),
        kind: TRANSFER_KIND[m.kind],
        idempotencyKey: `${q.settleKeyPrefix(market.marketId)}${m.user_id}/${m.kind}/g${generation}`,
        marketId: market.marketId,
      });
    }
    const moves = settlement.movements.map((m) => ({
      userId: Number(m.user_id),
      deltaPaise: m.user_delta_paise,
    }));
    for (const s of shares.shareTransfers(moves, chains)) {
      const upline = accounts.get(s.uplineId);
      if (upline === undefined) throw new Error(`upline ${s.uplineId} has no cash account`);
      await app.wallet.transfer(tx, {
        ...shares.shareTransferInput(s, upline, house),
        idempotencyKey: `${q.settleKeyPrefix(market.marketId)}${s.bettorId}/SHARE/${s.uplineId}/g${generation}`,
        marketId: market.marketId,
      });
    }

    // A settled market holds no exposure; its runners show the result.
    await app.wallet.holds.clearMarket(tx, market.marketId);
    if (!row.voidMarket && row.result && 'winners' in row.result) {
      const winners = row.result.winners;
      await settleRunners(tx, market.marketId, winners);
    }
    return new Set([...userIds, ...settlement.users, ...shares.uplinesOf(chains)]);
  }

  /** Writes the reversal of every transfer of the generation and clears the bets' results. */
  async function reverseGeneration(tx: Tx, market: q.MarketRow, generation: number) {
    const marketId = market.marketId;
    const kind = app.kinds.of(market.marketKind);
    // Wallets first, in user-id order (the bettors' and their uplines'), then the house rows: the
    // lock order of every money path.
    const bettors = await kind.usersWithBets(tx, marketId);
    const chains = await shares.pinnedChains(tx, marketId, bettors);
    await cashAccounts(tx, [...new Set([...bettors, ...shares.uplinesOf(chains)])]);
    const done = await q.generationTransfers(tx, marketId, generation);
    for (const t of done) {
      await app.wallet.transfer(tx, {
        debitAccountId: t.creditAccountId,
        creditAccountId: t.debitAccountId,
        amountPaise: t.amountPaise,
        kind: REVERSAL_KIND,
        memo: t.kind,
        idempotencyKey: t.idempotencyKey.replace(q.settleKeyPrefix(marketId), q.reverseKeyPrefix(marketId)),
        marketId,
      });
    }
    await kind.clearResults(tx, marketId);
    await clearRunnerResults(tx, marketId);
  }

  /**
   * Stores every user's exposure in the unsettled market as its kind recomputes it from the bets
   * that are not void (after a void, or an unsettle), in the caller's transaction on the locked
   * market: a hold that no bet justifies any more goes to 0. Returns the users whose hold changed.
   */
  async function refreshHolds(tx: Tx, market: q.MarketRow): Promise<Set<number>> {
    const kind = app.kinds.of(market.marketKind);
    const recomputed = await kind.recomputeHolds(tx, [market.marketId]);
    const stored = await app.wallet.holds.onMarkets(tx, [market.marketId]);
    const before = new Map(stored.map((h) => [h.userId, h.exposurePaise]));
    const holds = new Map(stored.map((h) => [h.userId, 0]));
    for (const [k, paise] of recomputed) holds.set(Number(k.split(':')[0]), paise);
    const changed = new Map([...holds].filter(([userId, paise]) => before.get(userId) !== paise));
    await app.wallet.holds.set(tx, market.marketId, changed, now());
    return new Set(changed.keys());
  }

  /**
   * A void was just recorded: a settled market is settled again on the new facts; an unsettled one
   * has its waiting bets that are now void taken off (the kind's onVoided) and every hold
   * recomputed, in the same transaction, so no hold stays below what the bets now risk.
   */
  async function applyVoid(tx: Tx, market: q.MarketRow, by: Actor): Promise<Set<number>> {
    const row = await q.settlementOf(tx, market.marketId);
    if (row?.state === 'SETTLED') return resettleIfSettled(tx, market, by);
    await app.kinds.of(market.marketKind).onVoided?.(tx, market.marketId);
    return refreshHolds(tx, market);
  }

  /** Refuses (rolling back) when a change would leave any of these users' available balance below zero. */
  async function assertAvailable(tx: Tx, userIds: Iterable<number>) {
    const ids = [...userIds];
    if (ids.length === 0) return;
    const rows = await tx
      .select({
        userName: users.userName,
        balancePaise: ledgerAccounts.balancePaise,
        // Holds and reservations (bets on their way to a batch): what the balance must cover.
        exposurePaise: app.wallet.committedExpr(ledgerAccounts.userId),
      })
      .from(ledgerAccounts)
      .innerJoin(users, eq(users.userId, ledgerAccounts.userId))
      .where(and(inArray(ledgerAccounts.userId, ids), eq(ledgerAccounts.kind, 'user_cash')));
    const short = rows.filter((r) => r.balancePaise - Number(r.exposurePaise) < 0);
    if (short.length > 0) {
      throw new SettlementRefusal(
        `Refused: it would leave ${short
          .map((r) => `${r.userName} ₹${((r.balancePaise - Number(r.exposurePaise)) / 100).toFixed(2)}`)
          .join(', ')} below zero available; deposit or adjust first`,
      );
    }
  }

  async function view(tx: Executor, marketId: number): Promise<SettlementView> {
    const market = await mustMarket(tx, marketId);
    const row = await q.settlementOf(tx, marketId);
    const voids = await q.voidsOf(tx, marketId);
    const counts = await app.kinds.of(market.marketKind).settledCounts(tx, marketId);
    const result = row?.result ?? null;
    const settled = row?.state === 'SETTLED';
    const moved = settled ? await q.generationTransfers(tx, marketId, row.generation) : [];
    const accountUsers = new Map<number, number>();
    if (moved.length > 0) {
      // Only the accounts these transfers name (this runs while the market is locked).
      const named = [...new Set(moved.flatMap((t) => [t.creditAccountId, t.debitAccountId]))];
      const accs = await tx
        .select({ accountId: ledgerAccounts.accountId, userId: ledgerAccounts.userId })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.kind, 'user_cash'), inArray(ledgerAccounts.accountId, named)));
      for (const a of accs) accountUsers.set(a.accountId, a.userId!);
    }
    const movements = moved.map((t) => {
      const credited = accountUsers.get(t.creditAccountId);
      const userId = credited ?? accountUsers.get(t.debitAccountId)!;
      const kind = (Object.entries(TRANSFER_KIND).find(([, v]) => v === t.kind)?.[0] ??
        'MARKET_WIN') as SettlementMovement['kind'];
      return {
        user_id: userId,
        kind,
        user_delta_paise: credited !== undefined ? t.amountPaise : -t.amountPaise,
      };
    });
    const commission = movements
      .filter((m) => m.kind === 'COMMISSION')
      .reduce((s, m) => s - m.user_delta_paise, 0);
    return {
      market_id: marketId,
      state: row ? row.state : 'OPEN',
      generation: row?.generation ?? 0,
      winners: result && 'winners' in result ? result.winners : [],
      result_value: result && 'value' in result ? result.value : null,
      dead_heat_count:
        result && 'winners' in result ? result.dead_heat_count : (result?.dead_heat_count ?? 1),
      void_market: row?.voidMarket ?? false,
      void_selections: voids.filter((v) => v.kind === 'SELECTION').map((v) => v.selectionId!),
      void_windows: voids.filter((v) => v.kind === 'WINDOW').map((v) => ({ from: v.fromAt!, to: v.toAt! })),
      void_bets: voids.filter((v) => v.kind === 'BET').map((v) => v.betId!),
      removals: voids
        .filter((v) => v.kind === 'SELECTION')
        .map((v) => ({ selection_id: v.selectionId!, reduction_bp: v.reductionBp })),
      bets_settled: counts.settled,
      bets_void: counts.voided,
      commission_paise: commission,
      house_paise: -movements.reduce((s, m) => s + m.user_delta_paise, 0),
      movements,
    };
  }

  function publish(marketId: number, touched: Iterable<number>) {
    app.bus.publish('market', { market_id: marketId });
    for (const user_id of touched) app.bus.publish('user', { user_id, market_id: marketId });
  }

  /** Re-settles a settled market from its current facts: reverses generation g, applies g + 1. */
  async function resettleIfSettled(
    tx: Tx,
    market: q.MarketRow,
    by: Actor,
    change: Partial<q.SettlementRow> = {},
  ) {
    const row = await q.settlementOf(tx, market.marketId);
    if (!row || row.state !== 'SETTLED') return new Set<number>();
    await reverseGeneration(tx, market, row.generation);
    const next: q.SettlementRow = {
      ...row,
      ...change,
      generation: row.generation + 1,
      settledAt: now(),
      settledBy: by,
      updatedAt: now(),
    };
    await recordSettlement(tx, market.marketId, next);
    // A void is a fact: it applies even when it leaves a bettor owing (docs/settlement.md).
    return applyGeneration(tx, market, next, next.generation);
  }

  async function inMarketTx<T>(
    marketId: number,
    fn: (tx: Tx, market: q.MarketRow) => Promise<{ value: T; touched: Set<number> }>,
  ) {
    let touched = new Set<number>();
    const value = await db.transaction(async (tx) => {
      const market = await q.lockMarket(tx, marketId);
      if (!market) throw new SettlementRefusal(`Unknown market ${marketId}`);
      const r = await fn(tx, market);
      touched = r.touched;
      return r.value;
    });
    publish(marketId, touched);
    return value;
  }

  /**
   * Runs `fn` on the locked market once it is CLOSED: closes it first through its kind (the
   * exchange lapses its unmatched bets, which cannot be rolled back), then checks the status again
   * under the lock, since a status call may have reopened it in between (a settled market can
   * never be OPEN). Bounded: a market reopened CLOSE_ATTEMPTS_MAX times in a row is refused.
   */
  async function inClosedMarketTx<T>(
    marketId: number,
    fn: (tx: Tx, market: q.MarketRow) => Promise<{ value: T; touched: Set<number> }>,
  ): Promise<T> {
    for (let attempt = 0; attempt < CLOSE_ATTEMPTS_MAX; attempt++) {
      await closeForSettlement(marketId);
      const done = await inMarketTx(marketId, async (tx, locked) => {
        if (locked.status !== 'CLOSED') return { value: null, touched: new Set<number>() };
        const r = await fn(tx, locked);
        return { value: { value: r.value }, touched: r.touched };
      });
      if (done) return done.value;
    }
    throw new SettlementRefusal('The market was reopened while it was being settled; try again');
  }

  /** Settles a market on a declared result: closes it, then settles it under its lock. */
  async function settleOn(by: Actor, market: q.MarketRow, result: NonNullable<q.SettlementRow['result']>) {
    const marketId = market.marketId;
    return inClosedMarketTx(marketId, async (tx, locked) => {
      const row = await q.settlementOf(tx, marketId);
      if (row?.state === 'SETTLED') {
        throw new SettlementRefusal('Market is already settled; unsettle it first to settle it again');
      }
      // Checked again under the lock: a runner voided since the call was checked cannot win.
      if ('winners' in result) {
        const removed = (await q.runnersOf(tx, marketId)).filter(
          (r) => r.status === 'REMOVED' && result.winners.includes(r.selectionId),
        );
        if (removed.length > 0) throw new SettlementRefusal(`${removed[0]!.name} was removed and cannot win`);
      }
      const next: q.SettlementRow = {
        marketId,
        state: 'SETTLED',
        generation: (row?.generation ?? 0) + 1,
        result,
        voidMarket: false,
        voidReason: null,
        settledAt: now(),
        settledBy: by,
        updatedAt: now(),
      };
      await recordSettlement(tx, marketId, next);
      // Never refused for a bettor's shortfall: the holds follow every void, so a loss above the
      // balance is a debt the ledger shows (docs/settlement.md "A bettor who owes").
      const touched = await applyGeneration(tx, locked, next, next.generation);
      return { value: await view(tx, marketId), touched };
    });
  }

  /**
   * The runner void with its reduction factor, under the market lock: the SELECTION void (with
   * reduction_bp), the runner REMOVED, the version moved (a bet sent on the old one is refused),
   * then the kind's `runnerRemoved` (the reduction, where reductionBp > 0), then `applyVoid` (the
   * void bets' resting rest cancelled and every hold recomputed; a settled market settled again).
   */
  function removeRunnerIn(
    by: Actor,
    marketId: number,
    selectionId: number,
    reductionBp: number,
    reason: string | null = null,
  ) {
    return inMarketTx(marketId, (tx, locked) =>
      removeRunnerLocked(tx, locked, by, selectionId, reductionBp, reason),
    );
  }

  /** The body of `removeRunnerIn`, in the caller's transaction on the market it has locked. */
  async function removeRunnerLocked(
    tx: Tx,
    locked: q.MarketRow,
    by: Actor,
    selectionId: number,
    reductionBp: number,
    /** The operator's words, shown to bettors beside "Void". */
    reason: string | null = null,
  ): Promise<{ value: SettlementView; touched: Set<number> }> {
    const marketId = locked.marketId;
    const runnerRows = await q.runnersOf(tx, marketId);
    const runner = runnerRows.find((r) => r.selectionId === selectionId);
    if (!runner) {
      throw new SettlementRefusal(`Selection ${selectionId} is not a runner of market ${marketId}`);
    }
    const kind = app.kinds.of(locked.marketKind);
    const already = (await q.voidsOf(tx, marketId)).find(
      (v) => v.kind === 'SELECTION' && v.selectionId === selectionId,
    );
    if (already) {
      // A plain runner void of a removed runner changes nothing; a removal repeats only as it was.
      if (reductionBp > 0 && already.reductionBp !== reductionBp) {
        throw new SettlementRefusal(
          `${runner.name} was already removed with a reduction factor of ${already.reductionBp / 100} %`,
        );
      }
      return { value: await view(tx, marketId), touched: new Set<number>() };
    }
    if (reductionBp > 0 && !kind.runnerRemoved) {
      throw new SettlementRefusal(
        `Market ${marketId} takes no reduction factor: void the runner (reduction_factor 0) instead`,
      );
    }
    const live = runnerRows.filter((r) => r.status !== 'REMOVED' && r.selectionId !== selectionId);
    if (live.length === 0) {
      throw new SettlementRefusal('That is the last runner left: void the whole market instead');
    }
    const at = now();
    await recordVoids(tx, [
      {
        marketId,
        kind: 'SELECTION',
        selectionId,
        reductionBp,
        marketVersion: locked.version + 1,
        reason,
        createdBy: by,
        createdAt: at,
      },
    ]);
    // The runner takes no more bets; bettors see the market moved on.
    await removeRunner(tx, marketId, selectionId);
    // The kind decides what the reduction does to the bets on the other runners.
    if (reductionBp > 0) await kind.runnerRemoved!(tx, locked, selectionId, reductionBp, at);
    const touched = await applyVoid(tx, locked, by);
    // A reduction moved the positions (and bets) of bettors whose holds may not have changed.
    if (reductionBp > 0) for (const u of await kind.usersWithBets(tx, marketId)) touched.add(u);
    return { value: await view(tx, marketId), touched };
  }

  const checkReduction = (reductionBp: number) => {
    if (!Number.isSafeInteger(reductionBp) || reductionBp < 0 || reductionBp > 10_000)
      throw new SettlementRefusal('reduction_factor must be 0 to 100 percent');
  };

  return {
    view: (marketId: number) => view(db, marketId),

    /**
     * Settles a market in the caller's transaction, whose market row the caller has locked FOR
     * UPDATE and closed: for a kind whose own state change must commit with the money or not at
     * all (a casino round's RESULT or VOID). The kind's `settle` reads the result from its own
     * rows (written before this call); `voidMarket` voids every bet. Refused (SettlementRefusal)
     * when the market is settled already. Returns the users whose money or bets changed; the
     * caller publishes them after its commit.
     */
    async settleLocked(tx: Tx, market: q.MarketRow, by: Actor, voidMarket: boolean): Promise<Set<number>> {
      const row = await q.settlementOf(tx, market.marketId);
      if (row?.state === 'SETTLED') throw new SettlementRefusal('Market is already settled');
      const next: q.SettlementRow = {
        marketId: market.marketId,
        state: 'SETTLED',
        generation: (row?.generation ?? 0) + 1,
        result: null,
        voidMarket,
        voidReason: null,
        settledAt: now(),
        settledBy: by,
        updatedAt: now(),
      };
      await recordSettlement(tx, market.marketId, next);
      return applyGeneration(tx, market, next, next.generation);
    },

    /** Declares the winners and settles: closes the market, moves the money, marks every bet. */
    declareResult(
      by: Actor,
      marketId: number,
      result: {
        winners: number[];
        dead_heat_count?: number;
        dead_heats?: { selection_ids: number[]; places: number }[];
      },
    ) {
      return run(async () => {
        const market = await mustMarket(db, marketId);
        const existing = await q.settlementOf(db, marketId);
        if (existing?.state === 'SETTLED') {
          throw new SettlementRefusal('Market is already settled; unsettle it first to settle it again');
        }
        const runnerRows = await q.runnersOf(db, marketId);
        for (const w of result.winners) {
          const r = runnerRows.find((x) => x.selectionId === w);
          if (!r) throw new SettlementRefusal(`Selection ${w} is not a runner of market ${marketId}`);
          if (r.status === 'REMOVED') throw new SettlementRefusal(`${r.name} was removed and cannot win`);
        }
        if (new Set(result.winners).size !== result.winners.length) {
          throw new SettlementRefusal('A winner is listed twice');
        }
        const deadHeats = result.dead_heats ?? [];
        for (const g of deadHeats) {
          for (const id of g.selection_ids) {
            if (!result.winners.includes(id))
              throw new SettlementRefusal(`Dead-heat selection ${id} is not among the winners`);
          }
        }
        const declared: DeclaredWinners = {
          winners: [...result.winners],
          dead_heat_count: result.dead_heat_count ?? 1,
          ...(deadHeats.length > 0 ? { dead_heats: deadHeats } : {}),
        };
        // The kind says how many winners its market takes (a place market: every placed runner).
        const kind = app.kinds.of(market.marketKind);
        const running = runnerRows.filter((r) => r.status !== 'REMOVED').length;
        const refusal = kind.checkResult
          ? kind.checkResult(market, declared, running)
          : oneWinnerRefusal(declared);
        if (refusal) throw new SettlementRefusal(refusal);
        return settleOn(by, market, {
          winners: [...result.winners],
          dead_heat_count: declared.dead_heat_count,
          ...(deadHeats.length > 0
            ? {
                dead_heats: deadHeats.map((g) => ({ selection_ids: [...g.selection_ids], places: g.places })),
              }
            : {}),
        });
      });
    },

    /**
     * Declares a line market's (fancy's) value and settles it: how = RESULT, AVERAGE or MIDPOINT;
     * `deadHeatCount` ≥ 2: an event (value 1) shared by that many (the kind settles on rate / k).
     */
    declareValue(
      by: Actor,
      marketId: number,
      value: number,
      how: 'RESULT' | 'AVERAGE' | 'MIDPOINT',
      deadHeatCount = 1,
    ) {
      return run(async () => {
        const market = await mustMarket(db, marketId);
        if (app.kinds.of(market.marketKind).resultBy !== 'VALUE')
          throw new SettlementRefusal(`Market ${marketId} is not a line market`);
        if (!Number.isSafeInteger(value) || value < 0)
          throw new SettlementRefusal('result must be a whole number ≥ 0');
        const existing = await q.settlementOf(db, marketId);
        if (existing?.state === 'SETTLED') {
          throw new SettlementRefusal('Market is already settled; unsettle it first to settle it again');
        }
        if (!Number.isSafeInteger(deadHeatCount) || deadHeatCount < 1)
          throw new SettlementRefusal('dead_heat_count must be a whole number ≥ 1');
        return settleOn(by, market, {
          value,
          how,
          ...(deadHeatCount > 1 ? { dead_heat_count: deadHeatCount } : {}),
        });
      });
    },

    /**
     * Decides and settles a line market (a fancy) in one transaction under its lock: `decide`
     * reads its facts there, after the settled state is checked, so a decision made on an
     * unsettled market's facts (an average, an unfinished match) can never override a result that
     * landed since — it answers ALREADY_SETTLED and changes nothing. A REFUSE decision is refused.
     */
    settleOnDecision(
      by: Actor,
      marketId: number,
      decide: (tx: Tx) => Promise<LineDecision>,
    ): Promise<SettlementOutcome<LineSettled>> {
      return run(async () => {
        const market = await mustMarket(db, marketId);
        if (app.kinds.of(market.marketKind).resultBy !== 'VALUE')
          throw new SettlementRefusal(`Market ${marketId} is not a line market`);
        return inClosedMarketTx<LineSettled>(marketId, async (tx, locked) => {
          const row = await q.settlementOf(tx, marketId);
          if (row?.state === 'SETTLED') {
            const settled: LineSettled = { decision: 'ALREADY_SETTLED', view: await view(tx, marketId) };
            return { value: settled, touched: new Set<number>() };
          }
          const d = await decide(tx);
          if (d.kind === 'REFUSE') throw new SettlementRefusal(d.message);
          if (d.kind === 'VALUE' && (!Number.isSafeInteger(d.value) || d.value < 0))
            throw new SettlementRefusal('result must be a whole number ≥ 0');
          const next: q.SettlementRow = {
            marketId,
            state: 'SETTLED',
            generation: (row?.generation ?? 0) + 1,
            result: d.kind === 'VOID' ? null : { value: d.value, how: d.how },
            voidMarket: d.kind === 'VOID',
            voidReason: null,
            settledAt: now(),
            settledBy: by,
            updatedAt: now(),
          };
          await recordSettlement(tx, marketId, next);
          const touched = await applyGeneration(tx, locked, next, next.generation);
          return { value: { decision: d, view: await view(tx, marketId) }, touched };
        });
      });
    },

    /**
     * Voids the whole market (every bet void, no money moves) or one runner's bets. A void of a
     * settled market settles it again as void, unless `unlessSettled` (a void decided on the facts
     * of an unsettled market — an average, an unfinished match — is refused once, under the lock,
     * the market turns out settled: it never flips a declared result).
     */
    voidMarket(
      by: Actor,
      marketId: number,
      selectionId?: number,
      /** `reason`: the operator's words, shown to bettors beside "Void" (null: none). */
      opts: { unlessSettled?: boolean; reason?: string | null } = {},
    ) {
      const reason = opts.reason ?? null;
      return run(async () => {
        await mustMarket(db, marketId);
        if (selectionId === undefined) {
          return inClosedMarketTx(marketId, async (tx, locked) => {
            const row = await q.settlementOf(tx, marketId);
            if (row?.state === 'SETTLED' && opts.unlessSettled) {
              throw new SettlementRefusal('Market is already settled; unsettle it first to settle it again');
            }
            if (row?.state === 'SETTLED' && row.voidMarket) {
              return { value: await view(tx, marketId), touched: new Set<number>() };
            }
            if (row?.state === 'SETTLED') {
              const touched = await resettleIfSettled(tx, locked, by, {
                voidMarket: true,
                voidReason: reason,
                result: null,
              });
              return { value: await view(tx, marketId), touched };
            }
            const next: q.SettlementRow = {
              marketId,
              state: 'SETTLED',
              generation: (row?.generation ?? 0) + 1,
              result: null,
              voidMarket: true,
              voidReason: reason,
              settledAt: now(),
              settledBy: by,
              updatedAt: now(),
            };
            await recordSettlement(tx, marketId, next);
            const touched = await applyGeneration(tx, locked, next, next.generation);
            return { value: await view(tx, marketId), touched };
          });
        }
        return removeRunnerIn(by, marketId, selectionId, 0, reason);
      });
    },

    /**
     * Removes a runner (a horse racing non-runner) with its reduction factor (basis points): its
     * bets void as a runner void's, and the kind reduces the bets on the other runners (docs/
     * settlement.md "Non-runners"). One transaction under the market lock; a repeat with the same
     * factor changes nothing.
     */
    removeRunner(by: Actor, marketId: number, selectionId: number, reductionBp: number) {
      return run(async () => {
        checkReduction(reductionBp);
        await mustMarket(db, marketId);
        return removeRunnerIn(by, marketId, selectionId, reductionBp);
      });
    },

    /**
     * `removeRunner` in the caller's transaction: locks the market (after whatever the caller has
     * locked: racing's race row), removes the runner, and publishes once the transaction commits.
     * A refusal is thrown (SettlementRefusal) and rolls the caller's transaction back, so the
     * caller's own change (the race card's non-runner) commits with the removal or not at all.
     */
    async removeRunnerInTx(
      tx: Tx,
      by: Actor,
      marketId: number,
      selectionId: number,
      reductionBp: number,
    ): Promise<SettlementView> {
      checkReduction(reductionBp);
      const locked = await q.lockMarket(tx, marketId);
      if (!locked) throw new SettlementRefusal(`Unknown market ${marketId}`);
      const r = await removeRunnerLocked(tx, locked, by, selectionId, reductionBp);
      afterCommit(tx, () => publish(marketId, r.touched));
      return r.value;
    },

    /** Voids the bets placed in [from, to] ("wrong rate"); applied now if settled, else at settlement. */
    voidWindow(by: Actor, marketId: number, from: Date, to: Date, reason: string | null = null) {
      return run(async () => {
        if (from.getTime() > to.getTime()) throw new SettlementRefusal('from must not be after to');
        return inMarketTx(marketId, async (tx, locked) => {
          // A window voids bets already placed: one reaching into the future ends now, so a bet
          // placed after the void is never void while every position counts it.
          const end = new Date(Math.min(to.getTime(), now().getTime()));
          if (from.getTime() > end.getTime()) throw new SettlementRefusal('from must not be in the future');
          const already = (await q.voidsOf(tx, marketId)).some(
            (v) =>
              v.kind === 'WINDOW' &&
              v.fromAt!.getTime() === from.getTime() &&
              (v.toAt!.getTime() === end.getTime() || v.toAt!.getTime() === to.getTime()),
          );
          if (already) return { value: await view(tx, marketId), touched: new Set<number>() };
          await recordVoids(tx, [
            { marketId, kind: 'WINDOW', fromAt: from, toAt: end, reason, createdBy: by, createdAt: now() },
          ]);
          const touched = await applyVoid(tx, locked, by);
          return { value: await view(tx, marketId), touched };
        });
      });
    },

    /**
     * Voids named bets of an exchange (match-odds) market whatever their result (a management
     * decision: a deleted bet, the other side of a conduct void); applied now if settled, else at
     * settlement. Their unmatched rest is cancelled. House-quoted kinds void a whole fancy or
     * market instead.
     */
    voidBets(by: Actor, marketId: number, betIds: readonly number[], reason: string | null = null) {
      return run(async () => {
        const market = await mustMarket(db, marketId);
        const kind = app.kinds.of(market.marketKind);
        if (!kind.betsNamed) {
          throw new SettlementRefusal('Single bets are voided on exchange (match odds) markets only');
        }
        const wanted = [...new Set(betIds)];
        const found = await kind.betsNamed(db, marketId, wanted);
        const missing = wanted.filter((id) => !found.some((b) => b.betId === id));
        if (missing.length > 0) {
          throw new SettlementRefusal(`Not bets of market ${marketId}: ${missing.slice(0, 10).join(', ')}`);
        }
        // A voided bet takes no further part: what rests of it is cancelled in the same
        // transaction, under the market lock (the kind's onVoided, through applyVoid).
        return inMarketTx(marketId, async (tx, locked) => {
          const already = new Set(
            (await q.voidsOf(tx, marketId)).filter((v) => v.kind === 'BET').map((v) => v.betId!),
          );
          const fresh = wanted.filter((id) => !already.has(id));
          if (fresh.length === 0) return { value: await view(tx, marketId), touched: new Set<number>() };
          await recordVoids(
            tx,
            fresh.map((betId) => ({
              marketId,
              kind: 'BET' as const,
              betId,
              reason,
              createdBy: by,
              createdAt: now(),
            })),
          );
          const touched = await applyVoid(tx, locked, by);
          for (const b of found) touched.add(b.userId);
          return { value: await view(tx, marketId), touched };
        });
      });
    },

    /** Reverses the current settlement so the market can be settled again; exposure comes back. */
    unsettle(by: Actor, marketId: number) {
      return run(async () =>
        inMarketTx(marketId, async (tx, locked) => {
          const row = await q.settlementOf(tx, marketId);
          if (row?.state !== 'SETTLED') throw new SettlementRefusal('Market is not settled');
          const refusal = app.kinds.of(locked.marketKind).unsettleRefusal;
          if (refusal) throw new SettlementRefusal(refusal);
          await reverseGeneration(tx, locked, row.generation);
          await refreshHolds(tx, locked);
          await recordSettlement(tx, marketId, {
            state: 'UNSETTLED',
            generation: row.generation,
            result: null,
            voidMarket: false,
            voidReason: null,
            settledAt: row.settledAt,
            settledBy: by,
            updatedAt: now(),
          });
          const touched = new Set(await app.kinds.of(locked.marketKind).usersWithBets(tx, marketId));
          await assertAvailable(tx, touched);
          return { value: await view(tx, marketId), touched };
        }),
      );
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
