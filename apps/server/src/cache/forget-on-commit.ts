// A change of `group` written in a transaction, for a cache that answers from memory: the group
// is held from the moment the commit is sent (PostgreSQL makes it visible to other connections
// before this node reads commit's answer) until the transaction ends, then forgotten, and `tell`
// (the other nodes, through the bus) runs only if it committed. Outside a transaction the statement
// has committed already: forgotten and told at once.
import { transactionOf } from '../db/commit-hooks.ts';
import type { Executor } from '../db/executor.ts';
import type { VersionedCache } from './versioned-cache.ts';

export function forgetOnCommit<K, V>(
  ex: Executor,
  cache: VersionedCache<K, V>,
  group: number,
  tell: () => void = () => {},
) {
  const t = transactionOf(ex);
  if (!t) {
    cache.invalidate(group);
    tell();
    return;
  }
  let held = false;
  t.beforeCommit(() => {
    held = true;
    cache.hold(group);
  });
  t.afterEnd((committed) => {
    if (held) cache.release(group);
    if (committed) tell();
  });
}
