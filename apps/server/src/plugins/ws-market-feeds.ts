// The live hub's market feeds: per followed market, the sequence number and the last image sent;
// on a change, one read of the market (coalesced, IMAGE_COALESCE_MS), a delta to every subscriber
// that has had its image, an image after a hole in the numbers; a subscriber's first image; after
// the bus lost messages, a fresh image to everyone (docs/live-prices.md).
import type { FastifyBaseLogger } from 'fastify';
import type { Client, ClientIo, HubStats } from './ws-client.ts';
import { IMAGE_COALESCE_MS, MAX_MARKETS_PER_SOCKET, type createNegativeCache } from './ws-limits.ts';
import type { PriceSequencer, Sequenced } from './price-sequence.ts';
import { diffImages } from './ws-diff.ts';
import type { MarketImage, WsServerMessage } from '@backlay/contract';

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

export type MarketFeedsDeps = {
  sequencer: PriceSequencer;
  stats: HubStats;
  now(): number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  io: Pick<ClientIo, 'broadcast' | 'sendMsg' | 'sendError' | 'spendReads'>;
  /** Market ids known not to exist, answered from memory. */
  unknownMarkets: ReturnType<typeof createNegativeCache<number>>;
  /** The hub is closed: no read is started or rescheduled. */
  isClosed(): boolean;
};

/**
 * One closure over the followed markets: its short inner functions (a feed's first read, its pump,
 * its fan-out, a socket's subscribe) share the one map of feeds and its timers, so they stay together
 * (about 240 lines) rather than pass that state around.
 * Long because it is a factory: its inner functions, each short, share each market's followers,
 * its last image and sequence, which the subscribe, push and resync paths must see alike.
 */
export function createMarketFeeds(deps: MarketFeedsDeps) {
  const { sequencer, stats, now, log, unknownMarkets, isClosed } = deps;
  const { broadcast, sendMsg, sendError, spendReads } = deps.io;
  const feeds = new Map<number, MarketFeed>();

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
        } else {
          unknownMarkets.add(market_id, now());
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
    if (isClosed() || feed.busy || !feed.dirty || feed.image === null) return;
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
        // Sockets that subscribed meanwhile get the state just read.
        for (const client of feed.subscribers)
          if (client.pendingImage.has(feed.market_id) && !client.closed) sendImage(client, feed);
      })
      .catch((err: unknown) => {
        log.warn({ err, market_id: feed.market_id }, 'ws: market image read failed');
        feed.dirty = true;
        if (resync) feed.resync = true;
      })
      .finally(() => {
        if (feeds.get(feed.market_id) !== feed || isClosed()) return;
        const wait = Math.max(0, started + IMAGE_COALESCE_MS - now());
        feed.timer = setTimeout(() => {
          feed.timer = null;
          feed.busy = false;
          pump(feed);
        }, wait);
      });
  }

  function changed(market_id: number) {
    // It exists now (an operator made it): no longer unknown.
    unknownMarkets.delete(market_id);
    const feed = feeds.get(market_id);
    if (!feed) return; // nobody here follows it
    feed.dirty = true;
    pump(feed);
  }

  /** The bus lost messages (NATS reconnected): every followed market is read again and sent as an image. */
  function resync() {
    for (const feed of feeds.values()) {
      feed.resync = true;
      feed.dirty = true;
      pump(feed);
    }
  }

  async function subscribe(client: Client, ids: number[]) {
    if (client.closed) return;
    const t = now();
    const asked = [...new Set(ids)].filter((id) => !client.markets.has(id));
    // Ids known not to exist are answered from memory, without a read.
    const unknown = asked.filter((id) => unknownMarkets.has(id, t));
    const fresh = asked.filter((id) => !unknown.includes(id));
    if (client.markets.size + fresh.length > MAX_MARKETS_PER_SOCKET) {
      sendError(client, `At most ${MAX_MARKETS_PER_SOCKET} markets per connection`);
      return;
    }
    // A market nobody here follows yet costs a read.
    if (!spendReads(client, fresh.filter((id) => !feeds.has(id)).length)) return;
    for (const id of unknown) {
      stats.negative_hits += 1;
      sendError(client, `Unknown market ${id}`);
    }
    // Markets this node already follows: its state of them may trail the store by the changes
    // still on their way over the bus (a socket moved here from a node that had sent them).
    const followed = new Set(fresh.filter((id) => feeds.has(id)));
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
      if (client.closed || !client.markets.has(id) || feeds.get(id) !== feed) continue;
      if (feed.image && followed.has(id)) {
        // The image follows the next read of the store (one per market however many subscribe,
        // coalesced as every read): never older than what the socket may have had elsewhere.
        feed.dirty = true;
        pump(feed);
      } else if (feed.image) {
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

  /** The socket asks for a market's image again (`{op:'image'}`). */
  async function resend(client: Client, market_id: number) {
    const feed = client.markets.has(market_id) ? feeds.get(market_id) : undefined;
    if (!feed) {
      sendError(client, `Not subscribed to market ${market_id}`);
      return;
    }
    await feed.ready;
    if (client.closed || !client.markets.has(market_id) || feeds.get(market_id) !== feed) return;
    sendImage(client, feed);
    // Also look again, in case a change notice was lost on the way (a later delta follows).
    feed.dirty = true;
    pump(feed);
  }

  return {
    subscribe,
    unsubscribe,
    resend,
    changed,
    resync,
    seqOf: (market_id: number) => feeds.get(market_id)?.seq ?? null,
    size: () => feeds.size,
    close() {
      for (const feed of feeds.values()) if (feed.timer) clearTimeout(feed.timer);
      feeds.clear();
    },
  };
}
