// The book's resting orders by id (`OrderBook.orders`): a Map<string, BookOrder> in insertion
// order, written here rather than taken from the runtime because of one cliff. V8 keeps a Map's
// entries in one table that it rebuilds (a fresh allocation) each time deletes have filled it;
// once the book holds more than about 3,000 resting orders that table outgrows V8's regular
// object size (128 KiB) and every rebuild is a large-object allocation, so a book churning a few
// thousand orders spent a quarter of its time in Map.set and the old-space collections it set
// off (docs/performance.md, "Engine (order book)"). Here the entries sit in plain arrays that are
// compacted in place, and the hash slots in an Int32Array that is reallocated only to grow.
//
// Behaviour is a Map's: insertion order, `set` on a present key keeps its place, iterators
// (including ones made before a mutation) visit entries added after them and skip deleted ones.
// Iteration order equals the order of an ordinal given at insertion, so an iterator that finds
// the arrays compacted under it finds its place again by binary search on that ordinal.
import type { BookOrder } from './types.ts';

/** Hash slots start at this many (a power of two); they only ever grow. */
const SLOTS_MIN = 64;
/** Compact the entry arrays once deleted entries exceed both this and the live count. */
const COMPACT_MIN = 64;
/** Empty hash slot. Occupied slots hold entry position + 1. */
const SLOT_EMPTY = 0;

/** FNV-1a over UTF-16 code units: ids are short, and the same function must hash every key. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Set by OrderIndex's static block: what its iterators read of it. */
let internals: {
  next(index: OrderIndex, position: number, epoch: number, after: number): number;
  epoch(index: OrderIndex): number;
  key(index: OrderIndex, position: number): string;
  value(index: OrderIndex, position: number): BookOrder;
  ordinal(index: OrderIndex, position: number): number;
};

export class OrderIndex implements Map<string, BookOrder> {
  /** Entry arrays by position, in insertion order; a deleted entry has key undefined. */
  #keys: (string | undefined)[] = [];
  #values: (BookOrder | undefined)[] = [];
  /** Ordinal of each position's entry: strictly increasing along the arrays. */
  #ordinals: number[] = [];
  /** Hash of each position's key (so compaction never rehashes a string). */
  #hashes: number[] = [];
  /** Positions used (live and deleted). */
  #used = 0;
  #live = 0;
  #nextOrdinal = 0;
  /** Bumped by every compaction: tells iterators their position may have moved. */
  #epoch = 0;
  /** Open addressing, linear probing, no tombstones (backward-shift delete). */
  #slots: Int32Array = new Int32Array(SLOTS_MIN);
  #mask = SLOTS_MIN - 1;

  constructor(entries?: Iterable<readonly [string, BookOrder]> | null) {
    if (entries !== undefined && entries !== null) for (const [k, v] of entries) this.set(k, v);
  }

  get size(): number {
    return this.#live;
  }

  get [Symbol.toStringTag](): string {
    return 'Map';
  }

