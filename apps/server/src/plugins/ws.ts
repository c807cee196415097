// Live prices over a WebSocket at /ws (protocol: docs/live-prices.md).
//
// A client subscribes to market ids and gets a full image, then deltas; every message of a market
// carries that market's sequence number (1, 2, 3, …), counted by this node or kept in the store
// for every node (price-sequence.ts). On a 'market' bus message the node reads the market's image
// ONCE, diffs it against the last image it sent, and sends the same serialised delta to every
// subscriber; bursts are coalesced (at most one read per market per IMAGE_COALESCE_MS). 'user' bus
// messages become `{type:'bets', market_id}` on that user's authenticated sockets. When the bus
// lost messages (a NATS reconnect), every followed market's image is sent again to its sockets.
//
// The hub here is the composition: its units are ws-client.ts (a client, its limits, writing to it),
// ws-market-feeds.ts (the markets followed), ws-sessions.ts (signed-in sockets), ws-topic.ts (the
// products' registered topics) and ws-limits.ts (the limits and their counters).
import fastifyWebsocket from '@fastify/websocket';
import { wsClientMessage, type MarketImage, type WsServerMessage } from '@backlay/contract';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { Bus, MarketMessage } from './bus.ts';
import {
  createNodeSequencer,
  createStoreSequencer,
  PRICE_SWEEP_INTERVAL_MS,
  sweepPriceLog,
  type PriceSequencer,
} from './price-sequence.ts';
import { addressKey, clientAddressOf } from './rate-limit.ts';
import { clientSocketError } from '../http/errors.ts';
import { diffImages } from './ws-diff.ts';
import type { LiveTopic } from './live-topics.ts';
import { createTopicFeeds } from './ws-topic.ts';
import { createClientIo, newHubStats, textFrame, type Address, type Client } from './ws-client.ts';
import {
  CLOSE_GOING_AWAY,
  CLOSE_POLICY,
  createNegativeCache,
  DEFAULT_LIVE_LIMITS,
  HEARTBEAT_INTERVAL_MS,
  LIVE_HEARTBEAT_INTERVAL_MS,
  MAX_CLIENT_MESSAGE_BYTES,
  MAX_QUEUED_CLIENT_MESSAGES,
  MAX_SOCKETS_PER_IP,
  SLOW_CLIENT_CHECK_INTERVAL_MS,
  SLOW_CLIENT_GRACE_MS,
  SLOW_CLIENT_MAX_BUFFERED_BYTES,
  take,
  type LiveLimits,
} from './ws-limits.ts';
import { createMarketFeeds } from './ws-market-feeds.ts';
import { createSessions } from './ws-sessions.ts';
import { everyWhileLeading } from './leader.ts';

export { diffImages, textFrame };
export * from './ws-limits.ts';

export const WS_PATH = '/ws';

/** A plain HTTP request to a WebSocket's path: 426 and what to do, in words (not a bare 404). */
export async function upgradeRequired(req: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(426)
    .header('upgrade', 'websocket')
    .send({
      status: false,
      message: `${req.url.split('?')[0]} is a WebSocket: open it with an Upgrade: websocket request`,
    });
}

/**
 * A socket whose messages are another protocol's (the stream for programs, modules/stream/): its
 * parsed JSON goes to `handle` (one at a time, in order, under the hub's rates), it conflates,
 * gets heartbeats from the start, and `gone` hears when it ends.
 */
export type ForeignProtocol = {
  handle(client: Client, message: unknown): Promise<void>;
  gone(client: Client): void;
};

