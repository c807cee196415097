// Exposure reservations (docs/decisions.md, "Exposure reservations"): a bet's worst case taken off
// its user's available balance by a short transaction under the user's wallet lock, before its
// market's batch; the batch, which takes no wallet lock, deletes the reservation in its own
// transaction as it writes the market's hold (so the hold replaces the reservation and the unused
// part is released), and may raise the user's hold by no more than what it deleted. A node that
// dies in between leaves reservations that `sweep` deletes once older than RESERVATION_TIMEOUT_MS.
// A batch that finds its reservation swept refuses the bet: deleting is the one way both sides
// take a reservation, so a swept one can never be spent too.
// The wallet owns the table; the reserving transaction is the wallet's (service.ts, `reserve`).
import { sql, type SQLWrapper } from 'drizzle-orm';
import { exposureReservations } from './schema.ts';
import type { Executor } from '../../db/store.ts';

/** A reservation older than this is released by the sweep (its node died, or is far behind). */
export const RESERVATION_TIMEOUT_MS = 60_000;
/** How often the leader sweeps. */
export const RESERVATION_SWEEP_MS = 10_000;

/** Σ reservations of a user as an SQL expression (paise as text), read in the caller's statement. */
export function totalExpr(userId: SQLWrapper | number) {
  return sql<string>`(select coalesce(sum(r.amount_paise), 0)::text from ${exposureReservations} r where r.user_id = ${userId})`;
}

function idArray(ids: readonly number[]): string {
  for (const id of ids)
    if (!Number.isSafeInteger(id)) throw new Error(`reservation id ${id} is not an integer`);
  return `{${ids.join(',')}}`;
}

/**
 * A common table expression that deletes the reservations `ids` and returns the ones it found
 * (reservation_id, amount_paise): what a batch converts, inside its own statement. A reservation
 * the sweep got first is missing from it.
 */
export function takeCte(name: string, ids: readonly number[]) {
  return sql`${sql.identifier(name)} as (delete from ${exposureReservations}
    where reservation_id = any(${idArray(ids)}::bigint[]) returning reservation_id, amount_paise)`;
}

/** Deletes reservations (a bet that never reached its batch, or whose batch failed). */
export async function release(tx: Executor, ids: readonly number[]) {
  if (ids.length === 0) return;
  await tx.execute(
    sql`delete from ${exposureReservations} where reservation_id = any(${idArray(ids)}::bigint[])`,
  );
}

/**
 * Deletes every reservation older than `olderThanMs` by the database's clock (the sweep; safe on
 * any node, any number of times: a batch still running takes its reservations by deleting them, so
 * exactly one of the two gets each). Both ends of the comparison are the database's now(): a node
 * whose clock is off can neither release a live reservation early nor keep a dead one late.
 * Returns how many and how much.
 */
export async function sweep(tx: Executor, olderThanMs: number) {
  if (!Number.isSafeInteger(olderThanMs) || olderThanMs < 0)
    throw new Error(`sweep age must be whole ms ≥ 0, got ${olderThanMs}`);
  // SKIP LOCKED: a reservation a batch is deleting right now is that batch's (it commits, or it
  // rolls back and the next sweep takes it); waiting for it could deadlock with the batch.
  const res = await tx.execute(sql`delete from ${exposureReservations} where reservation_id in (
      select reservation_id from ${exposureReservations}
        where created_at <= now() - ${olderThanMs} * interval '1 millisecond'
      for update skip locked)
    returning user_id, amount_paise::text as amount_paise`);
  const rows = (res as unknown as { rows: { user_id: number; amount_paise: string }[] }).rows;
  return {
    count: rows.length,
    paise: rows.reduce((s, r) => s + Number(r.amount_paise), 0),
    users: [...new Set(rows.map((r) => Number(r.user_id)))],
  };
}

/** Every reservation (the ledger check). */
export function all(tx: Executor) {
  return tx.select().from(exposureReservations);
}
