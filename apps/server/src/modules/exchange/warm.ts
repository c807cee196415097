// A market's state and row read when this node takes the market, before its first bet (issue 43;
// docs/performance.md, "A market's first bets"): the shards it takes, a single node's markets at
// its start, and a market opened later, on its notice. A node meets markets all at once after a
// start or when it takes a shard over: without this, the first bets on each of them wait for its
// row's read, and its first round rebuilds its book from the store. Eight new markets at 64 in
// flight put a phase's p99 at 130-210 ms against 50-75 ms a phase later.
//
// Why it needs no lock: the row is read first, then the book and the positions. Every change to a
// book or to its fills moves the row's next_seq under the market's lock, and next_seq only grows.
// So a round committed after the row's read leaves next_seq past the stamp the state is kept with,
// and the next round, which takes a state only at its locked row's next_seq, rebuilds it
// (book-cache.ts). A round committed before it is in all three reads. A warmed state is never
// used out of date; at worst it is thrown away.
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { markets } from '../markets/schema.ts';
import { BOOK_CACHE_MAX_MARKETS, type BookCache } from './book-cache.ts';
import { stateFrom, type MarketRow } from './batch.ts';
import { loadBooks } from './book-store.ts';
import { EXCHANGE_KIND } from './kind.ts';
import * as q from './queries.ts';

/**
 * Markets a node warms at most, over all the shards it holds: half its book cache, so that warming
 * never pushes out the books of markets being bet on. The newest markets first (by id): a shard's
 * share is this divided by the shard count, at least one.
 */
export const WARM_MARKETS_MAX = BOOK_CACHE_MAX_MARKETS / 2;

/** Markets whose books and positions are read by one pair of statements. */
export const WARM_BATCH_MARKETS = 50;
/** Markets named by one turn's notices that are read, at most (beyond it, their first bets read them). */
export const WARM_NOTICED_MAX = 200;
/** Markets remembered as not to be read (another kind's, closed), at most; then forgotten at once. */
export const UNWARMABLE_MAX = 10_000;

export type WarmStats = {
  /** Markets whose state and row were kept. */
  markets: number;
  /** Markets skipped: a round had kept a state already, or the shard was given up meanwhile. */
  skipped: number;
  /** Warmings that failed (logged; the market's first round rebuilds its book as before). */
  failed: number;
};

/**
 * Long because it is a factory: its inner functions (each short) share the book cache, the one
 * chain of warmings, the notices gathered this turn and the ids known not to be read.
 */
