import { and, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { bets, fills, marketExposures, markets, matches, runners, sports } from '../../db/schema.ts';
import type { Executor } from '../../db/store.ts';
import { likeEscape } from '../catalog/queries.ts';

/** A user's matched stake in a market per (runner, side, price), from the fills on either side. */
export async function matchedParts(tx: Executor, userId: number, marketId: number) {
  const side = (sideName: 'BACK' | 'LAY') => {
    const userCol = sideName === 'BACK' ? fills.backUserId : fills.layUserId;
    return tx
      .select({
        selectionId: fills.selectionId,
        side: sql<'BACK' | 'LAY'>`${sideName}::text`.as('side'),
        price: fills.price,
        total: sql<string>`sum(${fills.sizePaise})::text`.as('total'),
      })
      .from(fills)
      .where(and(eq(fills.marketId, marketId), eq(userCol, userId)))
      .groupBy(fills.selectionId, fills.price);
  };
  const rows = await unionAll(side('BACK'), side('LAY'));
  return rows.map((r) => ({
    selectionId: r.selectionId,
    side: r.side,
    price: r.price,
    total: Number(r.total),
  }));
}

/** Σ stored exposure of a user over every market but one. */
export async function exposureElsewhere(tx: Executor, userId: number, marketId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${marketExposures.exposurePaise}), 0)::text` })
    .from(marketExposures)
    .where(and(eq(marketExposures.userId, userId), ne(marketExposures.marketId, marketId)));
  return Number(row?.total ?? 0);
}

/** Σ stored exposure of a user: the liability getUserBalance shows. */
export async function totalExposure(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${marketExposures.exposurePaise}), 0)::text` })
    .from(marketExposures)
    .where(eq(marketExposures.userId, userId));
  return Number(row?.total ?? 0);
}

/** Unmatched size per (market, runner, side, price) of the markets' resting bets. */
export async function restingLevels(tx: Executor, marketIds: number[]) {
  if (marketIds.length === 0) return [];
  const rows = await tx
    .select({
      marketId: bets.marketId,
      selectionId: bets.selectionId,
      side: bets.side,
      price: bets.price,
      total: sql<string>`sum(${bets.remainingPaise})::text`,
    })
    .from(bets)
    .where(and(inArray(bets.marketId, marketIds), gt(bets.remainingPaise, 0)))
    .groupBy(bets.marketId, bets.selectionId, bets.side, bets.price);
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

/** Markets where a user holds exposure, with the match and sport and the user's live bet count. */
export async function exposureDetail(tx: Executor, userId: number) {
  return tx
    .select({
      marketId: markets.marketId,
      marketName: markets.marketName,
      matchId: matches.matchId,
      matchName: matches.matchName,
      sportId: sports.sportId,
      sportName: sports.name,
      betCount: sql<string>`(select count(*) from ${bets} b where b.user_id = ${userId} and b.market_id = ${markets.marketId} and (b.matched_paise > 0 or b.remaining_paise > 0))::text`,
    })
    .from(marketExposures)
    .innerJoin(markets, eq(markets.marketId, marketExposures.marketId))
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .where(and(eq(marketExposures.userId, userId), gt(marketExposures.exposurePaise, 0)))
    .orderBy(matches.startTime, markets.marketId);
}

export const betColumns = {
  betId: bets.betId,
  matchId: bets.matchId,
  matchName: matches.matchName,
  sportId: matches.sportId,
  marketId: bets.marketId,
  marketName: markets.marketName,
  selectionId: bets.selectionId,
  selectionName: runners.name,
  side: bets.side,
  price: bets.price,
  sizePaise: bets.sizePaise,
  matchedPaise: bets.matchedPaise,
  remainingPaise: bets.remainingPaise,
  cancelledPaise: bets.cancelledPaise,
  matchedValue: bets.matchedValue,
  endReason: bets.endReason,
  settledStatus: bets.settledStatus,
  persistence: bets.persistence,
  placedAt: bets.placedAt,
  updatedAt: bets.updatedAt,
};

export type BetRow = Awaited<ReturnType<typeof listBets>>[number];

/** A user's bets with their match, market and runner names, newest first. */
export function listBets(tx: Executor, where: SQL | undefined, limit: number, offset = 0) {
  return tx
    .select(betColumns)
    .from(bets)
    .innerJoin(matches, eq(matches.matchId, bets.matchId))
    .innerJoin(markets, eq(markets.marketId, bets.marketId))
    .innerJoin(runners, eq(runners.selectionId, bets.selectionId))
    .where(where)
    .orderBy(desc(bets.placedAt), desc(bets.betId))
    .limit(limit)
    .offset(offset);
}

export async function countBets(tx: Executor, where: SQL | undefined) {
  const [row] = await tx
    .select({ n: sql<string>`count(*)::text` })
    .from(bets)
    .innerJoin(matches, eq(matches.matchId, bets.matchId))
    .innerJoin(markets, eq(markets.marketId, bets.marketId))
    .innerJoin(runners, eq(runners.selectionId, bets.selectionId))
    .where(where);
  return Number(row?.n ?? 0);
}

/** The filter of getCurrentBets: M matched (in part), U unmatched (in part), D cancelled or lapsed (in part). */
export function currentBetsWhere(userId: number, type: 'M' | 'U' | 'D', search?: string): SQL | undefined {
  const kind =
    type === 'M'
      ? gt(bets.matchedPaise, 0)
      : type === 'U'
        ? gt(bets.remainingPaise, 0)
        : gt(bets.cancelledPaise, 0);
  // A settled (or voided) market's bets leave "current bets" for the bet history.
  const parts: (SQL | undefined)[] = [eq(bets.userId, userId), kind, isNull(bets.settledStatus)];
  if (search && search.trim() !== '') {
    const like = `%${likeEscape(search.trim())}%`;
    parts.push(
      or(
        sql`${matches.matchName} ilike ${like}`,
        sql`${markets.marketName} ilike ${like}`,
        sql`${runners.name} ilike ${like}`,
      ),
    );
  }
  return and(...parts);
}
