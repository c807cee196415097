import fp from 'fastify-plugin';
import {
  connect,
  RequestError,
  TimeoutError,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';
import type { MarketImage } from '@backlay/contract';
import { randomBytes } from 'node:crypto';

/**
 * The channels of the bus and their messages. Messages carry ids: a subscriber reads the state it
 * needs from the store (but for a round's market image, stamped so that its order is known). A module adds its own channel by merging into this interface:
 *
 *   declare module '../../plugins/bus.ts' { interface BusChannels { balance: { user_id: number } } }
 *
 * A channel's name is one NATS subject token: lower-case letters, digits, '_' and '-'.
 */
export interface BusChannels {
  /**
   * A market's book, status or in-play flag changed. An exchange round's notice carries the image
   * it left and its stamp (the market's next_seq after it), so hubs need not read it again
   * (modules/exchange/live-images.ts says how stamps order them).
   */
  market: { market_id: number; stamp?: number; image?: MarketImage };
  /** One of a user's bets on a market changed. */
  user: { user_id: number; market_id: number };
}
export type BusChannel = keyof BusChannels & string;
export type MarketMessage = BusChannels['market'];
export type UserMessage = BusChannels['user'];
export type BusMessage<C extends BusChannel> = BusChannels[C];

/**
 * Change notifications between the services and the WebSocket layer, on this node and (with
 * NATS) on every node. Publish only AFTER the transaction that made the change commits, so a
 * subscriber always reads the new state.
 *
 * Handlers of this node run synchronously inside `publish`, in publish order; a throwing handler
 * is isolated. Messages from other nodes arrive in the order each node published them (NATS keeps
 * one publisher's order per subscriber); messages of two nodes have no order between them, which
 * is why they name what changed and carry a state only with a stamp that orders it.
 */
export interface Bus {
  /** 'in-process': this node only. 'nats': every node on the same NATS and subject prefix. */
  readonly kind: 'in-process' | 'nats';
  publish<C extends BusChannel>(channel: C, message: BusChannels[C]): void;
  subscribe<C extends BusChannel>(channel: C, handler: (message: BusChannels[C]) => void): () => void;
  /**
   * `handler` runs when messages of other nodes were missed: this bus lost its connection and got
   * it back, or another node's numbered messages show a gap (they were lost while it was cut
   * off). Whoever keeps state derived from them (the WebSocket images, a cache) must read it
   * again. Never runs on the in-process bus.
   */
  onResync(handler: () => void): () => void;
  /**
   * Asks whichever node answers `subject` (one of them, NATS's queue group) and resolves with its
   * answer; rejects with BusRequestFailed when nobody answers it (`no-responder`) or not within
   * `timeout_ms` (`timeout`: the answerer may have done the work and died before replying). On
   * NATS a node never gets its own requests (noEcho): ask yourself by calling your code.
   */
  request(subject: string, payload: unknown, timeout_ms: number): Promise<unknown>;
  /** Answers `subject`'s requests with `handler`'s result until the returned function is called. */
  respond(subject: string, handler: (payload: unknown) => Promise<unknown>): () => void;
  readonly stats: BusStats;
  close(): Promise<void>;
}

/** A subject of request/reply: dot-separated tokens of letters, digits, '_' and '-'. */
const REQUEST_SUBJECT = /^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$/;

function checkSubject(subject: string) {
  if (!REQUEST_SUBJECT.test(subject)) throw new Error(`bus: bad request subject ${JSON.stringify(subject)}`);
}

/** A request nobody answered: no node answers its subject, or the answer did not come in time. */
export class BusRequestFailed extends Error {
  constructor(
    readonly why: 'no-responder' | 'timeout',
    readonly subject: string,
  ) {
    super(
      why === 'no-responder' ? `bus: nobody answers ${subject}` : `bus: ${subject} did not answer in time`,
    );
    this.name = 'BusRequestFailed';
  }
}

/** An answerer's handler threw: its message travels back in place of the answer. */
export class BusRequestRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BusRequestRefused';
  }
}

