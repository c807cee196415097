// A request and its repeats while the first is slow (a loaded store): its transaction, once it
// holds the bettor's wallet row, waits far longer than the wallet's busy retries (HOUSE_LOCK_TRIES,
// about 0.1 s in all) before it writes the hold; the repeats are sent meanwhile.
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';

/** How long the first request's transaction holds the wallet row before its hold is written. */
export const SLOW_FIRST_MS = 600;
/** When the repeats are sent, after the first. */
export const REPEATS_AFTER_MS = 150;

/** Sends `send()` once, then `repeats` more while the first is held slow; the answers in that order. */
export async function sendWhileFirstIsSlow<T>(
  app: Pick<FastifyInstance, 'wallet'>,
  send: () => Promise<T>,
  repeats = 2,
): Promise<T[]> {
  const holds = app.wallet.holds;
  const set = holds.set.bind(holds);
  let calls = 0;
  const spy = vi.spyOn(holds, 'set').mockImplementation(async (...args) => {
    if (calls++ === 0) await new Promise((done) => setTimeout(done, SLOW_FIRST_MS));
    return set(...args);
  });
  try {
    const first = send();
    await new Promise((done) => setTimeout(done, REPEATS_AFTER_MS));
    const again = await Promise.all(Array.from({ length: repeats }, () => send()));
    return [await first, ...again];
  } finally {
    spy.mockRestore();
  }
}
