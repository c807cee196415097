// Exposure reservations (docs/decisions.md, "The bet's money in its round"): rows a node of the
// previous version wrote — a bet's worst case taken off its user's available balance in a short
// transaction before its market's batch, which deleted it as it wrote the hold. A node of this
// version writes none: a bet's round grants its money under the wallet lock in the round's own
// transaction (service.ts `grant`). Until no node of the previous version can run (a rolling
// upgrade), every available balance still subtracts the rows left, the ledger check lists them and
// the leader's sweep deletes those older than RESERVATION_TIMEOUT_MS (their node died, or its
// batch refuses the bet once it finds its row gone). A later migration drops the table.
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

/**
 * Deletes every reservation older than `olderThanMs` by the database's clock (the sweep; safe on
 * any node, any number of times: a previous version's batch still running takes its reservations
 * by deleting them, so exactly one of the two gets each). Both ends of the comparison are the
 * database's now(): a node whose clock is off can neither release a live reservation early nor
 * keep a dead one late.
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
