import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  bets,
  fills,
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

const backBet = alias(bets, 'back_bet');
const layBet = alias(bets, 'lay_bet');

/** Every fill of a market with the placing time of both of its bets. */
export async function fillsWithBets(tx: Executor, marketId: number) {
  return tx
    .select({
      fillId: fills.fillId,
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
    .where(eq(fills.marketId, marketId))
    .orderBy(asc(fills.fillId));
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

/** Counts of a market's settled bets by result. */
export async function settledCounts(tx: Executor, marketId: number) {
  const rows = await tx
    .select({ result: bets.result, n: sql<string>`count(*)::text` })
    .from(bets)
    .where(and(eq(bets.marketId, marketId), sql`${bets.result} is not null`))
    .groupBy(bets.result);
  let settled = 0;
  let voided = 0;
  for (const r of rows) {
    if (r.result === 'VOID') voided += Number(r.n);
    else settled += Number(r.n);
  }
  return { settled, voided };
}

/** Users with stored exposure or bets in a market. */
export async function usersWithBets(tx: Executor, marketId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ userId: bets.userId })
    .from(bets)
    .where(eq(bets.marketId, marketId))
    .orderBy(asc(bets.userId));
  return rows.map((r) => r.userId);
}

/** Unmatched remainders still on a market's book, per selection (for a runner void). */
export async function restingBetsOn(tx: Executor, marketId: number, selectionId: number) {
  return tx
    .select({ betId: bets.betId, userId: bets.userId })
    .from(bets)
    .where(
      and(eq(bets.marketId, marketId), eq(bets.selectionId, selectionId), sql`${bets.remainingPaise} > 0`),
    );
}