export type LiveHubDeps = {
  bus: Bus;
  getImage(market_id: number): Promise<MarketImage | null>;
  /**
   * Told of each 'market' notice before the hub acts on it, and of a bus that lost messages
   * (the exchange's round images: modules/exchange/live-images.ts).
   */
  images?: { note(m: MarketMessage): void; forget(): void; readNext(market_id: number): void };
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

/**
 * The per-node fan-out: sockets, subscriptions, images, sequence numbers. The composition of the
 * units above (about 300 lines): the sockets and addresses it admits, the message switch, the
 * timers and what the bus tells it, each handed to the unit that owns it.
 * Long because it is a factory: its inner functions, each short, share the sockets, their limits
 * and the topics registry; the sessions, the market feeds and the limits are units of their own
 * (ws-*.ts).
 */
export function createLiveHub(deps: LiveHubDeps) {
  const { bus, getImage, lookupToken, log } = deps;
  const sequencer = deps.sequencer ?? createNodeSequencer(getImage);
  const now = deps.now ?? (() => Date.now());
  const limits: LiveLimits = { ...DEFAULT_LIVE_LIMITS, ...deps.limits };
  const clients = new Set<Client>();
  const byIp = new Map<string, Address>();
  const stats = newHubStats();
  let closed = false;
  const isClosed = () => closed;

  const io = createClientIo({ limits, stats, now, log, gone: (client) => gone(client) });
  const { broadcast, sendMsg, sendError, spendReads, admit, drop } = io;
  const markets = createMarketFeeds({
    sequencer,
    stats,
    now,
    log,
    io,
    unknownMarkets: createNegativeCache<number>(limits.negative_cache_ms, limits.negative_cache_max_entries),
    isClosed,
    readNext: (id) => deps.images?.readNext(id),
  });
  const sessions = createSessions({
    lookupToken,
    limits,
    stats,
    now,
    log,
    io,
    clients: () => clients,
    isClosed,
  });

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

  /** A client message, parsed and checked against the contract, to the unit that owns its op. */
  async function handle(client: Client, raw: string, foreign: ForeignProtocol | undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      sendError(client, 'Messages must be JSON');
      return;
    }
    if (foreign) return foreign.handle(client, parsed);
    const msg = wsClientMessage.safeParse(parsed);
    if (!msg.success) {
      const issue = msg.error.issues[0];
      sendError(client, `Bad message${issue ? `: ${issue.path.join('.') || 'op'}: ${issue.message}` : ''}`);
      return;
    }
    const m = msg.data;
    switch (m.op) {
      case 'auth':
        return sessions.auth(client, m.token);
      case 'subscribe':
        return markets.subscribe(client, m.market_ids);
      case 'unsubscribe':
        markets.unsubscribe(client, m.market_ids);
        return;
      case 'image':
        return markets.resend(client, m.market_id);
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
    if (client.drainTimer) clearTimeout(client.drainTimer);
    foreignOf.get(client)?.gone(client);
    clients.delete(client);
    const address = client.address;
    address.sockets -= 1;
    markets.unsubscribe(client, [...client.markets]);
    for (const t of topics.values()) t.feeds.gone(client);
    sessions.bind(client, null);
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

  /** The sockets speaking another protocol, and its handler. */
  const foreignOf = new WeakMap<Client, ForeignProtocol>();

  /** Admits a socket (null when its address has too many); `foreign`: its messages are another protocol's. */
  function connect(ws: WebSocket, ip = '', foreign?: ForeignProtocol): Client | null {
    const key = addressKey(ip);
    let address = byIp.get(key);
    if (address && address.sockets >= MAX_SOCKETS_PER_IP) {
      ws.close(CLOSE_POLICY, 'too many connections from this address');
      return null;
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
      wantsHeartbeat: foreign !== undefined,
      queue: Promise.resolve(),
      queued: 0,
      ...(foreign ? { conflated: new Set<number>(), drainTimer: null } : {}),
    };
    clients.add(client);
    if (foreign) foreignOf.set(client, foreign);
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
        .then(() => (client.closed ? undefined : handle(client, data.toString(), foreign)))
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
    return client;
  }

  /**
   * The bus lost messages (NATS reconnected): every followed market is read again and sent to its
   * sockets as an image, and each signed-in socket is told to refetch its bets on its markets.
   */
  function resyncAll() {
    deps.images?.forget();
    markets.resync();
    for (const client of clients) {
      if (client.userId === null) continue;
      for (const market_id of client.markets) sendMsg(client, { type: 'bets', market_id });
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
    bus.subscribe('market', (m) => {
      deps.images?.note(m);
      markets.changed(m.market_id);
    }),
    bus.subscribe('user', (m) => sessions.userChanged(m.user_id, m.market_id)),
    bus.subscribe('session', (m) => sessions.sessionChanged(m.user_id)),
    bus.onResync(resyncAll),
    ...[...topics.values()].flatMap((t) => [
      t.topic.follow(bus, (id) => t.feeds.changed(id)),
      bus.onResync(() => t.feeds.resync()),
    ]),
  ];
  const recheckTimer = setInterval(() => void sessions.recheckAll(), limits.session_recheck_ms);
  recheckTimer.unref();
  const heartbeatTimer = setInterval(heartbeat, HEARTBEAT_INTERVAL_MS);
  const slowTimer = setInterval(checkSlowClients, SLOW_CLIENT_CHECK_INTERVAL_MS);
  const liveHeartbeatTimer = setInterval(liveHeartbeat, LIVE_HEARTBEAT_INTERVAL_MS);
  heartbeatTimer.unref();
  slowTimer.unref();
  liveHeartbeatTimer.unref();

  return {
    connect,
    /** What another protocol's handler (ForeignProtocol) may do with its socket. */
    io: {
      subscribe: markets.subscribe,
      unsubscribe: markets.unsubscribe,
      resend: markets.resend,
      follows: markets.follows,
      send: io.send,
      sendError,
      drop,
      spendReads,
    },
    heartbeat,
    liveHeartbeat,
    checkSlowClients,
    recheckAll: sessions.recheckAll,
    resyncAll,
    sequence: sequencer.kind,
    stats,
    /** Per registered topic: head reads for changes, and sockets written to. */
    topicStats: () => Object.fromEntries([...topics].map(([name, t]) => [name, { ...t.stats }])),
    limits,
    /** For tests and metrics. */
    counts: () => ({
      sockets: clients.size,
      markets: markets.size(),
      users: sessions.users(),
      addresses: byIp.size,
    }),
    /** The ids of a topic followed by a socket of this node. */
    followed: (topic: string) => topics.get(topic)?.feeds.tables() ?? 0,
    seqOf: markets.seqOf,
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
      markets.close();
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
    const images = app.exchange.liveImages;
    const getImage = (id: number) => images.get(id);
    const sequence = options.sequence ?? (app.bus.kind === 'nats' ? 'store' : 'node');
    hub = createLiveHub({
      bus: app.bus,
      getImage,
      images,
      topics: app.liveTopics.seal(),
      sequencer:
        sequence === 'store'
          ? createStoreSequencer(
              app.db,
              (id) => images.getStamped(id),
              (id) => images.fresh(id),
            )
          : createNodeSequencer(getImage),
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
    app.route({
      method: 'GET',
      url: WS_PATH,
      handler: upgradeRequired,
      wsHandler: (socket, req) => {
        // The client went away between its upgrade request and this handler: nothing to serve.
        if (req.socket.destroyed || socket.readyState !== socket.OPEN) {
          req.log.debug('ws: client dropped during the upgrade');
          socket.terminate();
          return;
        }
        live.connect(socket, clientAddressOf(req));
      },
    });
    app.addHook('onClose', async () => live.close());

    if (sequence === 'store') {
      // The leader trims the numbered states (each market keeps its newest).
      everyWhileLeading(
        app,
        PRICE_SWEEP_INTERVAL_MS,
        () =>
          void sweepPriceLog(app.db).catch((err: unknown) =>
            app.log.warn({ err }, 'ws: price log sweep failed'),
          ),
      );
    }
  },
  { name: 'ws', dependencies: ['bus', 'auth', 'exchange', 'leader', 'live-topics'] },
);
