import { describe, expect, it } from 'vitest';
import type { BookEvent, OrderBook, PlaceOrder } from '../src/index.ts';
import {
  BookError,
  bookFromOrders,
  cancelOrder,
  cancelOrders,
  cloneBook,
  closeBook,
  createBook,
  getOrder,
  isCrossed,
  ladderChanges,
  ladderView,
  levelSize,
  placeOrder,
  restingOrders,
  setInPlay,
} from '../src/index.ts';

let n = 0;
function order(
  side: 'BACK' | 'LAY',
  price: number,
  size_paise: number,
  extra: Partial<PlaceOrder> = {},
): PlaceOrder {
  n++;
  return { order_id: `o${n}`, user_id: 'u1', selection_id: 'A', side, price, size_paise, ...extra };
}

function fills(events: readonly BookEvent[]): [string, number, number][] {
  return events.flatMap((e) => (e.type === 'FILL' ? [[e.maker_order_id, e.price, e.size_paise]] : [])) as [
    string,
    number,
    number,
  ][];
}

describe('order book: matching', () => {
  it('rests an order that finds nothing, then matches a crossing one at the resting price', () => {
    const book = createBook();
    const lay = placeOrder(book, order('LAY', 200, 10000, { order_id: 'L1', user_id: 'layer' }));
    expect(lay.status).toBe('UNMATCHED');
    expect(lay.events).toEqual([
      {
        type: 'REST',
        order_id: 'L1',
        user_id: 'layer',
        selection_id: 'A',
        side: 'LAY',
        price: 200,
        size_paise: 10000,
        seq: 1,
      },
    ]);
    // a back at 1.90 takes the lay at 2.00: the backer gets the better price
    const back = placeOrder(book, order('BACK', 190, 4000, { order_id: 'B1', user_id: 'backer' }));
    expect(back).toMatchObject({
      status: 'MATCHED',
      size_matched_paise: 4000,
      size_remaining_paise: 0,
      average_price_matched: 200,
    });
    expect(back.events).toEqual([
      {
        type: 'FILL',
        selection_id: 'A',
        price: 200,
        size_paise: 4000,
        taker_order_id: 'B1',
        taker_user_id: 'backer',
        taker_side: 'BACK',
        maker_order_id: 'L1',
        maker_user_id: 'layer',
        maker_remaining_paise: 6000,
      },
    ]);
    expect(getOrder(book, 'L1')).toMatchObject({
      remaining_paise: 6000,
      matched_paise: 4000,
      cancelled_paise: 0,
    });
    expect(ladderView(book, 'A')).toEqual({
      selection_id: 'A',
      available_to_back: [{ price: 200, size_paise: 6000 }],
      available_to_lay: [],
    });
  });

  it('takes the best price first, then the next (price priority), and reports the average', () => {
    const book = createBook();
    placeOrder(book, order('LAY', 200, 100, { order_id: 'L200' }));
    placeOrder(book, order('LAY', 210, 100, { order_id: 'L210' }));
    placeOrder(book, order('LAY', 190, 100, { order_id: 'L190' }));
    const r = placeOrder(book, order('BACK', 200, 150, { order_id: 'B' }));
    expect(fills(r.events)).toEqual([
      ['L210', 210, 100],
      ['L200', 200, 50],
    ]);
    expect(r.matched_value).toBe(100 * 210 + 50 * 200);
    expect(r.average_price_matched).toBeCloseTo(206.667, 3);
    // the lay at 1.90 is below the back's limit 2.00: not matched
    expect(ladderView(book, 'A').available_to_back).toEqual([
      { price: 200, size_paise: 50 },
      { price: 190, size_paise: 100 },
    ]);
  });

  it('a lay takes the lowest backs first', () => {
    const book = createBook();
    placeOrder(book, order('BACK', 300, 100, { order_id: 'B300' }));
    placeOrder(book, order('BACK', 250, 100, { order_id: 'B250' }));
    placeOrder(book, order('BACK', 260, 100, { order_id: 'B260' }));
    const r = placeOrder(book, order('LAY', 260, 500, { order_id: 'L' }));
    expect(fills(r.events)).toEqual([
      ['B250', 250, 100],
      ['B260', 260, 100],
    ]);
    expect(r).toMatchObject({ status: 'PARTIAL', size_matched_paise: 200, size_remaining_paise: 300 });
    // the rest of the lay rests at its own price 2.60, below the back at 3.00: not crossed
    expect(ladderView(book, 'A')).toEqual({
      selection_id: 'A',
      available_to_back: [{ price: 260, size_paise: 300 }],
      available_to_lay: [{ price: 300, size_paise: 100 }],
    });
    expect(isCrossed(book)).toBe(false);
  });

  it('within one price, first come first served', () => {
    const book = createBook();
    placeOrder(book, order('LAY', 200, 100, { order_id: 'first' }));
    placeOrder(book, order('LAY', 200, 100, { order_id: 'second' }));
    placeOrder(book, order('LAY', 200, 100, { order_id: 'third' }));
    const r = placeOrder(book, order('BACK', 200, 150));
    expect(fills(r.events)).toEqual([
      ['first', 200, 100],
      ['second', 200, 50],
    ]);
    expect(restingOrders(book).map((o) => [o.order_id, o.remaining_paise])).toEqual([
      ['second', 50],
      ['third', 100],
    ]);
  });

  it('keeps runners apart and shows three levels by default', () => {
    const book = createBook();
    for (const p of [200, 202, 204, 206]) placeOrder(book, order('BACK', p, p));
    for (const p of [190, 195, 198, 199]) placeOrder(book, order('LAY', p, p));
    placeOrder(book, order('LAY', 300, 1, { selection_id: 'B' }));
    const v = ladderView(book, 'A');
    expect(v.available_to_back.map((l) => l.price)).toEqual([199, 198, 195]);
    expect(v.available_to_lay.map((l) => l.price)).toEqual([200, 202, 204]);
    expect(ladderView(book, 'A', 10).available_to_lay.length).toBe(4);
    expect(ladderView(book, 'B').available_to_back).toEqual([{ price: 300, size_paise: 1 }]);
    expect(ladderView(book, 'nobody')).toEqual({
      selection_id: 'nobody',
      available_to_back: [],
      available_to_lay: [],
    });
    expect(levelSize(book, 'A', 'LAY', 202)).toBe(202);
    expect(levelSize(book, 'A', 'BACK', 202)).toBe(0);
  });

  it('a taker eats many levels and many orders in one go', () => {
    const book = createBook();
    for (let i = 0; i < 100; i++) placeOrder(book, order('LAY', 150 + (i % 10), 10));
    const r = placeOrder(book, order('BACK', 101, 1000));
    expect(r.status).toBe('MATCHED');
    expect(r.events.length).toBe(100);
    expect(book.orders.size).toBe(0);
    expect(ladderView(book, 'A')).toEqual({ selection_id: 'A', available_to_back: [], available_to_lay: [] });
    // and the book works on afterwards
    placeOrder(book, order('BACK', 150, 5));
    expect(placeOrder(book, order('LAY', 150, 5)).status).toBe('MATCHED');
  });
});

