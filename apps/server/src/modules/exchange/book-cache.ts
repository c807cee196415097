// What a node keeps of each market between commands: its state (book, matched positions, resting
// order ids per user) and the last market row it saw. Bounded: the least recently used market is
// dropped beyond BOOK_CACHE_MAX_MARKETS, and a closed market is not kept (nothing rests on its book).
import type { MarketRow, MarketState } from './batch.ts';

/** Markets whose state (and last seen row) a node keeps, at most; beyond it the least recently used goes. */
export const BOOK_CACHE_MAX_MARKETS = 1_000;

/** A Map that keeps at most `max` keys, dropping the least recently set or read one. */
class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: K, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }

  delete(key: K) {
    this.map.delete(key);
  }

  get size() {
    return this.map.size;
  }

  has(key: K) {
    return this.map.has(key);
  }
}

export type BookCacheOptions = {
  /** Keep states between commands (default true); false: every batch rebuilds its market's state. */
  enabled?: boolean;
  /** Default BOOK_CACHE_MAX_MARKETS. */
  maxMarkets?: number;
};

export function createBookCache(options: BookCacheOptions = {}) {
  const enabled = options.enabled ?? true;
  const max = options.maxMarkets ?? BOOK_CACHE_MAX_MARKETS;
  /**
   * Market state by market, valid while the market row's next_seq equals `stamp`: every command
   * that changes a book or adds fills moves next_seq under the market lock, so another node's
   * change (or anything this node did not commit) makes the entry stale. An entry is taken out for
   * the length of a transaction and put back only after the commit; a rollback simply loses it.
   */
  const states = new Lru<number, { stamp: number; state: MarketState }>(max);
  /**
   * The last market row this node saw (after a batch's commit or a pre-check read). Only used to
   * decide whether a bet needs the pre-check and the in-play delay; every check is made again on
   * the locked row.
   */
  const rows = new Lru<number, MarketRow>(max);

  return {
    /**
     * Takes a market's state out of the cache: the state if it was kept at `stamp` (the locked
     * row's next_seq), else undefined and the caller rebuilds it from the store.
     */
    take(marketId: number, stamp: number): MarketState | undefined {
      const entry = states.get(marketId);
      states.delete(marketId);
      return entry && entry.stamp === stamp ? entry.state : undefined;
    },

    /** Puts a state back after its commit, stamped with the next_seq it left; a closed market's is dropped. */
    keep(marketId: number, stamp: number, state: MarketState) {
      if (!enabled) return;
      if (state.book.closed) states.delete(marketId);
      else states.set(marketId, { stamp, state });
    },

    /** The last row seen of a market, if any. */
    row: (marketId: number): MarketRow | undefined => rows.get(marketId),

    /** Remembers a market row (a closed market's is dropped: a bet there is pre-checked anyway). */
    rememberRow(row: MarketRow) {
      if (row.status === 'CLOSED') rows.delete(row.marketId);
      else rows.set(row.marketId, row);
    },

    forgetRow(marketId: number) {
      rows.delete(marketId);
    },

    /** Markets with a kept state (tests). */
    get size() {
      return states.size;
    },
    /** Whether a market's state is kept (tests). */
    has: (marketId: number) => states.has(marketId),
  };
}

export type BookCache = ReturnType<typeof createBookCache>;
