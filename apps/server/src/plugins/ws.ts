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
import { diffImages } from './ws-diff.ts';

export { diffImages };

export const WS_PATH = '/ws';
/** A ping every 30 s; a socket that has not answered the previous ping by then is terminated. */
export const HEARTBEAT_INTERVAL_MS = 30_000;
/**
 * Sockets that sent `{op:'heartbeat'}` get `{type:'heartbeat', at}` this often (and once at once), so
 * the client can tell a silent connection (stalled proxy, half-open network) from a quiet market.
 */
export const LIVE_HEARTBEAT_INTERVAL_MS = 2_000;
/** A client whose unsent data stays above this many bytes… */
export const SLOW_CLIENT_MAX_BUFFERED_BYTES = 1024 * 1024;
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
/** Open sockets per client address (req.ip, which honours TRUST_PROXY); more are closed at once (1008). */
export const MAX_SOCKETS_PER_IP = 100;
/** Client messages waiting to be handled on one socket; a client that floods beyond it is closed. */
export const MAX_QUEUED_CLIENT_MESSAGES = 100;

/** WebSocket close code for a policy violation (flooding, too slow). */
const CLOSE_POLICY = 1008;
/** WebSocket close code: the server is going away (shutdown). */
const CLOSE_GOING_AWAY = 1001;

export type LiveHubDeps = {
  bus: Bus;
  getImage(market_id: number): Promise<MarketImage | null>;
  /** The user id of a live session token, or null. */
  lookupToken(token: string): Promise<number | null>;
  log: Pick<FastifyBaseLogger, 'warn' | 'debug' | 'error'>;
  now?: () => number;
  /** Where seq numbers come from; default: this node counts (createNodeSequencer over getImage). */
  sequencer?: PriceSequencer;
};

type Client = {
  ws: WebSocket;
  userId: number | null;
  markets: Set<number>;
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
  const clients = new Set<Client>();
  const feeds = new Map<number, MarketFeed>();
  const byUser = new Map<number, Set<Client>>();
  const byIp = new Map<string, number>();
  let closed = false;

  const stats = {
    images_read: 0,
    deltas_sent: 0,
    dropped_slow: 0,
    dropped_dead: 0,
    /** Times the sockets were sent fresh images because the bus had lost messages. */
    resyncs: 0,
    /** The last fan-out: when its send loop ended (performance.now() ms) and how long the loop took. */
    last_fanout: { market_id: 0, seq: 0, sockets: 0, ended_at_ms: 0, loop_ms: 0 },
  };

  /** A string is encoded per call; a fan-out encodes once and passes the same Buffer to every socket. */
  function send(client: Client, data: string | Buffer) {
    if (client.ws.readyState !== client.ws.OPEN) return;
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
      if (skip?.(client) || client.ws.readyState !== client.ws.OPEN) continue;
      const raw = rawSocketOf(client.ws);
      if (raw) raw.write((frame ??= textFrame(data)));
      else client.ws.send(data, { binary: false });
      sockets += 1;
    }
    return sockets;
  }
  const sendMsg = (client: Client, msg: WsServerMessage) => send(client, JSON.stringify(msg));
  const sendError = (client: Client, message: string) => sendMsg(client, { type: 'error', message });

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

  function bind(client: Client, userId: number | null) {
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

  async function subscribe(client: Client, ids: number[]) {
    const fresh = [...new Set(ids)].filter((id) => !client.markets.has(id));
    if (client.markets.size + fresh.length > MAX_MARKETS_PER_SOCKET) {
      sendError(client, `At most ${MAX_MARKETS_PER_SOCKET} markets per connection`);
      return;
    }
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
      if (!client.markets.has(id) || feeds.get(id) !== feed) continue;
      if (feed.image) {
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
        const userId = await lookupToken(m.token);
        if (userId === null) {
          bind(client, null);
          sendError(client, 'Your session has ended; please log in again');
        } else {
          bind(client, userId);
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
        if (!client.markets.has(m.market_id) || feeds.get(m.market_id) !== feed) return;
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
    }
  }

  /** One heartbeat, serialised once, to every socket that asked for them. */
  function liveHeartbeat() {
    const data = Buffer.from(
      JSON.stringify({ type: 'heartbeat', at: Math.round(now()) } satisfies WsServerMessage),
    );
    broadcast(clients, data, (client) => !client.wantsHeartbeat);
  }

  function connect(ws: WebSocket, ip = '') {
    const open = byIp.get(ip) ?? 0;
    if (open >= MAX_SOCKETS_PER_IP) {
      ws.close(CLOSE_POLICY, 'too many connections from this address');
      return;
    }
    byIp.set(ip, open + 1);
    const client: Client = {
      ws,
      userId: null,
      markets: new Set(),
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
      if (isBinary) {
        sendError(client, 'Messages must be JSON text');
        return;
      }
      if (client.queued >= MAX_QUEUED_CLIENT_MESSAGES) {
        ws.close(CLOSE_POLICY, 'too many messages');
        return;
      }
      client.queued += 1;
      // One message at a time per socket, in order (a subscribe then an unsubscribe stay in order).
      client.queue = client.queue
        .then(() => handle(client, data.toString()))
        .catch((err: unknown) => {
          log.error({ err }, 'ws: message handling failed');
          sendError(client, 'Something went wrong');
        })
        .finally(() => {
          client.queued -= 1;
        });
    });
    const gone = () => {
      if (!clients.delete(client)) return;
      const left = (byIp.get(ip) ?? 1) - 1;
      if (left > 0) byIp.set(ip, left);
      else byIp.delete(ip);
      unsubscribe(client, [...client.markets]);
      bind(client, null);
    };
    ws.on('close', gone);
    ws.on('error', (err) => {
      log.debug({ err }, 'ws: socket error');
      gone();
    });
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
        client.ws.terminate();
      }
    }
  }

  const unsubscribers = [
    bus.subscribe('market', (m) => onMarketChanged(m.market_id)),
    bus.subscribe('user', (m) => onUserChanged(m.user_id, m.market_id)),
    bus.onResync(resyncAll),
  ];
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
    resyncAll,
    sequence: sequencer.kind,
    stats,
    /** For tests and metrics. */
    counts: () => ({ sockets: clients.size, markets: feeds.size, users: byUser.size }),
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
      for (const u of unsubscribers) u();
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
export const wsPlugin = fp<{ sequence?: 'node' | 'store' }>(
  async (app, options) => {
    let hub: LiveHub | null = null;
    // Added before @fastify/websocket's own preClose (which closes without a code): clients are
    // told 1001 "going away", so they reconnect (to another node) rather than treat it as an error.
    app.addHook('preClose', async () => hub?.closeAll(CLOSE_GOING_AWAY, 'server shutting down'));
    await app.register(fastifyWebsocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });
    const getImage = (id: number) => app.exchange.getMarketImage(id);
    const sequence = options.sequence ?? (app.bus.kind === 'nats' ? 'store' : 'node');
    hub = createLiveHub({
      bus: app.bus,
      getImage,
      sequencer:
        sequence === 'store' ? createStoreSequencer(app.db, getImage) : createNodeSequencer(getImage),
      // A session on a temporary password gets nothing of its own until the password is changed.
      lookupToken: async (token) => {
        const user = await app.auth.lookup(token);
        return user && !user.mustChangePassword ? user.userId : null;
      },
      log: app.log,
    });
    const live = hub;
    app.decorate('liveHub', live);
    app.get(WS_PATH, { websocket: true }, (socket, req) => live.connect(socket, req.ip));
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
  { name: 'ws', dependencies: ['bus', 'auth', 'exchange', 'leader'] },
);
