import { and, asc, eq, like, sql, type SQL } from 'drizzle-orm';
import { marketSettlements, marketVoids, markets, runners } from '../markets/schema.ts';
import { transfers } from '../wallet/schema.ts';
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

// A share transfer's key (service.ts applyGeneration): `settle/{market}/{bettor}/SHARE/{upline}/g{n}`,
// its reversal `unsettle/…` the same. The reports of the tree (hierarchy/downline-pl.ts) read whose
// result a share was of from it: the ledger holds nothing else that says so.
const keyPart = (key: SQL, n: number) =>
  sql`(case when split_part(${key}, '/', ${sql.raw(String(n))}) ~ '^[0-9]{1,9}$' then split_part(${key}, '/', ${sql.raw(String(n))})::int end)`;
/** SQL: the bettor whose result a share transfer split (null for any other key). */
export const shareKeyBettor = (key: SQL) => keyPart(key, 3);
/** SQL: the upline a share transfer paid or charged. */
export const shareKeyUpline = (key: SQL) => keyPart(key, 5);
/** SQL: the key is a share transfer's or its reversal's. */
export const isShareKey = (key: SQL) =>
  sql`(${key} like 'settle/%/SHARE/%' or ${key} like 'unsettle/%/SHARE/%')`;

// A game share's key (shares/settle.ts gameShareKey): `share/{round|contest}/{unit id}/{bettor}/{upline}`.
/** SQL: the game unit a share split, as GameUnit.unit (`round/<round_key>`, `contest/<contest_id>`). */
export const gameShareKeyUnit = (key: SQL) =>
  sql`(split_part(${key}, '/', 2) || '/' || split_part(${key}, '/', 3))`;
/** SQL: the bettor whose result a game share split. */
export const gameShareKeyBettor = (key: SQL) => keyPart(key, 4);
/** SQL: the upline a game share paid or charged. */
export const gameShareKeyUpline = (key: SQL) => keyPart(key, 5);
/** SQL: the key is a game share's. */
export const isGameShareKey = (key: SQL) => sql`(${key} like 'share/%')`;
