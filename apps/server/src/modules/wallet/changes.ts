// Every write of a user's money or exposure goes through the wallet (a transfer moves two cached
// balances, a hold write moves a liability), and each of those writes notes here which users it
// touched. Once the writing transaction commits, the wallet's listener for that database is
// called once with every touched user: it drops their cached balances on this node and tells the
// other nodes through the bus (modules/wallet/routes.ts). Nothing else has to remember to.
import { databaseOf, transactionOf } from '../../db/commit-hooks.ts';
import type { Db, Executor } from '../../db/store.ts';

type Listener = (userIds: readonly number[]) => void;

const listeners = new WeakMap<Db, Listener>();
/** Key of the per-transaction set of touched users. */
const TOUCHED = Symbol('wallet: users whose balance or exposure changed');

/** The one listener of a database's balance changes (the wallet module of the app on it). */
export function onBalancesChanged(db: Db, listener: Listener) {
  listeners.set(db, listener);
}

/**
 * The balances or exposures of these users changed in `ex`'s transaction (or, outside one, in
 * the statement just run): the listener hears of it after the commit, once per transaction.
 */
export function balancesChanged(ex: Executor, userIds: Iterable<number | null>) {
  const listener = listeners.get(databaseOf(ex));
  if (!listener) return;
  const t = transactionOf(ex);
  if (!t) {
    const ids = [...new Set([...userIds].filter((u): u is number => u !== null))];
    if (ids.length > 0) listener(ids);
    return;
  }
  let touched = t.data.get(TOUCHED) as Set<number> | undefined;
  if (!touched) {
    const set = new Set<number>();
    touched = set;
    t.data.set(TOUCHED, set);
    t.afterCommit(() => {
      if (set.size > 0) listener([...set]);
    });
  }
  for (const u of userIds) if (u !== null) touched.add(u);
}
