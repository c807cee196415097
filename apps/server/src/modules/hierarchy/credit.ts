// Credit down and up the tree (issue 41, docs/hierarchy.md). A master's or an agent's deposit to a
// child comes from its own cash, and a withdrawal from a child goes back to it: one ledger transfer
// between the two accounts (kinds credit_given, credit_returned), never from or to the house, so
// nothing is created. Both cash rows are locked in user-id order (the wallet's lock order), and the
// side that pays must have the amount available (balance − holds − reservations) after the lock.
// The operator's deposits and withdrawals stay the house's (admin/routes.ts, wallet.deposit).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../account/schema.ts';
import { ledgerAccounts } from '../wallet/schema.ts';
import type { Executor } from '../../db/store.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { IdempotencyKeyReused, transferByKey } from '../wallet/queries.ts';
import { HOUSE_CASH } from '../wallet/service.ts';
import { owedOf } from './owed.ts';
import { nodeOf } from '../account/tree.ts';
import { setCreditReference as setCreditReferenceOf } from '../account/user-writes.ts';

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
  await setCreditReferenceOf(db, childId, paise);
  return null;
}

export type CreditOutcome = { ok: true; transferId: number } | { ok: false; message: string };

/** One side of a move inside the tree: a user's cash, or the house's (the operator's side). */
type Side = { userId: number } | 'house';

/** A move `lockedMove` makes: `amountPaise(...)` decides the amount under the locks, or refuses. */
type LockedMove = {
  from: Side;
  to: Side;
  kind: string;
  key: string;
  memo?: string | undefined;
  /**
   * The amount (paise) once the rows are locked, from the paying side's available balance (balance
   * − holds − reservations; unbounded for the house) and what `tx` reads under the locks; or a
   * refusal.
   */
  amount: (
    locked: { availablePaise: number },
    tx: Executor,
  ) => { paise: number } | { refusal: string } | Promise<{ paise: number } | { refusal: string }>;
};

/**
 * The one money path of the tree's moves (credit, settlement): in one transaction, the users'
 * cash rows locked FOR UPDATE in user-id order (every wallet lock takes them in that order; the
 * house's row after them, as the wallet does), the amount decided from what is read after the
 * locks, one ledger transfer. Idempotent on `key`: a repeat of a done transfer answers it again,
 * whatever the balances are now. Throws IdempotencyKeyReused when the key names another transfer.
 */
async function lockedMove(
  app: Pick<FastifyInstance, 'db' | 'wallet'>,
  m: LockedMove,
): Promise<CreditOutcome & { amountPaise?: number }> {
  const userIds = [m.from, m.to].flatMap((s) => (s === 'house' ? [] : [s.userId]));
  return app.db.transaction(async (tx) => {
    const list = sql.join(
      userIds.map((id) => sql`${id}::int`),
      sql`, `,
    );
    const locked = rowsOf<{ user_id: number; account_id: number; balance_paise: string }>(
      await tx.execute(sql`select user_id, account_id, balance_paise::text as balance_paise
        from ${ledgerAccounts} where user_id in (${list}) and kind = 'user_cash'
        order by user_id for update`),
    );
    const accountOf = async (side: Side) => {
      if (side === 'house') return app.wallet.houseAccount(tx, HOUSE_CASH);
      const row = locked.find((a) => Number(a.user_id) === side.userId);
      return row ? Number(row.account_id) : null;
    };
    const fromAccount = await accountOf(m.from);
    const toAccount = await accountOf(m.to);
    const missing = userIds.find((id) => !locked.some((a) => Number(a.user_id) === id));
    if (fromAccount === null || toAccount === null || missing !== undefined)
      return { ok: false as const, message: `User ${missing ?? '?'} has no cash account` };
    const done = await transferByKey(tx, m.key);
    if (done) {
      // A repeat: the same move answered again (the amount it moved then).
      if (done.debitAccountId !== fromAccount || done.creditAccountId !== toAccount) {
        throw new IdempotencyKeyReused(m.key);
      }
      return { ok: true as const, transferId: done.transferId, amountPaise: done.amountPaise };
    }
    const balances = new Map(locked.map((a) => [Number(a.user_id), Number(a.balance_paise)]));
    let availablePaise = Number.MAX_SAFE_INTEGER;
    if (m.from !== 'house') {
      // Read after the lock: every hold and reservation committed before it is counted.
      const committed = rowsOf<{ c: string }>(
        await tx.execute(sql`select ${app.wallet.committedExpr(m.from.userId)} as c`),
      )[0]!.c;
      availablePaise = balances.get(m.from.userId)! - Number(committed);
    }
    const decided = await m.amount({ availablePaise }, tx);
    if ('refusal' in decided) return { ok: false as const, message: decided.refusal };
    const t = await app.wallet.transfer(tx, {
      debitAccountId: fromAccount,
      creditAccountId: toAccount,
      amountPaise: decided.paise,
      kind: m.kind,
      idempotencyKey: m.key,
      ...(m.memo === undefined ? {} : { memo: m.memo }),
    });
    return { ok: true as const, transferId: t.transferId, amountPaise: decided.paise };
  });
}