/** Answerers of one process, by subject (the in-process bus, and tests joining two). */
export function createResponders() {
  const handlers = new Map<string, (payload: unknown) => Promise<unknown>>();
  return {
    respond(subject: string, handler: (payload: unknown) => Promise<unknown>): () => void {
      checkSubject(subject);
      handlers.set(subject, handler);
      return () => {
        if (handlers.get(subject) === handler) handlers.delete(subject);
      };
    },
    /** The answer, through a JSON copy both ways as on the wire. */
    async request(subject: string, payload: unknown, timeout_ms: number): Promise<unknown> {
      checkSubject(subject);
      const handler = handlers.get(subject);
      if (!handler) throw new BusRequestFailed('no-responder', subject);
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        const answer = await Promise.race([
          handler(JSON.parse(JSON.stringify(payload ?? null))),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new BusRequestFailed('timeout', subject)), timeout_ms);
          }),
        ]);
        return JSON.parse(JSON.stringify(answer ?? null));
      } catch (err) {
        if (err instanceof BusRequestFailed) throw err;
        throw new BusRequestRefused((err as Error).message);
      } finally {
        clearTimeout(timer);
      }
    },
    clear: () => handlers.clear(),
  };
}

export type BusStats = {
  published: number;
  /** Messages received from other nodes. */
  received: number;
  /** Publish → receipt of the last message from another node, ms (wall clocks of two nodes). */
  last_lag_ms: number;
  /** Connection losses survived (NATS reconnects). */
  reconnects: number;
  /** False from the moment the connection is lost (or stale: no answer to pings) until it is back. */
  connected: boolean;
  /**
   * Connected, and every other node heard from (a message or its beacon) within the last few
   * seconds: only then may a node answer from memory what other nodes' notices keep right
   * (balances, sessions). False while another node has fallen quiet: it may be cut off and
   * changing things nobody hears of.
   */
  in_sync: boolean;
  /** Messages that were not a well-formed envelope (JSON null, garbage, a bad channel): counted and dropped. */
  bad_messages: number;
  /** Holes found in another node's numbered messages (its messages were lost on the way): each resyncs. */
  gaps: number;
  /** Times the resync handlers ran (after a reconnect or a gap). */
  resyncs: number;
  /** Other nodes heard from lately (their messages or beacons). */
  peers: number;
};

const newStats = (connected: boolean): BusStats => ({
  published: 0,
  received: 0,
  last_lag_ms: 0,
  reconnects: 0,
  connected,
  in_sync: connected,
  bad_messages: 0,
  gaps: 0,
  resyncs: 0,
  peers: 0,
});

const CHANNEL_NAME = /^[a-z][a-z0-9_-]*$/;

function checkChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`bus: bad channel name ${JSON.stringify(channel)}`);
}

/**
 * Local delivery shared by both buses: handlers per channel, each isolated. A Map rather than an
 * EventEmitter, where a channel named 'error' with no handler would throw and '__proto__' would
 * reach Object's prototype: a channel name that comes off the wire is only ever a Map key here.
 */
function createLocal(onError: (err: unknown) => void) {
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  return {
    emit(channel: string, message: unknown) {
      const set = handlers.get(channel);
      if (!set) return;
      for (const handler of [...set]) handler(message);
    },
    on(channel: string, handler: (message: never) => void): () => void {
      checkChannel(channel);
      const safe = (message: unknown) => {
        try {
          handler(message as never);
        } catch (err) {
          onError(err);
        }
      };
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(safe);
      return () => {
        set.delete(safe);
        if (set.size === 0 && handlers.get(channel) === set) handlers.delete(channel);
      };
    },
    clear() {
      handlers.clear();
    },
  };
}

/** One process. Handlers run synchronously in publish order; a throwing handler is isolated. */
export function createInProcessBus(onError: (err: unknown) => void = () => {}): Bus {
  const local = createLocal(onError);
  const responders = createResponders();
  let closed = false;
  const stats = newStats(true);
  return {
    kind: 'in-process',
    stats,
    request: responders.request,
    respond: responders.respond,
    publish(channel, message) {
      if (closed) return;
      stats.published += 1;
      local.emit(channel, message);
    },
    subscribe(channel, handler) {
      return local.on(channel, handler as (message: never) => void);
    },
    onResync() {
      return () => {};
    },
    async close() {
      closed = true;
      stats.connected = false;
      stats.in_sync = false;
      local.clear();
      responders.clear();
    },
  };
}

