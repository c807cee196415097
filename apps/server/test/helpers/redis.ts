// Redis for the tests of limits shared across nodes. In CI it must be there; a developer without
// it gets one clear line and the in-memory tests.
import { reachable } from './services.ts';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let shown = false;

/** Whether Redis answers at TEST_REDIS_URL; in CI (CI=true) a missing Redis is an error. */
export async function redisAvailable(what: string): Promise<boolean> {
  const u = new URL(TEST_REDIS_URL);
  if (await reachable(u.hostname, Number(u.port || 6379))) return true;
  if (process.env.CI === 'true')
    throw new Error(`CI=true but no Redis at ${TEST_REDIS_URL}: ${what} must run in CI.`);
  if (!shown)
    console.log(`${what}: skipped — no Redis at ${TEST_REDIS_URL} (the in-memory limits are still tested).`);
  shown = true;
  return false;
}
