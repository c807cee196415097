// The casino topic of the live hub (docs/live-prices.md, "Casino tables"): a socket follows tables
// (`subscribe_casino {match_ids}`), gets each table's current round at once, then the whole round
// head (`{type:'casino', round}`) after every change the scheduler publishes on the bus (`casino
// {match_id}`, from whichever node runs the tables). One read per change per node, however many
// sockets follow the table; changes arriving during a read are coalesced into one more read.
import type { CasinoRoundHead, WsServerMessage } from '@backlay/contract';
import type { FastifyBaseLogger } from 'fastify';

/** Tables one socket may follow at once (a lobby follows a series' dozen; each message carries ≤ 50). */
export const MAX_CASINO_TABLES_PER_SOCKET = 50;

export type CasinoClient = { closed: boolean; casinoTables: Set<number> };

type Feed<C> = { subscribers: Set<C>; busy: boolean; dirty: boolean };

export function createCasinoFeeds<C extends CasinoClient>(deps: {
  read(match_id: number): Promise<CasinoRoundHead | null>;
  /** The same bytes to many sockets (the hub's broadcast); returns the sockets written to. */
  broadcast(clients: Iterable<C>, data: Buffer): number;
  send(client: C, msg: WsServerMessage): void;
  /** Spends the socket's store reads; false (and the socket closed) when it has none left. */
  spendReads(client: C, n: number): boolean;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const feeds = new Map<number, Feed<C>>();
  const stats = { casino_reads: 0, casino_sent: 0 };
  let closed = false;

  const frame = (round: CasinoRoundHead) =>
    Buffer.from(JSON.stringify({ type: 'casino', round } satisfies WsServerMessage));

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
        stats.casino_reads += 1;
        const round = await deps.read(match_id).catch((err: unknown) => {
          deps.log.warn({ err, match_id }, 'ws: casino round read failed');
          return null;
        });
        if (round && feeds.get(match_id) === feed && !closed) {
          stats.casino_sent += deps.broadcast(feed.subscribers, frame(round));
        }
      } while (feed.dirty && feeds.get(match_id) === feed && !closed);
    } finally {
      feed.busy = false;
    }
  }

  async function subscribe(client: C, ids: readonly number[]) {
    const fresh = [...new Set(ids)].filter((id) => !client.casinoTables.has(id));
    if (client.casinoTables.size + fresh.length > MAX_CASINO_TABLES_PER_SOCKET) {
      deps.send(client, {
        type: 'error',
        message: `At most ${MAX_CASINO_TABLES_PER_SOCKET} casino tables per connection`,
      });
      return;
    }
    if (!deps.spendReads(client, fresh.length)) return;
    for (const id of fresh) {
      const round = await deps.read(id).catch(() => null);
      if (client.closed) return;
      if (!round) {
        deps.send(client, { type: 'error', message: `Unknown casino table ${id} (or it has no round yet)` });
        continue;
      }
      let feed = feeds.get(id);
      if (!feed) feeds.set(id, (feed = { subscribers: new Set(), busy: false, dirty: false }));
      feed.subscribers.add(client);
      client.casinoTables.add(id);
      deps.send(client, { type: 'casino', round });
    }
  }

  function unsubscribe(client: C, ids: readonly number[]) {
    for (const id of ids) {
      if (!client.casinoTables.delete(id)) continue;
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
    gone: (client: C) => unsubscribe(client, [...client.casinoTables]),
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
