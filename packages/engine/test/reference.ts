// A deliberately naive order book, written straight from DOMAIN.md's matching rules, used as the
// oracle of the property tests: a flat list of resting orders, re-sorted on every command.
import type { BookEvent, OrderSide, Persistence, PlaceOrder } from '../src/index.ts';

export interface RefOrder {
  order_id: string;
  user_id: string;
  selection_id: string;
  side: OrderSide;
  price: number;
  size_paise: number;
  persistence: Persistence;
  seq: number;
  remaining_paise: number;
  matched_paise: number;
  cancelled_paise: number;
}

export interface RefBook {
  in_play: boolean;
  closed: boolean;
  next_seq: number;
  resting: RefOrder[];
}

export function refBook(): RefBook {
  return { in_play: false, closed: false, next_seq: 1, resting: [] };
}

export function refPlace(book: RefBook, cmd: PlaceOrder): BookEvent[] {
  if (book.closed) throw new Error('closed');
  const events: BookEvent[] = [];
  // candidates: the opposite side of the same runner whose price the taker's limit accepts
  const candidates = book.resting
    .filter(
      (o) =>
        o.selection_id === cmd.selection_id &&
        o.side !== cmd.side &&
        (cmd.side === 'BACK' ? o.price >= cmd.price : o.price <= cmd.price),
    )
    // best price for the taker first (highest lay for a back, lowest back for a lay), then oldest
    .sort((a, b) => (cmd.side === 'BACK' ? b.price - a.price : a.price - b.price) || a.seq - b.seq);
  let remaining = cmd.size_paise;
  for (const maker of candidates) {
    if (remaining === 0) break;
    const q = Math.min(remaining, maker.remaining_paise);
    maker.remaining_paise -= q;
    maker.matched_paise += q;
    remaining -= q;
    events.push({
      type: 'FILL',
      selection_id: cmd.selection_id,
      price: maker.price,
      size_paise: q,
      taker_order_id: cmd.order_id,
      taker_user_id: cmd.user_id,
      taker_side: cmd.side,
      maker_order_id: maker.order_id,
      maker_user_id: maker.user_id,
      maker_remaining_paise: maker.remaining_paise,
    });
  }
  book.resting = book.resting.filter((o) => o.remaining_paise > 0);
  if (remaining > 0) {
    const seq = book.next_seq++;
    book.resting.push({
      order_id: cmd.order_id,
      user_id: cmd.user_id,
      selection_id: cmd.selection_id,
      side: cmd.side,
      price: cmd.price,
      size_paise: cmd.size_paise,
      persistence: cmd.persistence ?? 'LAPSE',
      seq,
      remaining_paise: remaining,
      matched_paise: cmd.size_paise - remaining,
      cancelled_paise: 0,
    });
    events.push({
      type: 'REST',
      order_id: cmd.order_id,
      user_id: cmd.user_id,
      selection_id: cmd.selection_id,
      side: cmd.side,
      price: cmd.price,
      size_paise: remaining,
      seq,
    });
  }
  return events;
}

export function refCancel(book: RefBook, order_id: string, reduce?: number): BookEvent[] {
  const o = book.resting.find((x) => x.order_id === order_id);
  if (!o) return [];
  const amount = reduce === undefined ? o.remaining_paise : Math.min(reduce, o.remaining_paise);
  o.remaining_paise -= amount;
  o.cancelled_paise += amount;
  book.resting = book.resting.filter((x) => x.remaining_paise > 0);
  return [
    {
      type: 'CANCEL',
      order_id,
      user_id: o.user_id,
      selection_id: o.selection_id,
      side: o.side,
      price: o.price,
      size_paise: amount,
      remaining_paise: o.remaining_paise,
    },
  ];
}

function refLapse(book: RefBook, reason: 'IN_PLAY' | 'CLOSE', keep: (o: RefOrder) => boolean): BookEvent[] {
  const events: BookEvent[] = [];
  for (const o of [...book.resting].sort((a, b) => a.seq - b.seq)) {
    if (keep(o)) continue;
    events.push({
      type: 'LAPSE',
      order_id: o.order_id,
      user_id: o.user_id,
      selection_id: o.selection_id,
      side: o.side,
      price: o.price,
      size_paise: o.remaining_paise,
      reason,
    });
    o.cancelled_paise += o.remaining_paise;
    o.remaining_paise = 0;
  }
  book.resting = book.resting.filter((x) => x.remaining_paise > 0);
  return events;
}

export function refInPlay(book: RefBook): BookEvent[] {
  if (book.in_play || book.closed) return [];
  book.in_play = true;
  return refLapse(book, 'IN_PLAY', (o) => o.persistence === 'PERSIST');
}

export function refClose(book: RefBook): BookEvent[] {
  if (book.closed) return [];
  book.closed = true;
  return refLapse(book, 'CLOSE', () => false);
}

/** Levels as Betfair shows them: [price, size] of resting lays (to back) and resting backs (to lay). */
export function refLadder(
  book: RefBook,
  selection_id: string,
  depth: number,
): {
  available_to_back: { price: number; size_paise: number }[];
  available_to_lay: { price: number; size_paise: number }[];
} {
  const sum = (side: OrderSide): Map<number, number> => {
    const m = new Map<number, number>();
    for (const o of book.resting) {
      if (o.selection_id === selection_id && o.side === side)
        m.set(o.price, (m.get(o.price) ?? 0) + o.remaining_paise);
    }
    return m;
  };
  const toBack = [...sum('LAY')].sort((a, b) => b[0] - a[0]).slice(0, depth);
  const toLay = [...sum('BACK')].sort((a, b) => a[0] - b[0]).slice(0, depth);
  return {
    available_to_back: toBack.map(([price, size_paise]) => ({ price, size_paise })),
    available_to_lay: toLay.map(([price, size_paise]) => ({ price, size_paise })),
  };
}
