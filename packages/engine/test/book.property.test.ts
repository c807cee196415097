// Property tests over random order streams: the book agrees with a naive reference book after
// every command, and the invariants of DOMAIN.md hold (never crossed, stakes balance per price,
// no overfill, size = matched + remaining + cancelled, best execution, deterministic replay,
// faithful rebuild from rows, exposure = brute force).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { BookEvent, OrderBook, OrderSide, PlaceOrder, PositionBet } from '../src/index.ts';
import {
  BookError,
  LADDER,
  bookFromOrders,
  closeBook,
  cancelOrder,
  createBook,
  isCrossed,
  ladderView,
  marketPosition,
  placeOrder,
  restingOrders,
  setInPlay,
  unmatchedBetsOf,
  matchedBetsFromEvents,
  applyResting,
  restingOf,
  sameResting,
  type BookResting,
} from '../src/index.ts';
import { refBook, refCancel, refClose, refInPlay, refLadder, refPlace } from './reference.ts';
import { bruteForcePosition } from './brute-force.ts';

const RUNNERS = ['r1', 'r2', 'r3'];
const USERS = ['u1', 'u2', 'u3', 'u4'];
const BASE_INDEX = 85; // LADDER[85] = 1.86; the window 85..115 crosses the 2.00 band boundary

type Cmd =
  | {
      kind: 'place';
      side: OrderSide;
      runner: number;
      user: number;
      tick: number;
      size: number;
      persist: boolean;
    }
  | { kind: 'cancel'; target: number; reduce: number | null }
  | { kind: 'inplay' }
  | { kind: 'close' };

const placeArb = fc.record({
  kind: fc.constant('place' as const),
  side: fc.constantFrom<OrderSide>('BACK', 'LAY'),
  // mostly one runner and a few neighbouring prices, so queues form and orders cross often
  runner: fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, fc.nat({ max: RUNNERS.length - 1 })),
  user: fc.nat({ max: USERS.length - 1 }),
  tick: fc.oneof(fc.nat({ max: 3 }), fc.nat({ max: 30 })),
  size: fc.oneof(fc.integer({ min: 1, max: 3000 }), fc.constantFrom(100, 1000, 10000)),
  persist: fc.boolean(),
});
const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  { arbitrary: placeArb, weight: 30 },
  {
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      target: fc.nat({ max: 200 }),
      reduce: fc.option(fc.integer({ min: 1, max: 2000 })),
    }),
    weight: 8,
  },
  { arbitrary: fc.constant({ kind: 'inplay' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'close' as const }), weight: 1 },
);
const streamArb = fc.array(cmdArb, { minLength: 1, maxLength: 120 });

function toPlace(c: Extract<Cmd, { kind: 'place' }>, i: number): PlaceOrder {
  return {
    order_id: `o${i}`,
    user_id: USERS[c.user]!,
    selection_id: RUNNERS[c.runner]!,
    side: c.side,
    price: LADDER[BASE_INDEX + c.tick]!,
    size_paise: c.size,
    persistence: c.persist ? 'PERSIST' : 'LAPSE',
  };
}

/** Run one command on a book; the ids of placed orders are `o<index of the command>`. */
function apply(book: OrderBook, cmds: readonly Cmd[], i: number): BookEvent[] | 'CLOSED' {
  const c = cmds[i]!;
  switch (c.kind) {
    case 'place':
      try {
        return placeOrder(book, toPlace(c, i)).events;
      } catch (e) {
        if (e instanceof BookError && e.code === 'MARKET_CLOSED') return 'CLOSED';
        throw e;
      }
    case 'cancel':
      return cancelOrder(book, targetId(book, cmds, i), c.reduce ?? undefined).events;
    case 'inplay':
      return setInPlay(book);
    case 'close':
      return closeBook(book);
  }
}