export type NatsBusOptions = {
  /** One server or several (a NATS cluster), e.g. 'nats://127.0.0.1:4222' or 'nats://a:4222,nats://b:4222'. */
  url: string;
  /** Subjects are `${prefix}.${channel}`: nodes of one deployment share a prefix (default 'backlay'). */
  prefix?: string;
  /** The connection's name as NATS monitoring shows it. */
  name?: string;
  /** Credentials (BUS_USER/BUS_PASSWORD or BUS_TOKEN); none for a NATS that asks for none (dev, tests). */
  user?: string;
  password?: string;
  token?: string;
  /** Wait between reconnect attempts (default 500 ms); the client retries for ever. */
  reconnectTimeWaitMs?: number;
  /**
   * A server that misses 2 pings, one every `pingIntervalMs` (default 2 s), is taken as gone: a
   * silent server (no answer, connection open) is noticed within 2–3 intervals.
   */
  pingIntervalMs?: number;
  /** A connection attempt that has not completed its handshake by then is given up (default 2 s). */
  connectTimeoutMs?: number;
  onError?: (err: unknown) => void;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
};

/**
 * What goes on the wire. `c`: the channel, `m`: the message, `t`: when it was published (for the
 * lag figure), `n`: the publishing bus's id (new on every start), `s`: its sequence number (1, 2,
 * 3, … per publishing bus, every channel alike). A beacon (subject `${prefix}._beacon`) has no
 * `c`/`m`: its `s` is the number of the last message that bus published; `bye` on the last one,
 * sent by `close()`.
 */
type Envelope = { c?: string; m?: object; t: number; n?: string; s?: number; bye?: true };

export const DEFAULT_BUS_PREFIX = 'backlay';
/**
 * Each node says every this often which number it is at (a beacon), so a node whose messages
 * were lost is found out by the others within about one beacon after its connection is back even
 * when it publishes nothing else.
 */
export const BUS_BEACON_INTERVAL_MS = 1_000;
/**
 * Another node not heard from for this long (3 beacons missed) makes this one stop answering from
 * memory (`stats.in_sync` false): it may be cut off from the bus and changing things unheard.
 */
export const BUS_PEER_QUIET_MS = 3 * BUS_BEACON_INTERVAL_MS;
/**
 * …and after this long it is forgotten (it crashed, or its outage lasts): memory is trusted again.
 * Should it come back, its numbers are a gap to a node that has forgotten it, so a resync follows.
 * A node that closes says goodbye and is forgotten at once.
 */
export const BUS_PEER_FORGET_MS = 10_000;
/** Other nodes remembered at most (a deployment has a handful; bounds what a flood of fake ids costs). */
export const BUS_PEERS_MAX = 1_000;
/** `close()` gives the connection this long to send what it has, then closes it regardless. */
export const BUS_CLOSE_TIMEOUT_MS = 1_000;
/** Resync requests within this window (a gap from several nodes at once after a heal) run once. */
const RESYNC_COALESCE_MS = 100;
/** Largest envelope read (messages carry ids only, well under 1 KiB). */
const MAX_ENVELOPE_BYTES = 64 * 1024;
const NODE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The envelope in `data` received on `subject`, or null when it is not one this bus would send:
 * not JSON, not an object, a channel that is not a channel name or not the subject's, a message
 * that is not an object, a bad id or number. Never throws.
 */
function parseEnvelope(
  data: Uint8Array,
  subject: string,
  prefix: string,
  decode: (data: Uint8Array) => string,
): Envelope | null {
  if (data.length > MAX_ENVELOPE_BYTES) return null;
  let v: unknown;
  try {
    v = JSON.parse(decode(data));
  } catch {
    return null;
  }
  if (!isPlainObject(v)) return null;
  const { c, m, t, n, s } = v;
  if (typeof t !== 'number' || !Number.isFinite(t)) return null;
  // Numbered (every node of this version numbers its messages) or not (an older node's, in a
  // rolling upgrade: delivered, but no gap can be seen in them).
  if (n !== undefined || s !== undefined) {
    if (typeof n !== 'string' || !NODE_ID.test(n) || !Number.isSafeInteger(s) || (s as number) < 0)
      return null;
  }
  if (subject === `${prefix}._beacon`) {
    if (c !== undefined || n === undefined || (v.bye !== undefined && v.bye !== true)) return null;
    return { t, n: n as string, s: s as number, ...(v.bye === true ? { bye: true } : {}) };
  }
  if (typeof c !== 'string' || !CHANNEL_NAME.test(c) || subject !== `${prefix}.${c}`) return null;
  if (!isPlainObject(m)) return null;
  return { c, m, t, ...(n === undefined ? {} : { n: n as string, s: s as number }) };
}

