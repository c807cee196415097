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
