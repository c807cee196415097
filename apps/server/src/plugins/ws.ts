// Live prices over a WebSocket at /ws (protocol: docs/live-prices.md).
//
// A client subscribes to market ids and gets a full image, then deltas; every message of a market
// carries that market's sequence number (1, 2, 3, …), counted by this node or kept in the store
// for every node (price-sequence.ts). On a 'market' bus message the node reads the market's image
// ONCE, diffs it against the last image it sent, and sends the same serialised delta to every
// subscriber; bursts are coalesced (at most one read per market per IMAGE_COALESCE_MS). 'user' bus
// messages become `{type:'bets', market_id}` on that user's authenticated sockets. When the bus
// lost messages (a NATS reconnect), every followed market's image is sent again to its sockets.
import fastifyWebsocket from '@fastify/websocket';
import { wsClientMessage, type MarketImage, type WsServerMessage } from '@backlay/contract';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { Bus } from './bus.ts';
import {
  createNodeSequencer,
  createStoreSequencer,
  PRICE_SWEEP_INTERVAL_MS,
  sweepPriceLog,
  type PriceSequencer,
  type Sequenced,
} from './price-sequence.ts';
import { addressKey, clientAddressOf } from './rate-limit.ts';
import { clientSocketError } from '../http/errors.ts';
import { diffImages } from './ws-diff.ts';
import type { LiveTopic } from './live-topics.ts';
import { createTopicFeeds } from './ws-topic.ts';

export { diffImages };

export const WS_PATH = '/ws';
/** A ping every 30 s; a socket that has not answered the previous ping by then is terminated. */
export const HEARTBEAT_INTERVAL_MS = 30_000;
/**
 * Sockets that sent `{op:'heartbeat'}` get `{type:'heartbeat', at}` this often (and once at once), so
 * the client can tell a silent connection (stalled proxy, half-open network) from a quiet market.
 */
export const LIVE_HEARTBEAT_INTERVAL_MS = 2_000;
/**
 * A client whose unsent data stays above this many bytes… (a client steadily behind; one that
 * falls further behind is dropped at once at `send_buffer_max_bytes`, LiveLimits)
 */
export const SLOW_CLIENT_MAX_BUFFERED_BYTES = 64 * 1024;
/** …for longer than this is dropped (it cannot keep up; it resyncs with a fresh image on reconnect). */
export const SLOW_CLIENT_GRACE_MS = 5_000;
/** How often the send buffers are looked at. */
export const SLOW_CLIENT_CHECK_INTERVAL_MS = 1_000;
/** At most one image read per market per this many ms (the first change is read at once). */
export const IMAGE_COALESCE_MS = 50;
/** Largest client message, bytes (a subscribe of 50 ids is under 1 KiB); bigger closes the socket (1009). */
export const MAX_CLIENT_MESSAGE_BYTES = 8 * 1024;
/** Markets one socket may follow at once (each subscribe message carries at most 50). */
export const MAX_MARKETS_PER_SOCKET = 200;
/**
 * Open sockets per client address (req.ip, which honours TRUST_PROXY: the address the proxy saw,
 * a port it wrote after it dropped, the peer's when the entry is no address; IPv6 by its /64;
 * `clientAddressOf`); more are closed at once (1008).
 */
export const MAX_SOCKETS_PER_IP = 100;
/** A socket closed for a policy (flooding, too many reads) that has not finished closing by then is terminated. */
export const CLOSE_GRACE_MS = 2_000;
/** Client messages waiting to be handled on one socket; a client that floods beyond it is closed. */
export const MAX_QUEUED_CLIENT_MESSAGES = 100;

/**
 * What one client may cost the server (docs/live-prices.md, "Limits"). Tests may loosen them;
 * production runs the defaults.
 */
