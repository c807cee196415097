// A bettor's resting orders enter every position the round takes (their bet's check, their hold)
// summed per runner, side and price (batch.ts `unmatchedOf`). The sum must be the same position to
// the hundredth of a paisa as the orders one by one: checked here on random books of up to 400
// resting orders, over one winner and over place markets paying 2 and 3, and through both ways
// the levels are found (a short scan, then a key's map past 16 levels).
import { LADDER, bookFromOrders, cancelOrder, type PositionBet, type RestingOrder } from '@backlay/engine';
import { describe, expect, it } from 'vitest';
import { positionIn, stateFrom, unmatchedOf, type RunnerSpace } from '../src/modules/exchange/batch.ts';

/** mulberry32: the same random books on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RUNNERS = ['11', '12', '13', '14'];
const ME = '7';

/** Random resting orders: backs above index 150 of the ladder, lays at or below it (never crossed). */
function randomBook(seed: number, orders: number, levels: number) {
  const rand = prng(seed);
  const pick = (n: number) => Math.floor(rand() * n);
  const rows: RestingOrder[] = [];
  for (let i = 0; i < orders; i++) {
    const back = rand() < 0.5;
    const step = pick(levels);
    const size = 1 + pick(1_000_000);
    rows.push({
      order_id: String(i + 1),
      user_id: rand() < 0.8 ? ME : String(100 + pick(5)),
      selection_id: RUNNERS[pick(RUNNERS.length)]!,
      side: back ? 'BACK' : 'LAY',
      price: LADDER[back ? 151 + step : 150 - step]!,
      size_paise: size + 37,
      remaining_paise: size,
      seq: i + 1,
    });
  }
  return bookFromOrders(rows);
}

/** The bettor's resting orders one by one, straight from the book. */
function oneByOne(book: ReturnType<typeof randomBook>): PositionBet[] {
  return [...book.orders.values()]
    .filter((o) => o.user_id === ME && o.remaining_paise > 0)
    .map((o) => ({
      selection_id: o.selection_id,
      side: o.side,
      price: o.price,
      stake_paise: o.remaining_paise,
    }));
}

const matched: PositionBet[] = [
  { selection_id: '11', side: 'BACK', price: 333, stake_paise: 12_345 },
  { selection_id: '13', side: 'LAY', price: 171, stake_paise: 9_999 },
];

describe('a bettor’s resting orders summed per runner, side and price', () => {
  for (const [orders, levels] of [
    [1, 1],
    [12, 3],
    [60, 4],
    [400, 40],
  ] as const) {
    it(`the same position over 1, 2 and 3 winners: ${orders} orders over ${levels} prices a side`, () => {
      for (let seed = 1; seed <= 40; seed++) {
        const book = randomBook(seed * 7919 + orders, orders, levels);
        const state = stateFrom(book, []);
        const summed = unmatchedOf(state, book, ME);
        const single = oneByOne(book);
        const keys = summed.map((b) => `${b.selection_id}:${b.side}:${b.price}`);
        expect(new Set(keys).size, 'one entry per level').toBe(keys.length);
        expect(summed.reduce((t, b) => t + b.stake_paise, 0)).toBe(
          single.reduce((t, b) => t + b.stake_paise, 0),
        );
        for (const winners of [1, 2, 3]) {
          const space: RunnerSpace = { ids: RUNNERS, outcomes: { winners } };
          expect(
            positionIn(space, { matched, unmatched: summed }),
            `seed ${seed}, ${winners} winners`,
          ).toEqual(positionIn(space, { matched, unmatched: single }));
        }
      }
    });
  }

  it('an order cancelled since is left out, and forgotten from the bettor’s list', () => {
    const book = randomBook(42, 30, 5);
    const state = stateFrom(book, []);
    const mine = [...state.ordersOf.get(ME)!];
    cancelOrder(book, mine[0]!);
    const summed = unmatchedOf(state, book, ME);
    expect(summed.reduce((t, b) => t + b.stake_paise, 0)).toBe(
      oneByOne(book).reduce((t, b) => t + b.stake_paise, 0),
    );
    expect(state.ordersOf.get(ME)!.has(mine[0]!)).toBe(false);
  });
});
