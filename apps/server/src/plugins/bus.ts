import fp from 'fastify-plugin';
import { EventEmitter } from 'node:events';

/** 'market': a market's book, status or in-play flag changed. 'user': one of a user's bets on a market changed. */
export type BusChannel = 'market' | 'user';
export type MarketMessage = { market_id: number };
export type UserMessage = { user_id: number; market_id: number };
export type BusMessage<C extends BusChannel> = C extends 'market' ? MarketMessage : UserMessage;

/**
 * Change notifications between the exchange service and the WebSocket layer (and, later, between
 * nodes). Messages carry ids only: a subscriber reads the state it needs (for example
 * `app.exchange.getMarketImage`). Publish only AFTER the transaction that made the change
 * commits, so a subscriber always reads the new state.
 *
 * The in-process implementation is the default; a PostgreSQL LISTEN/NOTIFY or Redis bus
 * implements the same interface and is passed to the plugin as `bus`.
 */
export interface Bus {
  publish(channel: 'market', message: MarketMessage): void;
  publish(channel: 'user', message: UserMessage): void;
  publish(channel: BusChannel, message: MarketMessage | UserMessage): void;
  subscribe<C extends BusChannel>(channel: C, handler: (message: BusMessage<C>) => void): () => void;
  close(): Promise<void>;
}

/** One process: an EventEmitter. Handlers run synchronously in publish order; a throwing handler is isolated. */
export function createInProcessBus(onError: (err: unknown) => void = () => {}): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let closed = false;
  return {
    publish(channel: BusChannel, message: MarketMessage | UserMessage) {
      if (closed) return;
      emitter.emit(channel, message);
    },
    subscribe(channel, handler) {
      const safe = (message: MarketMessage | UserMessage) => {
        try {
          handler(message as BusMessage<typeof channel>);
        } catch (err) {
          onError(err);
        }
      };
      emitter.on(channel, safe);
      return () => {
        emitter.off(channel, safe);
      };
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}

/** Decorates `app.bus` (in-process unless another implementation is given) and closes it with the app. */
export const busPlugin = fp<{ bus?: Bus }>(
  async (app, options) => {
    const bus = options.bus ?? createInProcessBus((err) => app.log.error({ err }, 'bus handler failed'));
    app.decorate('bus', bus);
    app.addHook('onClose', async () => {
      await bus.close();
    });
  },
  { name: 'bus' },
);
