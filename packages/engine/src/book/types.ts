// Shapes of the order book: orders, commands' results and the events they cause. Money in integer
// paise, prices in integer hundredths (1.01 = 101). Ids are strings chosen by the caller.
import type { Paise, PriceHundredths } from '../ladder/index.ts';

export type OrderSide = 'BACK' | 'LAY';

/** On going in-play: 'LAPSE' (the default) cancels the unmatched rest, 'PERSIST' keeps it. */
export type Persistence = 'LAPSE' | 'PERSIST';

/** Largest order size: keeps size × price (hundredths) inside the safe integer range. */
export const MAX_ORDER_PAISE: Paise = 90_000_000_000;

/** An order as the book keeps it (plain data; the book updates the three amounts in place). */
export interface BookOrder {
  readonly order_id: string;
  readonly user_id: string;
  readonly selection_id: string;
  readonly side: OrderSide;
  /** Limit price, hundredths. */
  readonly price: PriceHundredths;
  /** Requested size (stake), paise. Always size = matched + remaining + cancelled. */
  readonly size_paise: Paise;
  readonly persistence: Persistence;
  /** Time priority within a price: lower is earlier. Unique within a book. */
  readonly seq: number;
  /** Unmatched amount still on the book. */
  remaining_paise: Paise;
  /** Matched so far (over all fills). */
  matched_paise: Paise;
  /** Cancelled or lapsed so far. */
  cancelled_paise: Paise;
}

/** A resting order as stored by the server (one row per unmatched bet); input of `bookFromOrders`. */
export interface RestingOrder {
  readonly order_id: string;
  readonly user_id: string;
  readonly selection_id: string;
  readonly side: OrderSide;
  readonly price: PriceHundredths;
  readonly size_paise: Paise;
  readonly remaining_paise: Paise;
  /** Default: size − remaining − cancelled. */
  readonly matched_paise?: Paise;
  /** Default 0. */
  readonly cancelled_paise?: Paise;
  /** Default 'LAPSE'. */
  readonly persistence?: Persistence;
  readonly seq: number;
}

/** A command to place a limit order. */
export interface PlaceOrder {
  readonly order_id: string;
  readonly user_id: string;
  readonly selection_id: string;
  readonly side: OrderSide;
  readonly price: PriceHundredths;
  readonly size_paise: Paise;
  /** Default 'LAPSE'. */
  readonly persistence?: Persistence;
  /**
   * Time priority to give the order if it rests (e.g. the server's bet sequence number). Default
   * `book.next_seq`; must not be below it (later orders must queue behind earlier ones).
   */
  readonly seq?: number;
}

/** One match between a resting order (maker) and an incoming one (taker), at the maker's price. */
export interface FillEvent {
  readonly type: 'FILL';
  readonly selection_id: string;
  /** The matched price: the maker's limit, never worse than the taker's. */
  readonly price: PriceHundredths;
  readonly size_paise: Paise;
  readonly taker_order_id: string;
  readonly taker_user_id: string;
  readonly taker_side: OrderSide;
  readonly maker_order_id: string;
  readonly maker_user_id: string;
  /** The maker's unmatched remainder after this fill (0: fully matched, gone from the book). */
  readonly maker_remaining_paise: Paise;
}

/** The unmatched rest of a newly placed order went onto the book at its own price. */
export interface RestEvent {
  readonly type: 'REST';
  readonly order_id: string;
  readonly user_id: string;
  readonly selection_id: string;
  readonly side: OrderSide;
  readonly price: PriceHundredths;
  readonly size_paise: Paise;
  readonly seq: number;
}

/** A bettor cancelled all or part of an unmatched order. */
export interface CancelEvent {
  readonly type: 'CANCEL';
  readonly order_id: string;
  readonly user_id: string;
  readonly selection_id: string;
  readonly side: OrderSide;
  readonly price: PriceHundredths;
  /** Amount cancelled by this command. */
  readonly size_paise: Paise;
  /** Unmatched amount left on the book (0: the order is gone). */
  readonly remaining_paise: Paise;
}

