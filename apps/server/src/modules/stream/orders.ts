// The order subscription of the stream for programs (docs/trading-api.md "Order subscription"): per
// bettor followed on this node, what was last sent of each order, and on each 'user' notice of a
// market one read of that market's orders changed since, sent to every connection of the bettor
// that subscribed. Orders go whole (a program replaces what it had under the bet id), so sending
// one twice is harmless, and the clock token is a store instant: `o<ms>`, the newest change sent.
import type { StreamOrder, StreamServerMessage } from '@backlay/contract';
import type { OrdersQuery } from '../exchange/orders-view.ts';

/**
 * Orders changed this long before a clock are read again: a round commits its orders' changes a
 * little after the instant it wrote on them, and nodes' clocks differ by a little.
 */
export const ORDERS_CLOCK_SLACK_MS = 5_000;
/** What is remembered of one bettor's sent orders (the oldest forgotten first). */
export const ORDER_SIGNATURES_MAX = 10_000;

export const ordersClock = (ms: number) => `o${Math.max(0, Math.floor(ms))}`;

/** An orders clock token's instant (ms), or null when it is not one. */
export function parseOrdersClock(token: string): number | null {
  const m = /^o(\d{1,15})$/.exec(token);
  return m ? Number(m[1]) : null;
}

/** What a program sees of an order: when it changes, the order is sent again. */
const signature = (o: StreamOrder) =>
  `${o.updated_at}|${o.size_matched}|${o.size_remaining}|${o.size_cancelled}|${o.average_price_matched}|${o.result}`;

export type OrderListener = { closed: boolean };

export type OrderFeedsDeps<L extends OrderListener> = {
  read(query: OrdersQuery): Promise<StreamOrder[]>;
  /** A market's match (null: unknown), so a market's read uses the bettor's bets of that match. */
  matchOf(market_id: number): Promise<number | null>;
  send(listener: L, msg: StreamServerMessage): void;
  /** A read failed (the next notice reads again). */
  failed(err: unknown, userId: number): void;
  now(): number;
};

type UserFeed<L> = {
  listeners: Set<L>;
  /** bet id → signature of what was sent. */
  sent: Map<number, string>;
  /** The newest change sent (ms): the clock token. */
  clock_ms: number;
  /** Per market, the newest change read (ms): the next read starts there, less the slack. */
  marketClock: Map<number, number>;
  /** Per market, a read in flight ('busy') and whether a notice came during it ('again'). */
  reading: Map<number, 'busy' | 'again'>;
};

const updatedMs = (o: StreamOrder) => Date.parse(o.updated_at);

/** Long because it is a factory: its short inner functions share the bettors' feeds. */
export function createOrderFeeds<L extends OrderListener>(deps: OrderFeedsDeps<L>) {
  const feeds = new Map<number, UserFeed<L>>();

  function remember(feed: UserFeed<L>, orders: readonly StreamOrder[]) {
    for (const o of orders) {
      feed.sent.delete(o.bet_id);
      if (feed.sent.size >= ORDER_SIGNATURES_MAX) feed.sent.delete(feed.sent.keys().next().value!);
      feed.sent.set(o.bet_id, signature(o));
      const at = updatedMs(o);
      feed.clock_ms = Math.max(feed.clock_ms, at);
      feed.marketClock.set(o.market_id, Math.max(feed.marketClock.get(o.market_id) ?? 0, at));
    }
  }

  /** `subscribe_orders`: the open orders (and with a clock, every order changed since), then changes. */
  async function subscribe(listener: L, userId: number, clk: string | undefined) {
    const since = clk === undefined ? null : parseOrdersClock(clk);
    const orders = await deps.read({
      userId,
      ...(since === null ? {} : { changedSince: new Date(since - ORDERS_CLOCK_SLACK_MS) }),
    });
    if (listener.closed) return;
    let feed = feeds.get(userId);
    if (!feed) {
      feed = {
        listeners: new Set(),
        sent: new Map(),
        clock_ms: 0,
        marketClock: new Map(),
        reading: new Map(),
      };
      feeds.set(userId, feed);
    }
    feed.listeners.add(listener);
    remember(feed, orders);
    const clock_ms = Math.max(feed.clock_ms, since ?? 0, orders.length === 0 ? deps.now() : 0);
    deps.send(listener, {
      type: 'orders',
      clk: ordersClock(clock_ms),
      image: true,
      orders: oldestFirst(orders),
    });
  }

  const oldestFirst = (orders: readonly StreamOrder[]) =>
    [...orders].sort((a, b) => updatedMs(a) - updatedMs(b) || a.bet_id - b.bet_id);

  /**
   * One read of the market's orders (every market's: undefined) changed since the last read; what
   * differs goes to every listener.
   */
  async function readChanges(userId: number, feed: UserFeed<L>, marketId: number | undefined) {
    const from = marketId === undefined ? feed.clock_ms || undefined : feed.marketClock.get(marketId);
    const matchId = marketId === undefined ? null : await deps.matchOf(marketId);
    const orders = await deps.read({
      userId,
      ...(marketId === undefined ? {} : { marketId }),
      ...(matchId === null ? {} : { matchId }),
      ...(from === undefined ? {} : { onlyChangedSince: new Date(from - ORDERS_CLOCK_SLACK_MS) }),
    });
    const changed = orders.filter((o) => feed.sent.get(o.bet_id) !== signature(o));
    remember(feed, orders);
    if (changed.length === 0) return;
    const msg: StreamServerMessage = {
      type: 'orders',
      clk: ordersClock(feed.clock_ms),
      image: false,
      orders: oldestFirst(changed),
    };
    for (const listener of feed.listeners) if (!listener.closed) deps.send(listener, msg);
  }

  /** A 'user' notice: the bettor's orders on the market changed. One read at a time per market; notices meanwhile make one more. */
  async function changed(userId: number, marketId: number) {
    const feed = feeds.get(userId);
    if (!feed) return;
    if (feed.reading.has(marketId)) {
      feed.reading.set(marketId, 'again');
      return;
    }
    feed.reading.set(marketId, 'busy');
    try {
      do {
        feed.reading.set(marketId, 'busy');
        await readChanges(userId, feed, marketId);
      } while (feed.reading.get(marketId) === 'again' && feeds.get(userId) === feed);
    } catch (err) {
      deps.failed(err, userId);
    } finally {
      feed.reading.delete(marketId);
    }
  }

  /** The bus lost messages: every followed bettor's orders changed since their clock are read again. */
  function resync() {
    for (const [userId, feed] of feeds)
      void readChanges(userId, feed, undefined).catch((err: unknown) => deps.failed(err, userId));
  }

  function unsubscribe(listener: L, userId: number) {
    const feed = feeds.get(userId);
    if (!feed) return;
    feed.listeners.delete(listener);
    if (feed.listeners.size === 0) feeds.delete(userId);
  }

  return { subscribe, changed, resync, unsubscribe, users: () => feeds.size };
}
