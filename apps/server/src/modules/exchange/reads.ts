// The exchange's reads for other modules and the feeds: its markets with their runners, and a
// user's exposure recomputed from the bets and fills (the invariant tests compare it with the
// stored hold). Each reads outside any lock and keeps no state.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/store.ts';
import { matches } from '../catalog/schema.ts';
import { markets, runners } from '../markets/schema.ts';
import { marketSettlements } from '../markets/schema.ts';
import { positionIn, runnerSpace } from './batch.ts';
import { matchedOf, runnersOf } from './book-store.ts';
import { bets } from './schema.ts';
import type { MarketInfo, MarketStatus } from './types.ts';

export async function listMarkets(
  db: Executor,
  filter: { status?: MarketStatus | MarketStatus[]; market_type?: string } = {},
): Promise<MarketInfo[]> {
  const statuses = filter.status === undefined ? undefined : [filter.status].flat();
  // The columns answered only: the demo feed lists its markets every second.
  const rows = await db
    .select({
      market: {
        marketId: markets.marketId,
        matchId: markets.matchId,
        marketName: markets.marketName,
        marketType: markets.marketType,
        status: markets.status,
        inPlay: markets.inPlay,
        betDelayS: markets.betDelayS,
        version: markets.version,
        minStakePaise: markets.minStakePaise,
        maxStakePaise: markets.maxStakePaise,
        startTime: markets.startTime,
      },
      sportId: matches.sportId,
    })
    .from(markets)
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .where(
      and(
        eq(markets.marketKind, 'EXCHANGE'),
        statuses ? inArray(markets.status, statuses) : undefined,
        filter.market_type === undefined ? undefined : eq(markets.marketType, filter.market_type),
      ),
    )
    .orderBy(asc(markets.marketId));
  const runnerRows =
    rows.length === 0
      ? []
      : await db
          .select({
            marketId: runners.marketId,
            selectionId: runners.selectionId,
            name: runners.name,
            status: runners.status,
          })
          .from(runners)
          .where(
            inArray(
              runners.marketId,
              rows.map((r) => r.market.marketId),
            ),
          )
          .orderBy(asc(runners.marketId), asc(runners.sortOrder));
  const byMarket = new Map<number, MarketInfo['runners']>();
  for (const r of runnerRows) {
    const list = byMarket.get(r.marketId) ?? [];
    list.push({ selection_id: r.selectionId, name: r.name, status: r.status });
    byMarket.set(r.marketId, list);
  }
  return rows.map(({ market: m, sportId }) => ({
    market_id: m.marketId,
    match_id: m.matchId,
    sport_id: sportId,
    market_name: m.marketName,
    market_type: m.marketType,
    status: m.status,
    in_play: m.inPlay,
    bet_delay_s: m.betDelayS,
    version: m.version,
    min_stake_paise: m.minStakePaise,
    max_stake_paise: m.maxStakePaise,
    start_time: m.startTime,
    runners: byMarket.get(m.marketId) ?? [],
  }));
}

/** Recomputes a user's exposure in a market from the bets and fills (the invariant tests use it). */
export async function recomputeExposure(db: Executor, userId: number, marketId: number): Promise<number> {
  // A settled market holds no exposure: its result has moved the money.
  const [settled] = await db
    .select({ state: marketSettlements.state })
    .from(marketSettlements)
    .where(and(eq(marketSettlements.marketId, marketId), eq(marketSettlements.state, 'SETTLED')));
  if (settled) return 0;
  const [market] = await db.select().from(markets).where(eq(markets.marketId, marketId));
  if (!market) return 0;
  const space = runnerSpace(market, await runnersOf(db, marketId));
  const matched = await matchedOf(db, userId, marketId);
  const open = await db
    .select({
      selectionId: bets.selectionId,
      side: bets.side,
      price: bets.price,
      remaining: bets.remainingPaise,
    })
    .from(bets)
    .where(and(eq(bets.userId, userId), eq(bets.marketId, marketId), sql`${bets.resting}`));
  return positionIn(space, {
    matched,
    unmatched: open.map((o) => ({
      selection_id: String(o.selectionId),
      side: o.side,
      price: o.price,
      stake_paise: o.remaining,
    })),
  }).exposure_paise;
}