  /** Slot index holding `key`, or -1. */
  #find(key: string, hash: number): number {
    const slots = this.#slots;
    const mask = this.#mask;
    const keys = this.#keys;
    for (let s = hash & mask; ; s = (s + 1) & mask) {
      const p = slots[s]!;
      if (p === SLOT_EMPTY) return -1;
      if (keys[p - 1] === key) return s;
    }
  }

  get(key: string): BookOrder | undefined {
    if (typeof key !== 'string') return undefined;
    const s = this.#find(key, hashOf(key));
    return s < 0 ? undefined : this.#values[this.#slots[s]! - 1];
  }

  has(key: string): boolean {
    return typeof key === 'string' && this.#find(key, hashOf(key)) >= 0;
  }

  set(key: string, value: BookOrder): this {
    // The book's ids are strings; a Map would take any key, this index refuses the rest loudly.
    if (typeof key !== 'string') throw new TypeError('OrderIndex keys are strings');
    const hash = hashOf(key);
    const s = this.#find(key, hash);
    if (s >= 0) {
      this.#values[this.#slots[s]! - 1] = value; // a present key keeps its place, as in a Map
      return this;
    }
    if (this.#used - this.#live > COMPACT_MIN && this.#used - this.#live > this.#live) this.#compact();
    // Load factor ≤ ½ over live entries (slots hold live entries only).
    if ((this.#live + 1) * 2 > this.#slots.length) this.#rehash(this.#slots.length * 2);
    const p = this.#used++;
    this.#keys[p] = key;
    this.#values[p] = value;
    this.#ordinals[p] = this.#nextOrdinal++;
    this.#hashes[p] = hash;
    this.#live++;
    const slots = this.#slots;
    const mask = this.#mask;
    let t = hash & mask;
    while (slots[t] !== SLOT_EMPTY) t = (t + 1) & mask;
    slots[t] = p + 1;
    return this;
  }

  delete(key: string): boolean {
    if (typeof key !== 'string') return false;
    const s = this.#find(key, hashOf(key));
    if (s < 0) return false;
    const p = this.#slots[s]! - 1;
    this.#keys[p] = undefined;
    this.#values[p] = undefined;
    this.#live--;
    this.#removeSlot(s);
    if (this.#live === 0) {
      // Empty: restart the arrays (cheap, and iterators find their place by ordinal).
      this.#used = 0;
      this.#epoch++;
    }
    return true;
  }

  /** Backward-shift deletion: keeps every probe chain unbroken without tombstones. */
  #removeSlot(hole: number): void {
    const slots = this.#slots;
    const mask = this.#mask;
    const hashes = this.#hashes;
    let i = hole;
    for (let j = (i + 1) & mask; slots[j] !== SLOT_EMPTY; j = (j + 1) & mask) {
      const home = hashes[slots[j]! - 1]! & mask;
      // Move j into the hole at i unless its home lies cyclically in (i, j].
      const inRange = i <= j ? i < home && home <= j : i < home || home <= j;
      if (!inRange) {
        slots[i] = slots[j]!;
        i = j;
      }
    }
    slots[i] = SLOT_EMPTY;
  }

  /** Squeeze deleted entries out of the arrays, in place, and rebuild the slots. */
  #compact(): void {
    const keys = this.#keys;
    const values = this.#values;
    const ordinals = this.#ordinals;
    const hashes = this.#hashes;
    let w = 0;
    for (let r = 0; r < this.#used; r++) {
      if (keys[r] === undefined) continue;
      keys[w] = keys[r];
      values[w] = values[r];
      ordinals[w] = ordinals[r]!;
      hashes[w] = hashes[r]!;
      w++;
    }
    // Clear the vacated tail so it holds no order alive (the arrays keep their capacity).
    for (let r = w; r < this.#used; r++) {
      keys[r] = undefined;
      values[r] = undefined;
    }
    if (w !== this.#live) throw new Error('OrderIndex: live count out of step');
    this.#used = w;
    this.#epoch++;
    this.#rehash(this.#slots.length);
  }

  #rehash(slotCount: number): void {
    if (slotCount !== this.#slots.length) this.#slots = new Int32Array(slotCount);
    else this.#slots.fill(SLOT_EMPTY);
    this.#mask = slotCount - 1;
    const slots = this.#slots;
    const mask = this.#mask;
    for (let p = 0; p < this.#used; p++) {
      if (this.#keys[p] === undefined) continue;
      let t = this.#hashes[p]! & mask;
      while (slots[t] !== SLOT_EMPTY) t = (t + 1) & mask;
      slots[t] = p + 1;
    }
  }

  clear(): void {
    for (let p = 0; p < this.#used; p++) {
      this.#keys[p] = undefined;
      this.#values[p] = undefined;
    }
    this.#used = 0;
    this.#live = 0;
    this.#epoch++;
    this.#slots.fill(SLOT_EMPTY);
  }

  /** The first live position at or after `position`, or past ordinal `after` if compacted since `epoch`; -1 at the end. */
  #nextPosition(position: number, epoch: number, after: number): number {
    let p = position;
    if (epoch !== this.#epoch) {
      // Compacted (or emptied) since: the first position whose ordinal is past `after`.
      let lo = 0;
      let hi = this.#used;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.#ordinals[mid]! <= after) lo = mid + 1;
        else hi = mid;
      }
      p = lo;
    }
    while (p < this.#used && this.#keys[p] === undefined) p++;
    return p < this.#used ? p : -1;
  }

  static {
    // The iterators' view of the private fields (module-private: `orders` shows only a Map's surface).
    internals = {
      next: (i, position, epoch, after) => i.#nextPosition(position, epoch, after),
      epoch: (i) => i.#epoch,
      key: (i, p) => i.#keys[p]!,
      value: (i, p) => i.#values[p]!,
      ordinal: (i, p) => i.#ordinals[p]!,
    };
  }

  forEach(
    callbackfn: (value: BookOrder, key: string, map: Map<string, BookOrder>) => void,
    thisArg?: unknown,
  ): void {
    for (const [k, v] of this.entries()) callbackfn.call(thisArg, v, k, this);
  }

  entries(): MapIterator<[string, BookOrder]> {
    return new OrderIndexIterator(this, (i, p) => [internals.key(i, p), internals.value(i, p)]);
  }

  keys(): MapIterator<string> {
    return new OrderIndexIterator(this, internals.key);
  }

  values(): MapIterator<BookOrder> {
    return new OrderIndexIterator(this, internals.value);
  }

  [Symbol.iterator](): MapIterator<[string, BookOrder]> {
    return this.entries();
  }

  /** Debuggers and `console.log` show the entries, as they would for a Map. */
  [Symbol.for('nodejs.util.inspect.custom')](): Map<string, BookOrder> {
    return new Map(this.entries());
  }
}

/** A Map iterator over an OrderIndex: remembers the ordinal it reached, so mutations are safe. */
class OrderIndexIterator<T> implements MapIterator<T> {
  #index: OrderIndex | null;
  #pick: (index: OrderIndex, position: number) => T;
  #position = 0;
  #epoch: number;
  /** Ordinal of the last entry returned (-1: none yet). */
  #after = -1;

  constructor(index: OrderIndex, pick: (index: OrderIndex, position: number) => T) {
    this.#index = index;
    this.#pick = pick;
    this.#epoch = internals.epoch(index);
  }

  next(): IteratorResult<T, undefined> {
    const index = this.#index;
    if (index === null) return { done: true, value: undefined };
    const p = internals.next(index, this.#position, this.#epoch, this.#after);
    if (p < 0) {
      this.#index = null; // like a Map iterator: once done, always done
      return { done: true, value: undefined };
    }
    this.#position = p + 1;
    this.#epoch = internals.epoch(index);
    this.#after = internals.ordinal(index, p);
    return { done: false, value: this.#pick(index, p) };
  }

  [Symbol.iterator](): MapIterator<T> {
    return this;
  }

  get [Symbol.toStringTag](): string {
    return 'Map Iterator';
  }
}
