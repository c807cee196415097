// One live client and what writing to it costs: its socket, its address's share of the limits,
// its rates and reads; sending (a message, or the same framed bytes to many sockets at once),
// refusing what is over a limit, and dropping a socket that floods or cannot keep up.
import type { WsServerMessage } from '@backlay/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { CLOSE_GRACE_MS, CLOSE_POLICY, take, type Bucket, type LiveLimits } from './ws-limits.ts';

/** One client address: its open sockets and the message rate they share. */
export type Address = { sockets: number; messages: Bucket };

export type Client = {
  ws: WebSocket;
  /** gone() ran: whatever of its messages is still queued does nothing (a closed client is inert). */
  closed: boolean;
  address: Address;
  userId: number | null;
  /** The token the socket is bound by (re-checked), or null. */
  token: string | null;
  messages: Bucket;
  /** Store reads this socket may still cause (token lookups, first reads of markets). */
  reads: Bucket;
  markets: Set<number>;
  /** The ids followed on each registered topic (its name → ids). */
  topics: Map<string, Set<number>>;
  /** Subscribed markets whose first image has not been sent yet (no deltas before the image). */
  pendingImage: Set<number>;
  /**
   * A program's stream conflates (issue 46): the markets whose deltas were held back while its
   * buffer was full, each to get one image when it drains; undefined for the site's sockets.
   */
  conflated?: Set<number>;
  drainTimer?: ReturnType<typeof setTimeout> | null;
  /** Markets catching up from a program's clock token (no image from the feed meanwhile). */
  resuming?: Set<number>;
  alive: boolean;
  /** Since when bufferedAmount has been above the limit (ms), or null. */
  overSince: number | null;
  /** Asked for heartbeat messages. */
  wantsHeartbeat: boolean;
  queue: Promise<void>;
  queued: number;
};

/**
 * A whole unmasked text frame (RFC 6455 §5.2: FIN + opcode 1, then the payload length) around
 * `payload`: built once per message and written as-is to every subscriber's socket.
 */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x81;
  if (n < 126) {
    frame[1] = n;
  } else if (n < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(n / 2 ** 32), 2);
    frame.writeUInt32BE(n >>> 0, 6);
  }
  payload.copy(frame, head);
  return frame;
}

type RawSocket = { write(data: Buffer): boolean; writable: boolean; destroyed: boolean };

/**
 * The TCP socket under a WebSocket, when a ready-made frame may be written to it directly: no
 * extension negotiated (so ws never compresses or queues, and writes each of its own frames whole
 * and synchronously), the socket still writable. Otherwise null (use ws.send).
 */
function rawSocketOf(ws: WebSocket): RawSocket | null {
  if (ws.extensions !== '') return null;
  const socket = (ws as unknown as { _socket?: RawSocket })._socket;
  return socket && socket.writable && !socket.destroyed ? socket : null;
}

/** The hub's counters (the metrics and the tests read them). */
export type HubStats = {
  images_read: number;
  deltas_sent: number;
  /** Dropped because a message would take their unsent bytes past the cap, or stayed behind. */
  dropped_slow: number;
  dropped_dead: number;
  /** Closed for sending too many messages (the socket's or its address's rate) or causing too many reads. */
  dropped_flood: number;
  /** Repeats answered from memory: an unknown market, a dead token. */
  negative_hits: number;
  /** Bound sockets unbound because their session ended. */
  unbound_ended: number;
  /** Times the sockets were sent fresh images because the bus had lost messages. */
  resyncs: number;
  /** Deltas held back from a program's full buffer (one image follows when it drains). */
  conflated: number;
  /** Markets a program resumed from its clock token without an image. */
  resumed: number;
  /** The last fan-out: when its send loop ended (performance.now() ms) and how long the loop took. */
  last_fanout: { market_id: number; seq: number; sockets: number; ended_at_ms: number; loop_ms: number };
};

export const newHubStats = (): HubStats => ({
  images_read: 0,
  deltas_sent: 0,
  dropped_slow: 0,
  dropped_dead: 0,
  dropped_flood: 0,
  negative_hits: 0,
  unbound_ended: 0,
  resyncs: 0,
  conflated: 0,
  resumed: 0,
  last_fanout: { market_id: 0, seq: 0, sockets: 0, ended_at_ms: 0, loop_ms: 0 },
});

