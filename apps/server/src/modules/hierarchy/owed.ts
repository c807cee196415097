// What a child and its parent owe each other (issue 41, docs/hierarchy.md "Settlement between a
// child and its parent"): one figure, read by the settlement (under its locks), the downline P/L by
// child, and the Users list and user page, so every screen and the move agree to the paisa.
import { sql, type SQL } from 'drizzle-orm';
import { users } from '../account/schema.ts';
import { ledgerAccounts } from '../wallet/schema.ts';
import type { Executor } from '../../db/store.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The owed figure of the account `userId` (an SQL expression naming a user id), paise, bigint:
 * balance + Σ the credit references of its direct children − its own credit reference. What it
 * holds plus what it lent down, against what it was lent: the money a master or an agent lent its
 * children is still its own. > 0 its parent owes it, < 0 it owes its parent. For a bettor (no
 * children) it is balance − credit reference. Moving the account's cash by X moves it by X.
 */
export const owedPaiseSql = (userId: SQL) => sql`(
  coalesce((select oa.balance_paise from ${ledgerAccounts} oa
    where oa.user_id = ${userId} and oa.kind = 'user_cash'), 0)
  + coalesce((select sum(oc.credit_reference_paise) from ${users} oc where oc.parent_id = ${userId}), 0)
  - coalesce((select ou.credit_reference_paise from ${users} ou where ou.user_id = ${userId}), 0)
)::bigint`;

/** The owed figure of `userId` now (paise); inside a transaction after its locks, the locked balance's. */
export async function owedOf(db: Executor, userId: number): Promise<number> {
  const r = await db.execute(sql`select ${owedPaiseSql(sql`${userId}::int`)}::text as owed`);
  return Number(rowsOf<{ owed: string }>(r)[0]!.owed);
}
