// How many test files run at once (vitest.config.ts), chosen by how fast this box runs a fixed
// piece of JavaScript when vitest starts (docs/decisions.md, "Browser files at once" and "Test
// files at once on a very fast box").
//
// The browser files mostly wait (a casino round, a binary session's close, an over bowled): on a
// fast box two of them at a time left the cores 56 % busy, and three took the group from 351 s to
// 247 s with the same file times. On a box about twice as slow, three files' servers and Chromiums
// saturated both cores and tests waited past their 30 s for a screen that loads in 6 s alone. So
// three only where the box is fast, two elsewhere.
//
// The other files run two at a time: a third on a loaded box made the timing tests (2 s answers,
// fault outages) miss their bounds. On a very fast box, quiet, two left a fifth of both cores idle
// (80 % busy over the run): there three other files and four browser files at a time, each group
// then 91–93 % busy, every test passing (2026-12-05). E2E_WORKERS and VITEST_MAX_WORKERS override.

import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/**
 * A pass at most this long (ms) on both cores at once makes a fast box. On the box where three were
 * measured: 32–38 ms quiet, 50 ms with one busy loop beside it (one thread alone: 27–31 ms).
 */
export const FAST_BOX_MS = 45;
/** At most this long, a very fast box: 31–33 ms on the box where the wider plan was measured. */
export const VERY_FAST_BOX_MS = 36;
export const WORKERS_FAST = 3;
export const WORKERS_SLOW = 2;
export const WORKERS_VERY_FAST = 4;
/** The files that are not browser files: two, three on a very fast box. */
export const OTHER_WORKERS = 2;
export const OTHER_WORKERS_VERY_FAST = 3;
/** E2E_WORKERS or VITEST_MAX_WORKERS outside 1..WORKERS_MAX is refused: more would only queue. */
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

/** A count asked for in the environment (`name`), or undefined when unset or empty. */
function askedCount(env, name) {
  const asked = env[name];
  if (asked === undefined || asked === '') return undefined;
  const n = Number(asked);
  if (!Number.isInteger(n) || n < 1 || n > WORKERS_MAX) {
    throw new Error(`${name} must be a whole number from 1 to ${WORKERS_MAX}, not "${asked}"`);
  }
  return n;
}

/**
 * Files at once: `browser` for the browser files, `other` for the rest. E2E_WORKERS and
 * VITEST_MAX_WORKERS decide when set (whole numbers from 1 to WORKERS_MAX); else a calibration
 * pass on every core at once, the faster of two (a pass slowed by vitest's own start would read a
 * fast box slow): at most VERY_FAST_BOX_MS, four browser files and three others; at most
 * FAST_BOX_MS, three and two; else two and two. `measure` is only called when the environment
 * does not decide both.
 */
export async function workerPlan(env = process.env, measure = boxPassMs) {
  const browserAsked = askedCount(env, 'E2E_WORKERS');
  const otherAsked = askedCount(env, 'VITEST_MAX_WORKERS');
  if (browserAsked !== undefined && otherAsked !== undefined) {
    return {
      browser: browserAsked,
      other: otherAsked,
      why: `E2E_WORKERS=${browserAsked}, VITEST_MAX_WORKERS=${otherAsked}`,
    };
  }
  const ms = Math.min(await measure(), await measure());
  const veryFast = ms <= VERY_FAST_BOX_MS;
  const browser =
    browserAsked ?? (veryFast ? WORKERS_VERY_FAST : ms <= FAST_BOX_MS ? WORKERS_FAST : WORKERS_SLOW);
  const other = otherAsked ?? (veryFast ? OTHER_WORKERS_VERY_FAST : OTHER_WORKERS);
  const asked = [
    ...(browserAsked === undefined ? [] : [`E2E_WORKERS=${browserAsked}`]),
    ...(otherAsked === undefined ? [] : [`VITEST_MAX_WORKERS=${otherAsked}`]),
  ];
  return {
    browser,
    other,
    why:
      `a calibration pass took ${ms.toFixed(0)} ms (at most ${VERY_FAST_BOX_MS} ms: ` +
      `${WORKERS_VERY_FAST} and ${OTHER_WORKERS_VERY_FAST}; at most ${FAST_BOX_MS} ms: ` +
      `${WORKERS_FAST} and ${OTHER_WORKERS}; else ${WORKERS_SLOW} and ${OTHER_WORKERS})` +
      (asked.length ? `; ${asked.join(', ')}` : ''),
  };
}
