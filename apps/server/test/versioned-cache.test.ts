// The per-node cache under the balance and session caches: a read that raced a change must never
// store the old value; notices, clears, expiry and bounds.
import { describe, expect, it } from 'vitest';
import { VersionedCache } from '../src/cache/versioned-cache.ts';

function cache<K = number>(options: { maxEntries?: number; ttlMs?: number; maxLog?: number } = {}) {
  let now = 1_000;
  const c = new VersionedCache<K, string>({
    maxEntries: options.maxEntries ?? 100,
    ttlMs: options.ttlMs ?? 60_000,
    ...(options.maxLog === undefined ? {} : { maxLog: options.maxLog }),
    now: () => now,
  });
  return Object.assign(c, {
    advance(ms: number) {
      now += ms;
    },
  });
}

describe('VersionedCache', () => {
  it('keeps what was read, until a notice of its group', () => {
    const c = cache();
    expect(c.get(7)).toBeUndefined();
    expect(c.set(7, 7, 'old', c.begin())).toBe(true);
    expect(c.get(7)).toBe('old');
    c.invalidate(8);
    expect(c.get(7)).toBe('old');
    c.invalidate(7);
    expect(c.get(7)).toBeUndefined();
  });

  it('refuses a read that began before a notice of its group (it may hold the value from before the change)', () => {
    const c = cache();
    const racing = c.begin();
    c.invalidate(7); // the change committed while the read was in flight
    expect(c.set(7, 7, 'maybe old', racing)).toBe(false);
    expect(c.get(7)).toBeUndefined();
    // A read that began after the notice sees the change: kept.
    expect(c.set(7, 7, 'new', c.begin())).toBe(true);
    expect(c.get(7)).toBe('new');
    // Another group's notice does not refuse it.
    const other = c.begin();
    c.invalidate(9);
    expect(c.set(7, 7, 'newer', other)).toBe(true);
    expect(c.stats.refused).toBe(1);
  });

  it('clear() forgets everything and refuses every read in flight', () => {
    const c = cache();
    c.set(1, 1, 'a', c.begin());
    const racing = c.begin();
    c.clear();
    expect(c.get(1)).toBeUndefined();
    expect(c.set(2, 2, 'b', racing)).toBe(false);
    expect(c.set(2, 2, 'b', c.begin())).toBe(true);
  });

  it('an old notice it no longer remembers still refuses the reads that began before it', () => {
    const c = cache({ maxLog: 2 });
    const racing = c.begin();
    c.invalidate(1);
    c.invalidate(2);
    c.invalidate(3); // group 1's notice is folded into the floor
    expect(c.set(1, 1, 'maybe old', racing)).toBe(false);
    expect(c.set(4, 4, 'also refused: began before forgotten notices', racing)).toBe(false);
    expect(c.set(1, 1, 'new', c.begin())).toBe(true);
  });

  it('an entry is used for ttlMs at most', () => {
    const c = cache({ ttlMs: 1_000 });
    c.set(1, 1, 'a', c.begin());
    c.advance(999);
    expect(c.get(1)).toBe('a');
    c.advance(1);
    expect(c.get(1)).toBeUndefined();
  });

  it('keys of a group (sessions of a user) go together; the oldest entry goes first when full', () => {
    const c = cache<string>({ maxEntries: 3 });
    c.set('tokA', 1, 'a', c.begin());
    c.set('tokB', 1, 'b', c.begin());
    c.set('tokC', 2, 'c', c.begin());
    c.invalidate(1);
    expect([c.get('tokA'), c.get('tokB'), c.get('tokC')]).toEqual([undefined, undefined, 'c']);
    c.set('tokD', 3, 'd', c.begin());
    c.set('tokE', 3, 'e', c.begin());
    c.set('tokF', 3, 'f', c.begin()); // full: tokC, the oldest, goes
    expect(c.size).toBe(3);
    expect(c.get('tokC')).toBeUndefined();
    c.invalidate(3);
    expect(c.size).toBe(0);
  });

  it('stores nothing when it holds no entries at all (the cache turned off)', () => {
    const c = cache({ maxEntries: 0 });
    expect(c.set(1, 1, 'a', c.begin())).toBe(false);
    expect(c.get(1)).toBeUndefined();
  });

  it('keeps nothing of a group while a change of it is being committed, until every hold is released', () => {
    const c = cache();
    c.set(7, 7, 'old', c.begin());
    c.set(8, 8, 'other', c.begin());
    const before = c.begin();
    c.hold(7);
    c.hold(7);
    expect(c.get(7)).toBeUndefined();
    expect(c.get(8)).toBe('other');
    // A read in the window may have seen the change or not: it is not kept.
    expect(c.set(7, 7, 'either', c.begin())).toBe(false);
    c.release(7);
    expect(c.set(7, 7, 'either', c.begin())).toBe(false);
    c.release(7);
    // A read that began before the release may hold the old value; one after it is kept.
    expect(c.set(7, 7, 'old', before)).toBe(false);
    expect(c.set(7, 7, 'new', c.begin())).toBe(true);
    expect(c.get(7)).toBe('new');
  });
});
