// The engine bench's measurement (bench/engine.bench.ts says what it measures and why it runs it in
// a process of its own): the workload, the engine's runs and the baseline's, in one process.
import { mulberry32, randInt, timeMs } from './lib.ts';
import type { PlaceOrder } from '@backlay/engine';
import { LADDER, createBook, placeOrder, cancelOrder } from '@backlay/engine';

export const N = 1_000_000;
export const RUNS = 3;
const RUNNERS = ['r1', 'r2', 'r3'];
const USERS = Array.from({ length: 100 }, (_, i) => `u${i}`);
/** After each order, with this probability, cancel a random one of the last CANCEL_WINDOW orders. */
const CANCEL_RATE = 0.1;
const CANCEL_WINDOW = 1000;
/** Every order still resting TTL orders later is cancelled (market makers refresh their quotes). */
const TTL = 5000;

/** The order stream in flat typed arrays, so the heap the book works in holds only the book. */
interface Workload {
  readonly n: number;
  readonly runner: Uint8Array;
  readonly user: Uint8Array;
  readonly back: Uint8Array;
  readonly price: Int32Array;
  readonly size_paise: Int32Array;
  /** cancel[i]: the index of the order to cancel after order i, or -1. */
  readonly cancel: Int32Array;
}

function workload(n: number, seed: number): Workload {
  const rand = mulberry32(seed);
  const fair = RUNNERS.map(() => 120); // LADDER[120] = 2.40
  const w: Workload = {
    n,
    runner: new Uint8Array(n),
    user: new Uint8Array(n),
    back: new Uint8Array(n),
    price: new Int32Array(n),
    size_paise: new Int32Array(n),
    cancel: new Int32Array(n),
  };
  for (let i = 0; i < n; i++) {
    const r = randInt(rand, 0, RUNNERS.length - 1);
    if (i % 1000 === 0) fair[r] = Math.max(20, Math.min(300, fair[r]! + randInt(rand, -1, 1)));
    const back = rand() < 0.5;
    const aggressive = rand() < 0.3;
    const f = fair[r]!;
    // resting backs sit above the fair price, resting lays below it; an aggressive order crosses
    const idx = back
      ? aggressive
        ? f - randInt(rand, 0, 3)
        : f + randInt(rand, 1, 5)
      : aggressive
        ? f + randInt(rand, 0, 3)
        : f - randInt(rand, 1, 5);
    w.runner[i] = r;
    w.user[i] = randInt(rand, 0, USERS.length - 1);
    w.back[i] = back ? 1 : 0;
    w.price[i] = LADDER[idx]!;
    w.size_paise[i] = randInt(rand, 1, 500) * 100;
    w.cancel[i] = rand() < CANCEL_RATE && i > 0 ? randInt(rand, Math.max(0, i - CANCEL_WINDOW), i - 1) : -1;
  }
  return w;
}

/** The command for order i, as a server would build it from a request. */
function command(w: Workload, i: number): PlaceOrder {
  return {
    order_id: `o${i}`,
    user_id: USERS[w.user[i]!]!,
    selection_id: RUNNERS[w.runner[i]!]!,
    side: w.back[i] === 1 ? 'BACK' : 'LAY',
    price: w.price[i]!,
    size_paise: w.size_paise[i]!,
    persistence: 'LAPSE',
  };
}

/**
 * Commands are built in chunks outside the clock (the figure is the book's, not the cost of
 * making request objects and id strings), and only a chunk at a time is alive.
 */
const CHUNK = 10_000;

function runEngine(w: Workload): { ms: number; fills: number; cancelled: number; resting: number } {
  const book = createBook();
  let fills = 0;
  let ms = 0;
  const cmds: PlaceOrder[] = new Array<PlaceOrder>(CHUNK);
  const cancels: (string | null)[] = new Array<string | null>(CHUNK);
  const expiries: (string | null)[] = new Array<string | null>(CHUNK);
  let cancelled = 0;
  for (let start = 0; start < w.n; start += CHUNK) {
    const end = Math.min(w.n, start + CHUNK);
    for (let i = start; i < end; i++) {
      cmds[i - start] = command(w, i);
      const c = w.cancel[i]!;
      cancels[i - start] = c >= 0 ? `o${c}` : null;
      expiries[i - start] = i >= TTL ? `o${i - TTL}` : null;
    }
    ms += timeMs(() => {
      for (let k = 0; k < end - start; k++) {
        const res = placeOrder(book, cmds[k]!);
        fills += res.events.length - (res.size_remaining_paise > 0 ? 1 : 0);
        const c = cancels[k];
        if (c !== null && c !== undefined) cancelled += cancelOrder(book, c).events.length;
        const x = expiries[k];
        if (x !== null && x !== undefined) cancelled += cancelOrder(book, x).events.length;
      }
    });
  }
  return { ms, fills, cancelled, resting: book.orders.size };
}

function runBaseline(w: Workload): number {
  // the same chunked commands: push each into one array (untimed: building them), then sort
  let ms = 0;
  const arr: PlaceOrder[] = [];
  const cmds: PlaceOrder[] = new Array<PlaceOrder>(CHUNK);
  for (let start = 0; start < w.n; start += CHUNK) {
    const end = Math.min(w.n, start + CHUNK);
    for (let i = start; i < end; i++) cmds[i - start] = command(w, i);
    ms += timeMs(() => {
      for (let k = 0; k < end - start; k++) arr.push(cmds[k]!);
    });
  }
  // Array.prototype.sort is stable: sorting by price keeps time order within a price
  ms += timeMs(() => {
    arr.sort((a, b) => a.price - b.price);
  });
  if (arr.length !== w.n) throw new Error('unreachable');
  return ms;
}

/** Which side one measuring process runs. */
export type EngineSide = 'engine' | 'baseline';

/** What one measuring process gives: each run's milliseconds, and its last engine run's counts. */
export type EngineMeasurement = {
  ms: number[];
  last: { ms: number; fills: number; cancelled: number; resting: number } | null;
};

/**
 * Warm-up on a smaller stream, then RUNS runs of one side only. The two sides run in processes of
 * their own: in one heap, the baseline's million commands, promoted to the old space while its
 * array holds them, die just before the engine's next run, which then pays for collecting them
 * (docs/performance.md, "Engine (order book)", 2026-12-02).
 */
export function measure(side: EngineSide): EngineMeasurement {
  const w = workload(N, 0xbac1a7);
  const warm = workload(N / 10, 7);
  const out: EngineMeasurement = { ms: [], last: null };
  if (side === 'engine') {
    runEngine(warm);
    for (let r = 0; r < RUNS; r++) {
      out.last = runEngine(w);
      out.ms.push(out.last.ms);
    }
  } else {
    runBaseline(warm);
    for (let r = 0; r < RUNS; r++) out.ms.push(runBaseline(w));
  }
  return out;
}
