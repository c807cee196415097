// A shared limit counted in blocks: a node takes `block` points of a key's budget in one call to
// the shared counter (Redis) and spends them from memory, so a busy bettor costs one Redis round
// trip per block of requests instead of one per request. The shared counter counts every point a
// node took, spent or not, so the limit is never exceeded: across N nodes a key may be refused up
// to N × (block − 1) points early (a node's unspent lease), never let through late. A lease ends
// with the counter's window, so it cannot carry points into the next window.
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

/** Keys whose lease a node remembers at most (expired ones are dropped first, then the oldest). */
export const LEASED_LIMITER_MAX_KEYS = 100_000;

/** The block for a limit of `points` a window: 1 (exact) below 60 points, at most 10. */
export function leaseBlock(points: number): number {
  return Math.max(1, Math.min(10, Math.floor(points / 60)));
}

type Lease = { left: number; until_ms: number };

export function createLeasedLimiter(inner: RateLimiterAbstract, block: number, now: () => number = Date.now) {
  if (!Number.isSafeInteger(block) || block < 1) throw new Error(`lease block must be ≥ 1, got ${block}`);
  const leases = new Map<string, Lease>();

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
      const t = now();
      const lease = leases.get(key);
      if (lease && lease.left > 0 && t < lease.until_ms) {
        lease.left -= 1;
        return;
      }
      leases.delete(key);
      const res: RateLimiterRes = await inner.consume(key, block);
      remember(key, { left: block - 1, until_ms: t + res.msBeforeNext });
    },
    /** Leases held now (for tests and /metrics). */
    size: () => leases.size,
  };
}
