// The live hub's followed-head topics, each registered by the product that owns it (the casino's
// tables, binary's instruments, fantasy's contests): a socket follows ids with the client message
// `subscribe_<name>`, gets each one's head at once, then the whole head after every change the
// product publishes on the bus. ws.ts serves every registered topic alike (ws-topic.ts is the
// machinery) and names none of them; a product adds a topic by registering it here, before the
// hub starts (the ws plugin seals the list when it registers).
import type { WsClientMessage, WsServerMessage } from '@backlay/contract';
import fp from 'fastify-plugin';
import type { Bus } from './bus.ts';

export type LiveTopic<H = unknown> = {
  /** The wire's name: the client's `subscribe_<name>` and `unsubscribe_<name>` messages. */
  name: string;
  /** For the logs: 'casino round', 'binary head'. */
  label: string;
  /** Ids one socket may follow at once. */
  max: number;
  /** The ids a `subscribe_<name>` or `unsubscribe_<name>` message names. */
  idsOf(message: WsClientMessage): readonly number[];
  /** The head of one id now; null: unknown (or nothing to show yet). */
  read(id: number): Promise<H | null>;
  message(head: H): WsServerMessage;
  tooMany: string;
  unknown(id: number): string;
  /** Follows the product's bus channel: `changed(id)` after each change, whichever node made it. */
  follow(bus: Bus, changed: (id: number) => void): () => void;
};

/** Bound on registered topics (three today). */
const TOPICS_MAX = 16;
const NAME = /^[a-z][a-z0-9_]{0,31}$/;

export function createLiveTopics() {
  const topics = new Map<string, LiveTopic>();
  let sealed = false;
  return {
    register<H>(topic: LiveTopic<H>) {
      if (sealed) throw new Error(`live topic ${topic.name}: registered after the live hub started`);
      if (!NAME.test(topic.name))
        throw new Error(`live topic name ${JSON.stringify(topic.name)} is not a word`);
      if (topics.has(topic.name)) throw new Error(`live topic ${topic.name} registered twice`);
      if (topics.size >= TOPICS_MAX) throw new Error(`more than ${TOPICS_MAX} live topics`);
      topics.set(topic.name, topic as LiveTopic);
    },
    /** Every topic; the hub calls this once, and no topic may be added after. */
    seal(): readonly LiveTopic[] {
      sealed = true;
      return [...topics.values()];
    },
  };
}
export type LiveTopics = ReturnType<typeof createLiveTopics>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Where products register their live topics (plugins/live-topics.ts). */
    liveTopics: LiveTopics;
  }
}

/** Registered before the products, so each can register its topic as it registers. */
export const liveTopicsPlugin = fp(
  async (app) => {
    app.decorate('liveTopics', createLiveTopics());
  },
  { name: 'live-topics' },
);
