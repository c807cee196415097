// A FeedApi over the engine's order book, in memory: enough exchange for the feed's unit tests.
import {
  cancelOrder,
  closeBook,
  createBook,
  isCrossed,
  isValidPrice,
  ladderView,
  placeOrder,
  restingOrders,
  setInPlay,
  type OrderBook,
} from '@backlay/engine';
import type {
  FeedApi,
  FeedImage,
  FeedMarket,
  FeedOrder,
  FeedOutcome,
  FeedPlaceResult,
  FeedQuoteCancel,
  FeedQuoteResult,
  FeedScoreState,
} from '../src/index.ts';

type Market = { info: FeedMarket; book: OrderBook; traded: Map<number, number> };

export type Call =
  | { op: 'place'; actor: string; order: FeedOrder }
  | { op: 'cancelAll'; actor: string; market_id: number }
  | { op: 'cancelBets'; actor: string; market_id: number; bet_ids: number[] }
  | { op: 'setInPlay'; market_id: number; bet_delay_s: number }
  | { op: 'close'; market_id: number }
  | { op: 'settle'; market_id: number; winner_selection_id: number }
  | { op: 'settleOutcome'; market_id: number; outcome: FeedOutcome }
  | { op: 'setOpen'; market_id: number; open: boolean };

export class FakeExchange implements FeedApi {
  readonly markets = new Map<number, Market>();
  readonly calls: Call[] = [];
  private nextOrder = 0;

  addMarket(m: Partial<FeedMarket> & { market_id: number; start_time_ms: number }, runners = 3) {
    const info: FeedMarket = {
      sport_id: 1,
      status: 'OPEN',
      in_play: false,
      min_stake_paise: 10_000,
      max_stake_paise: 50_000_000,
      runners: Array.from({ length: runners }, (_, i) => ({
        selection_id: m.market_id * 10 + i,
        status: 'ACTIVE',
      })),
      ...m,
    };
    this.markets.set(info.market_id, {
      info,
      book: createBook({ in_play: info.in_play }),
      traded: new Map(),
    });
    return info;
  }

  /** Sets what a market's scoreboard says (null: none). */
  setScoreboard(market_id: number, scoreboard: FeedScoreState | null) {
    this.set(market_id, { scoreboard });
  }

  /** Sets a market's status by hand (the operator). */
  setStatus(market_id: number, status: FeedMarket['status']) {
    this.set(market_id, { status });
  }

  private set(market_id: number, patch: Partial<FeedMarket>) {
    const m = this.markets.get(market_id)!;
    m.info = { ...m.info, ...patch };
  }

  async listMarkets(): Promise<FeedMarket[]> {
    return [...this.markets.values()].filter((m) => m.info.status !== 'CLOSED').map((m) => m.info);
  }

  async image(market_id: number): Promise<FeedImage | null> {
    const m = this.markets.get(market_id);
    if (!m) return null;
    return {
      market_id,
      status: m.info.status,
      in_play: m.info.in_play,
      runners: m.info.runners.map((r) => {
        const v = ladderView(m.book, String(r.selection_id), 3);
        return {
          selection_id: r.selection_id,
          status: r.status,
          back: v.available_to_back.map((l) => ({ price: l.price, size_paise: l.size_paise })),
          lay: v.available_to_lay.map((l) => ({ price: l.price, size_paise: l.size_paise })),
          traded_paise: m.traded.get(r.selection_id) ?? 0,
        };
      }),
    };
  }

  async placeBet(actor: string, order: FeedOrder): Promise<FeedPlaceResult> {
    this.calls.push({ op: 'place', actor, order });
    const m = this.markets.get(order.market_id);
    if (!m || m.info.status !== 'OPEN') return { ok: false, message: 'market not open' };
    if (!isValidPrice(order.price)) return { ok: false, message: `off the ladder: ${order.price}` };
    if (order.size_paise < m.info.min_stake_paise || order.size_paise > m.info.max_stake_paise) {
      return { ok: false, message: `stake outside min/max: ${order.size_paise}` };
    }
    const bet_id = ++this.nextOrder;
    const r = placeOrder(m.book, {
      order_id: String(bet_id),
      user_id: actor,
      selection_id: String(order.selection_id),
      side: order.side,
      price: order.price,
      size_paise: order.size_paise,
    });
    for (const e of r.events) {
      if (e.type === 'FILL') {
        const sel = Number(e.selection_id);
        m.traded.set(sel, (m.traded.get(sel) ?? 0) + e.size_paise);
      }
    }
    return { ok: true, bet_id, size_remaining_paise: r.size_remaining_paise };
  }

