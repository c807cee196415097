// An order's own check (its price on the ladder, its stake, its request id), made once whichever
// way the order came in: the HTTP routes check it as they turn the wire's rupees and odds into
// paise and hundredths, and placing it (place.ts) checks only an order that was not checked yet
// (a feed's, a maker's, a test's). The market's own checks come later, on its row.
import { isValidPrice, MAX_ORDER_PAISE } from '@backlay/engine';
import type { PlaceBetRequest } from './types.ts';

/**
 * Orders checked where they came in (`checkOrder`), frozen: placing them does not check them
 * again, so a bet from the HTTP routes is checked once (issue 42 item 7), and one from the
 * service (a feed, a maker, a test) once too, where it is placed (`uncheckedOrderRefusal`).
 */
const checkedOrders = new WeakSet<PlaceBetRequest>();
/** Orders checked so far on this process (a test counts them: an HTTP bet is checked once). */
export const orderChecks = { count: 0 };

/** Why an order cannot be placed as written (its price, stake or request id), or null. */
function orderRefusal(request: PlaceBetRequest): string | null {
  if (!isValidPrice(request.price)) return 'Odds are not a valid price on the ladder';
  if (
    !Number.isSafeInteger(request.size_paise) ||
    request.size_paise <= 0 ||
    request.size_paise > MAX_ORDER_PAISE
  )
    return 'Stake must be a positive amount';
  if (request.request_id.length < 1 || request.request_id.length > 64)
    return 'request_id must be 1 to 64 characters';
  return null;
}

/**
 * The one check of an order's own fields, where it comes in (the HTTP routes): a frozen copy
 * marked checked, or why it is refused.
 */
export function checkOrder(request: PlaceBetRequest): Readonly<PlaceBetRequest> | { refusal: string } {
  orderChecks.count += 1;
  const refusal = orderRefusal(request);
  if (refusal !== null) return { refusal };
  const checked = Object.freeze({ ...request });
  checkedOrders.add(checked);
  return checked;
}

/** Why an order is refused, or null: checked here unless it was checked where it came in. */
export function uncheckedOrderRefusal(request: PlaceBetRequest): string | null {
  if (checkedOrders.has(request)) return null;
  orderChecks.count += 1;
  return orderRefusal(request);
}