/**
 * Moves `amountPaise` from a master's or an agent's cash to its child's ('down', a deposit) or
 * back ('up', a withdrawal), in one transaction. Idempotent on `key`.
 */
export async function moveCredit(
  app: Pick<FastifyInstance, 'db' | 'wallet'>,
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
    const moved = await lockedMove(app, {
      from: { userId: fromId },
      to: { userId: toId },
      kind: direction === 'down' ? CREDIT_GIVEN : CREDIT_RETURNED,
      key,
      memo,
      amount: ({ availablePaise: available }) =>
        amountPaise <= available
          ? { paise: amountPaise }
          : {
              refusal:
                direction === 'down'
                  ? `Your available balance is ${inr(available)}: not enough to give ${inr(amountPaise)}`
                  : `Withdrawal of ${inr(amountPaise)} is more than the available ${inr(available)}`,
            },
    });
    return moved.ok ? { ok: true, transferId: moved.transferId } : moved;
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

// ---------------------------------------------------------------- settlement with the parent

/** The ledger kinds of a settlement: the child's winnings go back up, or its loss is made good down. */
export const SETTLEMENT_UP = 'settlement_up' as const;
export const SETTLEMENT_DOWN = 'settlement_down' as const;

/**
 * The settlement's direction and amount from the figures read under the locks, or a refusal in
 * words. `askedPaise`: part of what is owed (never past zero); absent: all of it. Pure.
 */
export function settlementMove(
  owed: number,
  askedPaise: number | undefined,
  name: string,
): { kind: typeof SETTLEMENT_UP | typeof SETTLEMENT_DOWN; paise: number } | { refusal: string } {
  if (owed === 0) return { refusal: `Nothing is owed between ${name} and its parent` };
  const whole = Math.abs(owed);
  if (askedPaise !== undefined && askedPaise > whole) {
    return {
      refusal: `amount ${inr(askedPaise)} is more than what is owed (${inr(whole)}): a settlement never goes past zero`,
    };
  }
  return { kind: owed > 0 ? SETTLEMENT_UP : SETTLEMENT_DOWN, paise: askedPaise ?? whole };
}

/** Said by a settlement's amount when the locks found the owed figure on the other side of zero. */
const RETRY = '\u0000retry';

/** The kind of the settlement transfer `key` made already, or null. */
async function settlementKindOf(app: Pick<FastifyInstance, 'db'>, key: string) {
  const done = await transferByKey(app.db, key);
  return done?.kind === SETTLEMENT_UP || done?.kind === SETTLEMENT_DOWN ? done.kind : null;
}

/** Which way the child's owed figure stands now (read without a lock). */
async function directionNow(app: Pick<FastifyInstance, 'db'>, childId: number) {
  return (await owedOf(app.db, childId)) >= 0 ? SETTLEMENT_UP : SETTLEMENT_DOWN;
}

export type SettleOutcome =
  | {
      ok: true;
      transferId: number;
      kind: typeof SETTLEMENT_UP | typeof SETTLEMENT_DOWN;
      amountPaise: number;
      owedBeforePaise: number;
    }
  | { ok: false; message: string };

/**
 * Records that `childId` and its parent settled outside the ledger: one transfer between the
 * child's cash and its parent's (the operator's children: the house) moves the child's owed figure
 * (owed.ts) to zero, or part of the way: the amount moved is what is owed. A master or an agent settles its direct children; the operator
 * any account below it, with that account's own parent. Idempotent on `key`.
 */
export async function settleWithParent(
  app: Pick<FastifyInstance, 'db' | 'wallet'>,
  caller: AuthUser,
  childId: number,
  askedPaise: number | undefined,
  key: string,
  note: string,
): Promise<SettleOutcome> {
  const r = await childRefusal(app.db, caller, childId, 'settlements');
  if ('refusal' in r) return { ok: false, message: r.refusal! };
  const child = r.child!;
  const parentNode = child.parentId === null ? null : await nodeOf(app.db, child.parentId);
  const parent: Side =
    parentNode === null || parentNode.role === 'operator' ? 'house' : { userId: parentNode.userId };
  const nameRows = rowsOf<{ user_name: string }>(
    await app.db.execute(sql`select user_name from ${users} where user_id = ${childId}`),
  );
  const name = nameRows[0]?.user_name ?? `User ${childId}`;
  // The direction is known only under the locks; both directions lock the same two rows.
  const seen: { owed?: number } = {};
  const move = (kind: typeof SETTLEMENT_UP | typeof SETTLEMENT_DOWN): LockedMove => ({
    from: kind === SETTLEMENT_UP ? { userId: childId } : parent,
    to: kind === SETTLEMENT_UP ? parent : { userId: childId },
    kind,
    key,
    memo: note,
    amount: async ({ availablePaise }, tx) => {
      // Read under the locks: the child's balance is the locked one.
      const owed = await owedOf(tx, childId);
      const s = settlementMove(owed, askedPaise, name);
      if ('refusal' in s) return s;
      // The other direction's lock was taken for nothing: start again with the right one.
      if (s.kind !== kind) return { refusal: RETRY };
      seen.owed = owed;
      if (s.paise > availablePaise) {
        return {
          refusal:
            kind === SETTLEMENT_UP
              ? `${name}'s available balance is ${inr(availablePaise)} (the rest is held for open bets): settle at most that now`
              : `Your available balance is ${inr(availablePaise)}: not enough to settle ${inr(s.paise)}`,
        };
      }
      return { paise: s.paise };
    },
  });
  try {
    // The direction: a repeat's, else the one the owed figure read before the lock says; if the
    // lock finds it moved to the other side of zero, the other.
    const first = (await settlementKindOf(app, key)) ?? (await directionNow(app, childId));
    for (const kind of [first, first === SETTLEMENT_UP ? SETTLEMENT_DOWN : SETTLEMENT_UP]) {
      delete seen.owed;
      const moved = await lockedMove(app, move(kind));
      if (!moved.ok && moved.message === RETRY) continue;
      if (!moved.ok) return moved;
      // A repeat answers the move done the first time (what was owed then, as far as it went).
      const repeatOwed = kind === SETTLEMENT_UP ? moved.amountPaise! : -moved.amountPaise!;
      return {
        ok: true,
        transferId: moved.transferId,
        kind,
        amountPaise: moved.amountPaise!,
        owedBeforePaise: seen.owed ?? repeatOwed,
      };
    }
    return { ok: false, message: 'The balance kept changing: try again' };
  } catch (err) {
    if (err instanceof IdempotencyKeyReused)
      return { ok: false, message: 'request_id was already used for a different settlement' };
    throw err;
  }
}
