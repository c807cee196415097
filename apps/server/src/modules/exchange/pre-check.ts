// The reads of a bet's pre-check (service.ts `placeBet`: a market this node has not seen open, or
// one in play with a bet delay): is the request a repeat, and the market row. Bets arriving
// together — a market maker's quote is dozens of orders placed at once — are read together: the
// requests gathered in one turn of the microtask queue are answered by one statement for their
// repeats and one for their markets, instead of two statements per bet. Each bet gets what it
// would have read alone at that moment (nothing else runs between its call and the read).
import { and, eq, inArray, or } from 'drizzle-orm';
import { bets } from './schema.ts';
import { markets } from '../markets/schema.ts';
import type { Executor } from '../../db/store.ts';
import type { MarketRow } from './batch.ts';

export type BetRow = typeof bets.$inferSelect;

/** Requests read in one statement at most (each a user and a request id: two parameters). */
export const PRE_CHECK_READS_MAX = 200;

interface Pending {
  userId: number;
  requestId: string;
  marketId: number;
  resolve(r: { repeated: BetRow | null; market: MarketRow | null }): void;
  reject(err: unknown): void;
}

export function createPreCheckReader(db: Executor) {
  let gathering: Pending[] | null = null;

  async function readMany(batch: Pending[]) {
    const marketIds = [...new Set(batch.map((p) => p.marketId))];
    const [found, rows] = await Promise.all([
      db
        .select()
        .from(bets)
        .where(or(...batch.map((p) => and(eq(bets.userId, p.userId), eq(bets.requestId, p.requestId))))),
      db.select().from(markets).where(inArray(markets.marketId, marketIds)),
    ]);
    const key = (userId: number, requestId: string) => `${userId}\u0000${requestId}`;
    const byRequest = new Map(found.map((b) => [key(b.userId, b.requestId), b]));
    const byMarket = new Map(rows.map((m) => [m.marketId, m]));
    for (const p of batch) {
      p.resolve({
        repeated: byRequest.get(key(p.userId, p.requestId)) ?? null,
        market: byMarket.get(p.marketId) ?? null,
      });
    }
  }

  function flush() {
    const all = gathering ?? [];
    gathering = null;
    for (let i = 0; i < all.length; i += PRE_CHECK_READS_MAX) {
      const batch = all.slice(i, i + PRE_CHECK_READS_MAX);
      readMany(batch).catch((err: unknown) => {
        for (const p of batch) p.reject(err);
      });
    }
  }

  /** The stored bet of this user's request id (a repeat), if any, and the market row, if any. */
  return function read(
    userId: number,
    requestId: string,
    marketId: number,
  ): Promise<{ repeated: BetRow | null; market: MarketRow | null }> {
    return new Promise((resolve, reject) => {
      if (gathering === null) {
        gathering = [];
        queueMicrotask(flush);
      }
      gathering.push({ userId, requestId, marketId, resolve, reject });
    });
  };
}

/**
 * A market's row, read once for every bet that waits on it: the bets that arrive on a market this
 * node has not seen (after a start, a takeover, the market's opening) share the read in flight for
 * it, whichever turn they came in, and the markets asked in one turn are read by one statement.
 * Before, each turn's bets pre-checked on their own until the first read came back: 16 to 64 bets
 * at 64 in flight over 8 new markets, each a repeat read and a row read (docs/performance.md, "A
 * market's first bets"). The row only sends a bet down the fast path or to the full pre-check
 * (place.ts); every check is made again on the locked row, as for a row kept from earlier.
 */
export function createMarketRowReader(db: Executor) {
  const inFlight = new Map<number, Promise<MarketRow | null>>();
  let gathering: Map<number, { resolve(r: MarketRow | null): void; reject(err: unknown): void }> | null =
    null;

  function flush() {
    const all = [...(gathering ?? new Map()).entries()];
    gathering = null;
    for (let i = 0; i < all.length; i += PRE_CHECK_READS_MAX) {
      const batch = all.slice(i, i + PRE_CHECK_READS_MAX);
      db.select()
        .from(markets)
        .where(
          inArray(
            markets.marketId,
            batch.map(([id]) => id),
          ),
        )
        .then((rows) => {
          const byMarket = new Map(rows.map((m) => [m.marketId, m]));
          for (const [id, p] of batch) p.resolve(byMarket.get(id) ?? null);
        })
        .catch((err: unknown) => {
          for (const [, p] of batch) p.reject(err);
        })
        .finally(() => {
          for (const [id] of batch) inFlight.delete(id);
        });
    }
  }

  return function readRow(marketId: number): Promise<MarketRow | null> {
    const pending = inFlight.get(marketId);
    if (pending) return pending;
    const read = new Promise<MarketRow | null>((resolve, reject) => {
      if (gathering === null) {
        gathering = new Map();
        queueMicrotask(flush);
      }
      gathering.set(marketId, { resolve, reject });
    });
    inFlight.set(marketId, read);
    return read;
  };
}
