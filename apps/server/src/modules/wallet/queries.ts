import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/store.ts';
import { ledgerAccounts, transfers } from './schema.ts';
import { balancesChanged } from './changes.ts';

export async function insertUserAccount(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx
    .insert(ledgerAccounts)
    .values({ kind: 'user_cash', userId })
    .returning({ accountId: ledgerAccounts.accountId });
  return row!.accountId;
}

export async function ensureHouseAccount(tx: Executor, code: string): Promise<number> {
  await tx.insert(ledgerAccounts).values({ kind: 'house', code }).onConflictDoNothing();
  const [row] = await tx
    .select({ accountId: ledgerAccounts.accountId })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code));
  return row!.accountId;
}

export async function userAccount(tx: Executor, userId: number) {
  const [row] = await tx
    .select({ accountId: ledgerAccounts.accountId, balancePaise: ledgerAccounts.balancePaise })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'user_cash')));
  return row ?? null;
}

export type TransferInput = {
  debitAccountId: number;
  creditAccountId: number;
  amountPaise: number;
  kind: string;
  idempotencyKey: string;
  memo?: string;
  /** The market a settlement transfer belongs to. */
  marketId?: number;
};

/** An idempotency key already taken by a different transfer: the caller's request_id was reused. */
export class IdempotencyKeyReused extends Error {
  constructor(readonly key: string) {
    super(`idempotency key ${key} was already used for a different transfer`);
  }
}

/**
 * Inserts a transfer and moves both cached balances in the same statement set. Idempotent on
 * the key: repeating the same transfer returns the first one; reusing a key for a different
 * transfer throws. The users whose balance moved are noted as changed (changes.ts).
 */
export async function insertTransfer(tx: Executor, t: TransferInput) {
  if (!Number.isSafeInteger(t.amountPaise) || t.amountPaise <= 0) {
    throw new Error(`transfer amount must be a positive whole number of paise, got ${t.amountPaise}`);
  }
  if (t.debitAccountId === t.creditAccountId) throw new Error('transfer needs two different accounts');
  const [inserted] = await tx
    .insert(transfers)
    .values({ ...t, memo: t.memo ?? null, marketId: t.marketId ?? null })
    .onConflictDoNothing({ target: transfers.idempotencyKey })
    .returning({ transferId: transfers.transferId });
  if (!inserted) {
    const [existing] = await tx
      .select()
      .from(transfers)
      .where(eq(transfers.idempotencyKey, t.idempotencyKey));
    if (
      !existing ||
      existing.debitAccountId !== t.debitAccountId ||
      existing.creditAccountId !== t.creditAccountId ||
      existing.amountPaise !== t.amountPaise
    ) {
      throw new IdempotencyKeyReused(t.idempotencyKey);
    }
    return { transferId: existing.transferId, repeated: true };
  }
  const moved = await tx
    .update(ledgerAccounts)
    .set({
      balancePaise: sql`${ledgerAccounts.balancePaise} + case when ${ledgerAccounts.accountId} = ${t.creditAccountId} then ${t.amountPaise}::bigint else -${t.amountPaise}::bigint end`,
    })
    .where(sql`${ledgerAccounts.accountId} in (${t.debitAccountId}, ${t.creditAccountId})`)
    .returning({ userId: ledgerAccounts.userId });
  balancesChanged(
    tx,
    moved.map((r) => r.userId),
  );
  return { transferId: inserted.transferId, repeated: false };
}

/** Every account with its cached balance and the balance recomputed from its transfers. */
export async function auditAccounts(tx: Executor) {
  const sumOf = (column: typeof transfers.creditAccountId | typeof transfers.debitAccountId) =>
    tx
      .select({ accountId: column, total: sql<string>`sum(${transfers.amountPaise})::text` })
      .from(transfers)
      .groupBy(column);
  // One statement at a time: the caller's transaction is one connection.
  const accounts = await tx
    .select({ accountId: ledgerAccounts.accountId, cachedPaise: ledgerAccounts.balancePaise })
    .from(ledgerAccounts)
    .orderBy(ledgerAccounts.accountId);
  const credits = await sumOf(transfers.creditAccountId);
  const debits = await sumOf(transfers.debitAccountId);
  const credited = new Map(credits.map((r) => [r.accountId, Number(r.total)]));
  const debited = new Map(debits.map((r) => [r.accountId, Number(r.total)]));
  return accounts.map((a) => ({
    ...a,
    computedPaise: (credited.get(a.accountId) ?? 0) - (debited.get(a.accountId) ?? 0),
  }));
}

export async function transferByKey(tx: Executor, idempotencyKey: string) {
  const [row] = await tx.select().from(transfers).where(eq(transfers.idempotencyKey, idempotencyKey));
  return row ?? null;
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
