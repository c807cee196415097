// The per-user limit taken from the shared counter in blocks (plugins/leased-limiter.ts): one call
// to the counter per block, never more than the limit across nodes, a lease ends with its window.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { createLeasedLimiter, leaseBlock, LEASED_LIMITER_MAX_KEYS } from '../src/plugins/leased-limiter.ts';

/** A shared counter (as Redis would be) that counts the calls made to it. */
function sharedCounter(points: number, durationS = 60) {
  const memory = new RateLimiterMemory({ keyPrefix: 'test', points, duration: durationS });
  let calls = 0;
  return {
    calls: () => calls,
    keyPrefix: memory.keyPrefix,
    consume(key: string, n = 1) {
      calls += 1;
      return memory.consume(key, n);
    },
  } as unknown as RateLimiterMemory & { calls(): number };
}

async function allowed(limiter: { consume(key: string): Promise<void> }, key: string, n: number) {
  let ok = 0;
  for (let i = 0; i < n; i++) {
    try {
      await limiter.consume(key);
      ok += 1;
    } catch (e) {
      expect(e).toBeInstanceOf(RateLimiterRes);
    }
  }
  return ok;
}

describe('a limit leased from the shared counter in blocks', () => {
  it('blocks of 10 at 600 a minute, exact (1) below 60', () => {
    expect([leaseBlock(600), leaseBlock(6_000), leaseBlock(119), leaseBlock(59), leaseBlock(5)]).toEqual([
      10, 10, 1, 1, 1,
    ]);
  });

  it('asks the shared counter once per block of calls', async () => {
    const shared = sharedCounter(600);
    const node = createLeasedLimiter(shared, 10);
    expect(await allowed(node, 'u1', 95)).toBe(95);
    expect(shared.calls()).toBe(10);
  });

  it('lets through no more than the limit across three nodes, and at most nodes × (block − 1) fewer', async () => {
    const shared = sharedCounter(100);
    const nodes = [0, 1, 2].map(() => createLeasedLimiter(shared, 10));
    let ok = 0;
    // The nodes take turns unevenly, as a load balancer spreads a bettor's calls.
    for (let i = 0; i < 300; i++) ok += await allowed(nodes[(i * 7) % 3]!, 'u1', 1);
    expect(ok).toBeLessThanOrEqual(100);
    expect(ok).toBeGreaterThanOrEqual(100 - 3 * 9);
    // Another key has its own budget.
    expect(await allowed(nodes[0]!, 'u2', 5)).toBe(5);
  });

  it('a lease ends with its window: nothing is spent from it afterwards', async () => {
    let t = 1_000_000;
    const shared = sharedCounter(600, 1);
    const node = createLeasedLimiter(shared, 10, () => t);
    expect(await allowed(node, 'u1', 1)).toBe(1);
    expect(shared.calls()).toBe(1);
    t += 2_000; // past the 1 s window the lease was taken in
    expect(await allowed(node, 'u1', 1)).toBe(1);
    expect(shared.calls()).toBe(2);
  });

  it('calls of a key that arrive while its block is asked for wait for it: one ask, not one each', async () => {
    // A shared counter that answers only when told (Redis slow, or quiet until it times out).
    const memory = new RateLimiterMemory({ keyPrefix: 'slow', points: 600, duration: 60 });
    const asked: (() => void)[] = [];
    const slow = {
      keyPrefix: 'slow',
      consume: (key: string, n: number) =>
        new Promise<RateLimiterRes>((resolve, reject) =>
          asked.push(() => memory.consume(key, n).then(resolve, reject)),
        ),
    };
    const node = createLeasedLimiter(slow, 10);
    const calls = Array.from({ length: 8 }, () => node.consume('u1'));
    await new Promise((r) => setTimeout(r, 10));
    expect(asked).toHaveLength(1);
    asked[0]!();
    await Promise.all(calls);
    // One block of 10 taken from the shared budget; 8 spent, 2 left in the lease.
    expect((await memory.get('u1'))!.consumedPoints).toBe(10);
    await node.consume('u1');
    await node.consume('u1');
    expect(asked).toHaveLength(1);
    // An over-limit answer refuses every call that waited for it.
    const over = new RateLimiterRes(0, 5_000, 600, false);
    const refusing = {
      keyPrefix: 'over',
      consume: () => new Promise<RateLimiterRes>((_, reject) => setTimeout(() => reject(over), 20)),
    };
    const full = createLeasedLimiter(refusing, 10);
    const results = await Promise.allSettled(Array.from({ length: 3 }, () => full.consume('u1')));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });

  it(`remembers at most LEASED_LIMITER_MAX_KEYS (${LEASED_LIMITER_MAX_KEYS}) keys`, async () => {
    const shared = sharedCounter(600);
    const node = createLeasedLimiter(shared, 10);
    for (let i = 0; i <= LEASED_LIMITER_MAX_KEYS; i++) await node.consume(`k${i}`);
    expect(node.size()).toBe(LEASED_LIMITER_MAX_KEYS);
  });
});
