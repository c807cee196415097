// Each user's resting (unmatched) orders on a book, summed per runner as a position takes them
// (exposure.ts: an unmatched back loses its stake on every other outcome, an unmatched lay its
// liability on its own). Both sums are linear in the orders, so a position from them is the
// position from the orders one by one, to the hundredth of a paisa — and costs O(runners) instead
// of a walk of the user's orders, which a market maker with thousands resting paid on every bet.
//
// The sums are kept from the book's events (`applyResting`): an order rests (+), a maker is
// filled, an order is cancelled or lapses (−). `restingOf` computes them from the orders
// themselves: the rebuild, and the oracle the model test checks the kept sums against.
import type { BookEvent, OrderBook, OrderSide } from '../book/index.ts';
import type { Paise, PriceHundredths } from '../ladder/index.ts';

/** One user's resting orders on one runner. */
export interface RunnerResting {
  /** Σ remaining stake of resting backs. */
  back_paise: Paise;
  /** Σ remaining × (price − 100) of resting lays: their liability in hundredths of a paisa, exact. */
  lay_hundredths: number;
}

/** One user's resting orders by selection id (a runner with nothing resting has no entry). */
export type UserResting = Map<string, RunnerResting>;
/** Every user's resting orders on a book, by user id (a user with nothing resting has no entry). */
export type BookResting = Map<string, UserResting>;

function checked(n: number, what: string): number {
  if (!Number.isSafeInteger(n) || n < 0) {
    // A sum below zero means an event was applied twice or an order was missed: the sums no longer
    // describe the book, and a position from them would be wrong. Never carry on.
    throw new RangeError(`resting ${what} out of range: ${String(n)}`);
  }
  return n;
}

/** Adds (`sign` 1) or removes (−1) `size_paise` of a resting order to `resting`. */
function add(
  resting: BookResting,
  user_id: string,
  selection_id: string,
  side: OrderSide,
  price: PriceHundredths,
  size_paise: Paise,
  sign: 1 | -1,
): void {
  let mine = resting.get(user_id);
  if (!mine) {
    mine = new Map();
    resting.set(user_id, mine);
  }
  let r = mine.get(selection_id);
  if (!r) {
    r = { back_paise: 0, lay_hundredths: 0 };
    mine.set(selection_id, r);
  }
  if (side === 'BACK') r.back_paise = checked(r.back_paise + sign * size_paise, 'back stake');
  else r.lay_hundredths = checked(r.lay_hundredths + sign * size_paise * (price - 100), 'lay liability');
  if (r.back_paise === 0 && r.lay_hundredths === 0) {
    mine.delete(selection_id);
    if (mine.size === 0) resting.delete(user_id);
  }
}

/** The sums of a book's resting orders, from the orders (O(orders)). */
export function restingOf(book: OrderBook): BookResting {
  const resting: BookResting = new Map();
  for (const o of book.orders.values()) {
    if (o.remaining_paise > 0) add(resting, o.user_id, o.selection_id, o.side, o.price, o.remaining_paise, 1);
  }
  return resting;
}

/** Applies a command's events (in their order) to the sums of the book they happened on. */
export function applyResting(resting: BookResting, events: readonly BookEvent[]): void {
  for (const e of events) {
    switch (e.type) {
      case 'REST':
        add(resting, e.user_id, e.selection_id, e.side, e.price, e.size_paise, 1);
        break;
      case 'FILL':
        // The maker rested at the fill's price (a fill is always at the maker's limit).
        add(
          resting,
          e.maker_user_id,
          e.selection_id,
          e.taker_side === 'BACK' ? 'LAY' : 'BACK',
          e.price,
          e.size_paise,
          -1,
        );
        break;
      case 'CANCEL':
      case 'LAPSE':
        add(resting, e.user_id, e.selection_id, e.side, e.price, e.size_paise, -1);
        break;
    }
  }
}

/** Two users' sums are equal (the model test's comparison; absent and empty are the same). */
export function sameResting(a: UserResting | undefined, b: UserResting | undefined): boolean {
  const x = a ?? new Map<string, RunnerResting>();
  const y = b ?? new Map<string, RunnerResting>();
  if (x.size !== y.size) return false;
  for (const [sel, r] of x) {
    const s = y.get(sel);
    if (!s || s.back_paise !== r.back_paise || s.lay_hundredths !== r.lay_hundredths) return false;
  }
  return true;
}
