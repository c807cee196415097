// How many browser test files run at once (vitest.config.ts), chosen by how fast this box runs a
// fixed piece of JavaScript when vitest starts (docs/decisions.md, "Browser files at once").
//
// The browser files mostly wait (a casino round, a binary session's close, an over bowled): on a
// fast box two of them at a time left the cores 56 % busy, and three took the group from 351 s to
// 247 s with the same file times. On a box about twice as slow, three files' servers and Chromiums
// saturated both cores and tests waited past their 30 s for a screen that loads in 6 s alone. So
// three only where the box is fast, two elsewhere; E2E_WORKERS overrides the choice.

import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/**
 * A pass at most this long (ms) on both cores at once makes a fast box. On the box where three were
 * measured: 32–38 ms quiet, 50 ms with one busy loop beside it (one thread alone: 27–31 ms).
 */
export const FAST_BOX_MS = 45;
export const WORKERS_FAST = 3;
export const WORKERS_SLOW = 2;
/** E2E_WORKERS outside 1..WORKERS_MAX is refused: more would only queue Chromiums. */
export const WORKERS_MAX = 8;

const ARRAYS = 20;
const ORDERS = 10_000;
const PASSES = 5;

/**
 * One pass: 20 arrays of 10,000 orders pushed and sorted by price, then arrival (the shape of the
 * engine's push-and-sort baseline, which read 4.6–5.5M orders/s on fast boxes and 2.4–3.0M on
 * slow ones). Returns its milliseconds.
 */
function onePassMs() {
  const t0 = performance.now();
  let checksum = 0;
  for (let a = 0; a < ARRAYS; a++) {
    const orders = [];
    for (let i = 0; i < ORDERS; i++) orders.push({ price: (i * 7919) % 1000, seq: i });
    orders.sort((x, y) => x.price - y.price || x.seq - y.seq);
    checksum += orders[0].seq;
  }
  // Read, so that the work cannot be dropped as dead code.
  if (checksum < 0) throw new Error('unreachable');
  return performance.now() - t0;
}

/** The median of five passes after one that warms the compiler, in milliseconds. */
export function passMs() {
  onePassMs();
  const times = Array.from({ length: PASSES }, onePassMs).sort((x, y) => x - y);
  return times[Math.floor(PASSES / 2)];
}

/** Cores measured at once: the two a CI box has (a bigger box is fast by the first two). */
const CORES_MEASURED = 2;
const WORKER_TAG = 'backlay-box-speed-pass';

// In a measuring thread (boxPassMs): one median, sent back.
if (!isMainThread && workerData === WORKER_TAG) parentPort?.postMessage(passMs());

/**
 * The pass on each of the box's first two cores at once, each thread its own median: the slower
 * one, in milliseconds. One thread alone would read a box fast while another program holds its
 * other core, and the browser files need both.
 */
export async function boxPassMs() {
  const threads = Math.max(1, Math.min(CORES_MEASURED, availableParallelism()));
  const times = await Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: WORKER_TAG });
          worker.once('message', (ms) => {
            resolve(ms);
            void worker.terminate();
          });
          worker.once('error', reject);
        }),
    ),
  );
  return Math.max(...times);
}

/**
 * Browser files at once: E2E_WORKERS when set (a whole number from 1 to WORKERS_MAX), else
 * WORKERS_FAST where a pass on every core at once takes at most FAST_BOX_MS, else WORKERS_SLOW.
 * `measure` is only called when the environment does not decide.
 */
export async function browserWorkers(env = process.env, measure = boxPassMs) {
  const asked = env.E2E_WORKERS;
  if (asked !== undefined && asked !== '') {
    const n = Number(asked);
    if (!Number.isInteger(n) || n < 1 || n > WORKERS_MAX) {
      throw new Error(`E2E_WORKERS must be a whole number from 1 to ${WORKERS_MAX}, not "${asked}"`);
    }
    return { workers: n, why: `E2E_WORKERS=${n}` };
  }
  const ms = await measure();
  const workers = ms <= FAST_BOX_MS ? WORKERS_FAST : WORKERS_SLOW;
  return {
    workers,
    why: `a calibration pass took ${ms.toFixed(0)} ms (${WORKERS_FAST} at most ${FAST_BOX_MS} ms, else ${WORKERS_SLOW})`,
  };
}
