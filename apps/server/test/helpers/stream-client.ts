// A program on the stream for programs (docs/trading-api.md "The stream"), for tests: it keeps each
// market's book from the images and deltas (applyMarketMessage), the last clock token of each, the
// seq numbers it saw (a hole is counted, never papered over) and the orders by bet id.
import {
  applyMarketMessage,
  STREAM_PATH,
  type MarketImage,
  type StreamOrder,
  type StreamServerMessage,
  type WsServerMessage,
} from '@backlay/contract';
import WebSocket from 'ws';
import { Inbox } from './ws-client.ts';

export type StreamMessage = StreamServerMessage | WsServerMessage;

export const streamUrl = (port: number) => `ws://127.0.0.1:${port}${STREAM_PATH}`;

export class StreamClient extends Inbox<StreamMessage> {
  readonly books = new Map<number, MarketImage>();
  readonly clocks = new Map<number, string>();
  readonly seqs = new Map<number, number>();
  readonly orders = new Map<number, StreamOrder>();
  ordersClock: string | null = null;
  /** Deltas whose seq was not the one after the last (a silent gap would show here). */
  holes = 0;
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    super();
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('message', (data) => this.take(JSON.parse(data.toString()) as StreamMessage));
  }

  protected override take(msg: StreamMessage) {
    if (msg.type === 'image' || msg.type === 'delta') {
      const last = this.seqs.get(msg.market_id);
      if (msg.type === 'delta' && (last === undefined || msg.seq !== last + 1)) this.holes += 1;
      const next = applyMarketMessage(this.books.get(msg.market_id) ?? null, msg);
      if (next) this.books.set(msg.market_id, next);
      this.seqs.set(msg.market_id, msg.seq);
      if (msg.clk) this.clocks.set(msg.market_id, msg.clk);
    } else if (msg.type === 'orders') {
      for (const o of msg.orders) this.orders.set(o.bet_id, o);
      this.ordersClock = msg.clk;
    }
    super.take(msg);
  }

  static async open(url: string, credential: string): Promise<StreamClient> {
    const ws = new WebSocket(url, { headers: { authorization: `Key ${credential}` } });
    const client = new StreamClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await client.next((m) => m.type === 'connected');
    return client;
  }

  /** The HTTP answer to an upgrade the server refuses. */
  static refused(url: string, credential: string | null): Promise<{ status: number; message: string }> {
    const ws = new WebSocket(url, credential ? { headers: { authorization: `Key ${credential}` } } : {});
    return new Promise((resolve, reject) => {
      ws.once('open', () => reject(new Error('the stream accepted the connection')));
      ws.once('error', () => {});
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            message: (JSON.parse(body) as { message: string }).message,
          }),
        );
      });
    });
  }

  send(msg: unknown) {
    this.ws.send(JSON.stringify(msg));
  }

  async close() {
    this.ws.close();
    await this.closed;
  }
}
