// Exposure holds: a user's worst loss per market, of every market kind (the one generic source
// of liability). The wallet owns the table; each kind writes its holds through these functions in
// the transaction that changed them, and the balance check, getUserBalance, My Market, settlement
// and the ledger check read them here. Every write notes its users (changes.ts), so their cached
// balances are dropped on every node once it commits.
import { and, eq, gt, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { transactionOf } from '../../db/commit-hooks.ts';
import { matches, sports } from '../catalog/schema.ts';
import { markets } from '../markets/schema.ts';
import { exposureHolds } from './schema.ts';
import type { Executor } from '../../db/store.ts';
import { balancesChanged } from './changes.ts';

const json = (v: unknown) => JSON.stringify(v);

/** Σ holds of a user as an SQL expression (paise as text), to read in the caller's own statement. */
export function totalExpr(userId: SQLWrapper | number) {
  return sql<string>`(select coalesce(sum(e.exposure_paise), 0)::text from ${exposureHolds} e where e.user_id = ${userId})`;
}

/** Σ holds of a user on every market but `marketId` (text, exact past 2^53). */
export function elsewhereExpr(userId: SQLWrapper | number, marketId: number) {
  return sql<string>`(select coalesce(sum(e.exposure_paise), 0)::text from ${exposureHolds} e
    where e.user_id = ${userId} and e.market_id <> ${marketId})`;
}

/** Σ holds of a user: the liability getUserBalance shows. */
export async function totalPaise(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${exposureHolds.exposurePaise}), 0)::text` })
    .from(exposureHolds)
    .where(eq(exposureHolds.userId, userId));
  return Number(row?.total ?? 0);
}

/** A user's hold on one market (0 when none). */
export async function heldPaise(tx: Executor, userId: number, marketId: number): Promise<number> {
  const [row] = await tx
    .select({ paise: exposureHolds.exposurePaise })
    .from(exposureHolds)
    .where(and(eq(exposureHolds.userId, userId), eq(exposureHolds.marketId, marketId)));
  return row?.paise ?? 0;
}

/** The upsert of several users' holds on one market, as one statement. */
function upsertStatement(marketId: number, holds: ReadonlyMap<number, number>, at: Date | SQL) {
  const rows = [...holds].map(([user_id, exposure_paise]) => ({ user_id, exposure_paise }));
  return sql`insert into ${exposureHolds} (user_id, market_id, exposure_paise, updated_at)
      select x.user_id, ${marketId}::integer, x.exposure_paise, ${at}
        from json_to_recordset(${json(rows)}) as x(user_id integer, exposure_paise bigint)
      on conflict (user_id, market_id) do update
      set exposure_paise = excluded.exposure_paise, updated_at = excluded.updated_at`;
}

/**
 * A common table expression that upserts the holds of several users on one market, for a caller
 * that writes its whole batch in one statement (the exchange's group commit). `tx` is the
 * transaction the statement will run in: its users' balances are noted as changed at its commit.
 */
export function upsertCte(
  tx: Executor,
  name: string,
  marketId: number,
  holds: ReadonlyMap<number, number>,
  at: Date | SQL,
) {
  // Outside a transaction the note would come before the statement has run.
  if (!transactionOf(tx)) throw new Error('holds.upsertCte: run its statement inside a transaction');
  balancesChanged(tx, holds.keys());
  return sql`${sql.identifier(name)} as (${upsertStatement(marketId, holds, at)})`;
}

/**
 * `upsertCte` for the holds of several markets at once (a round of the exchange's batches):
 * `byMarket` maps each market to its users' holds.
 */
export function upsertManyCte(
  tx: Executor,
  name: string,
  byMarket: ReadonlyMap<number, ReadonlyMap<number, number>>,
  at: Date | SQL,
) {
  if (!transactionOf(tx)) throw new Error('holds.upsertManyCte: run its statement inside a transaction');
  const rows = [...byMarket].flatMap(([market_id, holds]) =>
    [...holds].map(([user_id, exposure_paise]) => ({ user_id, market_id, exposure_paise })),
  );
  balancesChanged(
    tx,
    rows.map((r) => r.user_id),
  );
  return sql`${sql.identifier(name)} as (insert into ${exposureHolds} (user_id, market_id, exposure_paise, updated_at)
      select x.user_id, x.market_id, x.exposure_paise, ${at}
        from json_to_recordset(${json(rows)}) as x(user_id integer, market_id integer, exposure_paise bigint)
      on conflict (user_id, market_id) do update
      set exposure_paise = excluded.exposure_paise, updated_at = excluded.updated_at)`;
}

/** Sets the holds of several users on one market (paise ≥ 0 each). */
export async function set(tx: Executor, marketId: number, holds: ReadonlyMap<number, number>, at: Date) {
  for (const paise of holds.values()) {
    if (!Number.isSafeInteger(paise) || paise < 0)
      throw new Error(`hold must be whole paise ≥ 0, got ${paise}`);
  }
  if (holds.size === 0) return;
  await tx.execute(upsertStatement(marketId, holds, at));
  balancesChanged(tx, holds.keys());
}

/** Releases every hold on a market (it was settled: its result moved the money). */
export async function clearMarket(tx: Executor, marketId: number) {
  const released = await tx
    .delete(exposureHolds)
    .where(eq(exposureHolds.marketId, marketId))
    .returning({ userId: exposureHolds.userId });
  balancesChanged(
    tx,
    released.map((r) => r.userId),
  );
}

/**
 * When each of `userIds` first staked on `marketId`: its hold's first write, by the store's clock
 * (absent: no hold). Read before the market's settlement clears its holds.
 */
export async function firstStakeAt(
  tx: Executor,
  marketId: number,
  userIds: readonly number[],
): Promise<Map<number, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ userId: exposureHolds.userId, firstAt: exposureHolds.firstAt })
    .from(exposureHolds)
    .where(and(eq(exposureHolds.marketId, marketId), inArray(exposureHolds.userId, [...userIds])));
  return new Map(rows.map((r) => [r.userId, r.firstAt]));
}

/** Every stored hold (the ledger check compares them with each kind's recomputation). */
export function all(tx: Executor) {
  return tx.select().from(exposureHolds);
}

/** The markets where a user holds exposure, with kind, match and sport (My Market). */
export function detail(tx: Executor, userId: number) {
  return tx
    .select({
      marketId: markets.marketId,
      marketKind: markets.marketKind,
      marketName: markets.marketName,
      matchId: matches.matchId,
      matchName: matches.matchName,
      sportId: sports.sportId,
      sportName: sports.name,
      exposurePaise: exposureHolds.exposurePaise,
    })
    .from(exposureHolds)
    .innerJoin(markets, eq(markets.marketId, exposureHolds.marketId))
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .where(and(eq(exposureHolds.userId, userId), gt(exposureHolds.exposurePaise, 0)))
    .orderBy(matches.startTime, markets.marketId);
}

/** Holds on some markets, by user (settlement's and the kinds' recomputation checks). */
export function onMarkets(tx: Executor, marketIds: readonly number[]) {
  if (marketIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(exposureHolds)
    .where(inArray(exposureHolds.marketId, [...marketIds]));
}