  /** Set to make a quote's cancels fail (answered not ok, nothing cancelled). */
  failCancels = false;

  /**
   * The orders one by one, then the cancels: the other actors' orders (recorded as cancelAll), and
   * the actor's own, listed or all those resting before the quote (recorded as cancelBets).
   */
  async placeQuote(
    actor: string,
    market_id: number,
    orders: readonly FeedOrder[],
    cancel: FeedQuoteCancel,
  ): Promise<FeedQuoteResult> {
    const m = this.markets.get(market_id);
    const own =
      cancel.own === 'resting'
        ? m
          ? restingOrders(m.book)
              .filter((o) => o.user_id === actor)
              .map((o) => Number(o.order_id))
          : []
        : [...cancel.own];
    this.quotes.push({
      actor,
      market_id,
      orders: orders.length,
      cancel_actors: [...cancel.actors],
      own: cancel.own === 'resting' ? 'resting' : own,
    });
    const placed = await Promise.all(orders.map((o) => this.placeBet(actor, o)));
    if (this.failCancels) return { placed, cancel: { ok: false, message: 'the cancels failed' } };
    for (const other of cancel.actors) await this.cancelAll(other, market_id);
    this.calls.push({ op: 'cancelBets', actor, market_id, bet_ids: own });
    let cancelled = 0;
    if (m) {
      for (const id of own) {
        const o = m.book.orders.get(String(id));
        if (o && o.user_id === actor && cancelOrder(m.book, o.order_id).cancelled_paise > 0) cancelled += 1;
      }
    }
    return { placed, cancel: { ok: true, cancelled } };
  }

  /** Each placeQuote call: a full quote cancels the actor's own 'resting' orders, an amend the listed ones. */
  readonly quotes: {
    actor: string;
    market_id: number;
    orders: number;
    cancel_actors: string[];
    own: 'resting' | number[];
  }[] = [];

  async cancelAll(actor: string, market_id: number): Promise<void> {
    this.calls.push({ op: 'cancelAll', actor, market_id });
    const m = this.markets.get(market_id);
    if (!m) return;
    for (const o of restingOrders(m.book)) if (o.user_id === actor) cancelOrder(m.book, o.order_id);
  }

  async setInPlay(market_id: number, bet_delay_s: number): Promise<void> {
    this.calls.push({ op: 'setInPlay', market_id, bet_delay_s });
    setInPlay(this.markets.get(market_id)!.book);
    this.set(market_id, { in_play: true });
  }

  async closeMarket(market_id: number): Promise<void> {
    this.calls.push({ op: 'close', market_id });
    closeBook(this.markets.get(market_id)!.book);
    this.set(market_id, { status: 'CLOSED' });
  }

  /** Winners declared by the feed, by market. */
  readonly settled = new Map<number, number>();

  async settleMarket(market_id: number, winner_selection_id: number) {
    this.calls.push({ op: 'settle', market_id, winner_selection_id });
    if (this.settled.has(market_id)) return { ok: false, message: 'Market is already settled' };
    this.settled.set(market_id, winner_selection_id);
    return { ok: true };
  }

  /** Outcomes declared by the feed from a scoreboard, by market. */
  readonly outcomes = new Map<number, FeedOutcome>();

  async settleOutcome(market_id: number, outcome: FeedOutcome) {
    this.calls.push({ op: 'settleOutcome', market_id, outcome });
    if (this.settled.has(market_id) || this.outcomes.has(market_id))
      return { ok: false, message: 'Market is already settled' };
    this.outcomes.set(market_id, outcome);
    return { ok: true };
  }

  async setMarketOpen(market_id: number, open: boolean): Promise<void> {
    this.calls.push({ op: 'setOpen', market_id, open });
    this.set(market_id, { status: open ? 'OPEN' : 'SUSPENDED' });
  }

  crossed(market_id: number) {
    return isCrossed(this.markets.get(market_id)!.book);
  }

  resting(market_id: number) {
    return restingOrders(this.markets.get(market_id)!.book);
  }
}