export type LiveLimits = {
  /** Unsent bytes a socket may have; a message that would take it past this drops the socket at once. */
  send_buffer_max_bytes: number;
  /** Messages per second one socket may send, sustained, and its burst. Over: closed (1008). */
  socket_messages_per_s: number;
  socket_messages_burst: number;
  /** Messages per second all sockets of one address may send together, and their burst. */
  ip_messages_per_s: number;
  ip_messages_burst: number;
  /** Store reads one socket may cause (a token lookup, a market read), per second and burst. */
  socket_reads_per_s: number;
  socket_reads_burst: number;
  /** How long an unknown market id or a dead token is answered from memory. */
  negative_cache_ms: number;
  /** Remembered unknown market ids and dead tokens, each (oldest forgotten first). */
  negative_cache_max_entries: number;
  /** How often every bound socket's session is looked up again (a notice lost, an expiry). */
  session_recheck_ms: number;
};

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  send_buffer_max_bytes: 512 * 1024,
  socket_messages_per_s: 20,
  socket_messages_burst: 100,
  ip_messages_per_s: 200,
  ip_messages_burst: 1_000,
  socket_reads_per_s: 5,
  socket_reads_burst: 250,
  negative_cache_ms: 60_000,
  negative_cache_max_entries: 10_000,
  session_recheck_ms: 30_000,
};

const SESSION_ENDED = 'Your session has ended; please log in again';

/** WebSocket close code for a policy violation (flooding, too slow). */
const CLOSE_POLICY = 1008;
/** WebSocket close code: the server is going away (shutdown). */
const CLOSE_GOING_AWAY = 1001;

export type LiveHubDeps = {
  bus: Bus;
  getImage(market_id: number): Promise<MarketImage | null>;
  /** The followed-head topics the products registered (plugins/live-topics.ts). */
  topics?: readonly LiveTopic[];
  /**
   * The user id of a token's live session; 'ended' when there is none and never will be (unknown,
   * expired, revoked: remembered as dead); 'held' when the session lives but gets nothing for now
   * (a temporary password, not remembered).
   */
  lookupToken(token: string): Promise<number | 'ended' | 'held'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'debug' | 'error'>;
  now?: () => number;
  /** Where seq numbers come from; default: this node counts (createNodeSequencer over getImage). */
  sequencer?: PriceSequencer;
  limits?: Partial<LiveLimits>;
};

/** A token bucket: `tokens` left at `at_ms`; it refills at a rate up to a burst. */
type Bucket = { tokens: number; at_ms: number };

/** Takes `n` tokens if the bucket has them (refilled to `t` first); false leaves it as it was. */
function take(b: Bucket, per_s: number, burst: number, n: number, t: number): boolean {
  b.tokens = Math.min(burst, b.tokens + ((t - b.at_ms) * per_s) / 1000);
  b.at_ms = t;
  if (b.tokens < n) return false;
  b.tokens -= n;
  return true;
}

/** Keys answered from memory until a time, at most `max` of them (the oldest forgotten first). */
function createNegativeCache<K>(ttl_ms: number, max: number) {
  const until = new Map<K, number>();
  return {
    add(key: K, t: number) {
      until.delete(key);
      if (until.size >= max) until.delete(until.keys().next().value!);
      until.set(key, t + ttl_ms);
    },
    has(key: K, t: number): boolean {
      const u = until.get(key);
      if (u === undefined) return false;
      if (u > t) return true;
      until.delete(key);
      return false;
    },
    delete: (key: K) => until.delete(key),
    get size() {
      return until.size;
    },
  };
}

const tokenKey = (token: string) => createHash('sha256').update(token).digest('base64url');

/** One client address: its open sockets and the message rate they share. */
type Address = { sockets: number; messages: Bucket };

type Client = {
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
  alive: boolean;
  /** Since when bufferedAmount has been above the limit (ms), or null. */
  overSince: number | null;
  /** Asked for heartbeat messages. */
  wantsHeartbeat: boolean;
  queue: Promise<void>;
  queued: number;
};

