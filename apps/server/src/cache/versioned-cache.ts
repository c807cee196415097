// A node's memory of values read from the store (a user's balance, a session), kept right by
// change notices: `invalidate(group)` drops every entry of a group (a user) when a change of it
// commits, on this node or, through the bus, on another.
//
// The race every such cache has: a read that started before a change committed can finish after
// the change's notice arrived, and would then store the old value with nothing left to drop it.
// So each read takes a version first (`begin()`), and `set` keeps its value only when no notice
// for its group came after that version. Versions count up per node; each group remembers the
// version of its last notice (the most recent `maxLog` groups; older ones are folded into one
// floor, which only ever refuses more). `clear()` (a bus that lost messages) refuses every read in
// flight and forgets everything. A change this node is committing holds its group (`hold` …
// `release`): its commit may be visible to other readers before the notice, so meanwhile nothing
// of the group is kept.

export type VersionedCacheOptions = {
  /** Entries kept at most (the oldest stored is forgotten first). */
  maxEntries: number;
  /** An entry is used for at most this long (ms), however quiet its group: a bound, not the mechanism. */
  ttlMs: number;
  /** Groups whose last notice is remembered; older notices raise the floor instead. */
  maxLog?: number;
  now?: () => number;
};

type Entry<V> = { value: V; group: number; at: number };

export class VersionedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  /** group → keys of its entries, for caches whose key is not the group itself. */
  private readonly keysOf = new Map<number, Set<K>>();
  /** group → version of its last notice; in version order (re-inserted on every notice). */
  private readonly log = new Map<number, number>();
  /** group → writes of it being committed now (`hold`): none of its values is kept meanwhile. */
  private readonly held = new Map<number, number>();
  private version = 0;
  /** No read that began at or before this version may store (notices forgotten, or a clear). */
  private floor = 0;
  private readonly now: () => number;
  private readonly maxLog: number;
  /** Figures for /metrics. */
  readonly stats = { hits: 0, misses: 0, refused: 0, invalidations: 0, clears: 0 };

  constructor(private readonly options: VersionedCacheOptions) {
    this.now = options.now ?? Date.now;
    this.maxLog = options.maxLog ?? 100_000;
  }

  get size() {
    return this.entries.size;
  }

  /** The value of `key` if stored within the last `ttlMs`, else undefined. */
  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (e === undefined) {
      this.stats.misses += 1;
      return undefined;
    }
    if (this.now() - e.at >= this.options.ttlMs) {
      this.remove(key, e.group);
      this.stats.misses += 1;
      return undefined;
    }
    this.stats.hits += 1;
    return e.value;
  }

  /** Whether `key` holds a live entry, without counting a hit or a miss. */
  has(key: K): boolean {
    const e = this.entries.get(key);
    return e !== undefined && this.now() - e.at < this.options.ttlMs;
  }

  /** The version to pass to `set` for a read that starts now. */
  begin(): number {
    return this.version;
  }

  /**
   * Stores a value read since `begin()` returned `version`, unless a notice for `group` (or a
   * clear) came after that. Returns whether it was stored.
   */
  set(key: K, group: number, value: V, version: number): boolean {
    const last = this.log.get(group) ?? this.floor;
    if (last > version || this.floor > version || this.held.has(group)) {
      this.stats.refused += 1;
      return false;
    }
    if (this.options.maxEntries <= 0) return false;
    const old = this.entries.get(key);
    if (old) this.remove(key, old.group);
    if (this.entries.size >= this.options.maxEntries) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.remove(oldestKey, oldest.group);
    }
    this.entries.set(key, { value, group, at: this.now() });
    if (!Object.is(key, group)) {
      let keys = this.keysOf.get(group);
      if (!keys) this.keysOf.set(group, (keys = new Set()));
      keys.add(key);
    }
    return true;
  }

  /** A change of `group` committed: drop its entries, and refuse the reads of it now in flight. */
  invalidate(group: number) {
    this.version += 1;
    this.stats.invalidations += 1;
    this.log.delete(group);
    this.log.set(group, this.version);
    if (this.log.size > this.maxLog) {
      const [oldestGroup, oldestVersion] = this.log.entries().next().value!;
      this.log.delete(oldestGroup);
      this.floor = Math.max(this.floor, oldestVersion);
    }
    const keys = this.keysOf.get(group);
    if (keys) {
      for (const k of keys) this.entries.delete(k);
      this.keysOf.delete(group);
    }
    this.entries.delete(group as unknown as K);
  }

  /**
   * A change of `group` is being committed and may be visible to other readers before its notice:
   * drop its entries and keep none of it until as many `release`s as `hold`s.
   */
  hold(group: number) {
    this.held.set(group, (this.held.get(group) ?? 0) + 1);
    this.invalidate(group);
  }

  /** A `hold`'s commit has ended (committed or not): what is read from now on may be kept again. */
  release(group: number) {
    const n = this.held.get(group) ?? 0;
    if (n <= 1) this.held.delete(group);
    else this.held.set(group, n - 1);
    this.invalidate(group);
  }

  /** Forget everything and refuse every read in flight (notices may have been lost). */
  clear() {
    this.version += 1;
    this.stats.clears += 1;
    this.floor = this.version;
    this.entries.clear();
    this.keysOf.clear();
    this.log.clear();
  }

  private remove(key: K, group: number) {
    this.entries.delete(key);
    const keys = this.keysOf.get(group);
    if (keys) {
      keys.delete(key);
      if (keys.size === 0) this.keysOf.delete(group);
    }
  }
}
