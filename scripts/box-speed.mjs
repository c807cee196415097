// How many browser test files run at once (vitest.config.ts), chosen by how fast this box runs a
// fixed piece of JavaScript when vitest starts (docs/decisions.md, "Browser files at once").
//
// The browser files mostly wait (a casino round, a binary session's close, an over bowled): on a
// fast box two of them at a time left the cores 56 % busy, and three took the group from 351 s to
// 247 s with the same file times. On a box about twice as slow, three files' servers and Chromiums
// saturated both cores and tests waited past their 30 s for a screen that loads in 6 s alone. So
// three only where the box is fast, two elsewhere; E2E_WORKERS overrides the choice.

/** A pass at most this long (ms) makes a fast box: 1.5× the pass on the box where three were measured (27 ms). */
export const FAST_BOX_MS = 40;
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

/**
 * Browser files at once: E2E_WORKERS when set (a whole number from 1 to WORKERS_MAX), else
 * WORKERS_FAST where a pass takes at most FAST_BOX_MS, else WORKERS_SLOW. `measure` is only
 * called when the environment does not decide.
 */
export function browserWorkers(env = process.env, measure = passMs) {
  const asked = env.E2E_WORKERS;
  if (asked !== undefined && asked !== '') {
    const n = Number(asked);
    if (!Number.isInteger(n) || n < 1 || n > WORKERS_MAX) {
      throw new Error(`E2E_WORKERS must be a whole number from 1 to ${WORKERS_MAX}, not "${asked}"`);
    }
    return { workers: n, why: `E2E_WORKERS=${n}` };
  }
  const ms = measure();
  const workers = ms <= FAST_BOX_MS ? WORKERS_FAST : WORKERS_SLOW;
  return {
    workers,
    why: `a calibration pass took ${ms.toFixed(0)} ms (${WORKERS_FAST} at most ${FAST_BOX_MS} ms, else ${WORKERS_SLOW})`,
  };
}
