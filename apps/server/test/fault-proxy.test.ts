// The fault proxy itself (test/helpers/fault-proxy.ts): what passes, what a silent link holds and
// delivers on heal, what a cut does. Real Redis behind it.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from './helpers/fault-proxy.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('fault proxy', () => {
  let proxy: FaultProxy;
  let redis: Redis;
  beforeAll(async () => {
    const u = new URL(REDIS_URL);
    proxy = await startFaultProxy({ host: u.hostname, port: Number(u.port || 6379) });
    redis = new Redis(proxy.url(REDIS_URL), { maxRetriesPerRequest: 0, lazyConnect: true });
    // The cut below resets the connection on purpose; the refused ping is what the test reads, and
    // without a listener ioredis prints "Unhandled error event" with a stack into the suite's log.
    redis.on('error', () => {});
    await redis.connect();
  });
  afterAll(async () => {
    redis.disconnect();
    await proxy.close();
  });

  it('passes, holds while silent without closing, delivers on heal, and refuses when cut', async () => {
    expect(await redis.ping()).toBe('PONG');
    proxy.silent();
    const held = redis.ping();
    const raced = await Promise.race([held, new Promise((r) => setTimeout(() => r('waiting'), 300))]);
    expect(raced).toBe('waiting');
    expect(proxy.open).toBe(1);
    proxy.heal();
    expect(await held).toBe('PONG');
    proxy.cut();
    await expect(redis.ping()).rejects.toThrow();
    expect(proxy.open).toBe(0);
  });
});
