// The live hub's market feeds: per followed market, the sequence number and the last image sent;
// on a change, one read of the market (coalesced, IMAGE_COALESCE_MS), a delta to every subscriber
// that has had its image, an image after a hole in the numbers; a subscriber's first image; after
// the bus lost messages, a fresh image to everyone (docs/live-prices.md).
import type { FastifyBaseLogger } from 'fastify';
import type { Client, ClientIo, HubStats } from './ws-client.ts';
import {
  CONFLATE_ABOVE_BYTES,
  CONFLATE_CHECK_MS,
  IMAGE_COALESCE_MS,
  MAX_CATCH_UP_ROUNDS,
  MAX_MARKETS_PER_SOCKET,
  type createNegativeCache,
} from './ws-limits.ts';
import { clockOf, parseClock, type PriceSequencer, type Sequenced } from './price-sequence.ts';
import { diffImages } from './ws-diff.ts';
import type { MarketImage, WsServerMessage } from '@backlay/contract';

type MarketFeed = {
  market_id: number;
  subscribers: Set<Client>;
  seq: number;
  /** What its numbers are counted in (the sequencer's epoch for the market): clk = epoch.seq. */
  epoch: string;
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
  /**
   * A socket's first image of a market must be read from the store, not taken from what the bus
   * carried (modules/exchange/live-images.ts): called before that read.
   */
  readNext?(market_id: number): void;
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

  const clk = (feed: MarketFeed) => clockOf(feed.epoch, feed.seq);

  function sendImage(client: Client, feed: MarketFeed, conflated = false) {
    if (!feed.image) return;
    client.pendingImage.delete(feed.market_id);
    client.conflated?.delete(feed.market_id);
    sendMsg(client, {
      type: 'image',
      market_id: feed.market_id,
      seq: feed.seq,
      clk: clk(feed),
      ...(conflated ? { conflated } : {}),
      market: feed.image,
    });
  }

  /**
   * A conflating client (a program's stream) whose unsent bytes are over CONFLATE_ABOVE_BYTES gets
   * no more deltas of this market: it is marked to get one image of the newest state once its
   * buffer drains (conflate.ts' timer), in place of every delta it would have queued.
   */
  function conflates(client: Client, feed: MarketFeed): boolean {
    if (!client.conflated || client.ws.bufferedAmount <= CONFLATE_ABOVE_BYTES) return false;
    client.conflated.add(feed.market_id);
    client.pendingImage.add(feed.market_id);
    stats.conflated += 1;
    watchDrain(client);
    return true;
  }

  /** Sends the conflated markets' images once the client's buffer has drained (checked every CONFLATE_CHECK_MS). */
  function watchDrain(client: Client) {
    if (client.drainTimer) return;
    const check = () => {
      client.drainTimer = null;
      if (client.closed || !client.conflated || client.conflated.size === 0) return;
      if (client.ws.bufferedAmount > CONFLATE_ABOVE_BYTES) {
        client.drainTimer = setTimeout(check, CONFLATE_CHECK_MS);
        return;
      }
      for (const id of [...client.conflated]) {
        const feed = feeds.get(id);
        if (feed && client.markets.has(id)) sendImage(client, feed, true);
        else client.conflated.delete(id);
      }
    };
    client.drainTimer = setTimeout(check, CONFLATE_CHECK_MS);
  }

  function feedFor(market_id: number): MarketFeed {
    let feed = feeds.get(market_id);
    if (feed) return feed;
    const created: MarketFeed = {
      market_id,
      subscribers: new Set(),
      seq: 0,
      epoch: sequencer.epochOf(market_id),
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
        deps.readNext?.(market_id);
        const latest = await sequencer.latest(market_id);
        if (feeds.get(market_id) !== created) return;
        if (latest) {
          created.image = latest.image;
          created.seq = latest.seq;
          created.epoch = sequencer.epochOf(market_id);
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
    const sockets = broadcast(
      feed.subscribers,
      data,
      (client) => client.pendingImage.has(feed.market_id) || conflates(client, feed),
    );
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
          ? { type: 'image', market_id: feed.market_id, seq: feed.seq, clk: clk(feed), market: next.image }
          : // A logged state always differs from the one before it; {} only keeps the numbers whole.
            { type: 'delta', market_id: feed.market_id, seq: feed.seq, clk: clk(feed), market: delta ?? {} },
      );
    }
  }

  /** The feed's state as an image to every subscriber that has had its first. */
  function imageToAll(feed: MarketFeed) {
    if (!feed.image) return;
    stats.resyncs += 1;
    fanOut(feed, {
      type: 'image',
      market_id: feed.market_id,
      seq: feed.seq,
      clk: clk(feed),
      market: feed.image,
    });
  }

  /** After the bus lost messages: the newest state as an image to every subscriber. */
  function applyResync(feed: MarketFeed, entries: Sequenced[]) {
    const newest = entries.at(-1);
    if (newest && newest.seq > feed.seq) {
      feed.seq = newest.seq;
      feed.image = newest.image;
    }
    imageToAll(feed);
  }

  /** The sequencer counts again under a new epoch: its newest state as an image to everyone. */
  function restart(feed: MarketFeed, epoch: string, entries: Sequenced[]) {
    const newest = entries.at(-1);
    if (!newest) return;
    feed.epoch = epoch;
    feed.seq = newest.seq;
    feed.image = newest.image;
    imageToAll(feed);
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
      .since(feed.market_id, { seq: feed.seq, image: feed.image }, feed.epoch)
      .then((entries) => {
        if (feeds.get(feed.market_id) !== feed) return;
        // The sequencer forgot its log and counts again (a node's log under a new epoch): an image.
        const epoch = sequencer.epochOf(feed.market_id);
        if (epoch !== feed.epoch) restart(feed, epoch, entries);
        else if (resync) applyResync(feed, entries);
        else apply(feed, entries);
        // Sockets that subscribed meanwhile get the state just read (not those catching up from a
        // clock, nor those waiting for their buffer to drain: they are served by their own paths).
        for (const client of feed.subscribers)
          if (
            client.pendingImage.has(feed.market_id) &&
            !client.closed &&
            !client.resuming?.has(feed.market_id) &&
            !client.conflated?.has(feed.market_id)
          )
            sendImage(client, feed);
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

  const following = (client: Client, feed: MarketFeed) =>
    !client.closed && client.markets.has(feed.market_id) && feeds.get(feed.market_id) === feed;

  /**
   * A program back from a dropped connection, with the clock token of the last state it got: the
   * states after it as deltas (from the sequencer's log), then the feed's own deltas; an image
   * when the token is of another epoch, or the log no longer holds what was missed. The client is
   * left out of the feed's fan-out (pendingImage) until it has caught up, which is checked again
   * after each read: the feed may have moved on meanwhile.
   */
  async function catchUp(client: Client, feed: MarketFeed, token: string) {
    const id = feed.market_id;
    const epoch = feed.epoch;
    const at = parseClock(token);
    try {
      let from = at && at.epoch === epoch ? at.seq : null;
      for (let round = 0; from !== null && from <= feed.seq && round < MAX_CATCH_UP_ROUNDS; round++) {
        if (from === feed.seq) {
          client.pendingImage.delete(id);
          stats.resumed += 1;
          return;
        }
        const to = feed.seq;
        if (!spendReads(client, 1)) return;
        const entries = await sequencer.history(id, from, to);
        if (!following(client, feed) || !client.pendingImage.has(id)) return;
        if (!entries || feed.epoch !== epoch) break;
        for (let i = 1; i < entries.length; i++) {
          const [prev, next] = [entries[i - 1]!, entries[i]!];
          const delta = diffImages(prev.image, next.image);
          const at = { market_id: id, seq: next.seq, clk: clockOf(epoch, next.seq) };
          sendMsg(
            client,
            delta === 'image'
              ? { type: 'image', ...at, market: next.image }
              : { type: 'delta', ...at, market: delta ?? {} },
          );
        }
        from = to;
      }
      if (following(client, feed) && client.pendingImage.has(id)) sendImage(client, feed);
    } finally {
      client.resuming?.delete(id);
    }
  }

  /**
   * Follows markets. `resume`: per market, the clock token a program last got (catchUp); the
   * others get an image.
   */
  async function subscribe(client: Client, ids: number[], resume?: ReadonlyMap<number, string>) {
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
      if (resume?.has(id)) (client.resuming ??= new Set()).add(id);
      feed.subscribers.add(client);
    }
    for (const id of fresh) {
      const feed = feeds.get(id);
      if (!feed) continue;
      await feed.ready;
      if (client.closed || !client.markets.has(id) || feeds.get(id) !== feed) continue;
      const token = resume?.get(id);
      if (feed.image && token !== undefined) {
        await catchUp(client, feed, token);
        if (followed.has(id)) {
          // This node's state may trail the store's: what is newer follows as deltas.
          deps.readNext?.(id);
          feed.dirty = true;
          pump(feed);
        }
      } else if (feed.image && followed.has(id)) {
        // The image follows the next read of the store (one per market however many subscribe,
        // coalesced as every read): never older than what the socket may have had elsewhere.
        deps.readNext?.(id);
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
      client.conflated?.delete(id);
      client.resuming?.delete(id);
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
    /** Whether a feed of this market is open here (someone on this node follows it). */
    follows: (market_id: number) => feeds.has(market_id),
    size: () => feeds.size,
    close() {
      for (const feed of feeds.values()) if (feed.timer) clearTimeout(feed.timer);
      feeds.clear();
    },
  };
}
