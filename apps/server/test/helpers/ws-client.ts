import type { WsServerMessage } from '@backlay/contract';
import WebSocket from 'ws';

/**
 * Messages a test socket received, and waiting for the ones a test expects: `next` returns the first
 * match after the last one it returned (messages in between are skipped).
 */
export class Inbox<M> {
  readonly messages: M[] = [];
  private waiters: { pred: (m: M) => boolean; resolve: (m: M) => void }[] = [];
  private cursor = 0;

  /** Files a received message and wakes whoever waits for it. */
  protected take(msg: M) {
    this.messages.push(msg);
    this.waiters = this.waiters.filter((w) => {
      if (!w.pred(msg)) return true;
      w.resolve(msg);
      return false;
    });
  }

  /** The first message after the last one `next` returned that matches; waits up to `timeoutMs`. */
  next<T extends M = M>(pred: (m: M) => boolean = () => true, timeoutMs = 5_000): Promise<T> {
    for (let i = this.cursor; i < this.messages.length; i++) {
      if (pred(this.messages[i]!)) {
        this.cursor = i + 1;
        return Promise.resolve(this.messages[i]! as T);
      }
    }
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`),
          ),
        timeoutMs,
      );
      this.waiters.push({
        pred,
        resolve: (m) => {
          clearTimeout(timer);
          this.cursor = this.messages.length;
          resolve(m as T);
        },
      });
    });
  }

  /** Messages received after the cursor, without waiting. */
  rest(): M[] {
    return this.messages.slice(this.cursor);
  }
}

/** A test WebSocket client of /ws: collects server messages and waits for the ones a test expects. */
export class WsClient extends Inbox<WsServerMessage> {
  private constructor(readonly ws: WebSocket) {
    super();
    ws.on('message', (data) => this.take(JSON.parse(data.toString()) as WsServerMessage));
  }

  static async open(url: string): Promise<WsClient> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new WsClient(ws);
  }

  send(msg: unknown) {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  async close() {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

export const isType =
  <K extends WsServerMessage['type']>(type: K, market_id?: number) =>
  (m: WsServerMessage) =>
    m.type === type && (market_id === undefined || !('market_id' in m) || m.market_id === market_id);

/** Lets the event loop run for `ms` (for "nothing more arrives" checks). */
export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));
