// The order book of one market: back and lay limit orders per runner, price-time priority, best
// execution at the resting order's price, partial fills, cancel (whole or part), lapse on going
// in-play (persistence 'LAPSE') and on close. DOMAIN.md "Matching".
//
// Layout: per runner and side a 350-slot array indexed by ladder index; each slot a FIFO queue of
// orders. The best index of each side is tracked, so matching touches only the levels it eats.
import type { Paise, PriceHundredths } from '../ladder/index.ts';
import { LADDER as LADDER_PRICES, LADDER_SIZE as SIZE, priceToIndex } from '../ladder/ladder.ts';
import type {
  BookErrorCode,
  BookEvent,
  BookOrder,
  CancelResult,
  LadderLevel,
  LadderLevelChange,
  OrderBook,
  OrderSide,
  Persistence,
  PlaceOrder,
  PlaceResult,
  PriceLevel,
  RestingOrder,
  RunnerBook,
  RunnerLadder,
} from './types.ts';
import { MAX_ORDER_PAISE } from './types.ts';
import { OrderIndex } from './order-index.ts';

// Module-local copies: the hot loops read these on every fill.
const LADDER: readonly PriceHundredths[] = LADDER_PRICES;
const LADDER_SIZE: number = SIZE;

/** Thrown for a command the book refuses (the server validates first; this is the last guard). */
export class BookError extends Error {
  override readonly name = 'BookError';
  constructor(
    readonly code: BookErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** An empty, open, pre-play book. */
export function createBook(opts: { in_play?: boolean; closed?: boolean; next_seq?: number } = {}): OrderBook {
  return {
    in_play: opts.in_play ?? false,
    closed: opts.closed ?? false,
    next_seq: opts.next_seq ?? 1,
    runners: new Map(),
    // A Map in every respect but V8's large-table cliff (see order-index.ts).
    orders: new OrderIndex(),
  };
}

function newRunner(selection_id: string): RunnerBook {
  return {
    selection_id,
    backs: new Array<PriceLevel | undefined>(LADDER_SIZE).fill(undefined),
    lays: new Array<PriceLevel | undefined>(LADDER_SIZE).fill(undefined),
    best_back_index: LADDER_SIZE,
    best_lay_index: -1,
  };
}

function runnerOf(book: OrderBook, selection_id: string): RunnerBook {
  let rb = book.runners.get(selection_id);
  if (rb === undefined) {
    rb = newRunner(selection_id);
    book.runners.set(selection_id, rb);
  }
  return rb;
}

function checkSize(size: number, what: string): void {
  if (!Number.isSafeInteger(size) || size <= 0 || size > MAX_ORDER_PAISE) {
    throw new BookError('INVALID_SIZE', `${what} must be an integer in [1, ${MAX_ORDER_PAISE}] paise`);
  }
}

function checkIdentity(o: {
  order_id: unknown;
  user_id: unknown;
  selection_id: unknown;
  side: unknown;
}): void {
  if (typeof o.order_id !== 'string' || typeof o.user_id !== 'string' || typeof o.selection_id !== 'string') {
    throw new BookError('INVALID_ORDER', 'order_id, user_id and selection_id must be strings');
  }
  if (o.side !== 'BACK' && o.side !== 'LAY') throw new BookError('INVALID_ORDER', 'side must be BACK or LAY');
}

function checkPersistence(p: unknown): Persistence {
  if (p === undefined) return 'LAPSE';
  if (p !== 'LAPSE' && p !== 'PERSIST')
    throw new BookError('INVALID_ORDER', 'persistence must be LAPSE or PERSIST');
  return p;
}

/** Append an order to the tail of its level and update the side's best index. */
function enqueue(rb: RunnerBook, order: BookOrder, idx: number): void {
  const levels = order.side === 'BACK' ? rb.backs : rb.lays;
  let level = levels[idx];
  if (level === undefined) {
    level = { orders: [], head: 0, live: 0, total_paise: 0 };
    levels[idx] = level;
    if (order.side === 'BACK') {
      if (idx < rb.best_back_index) rb.best_back_index = idx;
    } else if (idx > rb.best_lay_index) rb.best_lay_index = idx;
  }
  level.orders.push(order);
  level.live++;
  level.total_paise += order.remaining_paise;
}

/** Drop an emptied level and move the side's best index to the next live level. */
function dropLevel(rb: RunnerBook, side: OrderSide, idx: number): void {
  if (side === 'BACK') {
    rb.backs[idx] = undefined;
    if (idx === rb.best_back_index) {
      let i = idx + 1;
      while (i < LADDER_SIZE && rb.backs[i] === undefined) i++;
      rb.best_back_index = i;
    }
  } else {
    rb.lays[idx] = undefined;
    if (idx === rb.best_lay_index) {
      let i = idx - 1;
      while (i >= 0 && rb.lays[i] === undefined) i--;
      rb.best_lay_index = i;
    }
  }
}

/**
 * An order of this level has just gone to remaining 0 by cancel or lapse. It stays in the queue
 * (O(1), no search) and is skipped later; the queue is compacted when the dead outnumber the live.
 */
function unlink(rb: RunnerBook, order: BookOrder, idx: number): void {
  const level = (order.side === 'BACK' ? rb.backs : rb.lays)[idx]!;
  level.live--;
  if (level.live === 0) {
    dropLevel(rb, order.side, idx);
    return;
  }
  // No walk to the next live order here: `eat` skips the dead anyway, and reading each queued
  // order on every cancel was the costliest line left in the profile (a cache miss per cancel).
  const q = level.orders;
  if (q.length - level.head > 2 * level.live + 32) {
    let w = 0;
    for (let r = level.head; r < q.length; r++) if (q[r]!.remaining_paise > 0) q[w++] = q[r]!;
    q.length = w;
    level.head = 0;
  }
}

/**
 * Place a limit order: match it against the opposite side at the best prices (price-time
 * priority; the fill price is the resting order's, never worse than this limit), then rest the
 * unmatched part at its own price. Mutates the book; returns the result and the events.
 */
export function placeOrder(book: OrderBook, cmd: PlaceOrder): PlaceResult {
  if (book.closed) throw new BookError('MARKET_CLOSED', 'the market is closed');
  checkIdentity(cmd);
  const idx = priceToIndex(cmd.price);
  if (idx < 0) throw new BookError('INVALID_PRICE', `price ${String(cmd.price)} is not on the ladder`);
  checkSize(cmd.size_paise, 'size_paise');
  const persistence = checkPersistence(cmd.persistence);
  if (cmd.seq !== undefined && (!Number.isSafeInteger(cmd.seq) || cmd.seq < book.next_seq)) {
    throw new BookError('INVALID_ORDER', `seq must be an integer ≥ ${book.next_seq}`);
  }
  if (book.orders.has(cmd.order_id)) {
    throw new BookError('DUPLICATE_ORDER', `order ${cmd.order_id} is already on the book`);
  }

  const rb = runnerOf(book, cmd.selection_id);
  let remaining = cmd.size_paise;
  eatenValue = 0;
  eventCount = 0;

  if (cmd.side === 'BACK') {
    // A back at p takes resting lays at p or higher, highest first.
    while (remaining > 0 && rb.best_lay_index >= idx) {
      const li = rb.best_lay_index;
      remaining = eat(book, rb.lays[li]!, LADDER[li]!, cmd, remaining);
      if (rb.lays[li]!.live === 0) dropLevel(rb, 'LAY', li);
    }
  } else {
    // A lay at p takes resting backs at p or lower, lowest first.
    while (remaining > 0 && rb.best_back_index <= idx) {
      const bi = rb.best_back_index;
      remaining = eat(book, rb.backs[bi]!, LADDER[bi]!, cmd, remaining);
      if (rb.backs[bi]!.live === 0) dropLevel(rb, 'BACK', bi);
    }
  }

  const matched = cmd.size_paise - remaining;
  const matchedValue = eatenValue;

  if (remaining > 0) {
    const order: BookOrder = {
      order_id: cmd.order_id,
      user_id: cmd.user_id,
      selection_id: cmd.selection_id,
      side: cmd.side,
      price: cmd.price,
      size_paise: cmd.size_paise,
      persistence,
      seq: cmd.seq ?? book.next_seq,
      remaining_paise: remaining,
      matched_paise: matched,
      cancelled_paise: 0,
    };
    book.next_seq = order.seq + 1;
    enqueue(rb, order, idx);
    book.orders.set(order.order_id, order);
    eventScratch[eventCount++] = {
      type: 'REST',
      order_id: order.order_id,
      user_id: order.user_id,
      selection_id: order.selection_id,
      side: order.side,
      price: order.price,
      size_paise: remaining,
      seq: order.seq,
    };
  }

  // One exact-size array per call (a growing `[]` would allocate 16 slots for the usual 1 or 2
  // events); the scratch slots are cleared so it keeps no order's events alive.
  const n = eventCount;
  const events: BookEvent[] =
    n === 1
      ? [eventScratch[0]!]
      : n === 2
        ? [eventScratch[0]!, eventScratch[1]!]
        : (eventScratch.slice(0, n) as BookEvent[]);
  for (let i = 0; i < n; i++) eventScratch[i] = undefined;

  return {
    order_id: cmd.order_id,
    status: remaining === 0 ? 'MATCHED' : matched > 0 ? 'PARTIAL' : 'UNMATCHED',
    size_matched_paise: matched,
    size_remaining_paise: remaining,
    matched_value: matchedValue,
    average_price_matched: matched > 0 ? matchedValue / matched : null,
    events,
  };
}

/** Σ size × price of the fills of the current placeOrder call (set by `eat`; the engine is synchronous). */
let eatenValue = 0;

/**
 * The events of the current placeOrder call, [0, eventCount): fills appended by `eat`, then the
 * REST. Module state like `eatenValue`: the engine is synchronous and placeOrder empties it.
 */
const eventScratch: (BookEvent | undefined)[] = [];
let eventCount = 0;

/** Match the taker against one level, oldest first; returns the taker's remaining size. */
function eat(
  book: OrderBook,
  level: PriceLevel,
  price: PriceHundredths,
  taker: PlaceOrder,
  remaining: Paise,
): Paise {
  const queue = level.orders;
  let head = level.head;
  while (remaining > 0 && head < queue.length) {
    const maker = queue[head]!;
    if (maker.remaining_paise === 0) {
      head++; // cancelled while queued
      continue;
    }
    const q = maker.remaining_paise < remaining ? maker.remaining_paise : remaining;
    maker.remaining_paise -= q;
    maker.matched_paise += q;
    level.total_paise -= q;
    remaining -= q;
    eatenValue += q * price;
    eventScratch[eventCount++] = {
      type: 'FILL',
      selection_id: taker.selection_id,
      price,
      size_paise: q,
      taker_order_id: taker.order_id,
      taker_user_id: taker.user_id,
      taker_side: taker.side,
      maker_order_id: maker.order_id,
      maker_user_id: maker.user_id,
      maker_remaining_paise: maker.remaining_paise,
    };
    if (maker.remaining_paise === 0) {
      book.orders.delete(maker.order_id);
      level.live--;
      head++;
    }
  }
  if (head === queue.length) {
    queue.length = 0;
    level.head = 0;
  } else if (head > 32 && head * 2 > queue.length) {
    queue.splice(0, head);
    level.head = 0;
  } else {
    level.head = head;
  }
  return remaining;
}

/**
 * Cancel an unmatched order: the whole rest, or reduce it by `reduce_by_paise` (the order keeps
 * its place in the queue). Unknown or finished orders cancel nothing (no events).
 */
export function cancelOrder(book: OrderBook, order_id: string, reduce_by_paise?: Paise): CancelResult {
  const order = book.orders.get(order_id);
  if (order === undefined) return { cancelled_paise: 0, remaining_paise: 0, events: [] };
  if (reduce_by_paise !== undefined) checkSize(reduce_by_paise, 'reduce_by_paise');
  const amount =
    reduce_by_paise === undefined ? order.remaining_paise : Math.min(reduce_by_paise, order.remaining_paise);
  const rb = book.runners.get(order.selection_id)!;
  const idx = priceToIndex(order.price);
  const level = (order.side === 'BACK' ? rb.backs : rb.lays)[idx]!;
  order.remaining_paise -= amount;
  order.cancelled_paise += amount;
  level.total_paise -= amount;
  if (order.remaining_paise === 0) {
    book.orders.delete(order_id);
    unlink(rb, order, idx);
  }
  return {
    cancelled_paise: amount,
    remaining_paise: order.remaining_paise,
    events: [
      {
        type: 'CANCEL',
        order_id,
        user_id: order.user_id,
        selection_id: order.selection_id,
        side: order.side,
        price: order.price,
        size_paise: amount,
        remaining_paise: order.remaining_paise,
      },
    ],
  };
}

/** Cancel every unmatched order matching the filter (e.g. one user's in a market), in seq order. */
export function cancelOrders(
  book: OrderBook,
  filter: { user_id?: string; selection_id?: string; side?: OrderSide } = {},
): BookEvent[] {
  const ids: string[] = [];
  for (const o of book.orders.values()) {
    if (filter.user_id !== undefined && o.user_id !== filter.user_id) continue;
    if (filter.selection_id !== undefined && o.selection_id !== filter.selection_id) continue;
    if (filter.side !== undefined && o.side !== filter.side) continue;
    ids.push(o.order_id);
  }
  const events: BookEvent[] = [];
  for (const id of ids) events.push(...cancelOrder(book, id).events);
  return events;
}

function lapseWhere(
  book: OrderBook,
  reason: 'IN_PLAY' | 'CLOSE',
  keep: (o: BookOrder) => boolean,
): BookEvent[] {
  const events: BookEvent[] = [];
  const gone: BookOrder[] = [];
  for (const o of book.orders.values()) if (!keep(o)) gone.push(o);
  for (const o of gone) {
    const amount = o.remaining_paise;
    const rb = book.runners.get(o.selection_id)!;
    const idx = priceToIndex(o.price);
    const level = (o.side === 'BACK' ? rb.backs : rb.lays)[idx]!;
    o.remaining_paise = 0;
    o.cancelled_paise += amount;
    level.total_paise -= amount;
    book.orders.delete(o.order_id);
    unlink(rb, o, idx);
    events.push({
      type: 'LAPSE',
      order_id: o.order_id,
      user_id: o.user_id,
      selection_id: o.selection_id,
      side: o.side,
      price: o.price,
      size_paise: amount,
      reason,
    });
  }
  return events;
}

/**
 * The market turns in-play: unmatched orders with persistence 'LAPSE' lapse, 'PERSIST' ones stay.
 * Orders placed after this (in-play) stay until close. Idempotent.
 */
export function setInPlay(book: OrderBook): BookEvent[] {
  if (book.in_play || book.closed) return [];
  book.in_play = true;
  return lapseWhere(book, 'IN_PLAY', (o) => o.persistence === 'PERSIST');
}

/** The market closes: everything unmatched lapses and the book takes no more orders. Idempotent. */
export function closeBook(book: OrderBook): BookEvent[] {
  if (book.closed) return [];
  book.closed = true;
  return lapseWhere(book, 'CLOSE', () => false);
}

/** A copy of one resting order, as the server would store it. */
function snapshot(o: BookOrder): BookOrder {
  return { ...o };
}

/** One resting order by id (a copy), or undefined when it is not on the book. */
export function getOrder(book: OrderBook, order_id: string): BookOrder | undefined {
  const o = book.orders.get(order_id);
  return o === undefined ? undefined : snapshot(o);
}

/** Every resting order (copies) in seq (time) order: what `bookFromOrders` rebuilds from. */
export function restingOrders(book: OrderBook): BookOrder[] {
  return [...book.orders.values()].map(snapshot).sort((a, b) => a.seq - b.seq);
}

/**
 * Rebuild a book from stored resting orders (any order of rows: time priority comes from `seq`).
 * `next_seq` defaults to one past the highest seq. Throws when a row is invalid, two rows share
 * an id or a seq, or the rows would make a crossed book.
 */
export function bookFromOrders(
  orders: readonly RestingOrder[],
  state: { in_play?: boolean; closed?: boolean; next_seq?: number } = {},
): OrderBook {
  const sorted = [...orders].sort((a, b) => a.seq - b.seq);
  let maxSeq = 0;
  const book = createBook(state);
  for (let i = 0; i < sorted.length; i++) {
    const r = sorted[i]!;
    checkIdentity(r);
    const idx = priceToIndex(r.price);
    if (idx < 0) throw new BookError('INVALID_PRICE', `order ${r.order_id}: price not on the ladder`);
    checkSize(r.size_paise, 'size_paise');
    checkSize(r.remaining_paise, 'remaining_paise');
    if (!Number.isSafeInteger(r.seq)) throw new BookError('INVALID_ORDER', `order ${r.order_id}: bad seq`);
    if (i > 0 && sorted[i - 1]!.seq === r.seq) throw new BookError('INVALID_ORDER', `duplicate seq ${r.seq}`);
    const cancelled = r.cancelled_paise ?? 0;
    const matched = r.matched_paise ?? r.size_paise - r.remaining_paise - cancelled;
    if (
      !Number.isSafeInteger(cancelled) ||
      !Number.isSafeInteger(matched) ||
      cancelled < 0 ||
      matched < 0 ||
      matched + cancelled + r.remaining_paise !== r.size_paise
    ) {
      throw new BookError('INVALID_ORDER', `order ${r.order_id}: size ≠ matched + remaining + cancelled`);
    }
    if (book.orders.has(r.order_id)) throw new BookError('DUPLICATE_ORDER', `order ${r.order_id} twice`);
    const order: BookOrder = {
      order_id: r.order_id,
      user_id: r.user_id,
      selection_id: r.selection_id,
      side: r.side,
      price: r.price,
      size_paise: r.size_paise,
      persistence: checkPersistence(r.persistence),
      seq: r.seq,
      remaining_paise: r.remaining_paise,
      matched_paise: matched,
      cancelled_paise: cancelled,
    };
    enqueue(runnerOf(book, r.selection_id), order, idx);
    book.orders.set(order.order_id, order);
    if (r.seq > maxSeq) maxSeq = r.seq;
  }
  for (const rb of book.runners.values()) {
    if (rb.best_lay_index >= rb.best_back_index) {
      throw new BookError('CROSSED', `runner ${rb.selection_id}: resting orders cross`);
    }
  }
  book.next_seq = Math.max(state.next_seq ?? 0, maxSeq + 1, 1);
  return book;
}

/** An independent deep copy of a book. */
export function cloneBook(book: OrderBook): OrderBook {
  return bookFromOrders(restingOrders(book), {
    in_play: book.in_play,
    closed: book.closed,
    next_seq: book.next_seq,
  });
}

function levelsOf(
  levels: readonly (PriceLevel | undefined)[],
  from: number,
  dir: 1 | -1,
  depth: number,
): LadderLevel[] {
  const out: LadderLevel[] = [];
  for (let i = from; i >= 0 && i < LADDER_SIZE && out.length < depth; i += dir) {
    const level = levels[i];
    if (level !== undefined) out.push({ price: LADDER[i]!, size_paise: level.total_paise });
  }
  return out;
}

/**
 * The best `depth` levels of one runner, Betfair style: `available_to_back` = resting lays, highest
 * price first; `available_to_lay` = resting backs, lowest price first. An unknown runner is empty.
 */
export function ladderView(book: OrderBook, selection_id: string, depth = 3): RunnerLadder {
  const rb = book.runners.get(selection_id);
  if (rb === undefined) return { selection_id, available_to_back: [], available_to_lay: [] };
  return {
    selection_id,
    available_to_back: levelsOf(rb.lays, rb.best_lay_index, -1, depth),
    available_to_lay: levelsOf(rb.backs, rb.best_back_index, 1, depth),
  };
}

/** Total unmatched size at one level: `available_to` 'BACK' = resting lays, 'LAY' = resting backs. */
export function levelSize(
  book: OrderBook,
  selection_id: string,
  available_to: OrderSide,
  price: PriceHundredths,
): Paise {
  const rb = book.runners.get(selection_id);
  const idx = priceToIndex(price);
  if (rb === undefined || idx < 0) return 0;
  const level = (available_to === 'BACK' ? rb.lays : rb.backs)[idx];
  return level === undefined ? 0 : level.total_paise;
}

/**
 * The levels that `events` changed, with their size in the book now (call it right after the
 * command, on the same book): the deltas to publish. Each level appears once, in first-touched order.
 */
export function ladderChanges(book: OrderBook, events: readonly BookEvent[]): LadderLevelChange[] {
  const seen = new Set<string>();
  const out: LadderLevelChange[] = [];
  const touch = (selection_id: string, restingSide: OrderSide, price: PriceHundredths): void => {
    const available_to: OrderSide = restingSide === 'BACK' ? 'LAY' : 'BACK';
    const key = `${selection_id}\u0000${available_to}\u0000${price}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({
      selection_id,
      available_to,
      price,
      size_paise: levelSize(book, selection_id, available_to, price),
    });
  };
  for (const e of events) {
    if (e.type === 'FILL') touch(e.selection_id, e.taker_side === 'BACK' ? 'LAY' : 'BACK', e.price);
    else touch(e.selection_id, e.side, e.price);
  }
  return out;
}

/** Whether some runner's best resting lay price is at or above its best resting back price (never, after a command). */
export function isCrossed(book: OrderBook): boolean {
  for (const rb of book.runners.values()) if (rb.best_lay_index >= rb.best_back_index) return true;
  return false;
}
