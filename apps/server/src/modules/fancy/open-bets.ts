// The node's copy of its busy fancies' open bets, per bettor, so that a batch reads from the store
// only the bettors it has not seen. A copy is stamped with the fancy's `bets_seq` as this node's
// last batch left it; every write to a fancy's bets moves that sequence under the fancy's row lock,
// so a batch that finds the sequence anywhere else (another node's batch, a settlement) drops the
// copy and reads its bettors afresh. Bounded: at most OPEN_BETS_MAX_FANCIES fancies (least
// recently used out) and OPEN_BETS_MAX_USERS bettors per fancy (beyond it the copy starts over).
import type { UserOpenBets } from './batch.ts';

export const OPEN_BETS_MAX_FANCIES = 1_000;
export const OPEN_BETS_MAX_USERS = 20_000;

type Entry = { seq: number; users: Map<number, UserOpenBets> };

export function createOpenBetsCache() {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<number, Entry>();

  return {
    /** The bettors' states known at `seq` (the fancy's sequence before this batch), or none. */
    at(fancyId: number, seq: number): ReadonlyMap<number, UserOpenBets> {
      const entry = entries.get(fancyId);
      if (!entry || entry.seq !== seq) return new Map();
      entries.delete(fancyId);
      entries.set(fancyId, entry);
      return entry.users;
    },

    /**
     * After a batch moved the fancy's sequence from `before` to `seq` and committed: the states of
     * its bettors (read or changed) join the copy when the copy was at `before`, else start one.
     */
    commit(fancyId: number, before: number, seq: number, fresh: ReadonlyMap<number, UserOpenBets>) {
      let entry = entries.get(fancyId);
      if (!entry || entry.seq !== before || entry.users.size + fresh.size > OPEN_BETS_MAX_USERS) {
        entry = { seq, users: new Map() };
      }
      entry.seq = seq;
      for (const [userId, state] of fresh) entry.users.set(userId, state);
      entries.delete(fancyId);
      entries.set(fancyId, entry);
      while (entries.size > OPEN_BETS_MAX_FANCIES) entries.delete(entries.keys().next().value!);
    },

    drop(fancyId: number) {
      entries.delete(fancyId);
    },

    size: () => entries.size,
  };
}