describe('order book: cancel, in-play, close', () => {
  it('reduces an order and keeps its place in the queue; cancels the rest', () => {
    const book = createBook();
    placeOrder(book, order('LAY', 200, 100, { order_id: 'a' }));
    placeOrder(book, order('LAY', 200, 100, { order_id: 'b' }));
    const red = cancelOrder(book, 'a', 30);
    expect(red).toMatchObject({ cancelled_paise: 30, remaining_paise: 70 });
    expect(red.events[0]).toMatchObject({
      type: 'CANCEL',
      order_id: 'a',
      size_paise: 30,
      remaining_paise: 70,
    });
    expect(levelSize(book, 'A', 'BACK', 200)).toBe(170);
    const r = placeOrder(book, order('BACK', 200, 80));
    expect(fills(r.events)).toEqual([
      ['a', 200, 70],
      ['b', 200, 10],
    ]);
    const all = cancelOrder(book, 'b');
    expect(all).toMatchObject({ cancelled_paise: 90, remaining_paise: 0 });
    expect(book.orders.size).toBe(0);
    expect(ladderView(book, 'A').available_to_back).toEqual([]);
    // unknown or finished: nothing
    expect(cancelOrder(book, 'b')).toEqual({ cancelled_paise: 0, remaining_paise: 0, events: [] });
    expect(cancelOrder(book, 'zzz').events).toEqual([]);
  });

  it('reducing by more than the rest cancels the rest; a middle order can go', () => {
    const book = createBook();
    placeOrder(book, order('BACK', 300, 100, { order_id: 'x' }));
    placeOrder(book, order('BACK', 300, 100, { order_id: 'y' }));
    placeOrder(book, order('BACK', 300, 100, { order_id: 'z' }));
    expect(cancelOrder(book, 'y', 1000).cancelled_paise).toBe(100);
    const r = placeOrder(book, order('LAY', 300, 150));
    expect(fills(r.events)).toEqual([
      ['x', 300, 100],
      ['z', 300, 50],
    ]);
    expect(() => cancelOrder(book, 'z', 0)).toThrow(BookError);
  });

  it("cancels all of one user's orders", () => {
    const book = createBook();
    placeOrder(book, order('BACK', 300, 100, { user_id: 'u1' }));
    placeOrder(book, order('LAY', 200, 100, { user_id: 'u2' }));
    placeOrder(book, order('LAY', 250, 100, { user_id: 'u1', selection_id: 'B' }));
    const ev = cancelOrders(book, { user_id: 'u1' });
    expect(ev.map((e) => e.type)).toEqual(['CANCEL', 'CANCEL']);
    expect(restingOrders(book).map((o) => o.user_id)).toEqual(['u2']);
  });

  it('on going in-play lapses LAPSE orders and keeps PERSIST ones; close lapses everything', () => {
    const book = createBook();
    placeOrder(book, order('BACK', 300, 100, { order_id: 'lapse' }));
    placeOrder(book, order('BACK', 310, 100, { order_id: 'keep', persistence: 'PERSIST' }));
    placeOrder(book, order('LAY', 200, 50, { order_id: 'lapse2', persistence: 'LAPSE' }));
    const ev = setInPlay(book);
    expect(ev).toEqual([
      {
        type: 'LAPSE',
        order_id: 'lapse',
        user_id: 'u1',
        selection_id: 'A',
        side: 'BACK',
        price: 300,
        size_paise: 100,
        reason: 'IN_PLAY',
      },
      expect.objectContaining({ type: 'LAPSE', order_id: 'lapse2', size_paise: 50 }),
    ]);
    expect(book.in_play).toBe(true);
    expect(setInPlay(book)).toEqual([]);
    expect(restingOrders(book).map((o) => o.order_id)).toEqual(['keep']);
    // an order placed in-play stays until close
    placeOrder(book, order('LAY', 200, 70, { order_id: 'inplay' }));
    expect(restingOrders(book).map((o) => o.order_id)).toEqual(['keep', 'inplay']);
    const closed = closeBook(book);
    expect(closed.map((e) => (e.type === 'LAPSE' ? [e.order_id, e.reason, e.size_paise] : null))).toEqual([
      ['keep', 'CLOSE', 100],
      ['inplay', 'CLOSE', 70],
    ]);
    expect(closeBook(book)).toEqual([]);
    expect(book.orders.size).toBe(0);
    expect(ladderView(book, 'A')).toEqual({ selection_id: 'A', available_to_back: [], available_to_lay: [] });
    expect(() => placeOrder(book, order('BACK', 200, 1))).toThrow(
      expect.objectContaining({ code: 'MARKET_CLOSED' }),
    );
  });

  it('a partly matched LAPSE order lapses only its rest', () => {
    const book = createBook();
    placeOrder(book, order('LAY', 200, 100, { order_id: 'L' }));
    placeOrder(book, order('BACK', 200, 40));
    const [e] = setInPlay(book);
    expect(e).toMatchObject({ type: 'LAPSE', order_id: 'L', size_paise: 60 });
  });
});

