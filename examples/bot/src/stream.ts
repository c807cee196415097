// The stream for programs (docs/trading-api.md "The stream"), as a program keeps it: one socket
// opened with the key; each market's book kept from its image and deltas, with the clock token of
// the last state; the bettor's orders by bet id, with their clock. When the connection drops it
// opens again and subscribes with the clocks it holds, so the server sends what was missed (or an
// image): the books never silently skip a state.
import {
  applyMarketMessage,
  STREAM_PATH,
  type MarketImage,
  type StreamMarketFilter,
  type StreamOrder,
  type StreamServerMessage,
  type WsServerMessage,
} from '@backlay/contract';
import WebSocket from 'ws';

/** Wait before opening again after a drop, ms (doubled each failure up to RECONNECT_MAX_MS). */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 8_000;

export type StreamEvents = {
  /** A market's book changed (or arrived). */
  book?(market_id: number, book: MarketImage): void;
  /** Orders changed (whole orders). */
  orders?(orders: readonly StreamOrder[]): void;
  /** The server refused something, in words. */
  error?(message: string): void;
};

export class MarketStream {
  readonly books = new Map<number, MarketImage>();
  readonly orders = new Map<number, StreamOrder>();
  private readonly clocks = new Map<number, string>();
  private readonly seqs = new Map<number, number>();
  private ordersClock: string | undefined;
  private readonly filters = new Map<number, StreamMarketFilter>();
  private followOrders = false;
  private ws: WebSocket | null = null;
  private closing = false;
  private wait_ms = RECONNECT_FIRST_MS;
  /** Times the connection was opened again after a drop. */
  reconnects = 0;
  /** Whole images received (a resume that missed nothing it could not send as deltas adds none). */
  images = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly credential: string,
    private readonly events: StreamEvents = {},
  ) {}

  /** Opens the connection; resolves once the server said who the key is. */
  open(): Promise<void> {
    const url = new URL(STREAM_PATH, this.baseUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(url, { headers: { authorization: `Key ${this.credential}` } });
    this.ws = ws;
    return new Promise((resolve, reject) => {
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`stream refused: HTTP ${res.statusCode}`)),
      );
      ws.once('error', reject);
      ws.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as StreamServerMessage | WsServerMessage;
        if (msg.type === 'connected') {
          this.wait_ms = RECONNECT_FIRST_MS;
          this.resubscribe();
          resolve();
        }
        this.take(msg);
      });
      ws.on('close', () => {
        if (this.ws !== ws || this.closing) return;
        this.ws = null;
        setTimeout(() => void this.reopen(), this.wait_ms);
        this.wait_ms = Math.min(RECONNECT_MAX_MS, this.wait_ms * 2);
      });
    });
  }

  private async reopen() {
    if (this.closing) return;
    this.reconnects += 1;
    await this.open().catch((err: unknown) => this.events.error?.(String(err)));
  }

  /** Follows the markets a filter names (id: the program's name for the subscription). */
  subscribeMarkets(id: number, filter: StreamMarketFilter) {
    this.filters.set(id, filter);
    this.send({ op: 'subscribe_markets', id, filter });
  }

  subscribeOrders() {
    this.followOrders = true;
    this.send({ op: 'subscribe_orders' });
  }

  /** After a reconnect: every subscription again, with the clocks held. */
  private resubscribe() {
    if (this.reconnects === 0) return;
    const clk = Object.fromEntries(this.clocks);
    for (const [id, filter] of this.filters) this.send({ op: 'subscribe_markets', id, filter, clk });
    if (this.followOrders)
      this.send({ op: 'subscribe_orders', ...(this.ordersClock ? { clk: this.ordersClock } : {}) });
  }

  private take(msg: StreamServerMessage | WsServerMessage) {
    switch (msg.type) {
      case 'image':
      case 'delta': {
        const last = this.seqs.get(msg.market_id);
        if (msg.type === 'delta' && last !== undefined && msg.seq !== last + 1) {
          // A hole (never expected): ask for the whole image rather than keep a wrong book.
          this.seqs.delete(msg.market_id);
          this.books.delete(msg.market_id);
          this.send({ op: 'image', market_id: msg.market_id });
          return;
        }
        if (msg.type === 'image') this.images += 1;
        const book = applyMarketMessage(this.books.get(msg.market_id) ?? null, msg);
        if (!book) return;
        this.books.set(msg.market_id, book);
        this.seqs.set(msg.market_id, msg.seq);
        if (msg.clk) this.clocks.set(msg.market_id, msg.clk);
        this.events.book?.(msg.market_id, book);
        return;
      }
      case 'orders':
        for (const o of msg.orders) this.orders.set(o.bet_id, o);
        this.ordersClock = msg.clk;
        this.events.orders?.(msg.orders);
        return;
      case 'error':
        this.events.error?.(msg.message);
        return;
      default:
        return;
    }
  }

  private send(msg: unknown) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  /** Drops the connection without closing it (the reconnect and resume path; tests use it). */
  drop() {
    this.ws?.terminate();
  }

  async close() {
    this.closing = true;
    const ws = this.ws;
    if (!ws || ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      ws.once('close', () => resolve());
      ws.close();
    });
  }
}
