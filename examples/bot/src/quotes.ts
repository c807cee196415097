// The bot's decisions, pure: where to quote a back/lay pair on one runner, given the book without
// the bot's own resting orders, and what its matched orders make or lose on each outcome.
import type { MarketImage, PriceSize, StreamOrder } from '@backlay/contract';
import { ticksDown, ticksUp } from '@backlay/engine';

export type Quote = { back: number; lay: number };

/** Where the book has nothing to go by: quote around evens. */
export const REFERENCE_PRICE = 2;

const hundredths = (price: number) => Math.round(price * 100);
const decimal = (h: number) => h / 100;

/** A ladder side less the sizes the bot's own resting orders put there (levels left empty go). */
function others(levels: readonly PriceSize[], mine: ReadonlyMap<number, number>): PriceSize[] {
  return levels
    .map((l) => ({
      price: l.price,
      size: Math.round((l.size - (mine.get(hundredths(l.price)) ?? 0)) * 100) / 100,
    }))
    .filter((l) => l.size > 0);
}

/** The bot's resting size per price (hundredths) for one side of one runner. */
function restingAt(orders: Iterable<StreamOrder>, selection_id: number, side: 'BACK' | 'LAY') {
  const at = new Map<number, number>();
  for (const o of orders)
    if (o.selection_id === selection_id && o.side === side && o.size_remaining > 0)
      at.set(hundredths(o.price), (at.get(hundredths(o.price)) ?? 0) + o.size_remaining);
  return at;
}

/**
 * The pair to quote on a runner: a BACK one tick inside the best resting back (the best odds a layer
 * is offered), a LAY one tick inside the best resting lay, never crossing each other (the back
 * stays above the lay, so the pair never matches itself and each rests). Where a side is empty,
 * two ticks from the other side, or from REFERENCE_PRICE.
 */
export function quoteFor(book: MarketImage, selection_id: number, mine: Iterable<StreamOrder>): Quote | null {
  const runner = book.runners.find((r) => r.selection_id === selection_id);
  if (!runner || runner.status !== 'ACTIVE' || book.status !== 'OPEN') return null;
  const orders = [...mine];
  // `back` lists the resting lays (what a backer can take), `lay` the resting backs.
  const restingLays = others(runner.back, restingAt(orders, selection_id, 'LAY'));
  const restingBacks = others(runner.lay, restingAt(orders, selection_id, 'BACK'));
  const bestLay = restingLays[0] ? hundredths(restingLays[0].price) : null; // highest resting lay
  const bestBack = restingBacks[0] ? hundredths(restingBacks[0].price) : null; // lowest resting back
  const ref = hundredths(REFERENCE_PRICE);
  const upper = bestBack ?? ticksUp(bestLay ?? ref, bestLay === null ? 1 : 3);
  const lower = bestLay ?? ticksDown(bestBack ?? ref, bestBack === null ? 1 : 3);
  let back = ticksDown(upper, 1);
  let lay = ticksUp(lower, 1);
  // Too close to step inside both: join the best prices instead.
  if (back <= lay) [back, lay] = [upper, lower];
  return { back: decimal(back), lay: decimal(lay) };
}

/** What the matched orders on a runner make if it wins and if it loses, rupees. */
export type Position = { if_wins: number; if_loses: number; matched_back: number; matched_lay: number };

export function positionOf(orders: Iterable<StreamOrder>, selection_id: number): Position {
  let wins = 0;
  let loses = 0;
  let back = 0;
  let lay = 0;
  for (const o of orders) {
    if (o.selection_id !== selection_id || o.size_matched === 0) continue;
    const won = o.size_matched * (o.average_price_matched - 1);
    if (o.side === 'BACK') {
      wins += won;
      loses -= o.size_matched;
      back += o.size_matched;
    } else {
      wins -= won;
      loses += o.size_matched;
      lay += o.size_matched;
    }
  }
  const r = (x: number) => Math.round(x * 100) / 100;
  return { if_wins: r(wins), if_loses: r(loses), matched_back: r(back), matched_lay: r(lay) };
}