describe('order book: refusals', () => {
  it('refuses off-ladder prices, bad sizes, duplicate ids and junk', () => {
    const book = createBook();
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        return e instanceof BookError ? e.code : 'other';
      }
      return undefined;
    };
    expect(code(() => placeOrder(book, order('BACK', 201, 100)))).toBe('INVALID_PRICE');
    expect(code(() => placeOrder(book, order('BACK', 100, 100)))).toBe('INVALID_PRICE');
    expect(code(() => placeOrder(book, order('BACK', 200, 0)))).toBe('INVALID_SIZE');
    expect(code(() => placeOrder(book, order('BACK', 200, 1.5)))).toBe('INVALID_SIZE');
    expect(code(() => placeOrder(book, order('BACK', 200, -5)))).toBe('INVALID_SIZE');
    expect(code(() => placeOrder(book, order('BACK', 200, 1e12)))).toBe('INVALID_SIZE');
    expect(code(() => placeOrder(book, { ...order('BACK', 200, 1), side: 'X' as 'BACK' }))).toBe(
      'INVALID_ORDER',
    );
    expect(code(() => placeOrder(book, { ...order('BACK', 200, 1), persistence: 'x' as 'LAPSE' }))).toBe(
      'INVALID_ORDER',
    );
    placeOrder(book, order('BACK', 200, 100, { order_id: 'dup' }));
    expect(code(() => placeOrder(book, order('LAY', 150, 100, { order_id: 'dup' })))).toBe('DUPLICATE_ORDER');
    // nothing of the refused commands reached the book
    expect(restingOrders(book).map((o) => o.order_id)).toEqual(['dup']);
  });
});

