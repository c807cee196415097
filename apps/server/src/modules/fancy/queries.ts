import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { matches } from '../catalog/schema.ts';
import { fancies, fancyBets } from './schema.ts';
import { markets } from '../markets/schema.ts';
import { marketVoids } from '../markets/schema.ts';
import type { Executor } from '../../db/store.ts';
import { notVoided } from '../markets/voids.ts';

export type FancyRow = typeof fancies.$inferSelect;
export type FancyBetRow = typeof fancyBets.$inferSelect;

/** The fancy and its market row. */
export async function fancyOf(tx: Executor, fancyId: number) {
  const [row] = await tx
    .select({ fancy: fancies, market: markets, matchName: matches.matchName })
    .from(fancies)
    .innerJoin(markets, eq(markets.marketId, fancies.marketId))
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .where(eq(fancies.marketId, fancyId));
  return row ?? null;
}

/**
 * The fancy and its market row, both FOR UPDATE (a quote or a status change). The market row is
 * locked first, by a statement of its own: the order of every path that locks both (a batch of
 * bets, settlement), so that none of them can wait on another in a cycle.
 */
export async function fancyForQuote(tx: Executor, fancyId: number) {
  const [market] = await tx.select().from(markets).where(eq(markets.marketId, fancyId)).for('update');
  if (!market) return null;
  const [fancy] = await tx.select().from(fancies).where(eq(fancies.marketId, fancyId)).for('update');
  return fancy ? { fancy, market } : null;
}

export function fanciesOfMatch(tx: Executor, matchId: number) {
  return tx
    .select({ fancy: fancies, market: markets })
    .from(fancies)
    .innerJoin(markets, eq(markets.marketId, fancies.marketId))
    .where(eq(fancies.matchId, matchId))
    .orderBy(asc(fancies.displayOrder), asc(fancies.marketId));
}

export function betsOfMarkets(tx: Executor, marketIds: readonly number[]) {
  if (marketIds.length === 0) return Promise.resolve([] as FancyBetRow[]);
  return tx
    .select()
    .from(fancyBets)
    .where(inArray(fancyBets.marketId, [...marketIds]))
    .orderBy(asc(fancyBets.betId));
}

/**
 * A fancy bet that counts in a position: not settled, and not void by any of the operator's voids
 * (markets/voids.ts: a fancy has no runners and no single-bet voids, only windows).
 */
export const liveBet = () =>
  and(
    isNull(fancyBets.settledStatus),
    notVoided({ marketId: fancyBets.marketId, placedAt: fancyBets.placedAt }),
  )!;

/** The bets every position is made of (the bet check, recomputeHolds, the bettor's exposure and book). */
export function openBetsOfMarkets(tx: Executor, marketIds: readonly number[]) {
  if (marketIds.length === 0) return Promise.resolve([] as FancyBetRow[]);
  return tx
    .select()
    .from(fancyBets)
    .where(and(inArray(fancyBets.marketId, [...marketIds]), liveBet()));
}

/** A user's live bets on some fancies (see `liveBet`). */
export function userOpenBets(tx: Executor, userId: number, fancyIds: readonly number[]) {
  if (fancyIds.length === 0) return Promise.resolve([] as FancyBetRow[]);
  return tx
    .select()
    .from(fancyBets)
    .where(and(eq(fancyBets.userId, userId), inArray(fancyBets.marketId, [...fancyIds]), liveBet()));
}

/** A user's fancy bets on a match with names, newest first. */
export function userMatchBets(tx: Executor, userId: number, matchId: number, limit: number) {
  return tx
    .select({
      bet: fancyBets,
      variant: fancies.variant,
      marketName: markets.marketName,
      matchName: matches.matchName,
    })
    .from(fancyBets)
    .innerJoin(markets, eq(markets.marketId, fancyBets.marketId))
    .innerJoin(fancies, eq(fancies.marketId, fancyBets.marketId))
    .innerJoin(matches, eq(matches.matchId, fancyBets.matchId))
    .where(and(eq(fancyBets.userId, userId), eq(fancyBets.matchId, matchId)))
    .orderBy(desc(fancyBets.betId))
    .limit(limit);
}

/** A batch's first lock: the fancy's market row FOR SHARE (before the fancy's row, as every path). */
export async function marketForShare(tx: Executor, fancyId: number) {
  const [row] = await tx
    .select({ market: markets, matchName: matches.matchName })
    .from(markets)
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .where(eq(markets.marketId, fancyId))
    .for('share', { of: markets });
  return row ? { ...row.market, matchName: row.matchName } : null;
}

/**
 * A batch's second lock: the fancy's row FOR UPDATE (its quote and its bets' sequence), and whether
 * an operator's window void covers `at`, the time the batch's bets are placed at: such a bet would
 * be void at settlement, so it is refused rather than held for and then left out of every position.
 * (Read after the market's lock: a void, which holds that row FOR UPDATE, has committed or not begun.)
 */
export async function fancyForUpdate(tx: Executor, fancyId: number, at: Date) {
  const [row] = await tx
    .select({
      fancy: fancies,
      voidedAt: sql<boolean>`exists (select 1 from ${marketVoids} v where v.market_id = ${fancies.marketId}
        and v.kind = 'WINDOW' and ${at.toISOString()}::timestamptz between v.from_at and v.to_at)`,
    })
    .from(fancies)
    .where(eq(fancies.marketId, fancyId))
    .for('update', { of: fancies });
  return row ? { ...row.fancy, voidedAt: row.voidedAt } : null;
}

/** Moves a fancy's bets' sequence by one (fancy/open-bets.ts): every write to its bets does. */
export async function moveBetsSeq(tx: Executor, fancyId: number) {
  await tx
    .update(fancies)
    .set({ betsSeq: sql`${fancies.betsSeq} + 1` })
    .where(eq(fancies.marketId, fancyId));
}

/** A batch's last statement: its bettors' holds (a common table expression) and the sequence moved. */
export async function writeHoldsMovingSeq(tx: Executor, fancyId: number, holdsCte: SQL) {
  await tx.execute(sql`with ${holdsCte}
    update ${fancies} set bets_seq = bets_seq + 1 where market_id = ${fancyId}`);
}

/** The stored bets of some (user, request id) pairs, on any fancy (repeats are answered from them). */
export function betsByRequests(tx: Executor, pairs: readonly { userId: number; requestId: string }[]) {
  if (pairs.length === 0) return Promise.resolve([] as FancyBetRow[]);
  // Exact pairs, each found by the unique (user_id, request_id) index: a bettor's bets on other
  // fancies are never read (two lists would read every bet of each bettor and filter).
  const list = sql.join(
    pairs.map((p) => sql`(${p.userId}::integer, ${p.requestId}::text)`),
    sql`, `,
  );
  return tx
    .select()
    .from(fancyBets)
    .where(sql`(${fancyBets.userId}, ${fancyBets.requestId}) in (${list})`);
}

/** The open bets of some users on one fancy (what a batch needs of those it has no copy of). */
export function openBetsOfUsers(tx: Executor, fancyId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      userId: fancyBets.userId,
      isYes: fancyBets.isYes,
      line: fancyBets.line,
      lineTo: fancyBets.lineTo,
      rate: fancyBets.rate,
      stakePaise: fancyBets.stakePaise,
    })
    .from(fancyBets)
    .where(and(eq(fancyBets.marketId, fancyId), inArray(fancyBets.userId, [...userIds]), liveBet()))
    .orderBy(asc(fancyBets.betId));
}
