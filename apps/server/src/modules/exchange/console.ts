// What the operator console and its dashboard read of the exchange's markets: each market's bets
// and stake matched, the last hour's bets and matched stake, and which markets in play show no
// price. The console asks every kind the same questions (markets/registry.ts).
import { and, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { bets, fills, runners, users } from '../../db/schema.ts';
import type { MarketKindModule } from '../markets/registry.ts';

export const exchangeConsole: Pick<MarketKindModule, 'consoleFigures' | 'activitySince' | 'unpricedInPlay'> =
  {
    async consoleFigures(tx, marketIds) {
      const out = new Map<number, { bets: number; stakePaise: number }>();
      if (marketIds.length === 0) return out;
      const ids = [...marketIds];
      const [counts, traded] = await Promise.all([
        tx
          .select({ id: bets.marketId, n: sql<number>`count(*)::int` })
          .from(bets)
          .where(inArray(bets.marketId, ids))
          .groupBy(bets.marketId),
        // The stake matched: what the runners traded (each fill counted once).
        tx
          .select({
            id: runners.marketId,
            paise: sql<string>`coalesce(sum(${runners.tradedPaise}), 0)::text`,
          })
          .from(runners)
          .where(inArray(runners.marketId, ids))
          .groupBy(runners.marketId),
      ]);
      const at = (id: number) => out.get(id) ?? out.set(id, { bets: 0, stakePaise: 0 }).get(id)!;
      for (const r of counts) at(r.id).bets += Number(r.n);
      for (const r of traded) at(r.id).stakePaise += Number(r.paise);
      return out;
    },

    async activitySince(tx, since, makers) {
      const [placed, matched] = await Promise.all([
        tx
          .select({ n: sql<number>`count(*)::int` })
          .from(bets)
          .innerJoin(users, eq(users.userId, bets.userId))
          .where(
            and(
              gt(bets.placedAt, since),
              makers.length > 0 ? notInArray(users.userName, [...makers]) : undefined,
            ),
          ),
        tx
          .select({ paise: sql<string>`coalesce(sum(${fills.sizePaise}), 0)::text` })
          .from(fills)
          .where(gt(fills.createdAt, since)),
      ]);
      return { bets: Number(placed[0]?.n ?? 0), stakePaise: Number(matched[0]?.paise ?? 0) };
    },

    // Open in play with nothing resting to back or lay on any runner.
    unpricedInPlay: sql`k.status = 'OPEN' and k.in_play
    and not exists (select 1 from ${bets} b where b.market_id = k.market_id and b.resting)`,
  };
