// Credit down and up the tree (issue 41, docs/hierarchy.md). A master's or an agent's deposit to a
// child comes from its own cash, and a withdrawal from a child goes back to it: one ledger transfer
// between the two accounts (kinds credit_given, credit_returned), never from or to the house, so
// nothing is created. Both cash rows are locked in user-id order (the wallet's lock order), and the
// side that pays must have the amount available (balance − holds − reservations) after the lock.
// The operator's deposits and withdrawals stay the house's (admin/routes.ts, wallet.deposit).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ledgerAccounts, users } from '../../db/schema.ts';
import type { Executor } from '../../db/store.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { IdempotencyKeyReused, transferByKey } from '../wallet/queries.ts';
import { nodeOf } from './tree.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const inr = (paise: number) => `₹${(Math.max(paise, 0) / 100).toFixed(2)}`;

export const CREDIT_GIVEN = 'credit_given';
export const CREDIT_RETURNED = 'credit_returned';

/**
 * Why `caller` may not move money with or set the credit of `child`, in words; null when it may.
 * The child is already in the caller's subtree (the console's scope check). Only accounts below the
 * operator take credit; a master or an agent deals with its direct children only (credit moves one
 * level at a time, each level's statement showing it).
 */
async function childRefusal(db: Executor, caller: AuthUser, childId: number, what: string) {
  const child = await nodeOf(db, childId);
  if (!child) return { refusal: `Unknown user ${childId}` };
  if (child.userId === caller.userId)
    return { refusal: `Not your own account: ${what} are for your downline` };
  if (child.role === 'operator')
    return { refusal: `User ${childId} is an operator account: ${what} are for the tree below it` };
  if (caller.role !== 'operator' && child.parentId !== caller.userId) {
    return {
      refusal: `User ${childId} is not directly under you: ${what} go one level at a time, through its parent`,
    };
  }
  return { child };
}

/** Sets a child's credit reference (paise); null when done, else the refusal. */
export async function setCreditReference(
  db: Executor,
  caller: AuthUser,
  childId: number,
  paise: number,
): Promise<string | null> {
  const r = await childRefusal(db, caller, childId, 'credit references');
  if ('refusal' in r) return r.refusal!;
  await db.execute(sql`update ${users} set credit_reference_paise = ${paise} where user_id = ${childId}`);
  return null;
}

export type CreditOutcome = { ok: true; transferId: number } | { ok: false; message: string };

/**
 * Moves `amountPaise` from a master's or an agent's cash to its child's ('down', a deposit) or
 * back ('up', a withdrawal), in one transaction. Idempotent on `key`.
 */
export async function moveCredit(
  app: FastifyInstance,
  caller: AuthUser,
  childId: number,
  amountPaise: number,
  direction: 'down' | 'up',
  key: string,
  memo?: string,
): Promise<CreditOutcome> {
  const what = direction === 'down' ? 'deposits' : 'withdrawals';
  const r = await childRefusal(app.db, caller, childId, what);
  if ('refusal' in r) return { ok: false, message: r.refusal! };
  const [fromId, toId] = direction === 'down' ? [caller.userId, childId] : [childId, caller.userId];
  try {
    return await app.db.transaction(async (tx) => {
      // The two cash rows, locked in user-id order (every wallet lock takes them in that order).
      const locked = rowsOf<{ user_id: number; account_id: number; balance_paise: string }>(
        await tx.execute(sql`select user_id, account_id, balance_paise::text as balance_paise
          from ${ledgerAccounts} where user_id in (${fromId}::int, ${toId}::int) and kind = 'user_cash'
          order by user_id for update`),
      );
      const from = locked.find((a) => Number(a.user_id) === fromId);
      const to = locked.find((a) => Number(a.user_id) === toId);
      if (!from || !to) return { ok: false as const, message: `User ${childId} has no cash account` };
      const input = {
        debitAccountId: Number(from.account_id),
        creditAccountId: Number(to.account_id),
        amountPaise,
        kind: direction === 'down' ? CREDIT_GIVEN : CREDIT_RETURNED,
        idempotencyKey: key,
        ...(memo === undefined ? {} : { memo }),
      };
      // A repeat of a done transfer answers it again, whatever the balances are now.
      if (!(await transferByKey(tx, key))) {
        // Read after the lock: every hold and reservation committed before it is counted.
        const committed = rowsOf<{ c: string }>(
          await tx.execute(sql`select ${app.wallet.committedExpr(fromId)} as c`),
        )[0]!.c;
        const available = Number(from.balance_paise) - Number(committed);
        if (amountPaise > available) {
          return {
            ok: false as const,
            message:
              direction === 'down'
                ? `Your available balance is ${inr(available)}: not enough to give ${inr(amountPaise)}`
                : `Withdrawal of ${inr(amountPaise)} is more than the available ${inr(available)}`,
          };
        }
      }
      const t = await app.wallet.transfer(tx, input);
      return { ok: true as const, transferId: t.transferId };
    });
  } catch (err) {
    if (err instanceof IdempotencyKeyReused) {
      return {
        ok: false,
        message: `request_id was already used for a different ${direction === 'down' ? 'deposit' : 'withdrawal'}`,
      };
    }
    throw err;
  }
}
