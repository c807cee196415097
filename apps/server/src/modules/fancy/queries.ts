import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { fancies, fancyBets, markets, matches } from '../../db/schema.ts';
import type { Executor } from '../../db/store.ts';

export type FancyRow = typeof fancies.$inferSelect;
export type FancyBetRow = typeof fancyBets.$inferSelect;

/** The fancy and its market row; `lock` takes the rows FOR SHARE (a bet) or FOR UPDATE (a quote). */
export async function fancyOf(tx: Executor, fancyId: number, lock?: 'share' | 'update') {
  const q = tx
    .select({ fancy: fancies, market: markets })
    .from(fancies)
    .innerJoin(markets, eq(markets.marketId, fancies.marketId))
    .where(eq(fancies.marketId, fancyId));
  const [row] = lock ? await q.for(lock === 'share' ? 'share' : 'update') : await q;
  return row ?? null;
}

export function fanciesOfMatch(tx: Executor, matchId: number) {
  return tx
    .select({ fancy: fancies, market: markets })
    .from(fancies)
    .innerJoin(markets, eq(markets.marketId, fancies.marketId))
    .where(eq(fancies.matchId, matchId))
    .orderBy(asc(fancies.displayOrder), asc(fancies.marketId));
}

/** A user's bets on some fancies (all of them: settled ones too). */
export function userBets(tx: Executor, userId: number, fancyIds: readonly number[]) {
  if (fancyIds.length === 0) return Promise.resolve([] as FancyBetRow[]);
  return tx
    .select()
    .from(fancyBets)
    .where(and(eq(fancyBets.userId, userId), inArray(fancyBets.marketId, [...fancyIds])));
}

export async function betByRequest(tx: Executor, userId: number, requestId: string) {
  const [row] = await tx
    .select()
    .from(fancyBets)
    .where(and(eq(fancyBets.userId, userId), eq(fancyBets.requestId, requestId)));
  return row ?? null;
}

export function betsOfMarkets(tx: Executor, marketIds: readonly number[]) {
  if (marketIds.length === 0) return Promise.resolve([] as FancyBetRow[]);
  return tx
    .select()
    .from(fancyBets)
    .where(inArray(fancyBets.marketId, [...marketIds]))
    .orderBy(asc(fancyBets.betId));
}

export function openBetsOfMarkets(tx: Executor, marketIds: readonly number[]) {
  if (marketIds.length === 0) return Promise.resolve([] as FancyBetRow[]);
  return tx
    .select()
    .from(fancyBets)
    .where(and(inArray(fancyBets.marketId, [...marketIds]), isNull(fancyBets.settledStatus)));
}

/** A user's fancy bets on a match with names, newest first. */
export function userMatchBets(tx: Executor, userId: number, matchId: number, limit: number) {
  return tx
    .select({ bet: fancyBets, marketName: markets.marketName, matchName: matches.matchName })
    .from(fancyBets)
    .innerJoin(markets, eq(markets.marketId, fancyBets.marketId))
    .innerJoin(matches, eq(matches.matchId, fancyBets.matchId))
    .where(and(eq(fancyBets.userId, userId), eq(fancyBets.matchId, matchId)))
    .orderBy(desc(fancyBets.betId))
    .limit(limit);
}
