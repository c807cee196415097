// The order book of one market: limit orders, price-time matching, cancels, lapses, ladder views.
export type * from './types.ts';
export { MAX_ORDER_PAISE } from './types.ts';
export {
  BookError,
  createBook,
  placeOrder,
  cancelOrder,
  cancelOrders,
  setInPlay,
  closeBook,
  getOrder,
  restingOrders,
  bookFromOrders,
  cloneBook,
  ladderView,
  levelSize,
  ladderChanges,
  isCrossed,
} from './book.ts';
