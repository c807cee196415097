// The bookmaker module's reads. Lock order of every path that locks a bookmaker market (a batch of
// bets, a quote or status change, settlement): the markets row first, by a statement of its own,
// then the bookmaker's own rows, then the wallets in user-id order (docs/decisions.md "Lock order").
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { bookmakerBets, bookmakerMarkets, bookmakerQuotes } from './schema.ts';
import { matches } from '../catalog/schema.ts';
import { markets, runners } from '../markets/schema.ts';
import type { Executor } from '../../db/store.ts';
import { notVoided } from '../markets/voids.ts';

export type BetRow = typeof bookmakerBets.$inferSelect;
export type MarketRow = typeof markets.$inferSelect;

/**
 * The market's row, locked against every other writer of it (FOR NO KEY UPDATE: the operator's
 * quote and status, settlement's close and settle queue behind the batch in arrival order, and the
 * batch's reads after it see what they committed). Not FOR SHARE: a stream of share lockers on
 * several nodes can keep a waiting writer out for as long as it lasts.
 */
export async function lockMarketRow(tx: Executor, marketId: number): Promise<MarketRow | null> {
  // Only a bookmaker market's row is locked: a bet naming another kind's market is refused
  // without touching that market's row (a market's kind never changes).
  const [row] = await tx
    .select()
    .from(markets)
    .where(and(eq(markets.marketId, marketId), eq(markets.marketKind, 'BOOKMAKER')))
    .for('no key update');
  return row ?? null;
}

/** A quote or status change: the market's row FOR UPDATE, then the bookmaker's row FOR UPDATE. */
export async function lockForWrite(tx: Executor, marketId: number) {
  const [market] = await tx.select().from(markets).where(eq(markets.marketId, marketId)).for('update');
  if (!market || market.marketKind !== 'BOOKMAKER') return null;
  const [bm] = await tx
    .select()
    .from(bookmakerMarkets)
    .where(eq(bookmakerMarkets.marketId, marketId))
    .for('update');
  return bm ? { bm, market } : null;
}

/** The bookmaker's row and its market's, unlocked (what the bettor and the operator are shown). */
export async function stateOf(tx: Executor, marketId: number) {
  const [row] = await tx
    .select({ bm: bookmakerMarkets, market: markets })
    .from(bookmakerMarkets)
    .innerJoin(markets, eq(markets.marketId, bookmakerMarkets.marketId))
    .where(eq(bookmakerMarkets.marketId, marketId));
  return row ?? null;
}

/** The market's runners in their order, each with its quote. */
export function runnersWithQuotes(tx: Executor, marketId: number) {
  return tx
    .select({ runner: runners, quote: bookmakerQuotes })
    .from(runners)
    .leftJoin(bookmakerQuotes, eq(bookmakerQuotes.selectionId, runners.selectionId))
    .where(eq(runners.marketId, marketId))
    .orderBy(asc(runners.sortOrder));
}

/** The ids of the market's runners still running (a position is taken over these). */
export async function runningRunnerIds(tx: Executor, marketId: number): Promise<string[]> {
  const rows = await tx
    .select({ id: runners.selectionId })
    .from(runners)
    .where(and(eq(runners.marketId, marketId), sql`${runners.status} <> 'REMOVED'`))
    .orderBy(asc(runners.sortOrder));
  return rows.map((r) => String(r.id));
}

/** The names a bet's answer carries: market, match and runners. */
export async function namesOf(tx: Executor, marketId: number) {
  const [m] = await tx
    .select({ market: markets.marketName, match: matches.matchName })
    .from(markets)
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .where(eq(markets.marketId, marketId));
  const rs = await tx
    .select({ id: runners.selectionId, name: runners.name })
    .from(runners)
    .where(eq(runners.marketId, marketId));
  return {
    market: m?.market ?? '',
    match: m?.match ?? '',
    runners: new Map(rs.map((r) => [r.id, r.name])),
  };
}

const counted = () =>
  notVoided({
    marketId: bookmakerBets.marketId,
    placedAt: bookmakerBets.placedAt,
    selectionId: bookmakerBets.selectionId,
  });

/**
 * The bets a position counts: open (not settled) and not voided by the operator (a voided runner,
 * a voided window of placing: markets/voids.ts, the rule settlement applies).
 */
export function openBets(tx: Executor, where: SQL | undefined) {
  return tx
    .select()
    .from(bookmakerBets)
    .where(and(where, isNull(bookmakerBets.settledStatus), counted()))
    .orderBy(asc(bookmakerBets.betId));
}

/** Every open bet, each marked whether a position counts it (its bettor's hold may be 0). */
export function openBetsMarked(tx: Executor, where: SQL | undefined) {
  return tx
    .select({
      userId: bookmakerBets.userId,
      marketId: bookmakerBets.marketId,
      selectionId: bookmakerBets.selectionId,
      isBack: bookmakerBets.isBack,
      rate: bookmakerBets.rate,
      stakePaise: bookmakerBets.stakePaise,
      counted: sql<boolean>`${counted()}`,
    })
    .from(bookmakerBets)
    .where(and(where, isNull(bookmakerBets.settledStatus)))
    .orderBy(asc(bookmakerBets.betId));
}

/** The stored bets of some (user, request id) pairs, by "user/request id" (repeats are answered from them). */
export async function betsByRequests(
  tx: Executor,
  pairs: readonly { userId: number; requestId: string }[],
): Promise<Map<string, BetRow>> {
  if (pairs.length === 0) return new Map();
  // Exact pairs, each found by the unique (user_id, request_id) index.
  const list = sql.join(
    pairs.map((p) => sql`(${p.userId}::integer, ${p.requestId}::text)`),
    sql`, `,
  );
  const rows = await tx
    .select()
    .from(bookmakerBets)
    .where(sql`(${bookmakerBets.userId}, ${bookmakerBets.requestId}) in (${list})`);
  return new Map(rows.map((b) => [`${b.userId}/${b.requestId}`, b]));
}

/** Marks settled bets with their results, in one statement. */
export async function markSettled(
  tx: Executor,
  marks: readonly {
    bet_id: number;
    result: 'WON' | 'LOST' | 'VOID';
    profit_loss_paise: number;
    settled_status: 'VOIDED' | 'SETTLED';
  }[],
  at: Date,
) {
  await tx.execute(sql`update ${bookmakerBets} as b
    set result = x.result, profit_loss_paise = x.profit_loss_paise,
        settled_status = x.settled_status, settled_at = ${at}
    from json_to_recordset(${JSON.stringify(marks)})
      as x(bet_id bigint, result text, profit_loss_paise bigint, settled_status text)
    where b.bet_id = x.bet_id`);
}
