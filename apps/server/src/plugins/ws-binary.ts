// The binary topic of the live hub (docs/live-prices.md, "Binary instruments"): a socket follows
// instruments (`subscribe_binary {match_ids}`), gets each one's head at once, then the whole head
// (`{type:'binary', instrument}`) after every tick, line move or state change the feed runner
// publishes on the bus (`binary {match_id}`, from the leader). One read per change per node,
// however many sockets follow; changes arriving during a read are coalesced into one more read.
// (The casino topic's machinery, ws-casino.ts, for another head.)
import type { BinaryInstrumentHead, WsServerMessage } from '@backlay/contract';
import type { FastifyBaseLogger } from 'fastify';

/** Instruments one socket may follow at once (the board follows all 14; each message carries ≤ 50). */
export const MAX_BINARY_INSTRUMENTS_PER_SOCKET = 50;

export type BinaryClient = { closed: boolean; binaryInstruments: Set<number> };

type Feed<C> = { subscribers: Set<C>; busy: boolean; dirty: boolean };

export function createBinaryFeeds<C extends BinaryClient>(deps: {
  read(match_id: number): Promise<BinaryInstrumentHead | null>;
  /** The same bytes to many sockets (the hub's broadcast); returns the sockets written to. */
  broadcast(clients: Iterable<C>, data: Buffer): number;
  send(client: C, msg: WsServerMessage): void;
  /** Spends the socket's store reads; false (and the socket closed) when it has none left. */
  spendReads(client: C, n: number): boolean;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const feeds = new Map<number, Feed<C>>();
  const stats = { binary_reads: 0, binary_sent: 0 };
  let closed = false;

  const frame = (instrument: BinaryInstrumentHead) =>
    Buffer.from(JSON.stringify({ type: 'binary', instrument } satisfies WsServerMessage));

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
        stats.binary_reads += 1;
        const round = await deps.read(match_id).catch((err: unknown) => {
          deps.log.warn({ err, match_id }, 'ws: binary head read failed');
          return null;
        });
        if (round && feeds.get(match_id) === feed && !closed) {
          stats.binary_sent += deps.broadcast(feed.subscribers, frame(round));
        }
      } while (feed.dirty && feeds.get(match_id) === feed && !closed);
    } finally {
      feed.busy = false;
    }
  }

  async function subscribe(client: C, ids: readonly number[]) {
    const fresh = [...new Set(ids)].filter((id) => !client.binaryInstruments.has(id));
    if (client.binaryInstruments.size + fresh.length > MAX_BINARY_INSTRUMENTS_PER_SOCKET) {
      deps.send(client, {
        type: 'error',
        message: `At most ${MAX_BINARY_INSTRUMENTS_PER_SOCKET} binary instruments per connection`,
      });
      return;
    }
    if (!deps.spendReads(client, fresh.length)) return;
    for (const id of fresh) {
      const round = await deps.read(id).catch(() => null);
      if (client.closed) return;
      if (!round) {
        deps.send(client, { type: 'error', message: `Unknown binary instrument ${id}` });
        continue;
      }
      let feed = feeds.get(id);
      if (!feed) feeds.set(id, (feed = { subscribers: new Set(), busy: false, dirty: false }));
      feed.subscribers.add(client);
      client.binaryInstruments.add(id);
      deps.send(client, { type: 'binary', instrument: round });
    }
  }

  function unsubscribe(client: C, ids: readonly number[]) {
    for (const id of ids) {
      if (!client.binaryInstruments.delete(id)) continue;
      const feed = feeds.get(id);
      if (!feed) continue;
      feed.subscribers.delete(client);
      if (feed.subscribers.size === 0) feeds.delete(id);
    }
  }

  return {
    stats,
    subscribe,
    unsubscribe,
    /** A socket went away: it follows nothing any more. */
    gone: (client: C) => unsubscribe(client, [...client.binaryInstruments]),
    /** The bus says a table's round changed: its followers here get the new head. */
    changed(match_id: number) {
      const feed = feeds.get(match_id);
      if (feed) void pump(match_id, feed);
    },
    /** The bus lost messages: every followed table is read and sent again. */
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