export type ClientIoDeps = {
  limits: LiveLimits;
  stats: HubStats;
  now(): number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The client's state goes (its markets, topics, user binding, address count): the hub's. */
  gone(client: Client): void;
};

/** Writing to clients and holding them to their limits. */
export function createClientIo(deps: ClientIoDeps) {
  const { limits, stats, now, log, gone } = deps;

  /**
   * Whether `bytes` more may be queued on the socket: past the cap it is dropped at once (its
   * buffer freed), whatever it asked for; it resyncs from fresh images when it reconnects.
   */
  function fits(client: Client, bytes: number): boolean {
    // + 10: the largest frame header.
    if (client.ws.bufferedAmount + bytes + 10 <= limits.send_buffer_max_bytes) return true;
    stats.dropped_slow += 1;
    log.warn({ buffered_bytes: client.ws.bufferedAmount }, 'ws: dropping a client over its send buffer cap');
    drop(client);
    return false;
  }
  /**
   * Ends a client now: nothing more is sent or handled. Without a code its buffers are freed at
   * once; with one it is told why, and terminated if the close is not done within
   * CLOSE_GRACE_MS (a client that never reads never answers it, and would keep its buffer).
   */
  function drop(client: Client, code?: number, reason?: string) {
    gone(client);
    if (code === undefined) {
      client.ws.terminate();
      return;
    }
    client.ws.close(code, reason);
    const ws = client.ws;
    setTimeout(() => {
      if (ws.readyState !== ws.CLOSED) ws.terminate();
    }, CLOSE_GRACE_MS).unref();
  }
  /** A string is encoded per call; a fan-out encodes once and passes the same Buffer to every socket. */
  function send(client: Client, data: string | Buffer) {
    if (client.closed || client.ws.readyState !== client.ws.OPEN) return;
    const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    if (!fits(client, bytes)) return;
    client.ws.send(data, { binary: false });
  }
  /**
   * One message to many sockets: serialised and framed once, then the same bytes written to each
   * socket (ws.send only where a raw write is not safe), so a socket costs one write.
   */
  function broadcast(clients: Iterable<Client>, data: Buffer, skip?: (client: Client) => boolean) {
    let frame: Buffer | null = null;
    let sockets = 0;
    for (const client of clients) {
      if (skip?.(client) || client.closed || client.ws.readyState !== client.ws.OPEN) continue;
      if (!fits(client, data.length)) continue;
      const raw = rawSocketOf(client.ws);
      if (raw) raw.write((frame ??= textFrame(data)));
      else client.ws.send(data, { binary: false });
      sockets += 1;
    }
    return sockets;
  }
  const sendMsg = (client: Client, msg: WsServerMessage) => send(client, JSON.stringify(msg));
  const sendError = (client: Client, message: string) => sendMsg(client, { type: 'error', message });

  /** Spends `n` of the socket's store reads; a socket out of them is closed (1008) and false returned. */
  function spendReads(client: Client, n: number): boolean {
    if (n === 0 || take(client.reads, limits.socket_reads_per_s, limits.socket_reads_burst, n, now())) {
      return true;
    }
    stats.dropped_flood += 1;
    drop(client, CLOSE_POLICY, 'too many requests');
    return false;
  }

  /** Counts one message against the socket's and its address's rates; over either, the socket is closed. */
  function admit(client: Client): boolean {
    const t = now();
    if (
      take(client.messages, limits.socket_messages_per_s, limits.socket_messages_burst, 1, t) &&
      take(client.address.messages, limits.ip_messages_per_s, limits.ip_messages_burst, 1, t)
    ) {
      return true;
    }
    stats.dropped_flood += 1;
    drop(client, CLOSE_POLICY, 'too many messages');
    return false;
  }

  return { fits, drop, send, broadcast, sendMsg, sendError, spendReads, admit };
}

export type ClientIo = ReturnType<typeof createClientIo>;
