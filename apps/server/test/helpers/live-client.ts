// A WebSocket client as the browser's, for the cluster tests: subscribes to one market through
// the load balancer, reconnects after a close, asks an image after a gap. Every connection's
// messages go through a `PushCheck` (the state each seq stands for, compared across connections
// and nodes); a client keeps the messages too unless told not to (a long chaos run would hold
// millions).
import { createHash } from 'node:crypto';
import type { MarketImage, WsServerMessage } from '@backlay/contract';
import WebSocket from 'ws';

export type PriceMessage = Extract<WsServerMessage, { type: 'image' | 'delta' }>;

/** One connection's replay: the image it holds after each message (null after a gap). */
class ConnectionState {
  image: MarketImage | null = null;
  last = 0;
  count = 0;

  /** Applies a message; answers the state's text at its seq, or null while unknown. */
  apply(m: PriceMessage): string | null {
    this.count += 1;
    // After a gap the state is unknown until the image the client asked for.
    if (m.type === 'delta' && m.seq !== this.last + 1) this.image = null;
    this.last = m.seq;
    if (m.type === 'image') this.image = structuredClone(m.market);
    else if (this.image !== null) {
      const image = this.image;
      if (m.market.status !== undefined) image.status = m.market.status;
      if (m.market.in_play !== undefined) image.in_play = m.market.in_play;
      if (m.market.version !== undefined) image.version = m.market.version;
      for (const r of m.market.runners ?? [])
        image.runners[image.runners.findIndex((x) => x.selection_id === r.selection_id)] = r;
    }
    return this.image === null ? null : JSON.stringify(this.image);
  }
}

/**
 * What the pushes promise, checked as messages arrive over every connection of every client: a
 * connection starts with an image and then moves one seq at a time (after a gap the client asks
 * for an image, and an image is never older than what the connection had); the same seq is the
 * same state on every connection and node. Keeps a digest per seq, not the messages.
 */
export class PushCheck {
  readonly problems: string[] = [];
  private readonly digestAt = new Map<number, string>();
  private readonly conns = new Map<number, ConnectionState>();
  private nextId = 0;

  /** `label` names the connections in the problems (a client process's own, say). */
  constructor(private readonly label = 'connection') {}

  /** A new connection's id. */
  open(): number {
    const id = this.nextId++;
    this.conns.set(id, new ConnectionState());
    return id;
  }

  feed(connection: number, m: PriceMessage): string | null {
    const c = this.conns.get(connection)!;
    if (c.count === 0 && m.type !== 'image')
      this.problems.push(`${this.label} ${connection} began with a delta`);
    if (m.type === 'delta' && c.count > 0 && m.seq <= c.last)
      this.problems.push(`${this.label} ${connection}: delta ${m.seq} after ${c.last}`);
    if (m.type === 'image' && m.seq < c.last)
      this.problems.push(`${this.label} ${connection}: image ${m.seq} older than ${c.last}`);
    const state = c.apply(m);
    if (state === null) return null;
    const digest = createHash('sha1').update(state).digest('base64');
    const seen = this.digestAt.get(m.seq);
    if (seen === undefined) this.digestAt.set(m.seq, digest);
    else if (seen !== digest)
      this.problems.push(
        `${this.label} ${connection}: seq ${m.seq} is not the state other connections saw at it`,
      );
    return state;
  }

  /** The state's digest at a seq, as the first connection to reach it saw it. */
  digest(seq: number): string | undefined {
    return this.digestAt.get(seq);
  }

  /** Every seq's digest (as the first connection to reach it saw it), to compare with other checks. */
  digests(): [number, string][] {
    return [...this.digestAt];
  }
}

/**
 * Checks run apart (one per client process) compared: the same seq must be the same state in
 * every one. Answers a problem per check and seq that differs from the first check to reach it.
 */
export function crossCheck(
  parts: readonly { name: string; digests: readonly [number, string][] }[],
): string[] {
  const first = new Map<number, string>();
  const problems: string[] = [];
  for (const part of parts)
    for (const [seq, digest] of part.digests) {
      const seen = first.get(seq);
      if (seen === undefined) first.set(seq, digest);
      else if (seen !== digest)
        problems.push(`${part.name}: seq ${seq} is not the state other clients saw at it`);
    }
  return problems;
}

/** The state at each seq of one connection's messages (its image, then each delta applied). */
export function statesOf(connection: readonly PriceMessage[]): Map<number, string> {
  const c = new ConnectionState();
  const out = new Map<number, string>();
  for (const m of connection) {
    const state = c.apply(m);
    if (state !== null) out.set(m.seq, state);
  }
  return out;
}

/** The problems of a set of connections' messages (see `PushCheck`). */
export function pushProblems(connections: readonly (readonly PriceMessage[])[]): string[] {
  const check = new PushCheck();
  for (const conn of connections) {
    const id = check.open();
    for (const m of conn) check.feed(id, m);
  }
  return check.problems;
}

/** A WebSocket client as the browser's: reconnects through HAProxy, asks an image after a gap. */
export class LiveClient {
  /** Each connection's messages of the market (empty arrays when `keep` is false). */
  readonly connections: PriceMessage[][] = [];
  reconnects = 0;
  gaps = 0;
  private ws: WebSocket | null = null;
  private stopped = false;
  private last = 0;
  /** The last state this client holds, and its seq. */
  lastState: string | null = null;

  constructor(
    private readonly url: string,
    private readonly marketId: number,
    private readonly ip: string,
    private readonly check: PushCheck = new PushCheck(),
    private readonly keep = true,
  ) {}

  open(): Promise<void> {
    return new Promise((resolve) => {
      const ws = new WebSocket(this.url, { headers: { 'x-forwarded-for': this.ip } });
      this.ws = ws;
      const messages: PriceMessage[] = [];
      let id = -1;
      ws.on('open', () => {
        this.connections.push(messages);
        id = this.check.open();
        this.last = 0;
        ws.send(JSON.stringify({ op: 'subscribe', market_ids: [this.marketId] }));
      });
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as WsServerMessage;
        if ((m.type !== 'image' && m.type !== 'delta') || m.market_id !== this.marketId) return;
        if (this.keep) messages.push(m);
        this.lastState = this.check.feed(id, m);
        if (m.type === 'image') {
          this.last = m.seq;
          resolve();
        } else if (m.seq === this.last + 1) {
          this.last = m.seq;
        } else if (m.seq > this.last + 1) {
          this.gaps += 1;
          ws.send(JSON.stringify({ op: 'image', market_id: this.marketId }));
        }
      });
      ws.on('error', () => {});
      ws.on('close', () => {
        if (this.stopped) return;
        this.reconnects += 1;
        setTimeout(() => void this.open(), 200);
        resolve();
      });
    });
  }

  close() {
    this.stopped = true;
    this.ws?.terminate();
  }

  /** A connection's state at each seq it saw (see `statesOf`). */
  states(connection: PriceMessage[]): Map<number, string> {
    return statesOf(connection);
  }

  /** The seq of the last message the client took in order. */
  lastSeq(): number {
    return this.last;
  }
}