type MarketFeed = {
  market_id: number;
  subscribers: Set<Client>;
  seq: number;
  /** The last image sent to subscribers; null until the first read (or for an unknown market). */
  image: MarketImage | null;
  /** Resolves when the first read is done. */
  ready: Promise<void>;
  /** A change arrived that has not been read yet. */
  dirty: boolean;
  /** A read is in flight or its coalescing window has not ended. */
  busy: boolean;
  /** The bus lost messages: send every subscriber a fresh image at the next read. */
  resync: boolean;
  timer: ReturnType<typeof setTimeout> | null;
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

/** The per-node fan-out: sockets, subscriptions, images, sequence numbers. */
export function createLiveHub(deps: LiveHubDeps) {
  const { bus, getImage, lookupToken, log } = deps;
  const sequencer = deps.sequencer ?? createNodeSequencer(getImage);
  const now = deps.now ?? (() => Date.now());
  const limits: LiveLimits = { ...DEFAULT_LIVE_LIMITS, ...deps.limits };
  const clients = new Set<Client>();
  const feeds = new Map<number, MarketFeed>();
  const byUser = new Map<number, Set<Client>>();
  const byIp = new Map<string, Address>();
  const unknownMarkets = createNegativeCache<number>(
    limits.negative_cache_ms,
    limits.negative_cache_max_entries,
  );
  const deadTokens = createNegativeCache<string>(limits.negative_cache_ms, limits.negative_cache_max_entries);
  let closed = false;

  const stats = {
    images_read: 0,
    deltas_sent: 0,
    /** Dropped because a message would take their unsent bytes past the cap, or stayed behind. */
    dropped_slow: 0,
    dropped_dead: 0,
    /** Closed for sending too many messages (the socket's or its address's rate) or causing too many reads. */
    dropped_flood: 0,
    /** Repeats answered from memory: an unknown market, a dead token. */
    negative_hits: 0,
    /** Bound sockets unbound because their session ended. */
    unbound_ended: 0,
    /** Times the sockets were sent fresh images because the bus had lost messages. */
    resyncs: 0,
    /** The last fan-out: when its send loop ended (performance.now() ms) and how long the loop took. */
    last_fanout: { market_id: 0, seq: 0, sockets: 0, ended_at_ms: 0, loop_ms: 0 },
  };

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
  /** Each registered topic with its feeds and counters (a head read per change, sockets written). */
  const topics = new Map(
    (deps.topics ?? []).map((topic) => {
      const stats = { reads: 0, sent: 0 };
      const feeds = createTopicFeeds<Client, unknown>(
        {
          name: topic.label,
          max: topic.max,
          followed: (c) => c.topics.get(topic.name)!,
          message: (head) => topic.message(head),
          tooMany: topic.tooMany,
          unknown: (id) => topic.unknown(id),
          counted: {
            read: () => void (stats.reads += 1),
            sent: (n) => void (stats.sent += n),
          },
        },
        {
          read: (id) => topic.read(id),
          broadcast: (targets, data) => broadcast(targets, data),
          send: sendMsg,
          spendReads: (client, n) => spendReads(client, n),
          log,
        },
      );
      return [topic.name, { topic, stats, feeds }] as const;
    }),
  );
  /** A topic's op (`subscribe_casino`) as its action and topic; null for the hub's own ops. */
  const topicOp = (op: string) => {
    const m = /^(subscribe|unsubscribe)_(.+)$/.exec(op);
    const entry = m ? topics.get(m[2]!) : undefined;
    return m && entry ? { subscribe: m[1] === 'subscribe', ...entry } : null;
  };

  function sendImage(client: Client, feed: MarketFeed) {
    if (!feed.image) return;
    client.pendingImage.delete(feed.market_id);
    sendMsg(client, { type: 'image', market_id: feed.market_id, seq: feed.seq, market: feed.image });
  }

  function feedFor(market_id: number): MarketFeed {
    let feed = feeds.get(market_id);
    if (feed) return feed;
    const created: MarketFeed = {
      market_id,
      subscribers: new Set(),
      seq: 0,
      image: null,
      ready: Promise.resolve(),
      dirty: false,
      busy: true,
      resync: false,
      timer: null,
    };
    created.ready = (async () => {
      try {
        stats.images_read += 1;
        const latest = await sequencer.latest(market_id);
        if (feeds.get(market_id) !== created) return;
        if (latest) {
          created.image = latest.image;
          created.seq = latest.seq;
        } else {
          unknownMarkets.add(market_id, now());
        }
      } catch (err) {
        log.warn({ err, market_id }, 'ws: market image read failed');
      } finally {
        created.busy = false;
        // A change published while the first read ran may not be in it: read again.
        if (feeds.get(market_id) === created) pump(created);
      }
    })();
    feed = created;
    feeds.set(market_id, feed);
    return feed;
  }

  function dropFeedIfUnused(feed: MarketFeed) {
    if (feed.subscribers.size > 0 || feeds.get(feed.market_id) !== feed) return;
    feeds.delete(feed.market_id);
    if (feed.timer) clearTimeout(feed.timer);
    feed.timer = null;
  }

  /** Sends one message of a market to its subscribers that have had their image. */
  function fanOut(feed: MarketFeed, msg: WsServerMessage) {
    const data = Buffer.from(JSON.stringify(msg));
    stats.deltas_sent += 1;
    const started = performance.now();
    const sockets = broadcast(feed.subscribers, data, (client) => client.pendingImage.has(feed.market_id));
    const ended = performance.now();
    stats.last_fanout = {
      market_id: feed.market_id,
      seq: feed.seq,
      sockets,
      ended_at_ms: ended,
      loop_ms: ended - started,
    };
  }

  /** Sends the states after the last one sent, in order: a delta each, or an image after a hole. */
  function apply(feed: MarketFeed, entries: Sequenced[]) {
    for (const next of entries) {
      const prev = feed.image;
      if (!prev || next.seq === feed.seq) continue;
      // After a hole in the numbers (or a log that went back), an image at the new number.
      const delta = next.seq === feed.seq + 1 ? diffImages(prev, next.image) : 'image';
      feed.seq = next.seq;
      feed.image = next.image;
      fanOut(
        feed,
        delta === 'image'
          ? { type: 'image', market_id: feed.market_id, seq: feed.seq, market: next.image }
          : // A logged state always differs from the one before it; {} only keeps the numbers whole.
            { type: 'delta', market_id: feed.market_id, seq: feed.seq, market: delta ?? {} },
      );
    }
  }

  /** After the bus lost messages: the newest state as an image to every subscriber. */
  function applyResync(feed: MarketFeed, entries: Sequenced[]) {
    const newest = entries.at(-1);
    if (newest && newest.seq > feed.seq) {
      feed.seq = newest.seq;
      feed.image = newest.image;
    }
    if (!feed.image) return;
    stats.resyncs += 1;
    fanOut(feed, { type: 'image', market_id: feed.market_id, seq: feed.seq, market: feed.image });
  }

  /** Reads the image if a change is waiting and no read is in flight or cooling down. */
  function pump(feed: MarketFeed) {
    if (closed || feed.busy || !feed.dirty || feed.image === null) return;
    feed.dirty = false;
    feed.busy = true;
    const resync = feed.resync;
    feed.resync = false;
    const started = now();
    stats.images_read += 1;
    sequencer
      .since(feed.market_id, { seq: feed.seq, image: feed.image })
      .then((entries) => {
        if (feeds.get(feed.market_id) !== feed) return;
        if (resync) applyResync(feed, entries);
        else apply(feed, entries);
        // Sockets that subscribed meanwhile get the state just read.
        for (const client of feed.subscribers)
          if (client.pendingImage.has(feed.market_id) && !client.closed) sendImage(client, feed);
      })
      .catch((err: unknown) => {
        log.warn({ err, market_id: feed.market_id }, 'ws: market image read failed');
        feed.dirty = true;
        if (resync) feed.resync = true;
      })
      .finally(() => {
        if (feeds.get(feed.market_id) !== feed || closed) return;
        const wait = Math.max(0, started + IMAGE_COALESCE_MS - now());
        feed.timer = setTimeout(() => {
          feed.timer = null;
          feed.busy = false;
          pump(feed);
        }, wait);
      });
  }

  function onMarketChanged(market_id: number) {
    // It exists now (an operator made it): no longer unknown.
    unknownMarkets.delete(market_id);
    const feed = feeds.get(market_id);
    if (!feed) return; // nobody here follows it
    feed.dirty = true;
    pump(feed);
  }

  /**
   * The bus lost messages (NATS reconnected): every followed market is read again and sent to its
   * sockets as an image, and each signed-in socket is told to refetch its bets on its markets.
   */
  function resyncAll() {
    for (const feed of feeds.values()) {
      feed.resync = true;
      feed.dirty = true;
      pump(feed);
    }
    for (const client of clients) {
      if (client.userId === null) continue;
      for (const market_id of client.markets) sendMsg(client, { type: 'bets', market_id });
    }
  }

  function onUserChanged(user_id: number, market_id: number) {
    const sockets = byUser.get(user_id);
    if (!sockets || sockets.size === 0) return;
    const data = Buffer.from(JSON.stringify({ type: 'bets', market_id } satisfies WsServerMessage));
    broadcast(sockets, data);
  }

  function bind(client: Client, userId: number | null, token: string | null = null) {
    // A closed client is never registered again (a queued auth that ends after the close).
    if (client.closed && userId !== null) return;
    client.token = userId === null ? null : token;
    if (client.userId !== null) {
      const set = byUser.get(client.userId);
      set?.delete(client);
      if (set && set.size === 0) byUser.delete(client.userId);
    }
    client.userId = userId;
    if (userId !== null) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(client);
    }
  }

  /** Spends `n` of the socket's store reads; a socket out of them is closed (1008) and false returned. */
  function spendReads(client: Client, n: number): boolean {
    if (n === 0 || take(client.reads, limits.socket_reads_per_s, limits.socket_reads_burst, n, now())) {
      return true;
    }
    stats.dropped_flood += 1;
    drop(client, CLOSE_POLICY, 'too many requests');
    return false;
  }

  async function subscribe(client: Client, ids: number[]) {
    if (client.closed) return;
    const t = now();
    const asked = [...new Set(ids)].filter((id) => !client.markets.has(id));
    // Ids known not to exist are answered from memory, without a read.
    const unknown = asked.filter((id) => unknownMarkets.has(id, t));
    const fresh = asked.filter((id) => !unknown.includes(id));
    if (client.markets.size + fresh.length > MAX_MARKETS_PER_SOCKET) {
      sendError(client, `At most ${MAX_MARKETS_PER_SOCKET} markets per connection`);
      return;
    }
    // A market nobody here follows yet costs a read.
    if (!spendReads(client, fresh.filter((id) => !feeds.has(id)).length)) return;
    for (const id of unknown) {
      stats.negative_hits += 1;
      sendError(client, `Unknown market ${id}`);
    }
    // Markets this node already follows: its state of them may trail the store by the changes
    // still on their way over the bus (a socket moved here from a node that had sent them).
    const followed = new Set(fresh.filter((id) => feeds.has(id)));
    for (const id of fresh) {
      const feed = feedFor(id);
      client.markets.add(id);
      client.pendingImage.add(id);
      feed.subscribers.add(client);
    }
    for (const id of fresh) {
      const feed = feeds.get(id);
      if (!feed) continue;
      await feed.ready;
      if (client.closed || !client.markets.has(id) || feeds.get(id) !== feed) continue;
      if (feed.image && followed.has(id)) {
        // The image follows the next read of the store (one per market however many subscribe,
        // coalesced as every read): never older than what the socket may have had elsewhere.
        feed.dirty = true;
        pump(feed);
      } else if (feed.image) {
        sendImage(client, feed);
      } else {
        unsubscribe(client, [id]);
        sendError(client, `Unknown market ${id}`);
      }
    }
  }

  function unsubscribe(client: Client, ids: number[]) {
    for (const id of ids) {
      if (!client.markets.delete(id)) continue;
      client.pendingImage.delete(id);
      const feed = feeds.get(id);
      if (!feed) continue;
      feed.subscribers.delete(client);
      dropFeedIfUnused(feed);
    }
  }

  async function handle(client: Client, raw: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      sendError(client, 'Messages must be JSON');
      return;
    }
    const msg = wsClientMessage.safeParse(parsed);
    if (!msg.success) {
      const issue = msg.error.issues[0];
      sendError(client, `Bad message${issue ? `: ${issue.path.join('.') || 'op'}: ${issue.message}` : ''}`);
      return;
    }
    const m = msg.data;
    switch (m.op) {
      case 'auth': {
        const key = tokenKey(m.token);
        let found: number | 'ended' | 'held';
        if (deadTokens.has(key, now())) {
          stats.negative_hits += 1;
          found = 'ended';
        } else {
          if (!spendReads(client, 1)) return;
          found = await lookupToken(m.token);
          if (found === 'ended') deadTokens.add(key, now());
        }
        if (client.closed) return;
        if (typeof found === 'number') {
          bind(client, found, m.token);
        } else {
          bind(client, null);
          sendError(client, SESSION_ENDED);
        }
        return;
      }
      case 'subscribe':
        return subscribe(client, m.market_ids);
      case 'unsubscribe':
        unsubscribe(client, m.market_ids);
        return;
      case 'image': {
        const feed = client.markets.has(m.market_id) ? feeds.get(m.market_id) : undefined;
        if (!feed) {
          sendError(client, `Not subscribed to market ${m.market_id}`);
          return;
        }
        await feed.ready;
        if (client.closed || !client.markets.has(m.market_id) || feeds.get(m.market_id) !== feed) return;
        sendImage(client, feed);
        // Also look again, in case a change notice was lost on the way (a later delta follows).
        feed.dirty = true;
        pump(feed);
        return;
      }
      case 'heartbeat':
        client.wantsHeartbeat = true;
        sendMsg(client, { type: 'heartbeat', at: Math.round(now()) });
        return;
      default: {
        // A registered topic's op. The contract's schema has refused any op it does not name; one
        // whose product registered no topic on this node is answered in words.
        const t = topicOp(m.op);
        if (!t) return sendError(client, `This server has no live topic for ${m.op}`);
        if (t.subscribe) return t.feeds.subscribe(client, t.topic.idsOf(m));
        t.feeds.unsubscribe(client, t.topic.idsOf(m));
        return;
      }
    }
  }

  /** One heartbeat, serialised once, to every socket that asked for them. */
  function liveHeartbeat() {
    const data = Buffer.from(
      JSON.stringify({ type: 'heartbeat', at: Math.round(now()) } satisfies WsServerMessage),
    );
    broadcast(clients, data, (client) => !client.wantsHeartbeat);
  }

  /**
   * The client's state goes at once: its markets, its user binding, its address's count. Whatever
   * of its messages is still queued or in flight finds it closed and does nothing.
   */
  function gone(client: Client) {
    if (client.closed) return;
    client.closed = true;
    clients.delete(client);
    const address = client.address;
    address.sockets -= 1;
    unsubscribe(client, [...client.markets]);
    for (const t of topics.values()) t.feeds.gone(client);
    bind(client, null);
    client.pendingImage.clear();
    sweepAddresses();
  }

  /** Forgets addresses with no socket whose message rate has refilled (nothing left to remember). */
  function sweepAddresses() {
    const t = now();
    for (const [key, a] of byIp) {
      if (a.sockets > 0) continue;
      take(a.messages, limits.ip_messages_per_s, limits.ip_messages_burst, 0, t);
      if (a.messages.tokens >= limits.ip_messages_burst) byIp.delete(key);
    }
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

  function connect(ws: WebSocket, ip = '') {
    const key = addressKey(ip);
    let address = byIp.get(key);
    if (address && address.sockets >= MAX_SOCKETS_PER_IP) {
      ws.close(CLOSE_POLICY, 'too many connections from this address');
      return;
    }
    const t = now();
    if (!address) {
      address = { sockets: 0, messages: { tokens: limits.ip_messages_burst, at_ms: t } };
      byIp.set(key, address);
    }
    address.sockets += 1;
    const client: Client = {
      ws,
      closed: false,
      address,
      userId: null,
      token: null,
      messages: { tokens: limits.socket_messages_burst, at_ms: t },
      reads: { tokens: limits.socket_reads_burst, at_ms: t },
      markets: new Set(),
      topics: new Map([...topics.keys()].map((name) => [name, new Set<number>()])),
      pendingImage: new Set(),
      alive: true,
      overSince: null,
      wantsHeartbeat: false,
      queue: Promise.resolve(),
      queued: 0,
    };
    clients.add(client);
    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('message', (data, isBinary) => {
      if (client.closed || !admit(client)) return;
      if (isBinary) {
        sendError(client, 'Messages must be JSON text');
        return;
      }
      if (client.queued >= MAX_QUEUED_CLIENT_MESSAGES) {
        stats.dropped_flood += 1;
        drop(client, CLOSE_POLICY, 'too many messages');
        return;
      }
      client.queued += 1;
      // One message at a time per socket, in order (a subscribe then an unsubscribe stay in order).
      client.queue = client.queue
        .then(() => (client.closed ? undefined : handle(client, data.toString())))
        .catch((err: unknown) => {
          log.error({ err }, 'ws: message handling failed');
          sendError(client, 'Something went wrong');
        })
        .finally(() => {
          client.queued -= 1;
        });
    });
    ws.on('close', () => gone(client));
    ws.on('error', (err) => {
      log.debug({ err }, 'ws: socket error');
      gone(client);
    });
  }

  /** A token's session as it is now; null when the store did not answer (the binding is kept). */
  async function sessionOf(token: string): Promise<number | 'ended' | 'held' | null> {
    try {
      return await lookupToken(token);
    } catch (err) {
      log.warn({ err }, 'ws: session re-check failed');
      return null;
    }
  }

  /** Unbinds the socket (and tells it) when the session its token named has ended. */
  function settleSession(client: Client, token: string, found: number | 'ended' | 'held' | null) {
    if (found === null || client.closed || client.token !== token || found === client.userId) return;
    if (found === 'ended') deadTokens.add(tokenKey(token), now());
    stats.unbound_ended += 1;
    bind(client, null);
    sendError(client, SESSION_ENDED);
  }

  /** A user's sessions changed (logout, new password, lock, exclusion): re-check their sockets. */
  function onSessionChanged(user_id: number) {
    const sockets = byUser.get(user_id);
    if (!sockets) return;
    const targets = [...sockets];
    // After every handler of this notice has run: the session cache forgets the user in its own.
    queueMicrotask(() => void recheck(targets));
  }

  /** Looks the tokens of `targets` up again, one lookup per token, one at a time. */
  async function recheck(targets: Iterable<Client>) {
    const byToken = new Map<string, Client[]>();
    for (const client of targets) {
      if (client.closed || client.token === null) continue;
      const list = byToken.get(client.token);
      if (list) list.push(client);
      else byToken.set(client.token, [client]);
    }
    for (const [token, list] of byToken) {
      if (closed) return;
      const found = await sessionOf(token);
      for (const client of list) settleSession(client, token, found);
    }
  }

  let recheckRunning = false;
  /** Every bound socket's session (a session that expired, a notice lost on the way). */
  async function recheckAll() {
    if (recheckRunning || closed) return;
    recheckRunning = true;
    try {
      await recheck([...clients]);
    } finally {
      recheckRunning = false;
    }
  }

  function heartbeat() {
    for (const client of clients) {
      if (!client.alive) {
        stats.dropped_dead += 1;
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      try {
        client.ws.ping();
      } catch {
        client.ws.terminate();
      }
    }
  }

  function checkSlowClients() {
    const t = now();
    for (const client of clients) {
      if (client.ws.bufferedAmount <= SLOW_CLIENT_MAX_BUFFERED_BYTES) {
        client.overSince = null;
      } else if (client.overSince === null) {
        client.overSince = t;
      } else if (t - client.overSince > SLOW_CLIENT_GRACE_MS) {
        stats.dropped_slow += 1;
        log.warn({ buffered_bytes: client.ws.bufferedAmount }, 'ws: dropping a client that cannot keep up');
        drop(client);
      }
    }
    sweepAddresses();
  }

  const unsubscribers = [
    bus.subscribe('market', (m) => onMarketChanged(m.market_id)),
    bus.subscribe('user', (m) => onUserChanged(m.user_id, m.market_id)),
    bus.subscribe('session', (m) => onSessionChanged(m.user_id)),
    bus.onResync(resyncAll),
    ...[...topics.values()].flatMap((t) => [
      t.topic.follow(bus, (id) => t.feeds.changed(id)),
      bus.onResync(() => t.feeds.resync()),
    ]),
  ];
  const recheckTimer = setInterval(() => void recheckAll(), limits.session_recheck_ms);
  recheckTimer.unref();
  const heartbeatTimer = setInterval(heartbeat, HEARTBEAT_INTERVAL_MS);
  const slowTimer = setInterval(checkSlowClients, SLOW_CLIENT_CHECK_INTERVAL_MS);
  const liveHeartbeatTimer = setInterval(liveHeartbeat, LIVE_HEARTBEAT_INTERVAL_MS);
  heartbeatTimer.unref();
  slowTimer.unref();
  liveHeartbeatTimer.unref();

  return {
    connect,
    heartbeat,
    liveHeartbeat,
    checkSlowClients,
    recheckAll,
    resyncAll,
    sequence: sequencer.kind,
    stats,
    /** Per registered topic: head reads for changes, and sockets written to. */
    topicStats: () => Object.fromEntries([...topics].map(([name, t]) => [name, { ...t.stats }])),
    limits,
    /** For tests and metrics. */
    counts: () => ({ sockets: clients.size, markets: feeds.size, users: byUser.size, addresses: byIp.size }),
    /** The ids of a topic followed by a socket of this node. */
    followed: (topic: string) => topics.get(topic)?.feeds.tables() ?? 0,
    seqOf: (market_id: number) => feeds.get(market_id)?.seq ?? null,
    /** Closes every socket with this code (shutdown). */
    closeAll(code: number, reason: string) {
      for (const client of clients) client.ws.close(code, reason);
    },
    close() {
      closed = true;
      clearInterval(heartbeatTimer);
      clearInterval(slowTimer);
      clearInterval(liveHeartbeatTimer);
      clearInterval(recheckTimer);
      for (const u of unsubscribers) u();
      for (const t of topics.values()) t.feeds.close();
      for (const feed of feeds.values()) if (feed.timer) clearTimeout(feed.timer);
      feeds.clear();
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

/**
 * Registers @fastify/websocket and the /ws route; needs `app.bus`, `app.exchange` and `app.auth`.
 * `sequence`: where seq numbers come from (default 'store' on a bus between nodes, else 'node').
 */
export const wsPlugin = fp<{ sequence?: 'node' | 'store'; limits?: Partial<LiveLimits> }>(
  async (app, options) => {
    let hub: LiveHub | null = null;
    // Added before @fastify/websocket's own preClose (which closes without a code): clients are
    // told 1001 "going away", so they reconnect (to another node) rather than treat it as an error.
    app.addHook('preClose', async () => hub?.closeAll(CLOSE_GOING_AWAY, 'server shutting down'));
    await app.register(fastifyWebsocket, {
      options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES },
      // Its default logs every socket error at error, with a stack: a browser that drops its
      // connection is no failure of ours (debug); anything else still is.
      errorHandler: (err, socket, req) => {
        if (clientSocketError(err))
          req.log.debug({ why: (err as { code?: string }).code }, 'ws: client dropped');
        else req.log.error({ err }, 'ws: connection failed');
        socket.terminate();
      },
    });
    const getImage = (id: number) => app.exchange.getMarketImage(id);
    const sequence = options.sequence ?? (app.bus.kind === 'nats' ? 'store' : 'node');
    hub = createLiveHub({
      bus: app.bus,
      getImage,
      topics: app.liveTopics.seal(),
      sequencer:
        sequence === 'store' ? createStoreSequencer(app.db, getImage) : createNodeSequencer(getImage),
      // A session on a temporary password gets nothing of its own until the password is changed.
      lookupToken: async (token) => {
        const user = await app.auth.lookup(token);
        return !user ? 'ended' : user.mustChangePassword ? 'held' : user.userId;
      },
      log: app.log,
      ...(options.limits ? { limits: options.limits } : {}),
    });
    const live = hub;
    app.decorate('liveHub', live);
    app.get(WS_PATH, { websocket: true }, (socket, req) => {
      // The client went away between its upgrade request and this handler: nothing to serve.
      if (req.socket.destroyed || socket.readyState !== socket.OPEN) {
        req.log.debug('ws: client dropped during the upgrade');
        socket.terminate();
        return;
      }
      live.connect(socket, clientAddressOf(req));
    });
    app.addHook('onClose', async () => live.close());

    if (sequence === 'store') {
      // The leader trims the numbered states (each market keeps its newest).
      let timer: ReturnType<typeof setInterval> | null = null;
      let resign: (() => Promise<void>) | null = null;
      const sweep = () =>
        void sweepPriceLog(app.db).catch((err: unknown) =>
          app.log.warn({ err }, 'ws: price log sweep failed'),
        );
      app.addHook('onReady', async () => {
        resign = app.leader.onLeadership(
          () => {
            timer = setInterval(sweep, PRICE_SWEEP_INTERVAL_MS);
            timer.unref();
          },
          () => {
            if (timer) clearInterval(timer);
            timer = null;
          },
        );
      });
      app.addHook('preClose', async () => {
        await resign?.();
      });
    }
  },
  { name: 'ws', dependencies: ['bus', 'auth', 'exchange', 'leader', 'live-topics'] },
);