/**
 * Every node of the deployment on one NATS subject tree (the official client,
 * `@nats-io/transport-node`). A publish runs this node's handlers at once (as the in-process bus
 * does) and sends the message to the other nodes; the connection does not echo a node's own
 * messages back.
 *
 * NATS core delivers at most once: what is published during an outage is lost (the client drops
 * its unsent buffer when it reconnects, and whatever went into a connection that then died is
 * gone). So nothing here tries to deliver it late; instead every loss is noticed and repaired
 * from the store, which is the truth (messages only say "look again"):
 * - this node lost its connection: when it is back, the `onResync` handlers run;
 * - another node's messages were lost: every message carries its publisher's id and number, and
 *   each node says every second which number it is at (a beacon, at once after a reconnect); a
 *   number that skips is a gap, and the `onResync` handlers run.
 * While the connection is down a publish reaches this node's handlers only (and takes its number,
 * so the others see the gap): nothing piles up in memory however long the outage.
 *
 * A bad message on the bus is counted (`stats.bad_messages`) and dropped: nothing that arrives can
 * throw into the client (an exception there stops the client reading, deaf while it looks connected).
 * Long because it is a factory: its inner functions, each short, share one NATS connection, its
 * subscriptions and its health state.
 */
export async function createNatsBus(options: NatsBusOptions): Promise<Bus> {
  const onError = options.onError ?? (() => {});
  const prefix = options.prefix ?? DEFAULT_BUS_PREFIX;
  if (!/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(prefix)) {
    throw new Error(`bus: bad subject prefix ${JSON.stringify(prefix)}`);
  }
  const servers = options.url
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  let nc: NatsConnection;
  try {
    nc = await connect({
      servers,
      name: options.name ?? `backlay-${process.pid}`,
      noEcho: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: options.reconnectTimeWaitMs ?? 500,
      reconnectJitter: 100,
      pingInterval: options.pingIntervalMs ?? 2_000,
      maxPingOut: 2,
      timeout: options.connectTimeoutMs ?? 2_000,
      // No stack captured for every request (two Error objects each: 2 % of a forwarding node's
      // CPU in the bench's profile); a failed request is answered by its subject, not its stack.
      noAsyncTraces: true,
      ...(options.user !== undefined ? { user: options.user, pass: options.password ?? '' } : {}),
      ...(options.token !== undefined ? { token: options.token } : {}),
    });
  } catch (err) {
    throw new Error(`bus: cannot connect to NATS at ${options.url}: ${(err as Error).message}`, {
      cause: err,
    });
  }
  const local = createLocal(onError);
  const resync = new Set<() => void>();
  const stats = newStats(true);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const beaconSubject = `${prefix}._beacon`;
  /** This bus's id on the wire and the number of its last message. */
  const nodeId = randomBytes(8).toString('hex');
  let seq = 0;
  /** Other buses: the number of the last message of each, and when it was last heard from. */
  const peers = new Map<string, { seq: number; heardAt: number }>();
  let connectedAt = Date.now();
  let closed = false;
  let resyncTimer: ReturnType<typeof setTimeout> | null = null;

  function runResync() {
    resyncTimer = null;
    if (closed) return;
    stats.resyncs += 1;
    for (const handler of [...resync]) {
      try {
        handler();
      } catch (e) {
        onError(e);
      }
    }
  }
  function requestResync() {
    if (closed || resyncTimer) return;
    resyncTimer = setTimeout(runResync, RESYNC_COALESCE_MS);
  }

  /** Whether every other node was heard from lately (the first in `peers` is the least recent). */
  function refreshInSync(now: number) {
    const oldest = peers.values().next().value;
    stats.in_sync = stats.connected && (oldest === undefined || now - oldest.heardAt <= BUS_PEER_QUIET_MS);
  }

  /** Notes another bus's number; a hole in its numbers means its messages were lost: resync. */
  function track(n: string, s: number, beacon: boolean) {
    const now = Date.now();
    const peer = peers.get(n);
    if (!peer) {
      while (peers.size >= BUS_PEERS_MAX) peers.delete(peers.keys().next().value!);
      peers.set(n, { seq: s, heardAt: now });
      stats.peers = peers.size;
      refreshInSync(now);
      // A bus first heard of mid-way: what it published before may have been lost on the way here,
      // unless this node has only just connected (it read everything from the store since).
      if (s > (beacon ? 0 : 1) && now - connectedAt > 3 * BUS_BEACON_INTERVAL_MS) {
        stats.gaps += 1;
        requestResync();
      }
      return;
    }
    // A message must be the next number; a beacon repeats the last one.
    if (s > peer.seq + (beacon ? 0 : 1)) {
      stats.gaps += 1;
      options.log?.warn(
        { node: n, expected: peer.seq + 1, got: s },
        'bus: messages of another node were lost; resyncing',
      );
      requestResync();
    }
    peer.seq = Math.max(peer.seq, s);
    peer.heardAt = now;
    // Most recently heard last, so the oldest are forgotten first.
    peers.delete(n);
    peers.set(n, peer);
    refreshInSync(now);
  }

  function send(subject: string, envelope: Envelope) {
    try {
      nc.publish(subject, encoder.encode(JSON.stringify(envelope)));
    } catch (err) {
      // The connection is closed or draining (the node is shutting down): the other nodes see
      // the gap in the numbers if it ever comes back; say so and go on.
      onError(err);
    }
  }
  function beacon() {
    if (closed || !stats.connected) return;
    send(beaconSubject, { t: Date.now(), n: nodeId, s: seq });
  }

  const subscription: Subscription = nc.subscribe(`${prefix}.*`, {
    // Never throws: an exception here would stop the client reading (the node deaf, the
    // connection still open) until its pings time out.
    callback: (err, msg) => {
      try {
        if (err) {
          onError(err);
          return;
        }
        const envelope = parseEnvelope(msg.data, msg.subject, prefix, (d) => decoder.decode(d));
        if (!envelope) {
          stats.bad_messages += 1;
          return;
        }
        if (envelope.n !== undefined) {
          if (envelope.n === nodeId) return; // our own (noEcho should keep them away)
          track(envelope.n, envelope.s!, envelope.c === undefined);
          if (envelope.bye) {
            // A node closing: nothing more will come from it, and its silence is no outage.
            peers.delete(envelope.n);
            stats.peers = peers.size;
            refreshInSync(Date.now());
          }
        }
        if (envelope.c === undefined) return; // a beacon
        stats.received += 1;
        stats.last_lag_ms = Date.now() - envelope.t;
        local.emit(envelope.c, envelope.m);
      } catch (e) {
        onError(e);
      }
    },
  });

  const beaconTimer = setInterval(() => {
    beacon();
    const now = Date.now();
    for (const [n, peer] of peers) {
      if (now - peer.heardAt <= BUS_PEER_FORGET_MS) break; // the rest were heard later
      peers.delete(n);
    }
    stats.peers = peers.size;
    refreshInSync(now);
  }, BUS_BEACON_INTERVAL_MS);
  beaconTimer.unref();

  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') {
        stats.connected = false;
        stats.in_sync = false;
        options.log?.warn({ server: s.server }, 'bus: lost the NATS connection; reconnecting');
      } else if (s.type === 'reconnect') {
        stats.connected = true;
        stats.reconnects += 1;
        connectedAt = Date.now();
        refreshInSync(connectedAt);
        options.log?.info({ server: s.server }, 'bus: NATS connection back; resyncing');
        // Tell the others at once which number this node is at: what it published while it was
        // away never reached them.
        beacon();
        requestResync();
      }
    }
  })().catch(onError);

  const answering = new Set<Subscription>();
  /** Sends `handler`'s answer (or its error's message) back to the asker; never throws. */
  function answerWith(
    handler: (payload: unknown) => Promise<unknown>,
    data: Uint8Array,
    reply: (d: Uint8Array) => boolean,
  ) {
    let payload: unknown;
    try {
      payload = JSON.parse(decoder.decode(data));
    } catch {
      reply(encoder.encode(JSON.stringify({ e: 'bus: a request that is not JSON' })));
      return;
    }
    void handler(payload)
      .then(
        (a) => reply(encoder.encode(JSON.stringify({ a: a ?? null }))),
        (err: unknown) => reply(encoder.encode(JSON.stringify({ e: (err as Error).message ?? String(err) }))),
      )
      .catch(onError);
  }

  return {
    kind: 'nats',
    stats,
    async request(subject, payload, timeout_ms) {
      checkSubject(subject);
      const wire = `${prefix}.rpc.${subject}`;
      let msg;
      try {
        msg = await nc.request(wire, encoder.encode(JSON.stringify(payload ?? null)), {
          timeout: timeout_ms,
        });
      } catch (err) {
        if (err instanceof RequestError && err.isNoResponders())
          throw new BusRequestFailed('no-responder', subject);
        if (err instanceof TimeoutError || (err as Error).cause instanceof TimeoutError)
          throw new BusRequestFailed('timeout', subject);
        throw err;
      }
      const body = JSON.parse(decoder.decode(msg.data)) as { a?: unknown; e?: string };
      if (body.e !== undefined) throw new BusRequestRefused(body.e);
      return body.a ?? null;
    },
    respond(subject, handler) {
      checkSubject(subject);
      // One queue group: while two nodes answer one subject (a shard changing hands), each
      // request reaches one of them, not both.
      const sub = nc.subscribe(`${prefix}.rpc.${subject}`, {
        queue: 'answerers',
        callback: (err, msg) => {
          if (err) return onError(err);
          answerWith(handler, msg.data, (d) => msg.respond(d));
        },
      });
      answering.add(sub);
      return () => {
        answering.delete(sub);
        sub.unsubscribe();
      };
    },
    publish(channel, message) {
      if (closed) return;
      stats.published += 1;
      seq += 1;
      local.emit(channel, message);
      // While the connection is down the client would only hold the message and drop it on
      // reconnect; the number it took tells the others they missed something.
      if (!stats.connected) return;
      send(`${prefix}.${channel}`, { c: channel, m: message, t: Date.now(), n: nodeId, s: seq });
    },
    subscribe(channel, handler) {
      return local.on(channel, handler as (message: never) => void);
    },
    onResync(handler) {
      resync.add(handler);
      return () => {
        resync.delete(handler);
      };
    },
    async close() {
      if (closed) return;
      // Goodbye: the others forget this node at once instead of taking its silence for an outage.
      if (stats.connected) send(beaconSubject, { t: Date.now(), n: nodeId, s: seq, bye: true });
      closed = true;
      stats.connected = false;
      stats.in_sync = false;
      clearInterval(beaconTimer);
      if (resyncTimer) clearTimeout(resyncTimer);
      resyncTimer = null;
      subscription.unsubscribe();
      for (const sub of answering) sub.unsubscribe();
      answering.clear();
      local.clear();
      resync.clear();
      // Sends what is buffered, then closes; bounded, since a drain waits for the server's answer,
      // which never comes from a server that went silent or while reconnecting.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const drained = await Promise.race([
        nc.drain().then(
          () => true,
          () => false,
        ),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), BUS_CLOSE_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
      if (!drained) {
        await Promise.race([
          nc.close().catch(() => {}),
          new Promise((resolve) => setTimeout(resolve, BUS_CLOSE_TIMEOUT_MS).unref()),
        ]);
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}

/** A bus built elsewhere, or where to find NATS. */
export type BusPluginOptions = { bus?: Bus; nats?: Omit<NatsBusOptions, 'onError' | 'log'> };

/**
 * Decorates `app.bus`: the given bus, a NATS bus when `nats` is given, else the in-process one;
 * closes it with the app.
 */
export const busPlugin = fp<BusPluginOptions>(
  async (app, options) => {
    const onError = (err: unknown) => app.log.error({ err }, 'bus handler failed');
    const bus =
      options.bus ??
      (options.nats
        ? await createNatsBus({ ...options.nats, onError, log: app.log })
        : createInProcessBus(onError));
    app.decorate('bus', bus);
    app.addHook('onClose', async () => {
      await bus.close();
    });
  },
  { name: 'bus' },
);
