import { and, asc, eq, inArray, like } from 'drizzle-orm';
import {
  ledgerAccounts,
  marketSettlements,
  marketVoids,
  markets,
  runners,
  transfers,
} from '../../db/schema.ts';
import type { Executor } from '../../db/store.ts';

export type MarketRow = typeof markets.$inferSelect;
export type SettlementRow = typeof marketSettlements.$inferSelect;
export type VoidRow = typeof marketVoids.$inferSelect;

export async function lockMarket(tx: Executor, marketId: number): Promise<MarketRow | null> {
  const [row] = await tx.select().from(markets).where(eq(markets.marketId, marketId)).for('update');
  return row ?? null;
}

export async function settlementOf(tx: Executor, marketId: number): Promise<SettlementRow | null> {
  const [row] = await tx.select().from(marketSettlements).where(eq(marketSettlements.marketId, marketId));
  return row ?? null;
}

export async function voidsOf(tx: Executor, marketId: number): Promise<VoidRow[]> {
  return tx
    .select()
    .from(marketVoids)
    .where(eq(marketVoids.marketId, marketId))
    .orderBy(asc(marketVoids.voidId));
}

export async function runnersOf(tx: Executor, marketId: number) {
  return tx
    .select({ selectionId: runners.selectionId, name: runners.name, status: runners.status })
    .from(runners)
    .where(eq(runners.marketId, marketId))
    .orderBy(asc(runners.sortOrder));
}

/**
 * Cash account ids by user id, their rows locked in user-id order: the order the exchange's
 * batches lock wallets in, so the two never wait on each other in a cycle.
 */
export async function cashAccounts(tx: Executor, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ userId: ledgerAccounts.userId, accountId: ledgerAccounts.accountId })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.userId, userIds), eq(ledgerAccounts.kind, 'user_cash')))
    .orderBy(asc(ledgerAccounts.userId))
    .for('update');
  return new Map(rows.map((r) => [r.userId!, r.accountId]));
}

/** The settlement transfers of one generation of a market (not their reversals). */
export async function generationTransfers(tx: Executor, marketId: number, generation: number) {
  return tx
    .select()
    .from(transfers)
    .where(
      and(
        eq(transfers.marketId, marketId),
        like(transfers.idempotencyKey, `${settleKeyPrefix(marketId)}%/g${generation}`),
      ),
    )
    .orderBy(asc(transfers.transferId));
}

export const settleKeyPrefix = (marketId: number) => `settle/${marketId}/`;
export const reverseKeyPrefix = (marketId: number) => `unsettle/${marketId}/`;
