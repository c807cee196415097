// A followed-head topic of the live hub (casino tables, binary instruments, fantasy contests): a socket
// follows ids (`subscribe_<topic> {match_ids}`), gets each one's head at once, then the whole head
// after every change published on the bus for it. One read per change per node, however many
// sockets follow; changes arriving during a read are coalesced into one more read. Each product
// registers its topic (its head's read, message and words) with plugins/live-topics.ts; ws.ts
// runs one of these per registered topic.
import type { WsServerMessage } from '@backlay/contract';
import type { FastifyBaseLogger } from 'fastify';

type Feed<C> = { subscribers: Set<C>; busy: boolean; dirty: boolean };

/** What a topic is: its followed set per socket, its limit, its message and its words. */
export type TopicSpec<C, H> = {
  /** For the logs: 'casino round', 'binary head'. */
  name: string;
  /** Ids one socket may follow at once. */
  max: number;
  /** The socket's followed ids (the hub keeps one set per topic on the client). */
  followed(client: C): Set<number>;
  message(head: H): WsServerMessage;
  tooMany: string;
  unknown(id: number): string;
  /** Counters: a head read for a change, and the sockets a change was written to. */
  counted: { read(): void; sent(n: number): void };
};

export type TopicDeps<C, H> = {
  read(match_id: number): Promise<H | null>;
  /** The same bytes to many sockets (the hub's broadcast); returns the sockets written to. */
  broadcast(clients: Iterable<C>, data: Buffer): number;
  send(client: C, msg: WsServerMessage): void;
  /** Spends the socket's store reads; false (and the socket closed) when it has none left. */
  spendReads(client: C, n: number): boolean;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

export function createTopicFeeds<C extends { closed: boolean }, H>(
  spec: TopicSpec<C, H>,
  deps: TopicDeps<C, H>,
) {
  const feeds = new Map<number, Feed<C>>();
  let closed = false;
  const frame = (head: H) => Buffer.from(JSON.stringify(spec.message(head)));

  /** Reads the head and sends it to every follower; once more if a change came during the read. */
  async function pump(match_id: number, feed: Feed<C>) {
    if (feed.busy || closed) {
      feed.dirty = true;
      return;
    }
    feed.busy = true;
    try {
      do {
        feed.dirty = false;
        spec.counted.read();
        const head = await deps.read(match_id).catch((err: unknown) => {
          deps.log.warn({ err, match_id }, `ws: ${spec.name} read failed`);
          return null;
        });
        if (head && feeds.get(match_id) === feed && !closed)
          spec.counted.sent(deps.broadcast(feed.subscribers, frame(head)));
      } while (feed.dirty && feeds.get(match_id) === feed && !closed);
    } finally {
      feed.busy = false;
    }
  }

  async function subscribe(client: C, ids: readonly number[]) {
    const mine = spec.followed(client);
    const fresh = [...new Set(ids)].filter((id) => !mine.has(id));
    if (mine.size + fresh.length > spec.max) {
      deps.send(client, { type: 'error', message: spec.tooMany });
      return;
    }
    if (!deps.spendReads(client, fresh.length)) return;
    for (const id of fresh) {
      const head = await deps.read(id).catch(() => null);
      if (client.closed) return;
      if (!head) {
        deps.send(client, { type: 'error', message: spec.unknown(id) });
        continue;
      }
      let feed = feeds.get(id);
      if (!feed) feeds.set(id, (feed = { subscribers: new Set(), busy: false, dirty: false }));
      feed.subscribers.add(client);
      mine.add(id);
      deps.send(client, spec.message(head));
    }
  }

  function unsubscribe(client: C, ids: readonly number[]) {
    const mine = spec.followed(client);
    for (const id of ids) {
      if (!mine.delete(id)) continue;
      const feed = feeds.get(id);
      if (!feed) continue;
      feed.subscribers.delete(client);
      if (feed.subscribers.size === 0) feeds.delete(id);
    }
  }

  return {
    subscribe,
    unsubscribe,
    /** A socket went away: it follows nothing any more. */
    gone: (client: C) => unsubscribe(client, [...spec.followed(client)]),
    /** The bus says an id's head changed: its followers here get the new head. */
    changed(match_id: number) {
      const feed = feeds.get(match_id);
      if (feed) void pump(match_id, feed);
    },
    /** The bus lost messages: every followed id is read and sent again. */
    resync() {
      for (const [id, feed] of feeds) void pump(id, feed);
    },
    tables: () => feeds.size,
    close() {
      closed = true;
      feeds.clear();
    },
  };
}
