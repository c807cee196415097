// What the house-quoted kinds (bookmaker, fancy) share when a bet is placed: the budget rule and
// the wallet lock. A bet is taken whole or refused, in one short transaction per bet.
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/store.ts';
import * as holds from '../wallet/holds.ts';

const rupeesText = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

/**
 * DOMAIN.md: a bet is accepted only if the user's new liability does not exceed the balance — or
 * if it does not raise their exposure on this market (a bet that only hedges is always taken).
 */
export function budgetRefusal(input: {
  balance_paise: number;
  elsewhere_paise: number;
  old_hold_paise: number;
  new_hold_paise: number;
}): string | null {
  if (input.new_hold_paise <= input.old_hold_paise) return null;
  const available = input.balance_paise - input.elsewhere_paise - input.old_hold_paise;
  if (input.balance_paise - input.elsewhere_paise >= input.new_hold_paise) return null;
  return `Insufficient balance: this bet needs ${rupeesText(input.new_hold_paise - input.old_hold_paise)}, available ${rupeesText(Math.max(available, 0))}`;
}

/** Locks the user's wallet row (after the market's row: the lock order of every money path). */
export async function lockWallet(app: FastifyInstance, tx: Tx, userId: number, marketId: number) {
  const rows = await app.wallet.lockBalancesPaise(tx, [userId], (u) => holds.elsewhereExpr(u, marketId));
  const row = rows.get(userId);
  if (!row) return null;
  return { balance_paise: row.balancePaise, elsewhere_paise: Number(row.alongside) };
}

/** A bet refusal raised inside the transaction: rolls it back and becomes `{ ok: false, message }`. */
export class BetRefusal extends Error {}

export type PlaceOutcome<T> = { ok: true; bet: T; repeated: boolean } | { ok: false; message: string };

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