/** Mostly an order resting now (in seq order); one time in five any order placed so far (maybe finished). */
function targetId(book: OrderBook, cmds: readonly Cmd[], i: number): string {
  const c = cmds[i]!;
  if (c.kind !== 'cancel') throw new Error('not a cancel');
  const resting = [...book.orders.keys()];
  if (c.target % 5 !== 0 && resting.length > 0) return resting[c.target % resting.length]!;
  const placed = cmds.slice(0, i).flatMap((x, j) => (x.kind === 'place' ? [j] : []));
  return placed.length === 0 ? 'none' : `o${placed[c.target % placed.length]!}`;
}

interface Tracked {
  side: OrderSide;
  selection_id: string;
  user_id: string;
  price: number;
  size: number;
  matched: number;
  cancelled: number;
  fills: { price: number; size: number }[];
}

describe('order book properties', () => {
  it('matches the reference book and keeps every invariant after every command', () => {
    fc.assert(
      fc.property(streamArb, (cmds) => {
        const book = createBook();
        const ref = refBook();
        const orders = new Map<string, Tracked>();
        for (let i = 0; i < cmds.length; i++) {
          const c = cmds[i]!;
          const cancelId = c.kind === 'cancel' ? targetId(book, cmds, i) : '';
          const got = apply(book, cmds, i);
          let want: BookEvent[] | 'CLOSED';
          if (c.kind === 'place') {
            want = ref.closed ? 'CLOSED' : refPlace(ref, toPlace(c, i));
          } else if (c.kind === 'cancel') {
            want = refCancel(ref, cancelId, c.reduce ?? undefined);
          } else {
            want = c.kind === 'inplay' ? refInPlay(ref) : refClose(ref);
          }
          expect(got).toEqual(want);
          if (got === 'CLOSED') continue;

          // account every order from the events alone
          if (c.kind === 'place') {
            const p = toPlace(c, i);
            orders.set(p.order_id, {
              side: p.side,
              selection_id: p.selection_id,
              user_id: p.user_id,
              price: p.price,
              size: p.size_paise,
              matched: 0,
              cancelled: 0,
              fills: [],
            });
          }
          for (const e of got) {
            if (e.type === 'FILL') {
              const taker = orders.get(e.taker_order_id)!;
              const maker = orders.get(e.maker_order_id)!;
              // best execution: the taker never gets worse than its limit; the maker gets its own price
              if (taker.side === 'BACK') expect(e.price).toBeGreaterThanOrEqual(taker.price);
              else expect(e.price).toBeLessThanOrEqual(taker.price);
              expect(e.price).toBe(maker.price);
              expect(maker.side).not.toBe(taker.side);
              expect(maker.selection_id).toBe(e.selection_id);
              for (const o of [taker, maker]) {
                o.matched += e.size_paise;
                o.fills.push({ price: e.price, size: e.size_paise });
              }
              expect(e.size_paise).toBeGreaterThan(0);
            } else if (e.type === 'CANCEL' || e.type === 'LAPSE') {
              orders.get(e.order_id)!.cancelled += e.size_paise;
            }
          }

          // never crossed
          expect(isCrossed(book)).toBe(false);
          for (const r of RUNNERS) {
            const v = ladderView(book, r, 350);
            expect(v).toEqual({ selection_id: r, ...refLadder(ref, r, 350) });
            const bestToBack = v.available_to_back[0]?.price ?? 0;
            const bestToLay = v.available_to_lay[0]?.price ?? Infinity;
            expect(bestToBack).toBeLessThan(bestToLay);
          }
          // resting orders agree with the reference, field by field
          expect(restingOrders(book)).toEqual([...ref.resting].sort((a, b) => a.seq - b.seq));

          // size = matched + remaining + cancelled, nothing matched beyond its size
          const resting = new Map(restingOrders(book).map((o) => [o.order_id, o]));
          for (const [id, o] of orders) {
            const r = resting.get(id);
            const remaining = r?.remaining_paise ?? 0;
            expect(o.matched + remaining + o.cancelled).toBe(o.size);
            expect(o.matched).toBeLessThanOrEqual(o.size);
            if (r) expect([r.matched_paise, r.cancelled_paise]).toEqual([o.matched, o.cancelled]);
          }
        }

        // matched back stake = matched lay stake at every price of every runner
        const perPrice = new Map<string, number>();
        for (const o of orders.values()) {
          for (const f of o.fills) {
            const k = `${o.selection_id}@${f.price}`;
            perPrice.set(k, (perPrice.get(k) ?? 0) + (o.side === 'BACK' ? f.size : -f.size));
          }
        }
        for (const v of perPrice.values()) expect(v).toBe(0);
      }),
      { numRuns: 150 },
    );
  });

  it('replaying the same commands gives the same events and the same state', () => {
    fc.assert(
      fc.property(streamArb, (cmds) => {
        const run = (): unknown => {
          const book = createBook();
          const trace = cmds.map((_, i) => apply(book, cmds, i));
          return {
            trace,
            resting: restingOrders(book),
            in_play: book.in_play,
            closed: book.closed,
            seq: book.next_seq,
          };
        };
        expect(run()).toEqual(run());
      }),
      { numRuns: 60 },
    );
  });

  it('a book rebuilt from its resting orders at any point goes on exactly like the original', () => {
    fc.assert(
      fc.property(streamArb, fc.nat(), (cmds, splitAt) => {
        const split = splitAt % (cmds.length + 1);
        const original = createBook();
        for (let i = 0; i < split; i++) apply(original, cmds, i);
        // the server stores rows (in any order) and the market's state, then rebuilds
        const rows = restingOrders(original).reverse();
        const state = { in_play: original.in_play, closed: original.closed, next_seq: original.next_seq };
        const rebuilt = bookFromOrders(rows, state);
        expect(restingOrders(rebuilt)).toEqual(restingOrders(original));
        for (let i = split; i < cmds.length; i++) {
          expect(apply(rebuilt, cmds, i)).toEqual(apply(original, cmds, i));
        }
        expect(restingOrders(rebuilt)).toEqual(restingOrders(original));
      }),
      { numRuns: 60 },
    );
  });

  it("every user's exposure from the book's events equals a brute-force recomputation", () => {
    fc.assert(
      fc.property(streamArb, (cmds) => {
        const book = createBook();
        const events: BookEvent[] = [];
        for (let i = 0; i < cmds.length; i++) {
          const e = apply(book, cmds, i);
          if (e !== 'CLOSED') events.push(...e);
        }
        for (const user of USERS) {
          const matched: PositionBet[] = matchedBetsFromEvents(events, user);
          const unmatched = unmatchedBetsOf(book, user);
          const got = marketPosition(RUNNERS, { matched, unmatched });
          expect(got).toEqual(bruteForcePosition(RUNNERS, matched, unmatched));
        }
      }),
      { numRuns: 80 },
    );
  });

  it("each user's resting sums kept from the events equal the orders' after every command, and price a position as the orders do", () => {
    fc.assert(
      fc.property(streamArb, fc.integer({ min: 2, max: 3 }), (cmds, places) => {
        const book = createBook();
        const kept: BookResting = new Map();
        const events: BookEvent[] = [];
        for (let i = 0; i < cmds.length; i++) {
          const e = apply(book, cmds, i);
          if (e !== 'CLOSED') {
            applyResting(kept, e);
            events.push(...e);
          }
          const truth = restingOf(book);
          expect([...kept.keys()].sort()).toEqual([...truth.keys()].sort());
          for (const user of USERS) {
            expect(sameResting(kept.get(user), truth.get(user))).toBe(true);
            const matched = matchedBetsFromEvents(events, user);
            const unmatched = unmatchedBetsOf(book, user);
            const resting = kept.get(user);
            for (const outcomes of [{ winners: 1 }, { winners: places }]) {
              expect(marketPosition(RUNNERS, { matched, resting }, outcomes)).toEqual(
                marketPosition(RUNNERS, { matched, unmatched }, outcomes),
              );
            }
          }
        }
      }),
      { numRuns: 80 },
    );
  });
});
