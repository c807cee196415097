// Every write of a user's money or exposure goes through the wallet (a transfer moves two cached
// balances, a hold write moves a liability), and each of those writes notes here which users it
// touched. The wallet's listener for that database (modules/wallet/balance-cache.ts) hears of
// them twice: when the writing transaction is about to send its commit (`committing`: from then
// on another connection may see the change before this node has read commit's answer, so these
// users are not answered from memory), and when it has ended (`ended`: committed, so their cached
// balances are dropped here and the other nodes are told through the bus; or rolled back). Nothing
// else has to remember to.
import { databaseOf, transactionOf } from '../../db/commit-hooks.ts';
import type { Db, Executor } from '../../db/store.ts';

export type BalanceListener = {
  /** These users' changes are being committed: stop answering them from memory until `ended`. */
  committing(userIds: readonly number[]): void;
  /** Their transaction ended, `committed` or not (each `committing` call gets one `ended`). */
  ended(userIds: readonly number[], committed: boolean): void;
};

const listeners = new WeakMap<Db, BalanceListener>();
/** Key of the per-transaction set of touched users. */
const TOUCHED = Symbol('wallet: users whose balance or exposure changed');

/** The one listener of a database's balance changes (the wallet module of the app on it). */
export function onBalancesChanged(db: Db, listener: BalanceListener) {
  listeners.set(db, listener);
}

/**
 * The balances or exposures of these users changed in `ex`'s transaction (or, outside one, in
 * the statement just run): the listener hears of it around the commit, once per transaction.
 */
export function balancesChanged(ex: Executor, userIds: Iterable<number | null>) {
  const listener = listeners.get(databaseOf(ex));
  if (!listener) return;
  const t = transactionOf(ex);
  if (!t) {
    // Already committed by itself: the window is behind us, only the notice is left.
    const ids = [...new Set([...userIds].filter((u): u is number => u !== null))];
    if (ids.length > 0) {
      listener.committing(ids);
      listener.ended(ids, true);
    }
    return;
  }
  let touched = t.data.get(TOUCHED) as Set<number> | undefined;
  if (!touched) {
    const set = new Set<number>();
    touched = set;
    t.data.set(TOUCHED, set);
    let pinned: readonly number[] = [];
    t.beforeCommit(() => {
      pinned = [...set];
      if (pinned.length > 0) listener.committing(pinned);
    });
    t.afterEnd((committed) => {
      if (pinned.length > 0) listener.ended(pinned, committed);
    });
  }
  for (const u of userIds) if (u !== null) touched.add(u);
}
