import fp from 'fastify-plugin';
import { connect, Events, type NatsConnection, type Subscription } from 'nats';
import { EventEmitter } from 'node:events';

/**
 * The channels of the bus and their messages. Messages carry ids only: a subscriber reads the
 * state it needs from the store. A module adds its own channel by merging into this interface:
 *
 *   declare module '../../plugins/bus.ts' { interface BusChannels { balance: { user_id: number } } }
 *
 * A channel's name is one NATS subject token: lower-case letters, digits, '_' and '-'.
 */
export interface BusChannels {
  /** A market's book, status or in-play flag changed. */
  market: { market_id: number };
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
 * is why they name what changed and never carry the state itself.
 */
export interface Bus {
  /** 'in-process': this node only. 'nats': every node on the same NATS and subject prefix. */
  readonly kind: 'in-process' | 'nats';
  publish<C extends BusChannel>(channel: C, message: BusChannels[C]): void;
  subscribe<C extends BusChannel>(channel: C, handler: (message: BusChannels[C]) => void): () => void;
  /**
   * `handler` runs after the bus lost its connection and got it back: other nodes' messages of
   * that time were missed, so whoever keeps state derived from them (the WebSocket images, a
   * cache) must read it again. Never runs on the in-process bus.
   */
  onResync(handler: () => void): () => void;
  readonly stats: BusStats;
  close(): Promise<void>;
}

export type BusStats = {
  published: number;
  /** Messages received from other nodes. */
  received: number;
  /** Publish → receipt of the last message from another node, ms (wall clocks of two nodes). */
  last_lag_ms: number;
  /** Connection losses survived (NATS reconnects). */
  reconnects: number;
  connected: boolean;
};

const CHANNEL_NAME = /^[a-z][a-z0-9_-]*$/;

function checkChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`bus: bad channel name ${JSON.stringify(channel)}`);
}

/** Local delivery shared by both buses: an EventEmitter with isolated handlers. */
function createLocal(onError: (err: unknown) => void) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emit(channel: string, message: unknown) {
      emitter.emit(channel, message);
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
      emitter.on(channel, safe);
      return () => {
        emitter.off(channel, safe);
      };
    },
    clear() {
      emitter.removeAllListeners();
    },
  };
}

/** One process: an EventEmitter. Handlers run synchronously in publish order; a throwing handler is isolated. */
export function createInProcessBus(onError: (err: unknown) => void = () => {}): Bus {
  const local = createLocal(onError);
  let closed = false;
  const stats: BusStats = { published: 0, received: 0, last_lag_ms: 0, reconnects: 0, connected: true };
  return {
    kind: 'in-process',
    stats,
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
      local.clear();
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
  /** Wait between reconnect attempts (default 500 ms); the client retries for ever. */
  reconnectTimeWaitMs?: number;
  /** A server that misses this many pings, one every `pingIntervalMs`, is taken as gone (default 2 × 5 s). */
  pingIntervalMs?: number;
  onError?: (err: unknown) => void;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
};

/** What goes on the wire: the message, when and by whom it was published (for the lag figure). */
type Envelope = { c: string; m: unknown; t: number };

export const DEFAULT_BUS_PREFIX = 'backlay';

/**
 * Every node of the deployment on one NATS subject tree (the official `nats` client). A publish
 * runs this node's handlers at once (as the in-process bus does) and sends the message to the
 * other nodes; the connection does not echo a node's own messages back. The client reconnects
 * by itself; after a reconnect `onResync` handlers run, since messages of the outage are lost
 * (NATS core is at-most-once), and publishes made while disconnected are buffered by the client
 * and sent on reconnect.
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
      pingInterval: options.pingIntervalMs ?? 5_000,
      maxPingOut: 2,
    });
  } catch (err) {
    throw new Error(`bus: cannot connect to NATS at ${options.url}: ${(err as Error).message}`, {
      cause: err,
    });
  }
  const local = createLocal(onError);
  const resync = new Set<() => void>();
  const stats: BusStats = { published: 0, received: 0, last_lag_ms: 0, reconnects: 0, connected: true };
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let closed = false;

  const subscription: Subscription = nc.subscribe(`${prefix}.*`, {
    callback: (err, msg) => {
      if (err) {
        onError(err);
        return;
      }
      let envelope: Envelope;
      try {
        envelope = JSON.parse(decoder.decode(msg.data)) as Envelope;
      } catch (e) {
        onError(e);
        return;
      }
      stats.received += 1;
      stats.last_lag_ms = Date.now() - envelope.t;
      local.emit(envelope.c, envelope.m);
    },
  });

  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === Events.Disconnect) {
        stats.connected = false;
        options.log?.warn({ server: s.data }, 'bus: lost the NATS connection; reconnecting');
      } else if (s.type === Events.Reconnect) {
        stats.connected = true;
        stats.reconnects += 1;
        options.log?.info({ server: s.data }, 'bus: NATS connection back; resyncing');
        for (const handler of resync) {
          try {
            handler();
          } catch (e) {
            onError(e);
          }
        }
      }
    }
  })().catch(onError);

  return {
    kind: 'nats',
    stats,
    publish(channel, message) {
      if (closed) return;
      stats.published += 1;
      local.emit(channel, message);
      const envelope: Envelope = { c: channel, m: message, t: Date.now() };
      try {
        nc.publish(`${prefix}.${channel}`, encoder.encode(JSON.stringify(envelope)));
      } catch (err) {
        // The connection is closed or draining (the node is shutting down): the other nodes
        // miss this notice as they would after a crash; say so and go on.
        onError(err);
      }
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
      closed = true;
      stats.connected = false;
      subscription.unsubscribe();
      local.clear();
      resync.clear();
      try {
        // Sends what is buffered, then closes.
        await nc.drain();
      } catch {
        await nc.close();
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
