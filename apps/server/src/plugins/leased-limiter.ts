// A shared limit counted in blocks: a node takes `block` points of a key's budget in one call to
// the shared counter (Redis) and spends them from memory, so a busy bettor costs one Redis round
// trip per block of requests instead of one per request. The shared counter counts every point a
// node took, spent or not, so the limit is never exceeded: across N nodes a key may be refused up
// to N × (block − 1) points early (a node's unspent lease), never let through late. A lease ends
// with the counter's window, so it cannot carry points into the next window.
//
// One request to the counter per key at a time: calls of a key that arrive while its next block
// is being asked for wait for that answer and spend from it, instead of each asking for a block of
// its own (N concurrent calls would take N blocks, refusing the bettor early, and each would wait
// on a slow counter). The lease in hand stays until the new one arrives.
import type { RateLimiterRes } from 'rate-limiter-flexible';

/** Keys whose lease a node remembers at most (expired ones are dropped first, then the oldest). */
export const LEASED_LIMITER_MAX_KEYS = 100_000;

/** The block for a limit of `points` a window: 1 (exact) below 60 points, at most 10. */
export function leaseBlock(points: number): number {
  return Math.max(1, Math.min(10, Math.floor(points / 60)));
}

type Lease = { left: number; until_ms: number };

/** What the leased limiter asks of the shared counter: `points` of a key's budget at once. */
export type BlockCounter = {
  keyPrefix: string;
  consume(key: string, points: number): Promise<RateLimiterRes>;
};

/** Calls of one key waiting for its next block at most; past it a call asks on its own. */
const WAITS_MAX = 3;

export function createLeasedLimiter(inner: BlockCounter, block: number, now: () => number = Date.now) {
  if (!Number.isSafeInteger(block) || block < 1) throw new Error(`lease block must be ≥ 1, got ${block}`);
  const leases = new Map<string, Lease>();
  /** Keys whose next block is being asked for now: the answer, once. */
  const asking = new Map<string, Promise<void>>();

  function remember(key: string, lease: Lease) {
    leases.delete(key);
    leases.set(key, lease);
    if (leases.size <= LEASED_LIMITER_MAX_KEYS) return;
    const t = now();
    for (const [k, l] of leases) if (l.until_ms <= t) leases.delete(k);
    while (leases.size > LEASED_LIMITER_MAX_KEYS) leases.delete(leases.keys().next().value!);
  }

  return {
    keyPrefix: inner.keyPrefix,
    /** Resolves when the key may make one more request; rejects with a RateLimiterRes when not. */
    async consume(key: string): Promise<void> {
      // Spend from the lease in hand; else wait for the block being asked for (and spend from
      // it: an over-limit answer refuses the waiting calls too); else ask for the next one.
      for (let waits = 0; ; waits++) {
        const t = now();
        const lease = leases.get(key);
        if (lease && lease.left > 0 && t < lease.until_ms) {
          lease.left -= 1;
          return;
        }
        const pending = asking.get(key);
        if (!pending || waits >= WAITS_MAX) break;
        await pending;
      }
      const t = now();
      const ask = inner.consume(key, block).then(
        (res) => remember(key, { left: block, until_ms: t + res.msBeforeNext }),
        (e: unknown) => {
          leases.delete(key);
          throw e;
        },
      );
      const mine = ask.finally(() => {
        if (asking.get(key) === mine) asking.delete(key);
      });
      mine.catch(() => {});
      asking.set(key, mine);
      await mine;
      // This call's point from the block it asked for (the block is fresh: at least one left).
      const lease = leases.get(key);
      if (lease && lease.left > 0) lease.left -= 1;
    },
    /** Leases held now (for tests and /metrics). */
    size: () => leases.size,
  };
}
