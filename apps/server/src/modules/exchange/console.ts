// What the operator console and its dashboard read of the exchange's markets: each market's bets
// and stake matched, the last hour's bets and matched stake, and which markets in play show no
// price. The console asks every kind the same questions (markets/registry.ts). And the dashboard's
// alert when the demo feed's makers stopped quoting (declared to modules/console/sources.ts).
import { and, eq, gt, gte, inArray, notInArray, sql } from 'drizzle-orm';
import { users } from '../account/schema.ts';
import { bets, fills } from './schema.ts';
import { markets, runners } from '../markets/schema.ts';
import type { HourActivity, KindRegistry, MarketKindModule } from '../markets/registry.ts';
import { hourSlot } from '../markets/bet-counts.ts';
import type { AlertSource } from '../console/sources.ts';

export const exchangeConsole: Pick<
  MarketKindModule,
  'consoleFigures' | 'activitySince' | 'activityByHour' | 'unpricedInPlay'
> = {
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

  async activityByHour(tx, since, makers) {
    const placedSlot = hourSlot(bets.placedAt, since);
    const matchedSlot = hourSlot(fills.createdAt, since);
    const [placed, matched] = await Promise.all([
      tx
        .select({ slot: placedSlot, n: sql<number>`count(*)::int` })
        .from(bets)
        .innerJoin(users, eq(users.userId, bets.userId))
        .where(
          and(
            gte(bets.placedAt, since),
            makers.length > 0 ? notInArray(users.userName, [...makers]) : undefined,
          ),
        )
        // By position: the slot's bound parameter is another one in a repeated expression.
        .groupBy(sql`1`),
      tx
        .select({ slot: matchedSlot, paise: sql<string>`coalesce(sum(${fills.sizePaise}), 0)::text` })
        .from(fills)
        .where(gte(fills.createdAt, since))
        .groupBy(sql`1`),
    ]);
    const out = new Map<number, HourActivity>();
    const at = (slot: number) => out.get(slot) ?? out.set(slot, { slot, bets: 0, stakePaise: 0 }).get(slot)!;
    for (const r of placed) at(Number(r.slot)).bets += Number(r.n);
    for (const r of matched) at(Number(r.slot)).stakePaise += Number(r.paise);
    return [...out.values()];
  },

  // Open in play with nothing resting to back or lay on any runner.
  unpricedInPlay: sql`k.status = 'OPEN' and k.in_play
    and not exists (select 1 from ${bets} b where b.market_id = k.market_id and b.resting)`,
};

/** The demo feed is stopped when its makers have not quoted for this long while markets are in play. */
export const FEED_QUIET_MINUTES = 3;

/**
 * The dashboard's alert when the demo feed's makers, who quoted before, have not quoted for
 * FEED_QUIET_MINUTES while markets priced on the exchange are in play (modules/console/sources.ts).
 */
export function makersQuietAlerts(kinds: KindRegistry, makers: readonly string[]): AlertSource {
  return async (db, now) => {
    const exchangeKinds = sql.join(
      kinds.exchangeKinds().map((k) => sql`${k}`),
      sql`, `,
    );
    const makerList = sql.join(
      makers.map((m) => sql`${m}`),
      sql`, `,
    );
    const res = await db.execute(sql`select max(b.placed_at) as last_quote,
        (select count(*)::int from ${markets} k where k.market_kind in (${exchangeKinds}) and k.status = 'OPEN' and k.in_play) as in_play
      from ${bets} b join ${users} u on u.user_id = b.user_id where u.user_name in (${makerList})`);
    const f = (res as unknown as { rows: { last_quote: string | Date | null; in_play: number }[] }).rows[0];
    if (!f || f.last_quote === null || Number(f.in_play) === 0) return [];
    const quietMs = now.getTime() - new Date(f.last_quote).getTime();
    if (quietMs <= FEED_QUIET_MINUTES * 60_000) return [];
    return [
      {
        kind: 'FEED_STOPPED',
        severity: 'critical',
        message: `The price feed has not quoted for ${Math.floor(quietMs / 60_000)} minutes while ${f.in_play} markets are in play`,
        market_id: null,
        match_id: null,
        since: new Date(f.last_quote).toISOString(),
      },
    ];
  };
}