export function createWarmer(app: Pick<FastifyInstance, 'bus' | 'db' | 'log' | 'shards'>, cache: BookCache) {
  const { db, shards } = app;
  const stats: WarmStats = { markets: 0, skipped: 0, failed: 0 };
  let closed = false;
  /** Markets named by this turn's notices, to read together. */
  const pending = new Set<number>();
  /** Markets a notice named that are not the exchange's or are closed (bounded: cleared when full). */
  const unwarmable = new Set<number>();
  /** One warming at a time, in the order asked: two connections of the pool at most. */
  let chain: Promise<void> = Promise.resolve();

  /** Markets' states from their rows (read before this): their books and positions in two statements. */
  async function warmMarkets(rows: MarketRow[]) {
    const ids = rows.map((r) => r.marketId);
    const [books, matched] = await Promise.all([loadBooks(db, rows), q.matchedSides(db, ids)]);
    const byMarket = new Map<number, typeof matched>(ids.map((id) => [id, []]));
    for (const p of matched) byMarket.get(p.marketId)!.push(p);
    for (const row of rows) {
      // A round ran meanwhile and kept its state: that one is as new or newer.
      if (cache.has(row.marketId)) {
        stats.skipped += 1;
        continue;
      }
      cache.keep(row.marketId, row.nextSeq, stateFrom(books.get(row.marketId)!, byMarket.get(row.marketId)!));
      cache.rememberRow(row);
      stats.markets += 1;
    }
  }

  /** The rows this node may keep (`ours`), not kept already, read in batches of WARM_BATCH_MARKETS. */
  async function warmRows(rows: readonly MarketRow[], ours: (row: MarketRow) => boolean) {
    for (let i = 0; i < rows.length && !closed; i += WARM_BATCH_MARKETS) {
      const batch = rows.slice(i, i + WARM_BATCH_MARKETS);
      const todo = batch.filter((r) => ours(r) && !cache.has(r.marketId));
      stats.skipped += batch.length - todo.length;
      if (todo.length > 0) await warmMarkets(todo);
    }
  }

  /** The exchange markets not closed that `where` picks, newest first, at most `limit`. */
  async function warmWhere(where: SQL, limit: number, stillOurs: () => boolean) {
    const rows = await db
      .select()
      .from(markets)
      .where(and(eq(markets.marketKind, EXCHANGE_KIND), ne(markets.status, 'CLOSED'), where))
      .orderBy(desc(markets.marketId))
      .limit(limit);
    await warmRows(rows, stillOurs);
  }

  /**
   * Markets named by notices: the exchange's not closed, of shards this node holds. Another kind's
   * or a closed one is remembered as such (`unwarmable`), so its next notices read nothing.
   */
  async function warmIds(ids: readonly number[]) {
    const rows = await db
      .select()
      .from(markets)
      .where(inArray(markets.marketId, [...ids]));
    const warmable = rows.filter((r) => r.marketKind === EXCHANGE_KIND && r.status !== 'CLOSED');
    for (const r of rows) {
      if (warmable.includes(r)) continue;
      if (unwarmable.size >= UNWARMABLE_MAX) unwarmable.clear();
      unwarmable.add(r.marketId);
    }
    await warmRows(warmable, (r) => shards.fence(shards.shardOf(r.marketId)) !== null);
  }

  /**
   * A market's notice (`market` channel, from any node) without a round's image — it was created,
   * opened, changed by an operator or a feed — for a market of a shard this node holds and has not
   * kept: read before its first bets. A round's notice is not one (the market is being bet on).
   * The notices of one turn are read together.
   */
  function noticed(msg: unknown) {
    const { market_id: id, image } = (msg ?? {}) as { market_id?: unknown; image?: unknown };
    if (closed || image !== undefined || typeof id !== 'number' || !Number.isSafeInteger(id)) return;
    if (unwarmable.has(id) || cache.has(id) || shards.fence(shards.shardOf(id)) === null) return;
    if (pending.size >= WARM_NOTICED_MAX) return;
    if (pending.size === 0)
      setImmediate(() => {
        const ids = [...pending];
        pending.clear();
        void enqueue(() => warmIds(ids));
      });
    pending.add(id);
  }

  function enqueue(what: () => Promise<void>) {
    chain = chain.then(async () => {
      if (closed) return;
      try {
        await what();
      } catch (err) {
        stats.failed += 1;
        app.log.warn({ err }, 'exchange: warming markets failed; their first rounds read them');
      }
    });
    return chain;
  }

  /** The markets of shard `k`, just taken: its share of WARM_MARKETS_MAX, while this node holds it. */
  function warmShard(k: number) {
    const share = Math.max(1, Math.floor(WARM_MARKETS_MAX / shards.count));
    return enqueue(() =>
      warmWhere(sql`${markets.marketId} % ${shards.count} = ${k}`, share, () => shards.fence(k) !== null),
    );
  }

  /** A single node's start: it holds every market, so the newest WARM_MARKETS_MAX of them. */
  function warmAll() {
    return enqueue(() => warmWhere(sql`true`, WARM_MARKETS_MAX, () => true));
  }

  if (shards.kind !== 'single-node') shards.onChange((k, held) => void (held && warmShard(k)));
  const unsubscribe = app.bus.subscribe('market', noticed);

  return {
    warmShard,
    /** At the start of a single node (a node of several warms the shards it takes, as it takes them). */
    start: () => (shards.kind === 'single-node' ? warmAll() : chain),
    /** Resolves when every warming asked so far is done. */
    idle: () => chain,
    /** Stops warming (the store is closing); resolves when the one under way is done. */
    close() {
      closed = true;
      unsubscribe();
      return chain;
    },
    stats,
  };
}

export type Warmer = ReturnType<typeof createWarmer>;
