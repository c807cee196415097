// The fantasy topic of the live hub: a socket follows contests (`subscribe_fantasy {contest_ids}`),
// gets each one's leaderboard at once, then again after every change the fantasy runner publishes
// on the bus (`fantasy {contest_id}`: a ball moved the points, an entry joined, the contest ended).
// One read per change per node however many sockets follow; changes during a read are coalesced.
// The rows are read without a viewer (`mine` false, other users' names masked); the client marks
// its own entries. (ws-binary.ts's machinery, for another head.)
import type { FantasyLeaderboard, WsServerMessage } from '@backlay/contract';
import type { FastifyBaseLogger } from 'fastify';

/** Contests one socket may follow at once (each message carries ≤ 50). */
export const MAX_FANTASY_CONTESTS_PER_SOCKET = 50;

export type FantasyClient = { closed: boolean; fantasyContests: Set<number> };

type Feed<C> = { subscribers: Set<C>; busy: boolean; dirty: boolean };

export function createFantasyFeeds<C extends FantasyClient>(deps: {
  read(contest_id: number): Promise<FantasyLeaderboard | null>;
  /** The same bytes to many sockets (the hub's broadcast); returns the sockets written to. */
  broadcast(clients: Iterable<C>, data: Buffer): number;
  send(client: C, msg: WsServerMessage): void;
  /** Spends the socket's store reads; false (and the socket closed) when it has none left. */
  spendReads(client: C, n: number): boolean;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const feeds = new Map<number, Feed<C>>();
  const stats = { fantasy_reads: 0, fantasy_sent: 0 };
  let closed = false;

  const frame = (board: FantasyLeaderboard) =>
    Buffer.from(JSON.stringify({ type: 'fantasy', board } satisfies WsServerMessage));

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
        stats.fantasy_reads += 1;
        const round = await deps.read(match_id).catch((err: unknown) => {
          deps.log.warn({ err, match_id }, 'ws: fantasy leaderboard read failed');
          return null;
        });
        if (round && feeds.get(match_id) === feed && !closed) {
          stats.fantasy_sent += deps.broadcast(feed.subscribers, frame(round));
        }
      } while (feed.dirty && feeds.get(match_id) === feed && !closed);
    } finally {
      feed.busy = false;
    }
  }

  async function subscribe(client: C, ids: readonly number[]) {
    const fresh = [...new Set(ids)].filter((id) => !client.fantasyContests.has(id));
    if (client.fantasyContests.size + fresh.length > MAX_FANTASY_CONTESTS_PER_SOCKET) {
      deps.send(client, {
        type: 'error',
        message: `At most ${MAX_FANTASY_CONTESTS_PER_SOCKET} fantasy contests per connection`,
      });
      return;
    }
    if (!deps.spendReads(client, fresh.length)) return;
    for (const id of fresh) {
      const round = await deps.read(id).catch(() => null);
      if (client.closed) return;
      if (!round) {
        deps.send(client, { type: 'error', message: `Unknown fantasy contest ${id}` });
        continue;
      }
      let feed = feeds.get(id);
      if (!feed) feeds.set(id, (feed = { subscribers: new Set(), busy: false, dirty: false }));
      feed.subscribers.add(client);
      client.fantasyContests.add(id);
      deps.send(client, { type: 'fantasy', board: round });
    }
  }

  function unsubscribe(client: C, ids: readonly number[]) {
    for (const id of ids) {
      if (!client.fantasyContests.delete(id)) continue;
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
    gone: (client: C) => unsubscribe(client, [...client.fantasyContests]),
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