export type LapseReason = 'IN_PLAY' | 'CLOSE';

/** The whole unmatched rest of an order lapsed (market turned in-play or closed). */
export interface LapseEvent {
  readonly type: 'LAPSE';
  readonly order_id: string;
  readonly user_id: string;
  readonly selection_id: string;
  readonly side: OrderSide;
  readonly price: PriceHundredths;
  readonly size_paise: Paise;
  readonly reason: LapseReason;
}

export type BookEvent = FillEvent | RestEvent | CancelEvent | LapseEvent;

export type PlaceStatus = 'MATCHED' | 'PARTIAL' | 'UNMATCHED';

export interface PlaceResult {
  readonly order_id: string;
  readonly status: PlaceStatus;
  readonly size_matched_paise: Paise;
  readonly size_remaining_paise: Paise;
  /** Σ fill size × fill price (paise × hundredths): the exact numerator of the average price. */
  readonly matched_value: number;
  /** matched_value / size_matched_paise in hundredths (may be fractional), null when nothing matched. */
  readonly average_price_matched: number | null;
  /** Fills (in matching order), then a REST event when something stayed on the book. */
  readonly events: BookEvent[];
}

export interface CancelResult {
  readonly cancelled_paise: Paise;
  /** Unmatched amount left (0 also when the order was unknown or already done). */
  readonly remaining_paise: Paise;
  readonly events: BookEvent[];
}

/** One price level of the ladder view. */
export interface LadderLevel {
  readonly price: PriceHundredths;
  readonly size_paise: Paise;
}

/**
 * Betfair's semantics: `available_to_back` are the resting LAY orders (what a bettor can back
 * at), best = highest price first; `available_to_lay` are the resting BACK orders (what a bettor
 * can lay at), best = lowest price first.
 */
export interface RunnerLadder {
  readonly selection_id: string;
  readonly available_to_back: LadderLevel[];
  readonly available_to_lay: LadderLevel[];
}

/** A level whose total changed; size 0 means the level is now empty. For publishing deltas. */
export interface LadderLevelChange {
  readonly selection_id: string;
  /** 'BACK' = the available_to_back side (resting lays), 'LAY' = available_to_lay (resting backs). */
  readonly available_to: OrderSide;
  readonly price: PriceHundredths;
  readonly size_paise: Paise;
}

/**
 * Internal: one price level, a FIFO queue. orders[head..] hold the live orders in time order, and
 * possibly cancelled ones (remaining 0) left in place until matching or compaction skips them.
 */
export interface PriceLevel {
  orders: BookOrder[];
  head: number;
  /** Number of live orders (remaining > 0) in the queue. */
  live: number;
  total_paise: Paise;
}

/** Internal: one runner's two sides, each a 350-slot array indexed by ladder index. */
export interface RunnerBook {
  readonly selection_id: string;
  /** Resting BACK orders (available to lay). Best = lowest index. */
  readonly backs: (PriceLevel | undefined)[];
  /** Resting LAY orders (available to back). Best = highest index. */
  readonly lays: (PriceLevel | undefined)[];
  /** Lowest index holding backs; LADDER_SIZE when none. */
  best_back_index: number;
  /** Highest index holding lays; -1 when none. */
  best_lay_index: number;
}

/**
 * One market's book. Plain data, mutated in place by the commands (placeOrder, cancelOrder,
 * setInPlay, closeBook), each of which returns the events it caused. `restingOrders` and
 * `bookFromOrders` serialise and rebuild it.
 */
export interface OrderBook {
  in_play: boolean;
  closed: boolean;
  /** The seq the next placed order gets. */
  next_seq: number;
  readonly runners: Map<string, RunnerBook>;
  /** Resting orders by id, in seq order. */
  readonly orders: Map<string, BookOrder>;
}

export type BookErrorCode =
  'INVALID_PRICE' | 'INVALID_SIZE' | 'INVALID_ORDER' | 'DUPLICATE_ORDER' | 'MARKET_CLOSED' | 'CROSSED';