describe('order book: serialise and rebuild', () => {
  function sample(): OrderBook {
    const book = createBook();
    placeOrder(book, order('LAY', 200, 100, { order_id: 'a', user_id: 'u1' }));
    placeOrder(book, order('LAY', 200, 100, { order_id: 'b', user_id: 'u2', persistence: 'PERSIST' }));
    placeOrder(book, order('BACK', 220, 300, { order_id: 'c', user_id: 'u3' }));
    placeOrder(book, order('BACK', 200, 30, { order_id: 'd', user_id: 'u3' }));
    cancelOrder(book, 'c', 20);
    placeOrder(book, order('LAY', 200, 10, { order_id: 'e', selection_id: 'B' }));
    return book;
  }

  it('restingOrders → bookFromOrders gives the same book, whatever the row order', () => {
    const book = sample();
    const rows = restingOrders(book);
    expect(rows.map((o) => [o.order_id, o.remaining_paise, o.matched_paise, o.cancelled_paise])).toEqual([
      ['a', 70, 30, 0],
      ['b', 100, 0, 0],
      ['c', 280, 0, 20],
      ['e', 10, 0, 0],
    ]);
    const rebuilt = bookFromOrders([...rows].reverse(), { in_play: false });
    expect(restingOrders(rebuilt)).toEqual(rows);
    expect(rebuilt.next_seq).toBe(book.next_seq);
    expect(ladderView(rebuilt, 'A')).toEqual(ladderView(book, 'A'));
    // both go on identically
    const cmd = order('BACK', 200, 150, { order_id: 'f' });
    expect(placeOrder(rebuilt, cmd)).toEqual(placeOrder(book, cmd));
    const copy = cloneBook(book);
    closeBook(copy);
    expect(book.orders.size).toBeGreaterThan(0);
  });

  it('accepts minimal rows (matched derived, persistence LAPSE by default)', () => {
    const b = bookFromOrders([
      {
        order_id: 'x',
        user_id: 'u',
        selection_id: 'A',
        side: 'BACK',
        price: 300,
        size_paise: 100,
        remaining_paise: 60,
        seq: 7,
      },
    ]);
    expect(getOrder(b, 'x')).toMatchObject({ matched_paise: 40, cancelled_paise: 0, persistence: 'LAPSE' });
    expect(b.next_seq).toBe(8);
    expect(setInPlay(b).length).toBe(1);
  });

  it('takes time priority from a caller-given seq (e.g. the server bet sequence)', () => {
    const book = createBook();
    placeOrder(book, order('LAY', 200, 10, { order_id: 'p', seq: 1000 }));
    expect(book.next_seq).toBe(1001);
    expect(() => placeOrder(book, order('LAY', 200, 10, { seq: 999 }))).toThrow(
      expect.objectContaining({ code: 'INVALID_ORDER' }),
    );
    placeOrder(book, order('LAY', 200, 10, { order_id: 'q', seq: 5000 }));
    placeOrder(book, order('LAY', 200, 10, { order_id: 'r' }));
    expect(restingOrders(book).map((o) => [o.order_id, o.seq])).toEqual([
      ['p', 1000],
      ['q', 5000],
      ['r', 5001],
    ]);
    const rebuilt = bookFromOrders(restingOrders(book));
    expect(fills(placeOrder(rebuilt, order('BACK', 200, 25)).events).map((f) => f[0])).toEqual([
      'p',
      'q',
      'r',
    ]);
  });

  it('refuses rows that are crossed, inconsistent or duplicated', () => {
    const row = {
      order_id: 'x',
      user_id: 'u',
      selection_id: 'A',
      side: 'BACK' as const,
      price: 300,
      size_paise: 100,
      remaining_paise: 100,
      seq: 1,
    };
    expect(() => bookFromOrders([row, { ...row, order_id: 'y', side: 'LAY', price: 300, seq: 2 }])).toThrow(
      expect.objectContaining({ code: 'CROSSED' }),
    );
    expect(() => bookFromOrders([row, { ...row, seq: 2 }])).toThrow(
      expect.objectContaining({ code: 'DUPLICATE_ORDER' }),
    );
    expect(() => bookFromOrders([row, { ...row, order_id: 'y' }])).toThrow(BookError);
    expect(() => bookFromOrders([{ ...row, remaining_paise: 200 }])).toThrow(BookError);
    expect(() => bookFromOrders([{ ...row, price: 301 }])).toThrow(
      expect.objectContaining({ code: 'INVALID_PRICE' }),
    );
    expect(() => bookFromOrders([{ ...row, matched_paise: 10 }])).toThrow(BookError);
  });
});

describe('order book: ladder deltas', () => {
  it('lists each level a command touched with its size now', () => {
    const book = createBook();
    placeOrder(book, order('LAY', 200, 100, { order_id: 'a' }));
    placeOrder(book, order('LAY', 210, 100, { order_id: 'b' }));
    const r = placeOrder(book, order('BACK', 200, 250));
    expect(ladderChanges(book, r.events)).toEqual([
      { selection_id: 'A', available_to: 'BACK', price: 210, size_paise: 0 },
      { selection_id: 'A', available_to: 'BACK', price: 200, size_paise: 0 },
      { selection_id: 'A', available_to: 'LAY', price: 200, size_paise: 50 },
    ]);
    const c = cancelOrders(book);
    expect(ladderChanges(book, c)).toEqual([
      { selection_id: 'A', available_to: 'LAY', price: 200, size_paise: 0 },
    ]);
  });
});
