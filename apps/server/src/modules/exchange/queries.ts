import { and, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/**
 * Σ stored exposure of a user as an SQL expression (paise, as text), so that a caller can read it
 * in the same statement as its own columns; `userId` may be a placeholder of a prepared statement.
 */
export function totalExposureExpr(userId: SQLWrapper | number) {
  return sql<string>`(select coalesce(sum(e.exposure_paise), 0)::text from ${marketExposures} e where e.user_id = ${userId})`;
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

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Every user's matched stake in a market per (runner, side, price): the positions a book cache keeps. */
export async function marketPositions(tx: Executor, marketId: number) {
  const rows = rowsOf<{
    user_id: number;
    selection_id: number;
    side: 'BACK' | 'LAY';
    price: number;
    total: string;
  }>(
    await tx.execute(sql`
      select back_user_id as user_id, selection_id, 'BACK' as side, price, sum(size_paise)::text as total
        from ${fills} where market_id = ${marketId} group by back_user_id, selection_id, price
      union all
      select lay_user_id as user_id, selection_id, 'LAY' as side, price, sum(size_paise)::text as total
        from ${fills} where market_id = ${marketId} group by lay_user_id, selection_id, price`),
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    selectionId: Number(r.selection_id),
    side: r.side,
    price: Number(r.price),
    total: Number(r.total),
  }));
}

/** Σ stored exposure of each user over every market but one (users without any: absent). */
export async function exposureElsewhereOf(tx: Executor, userIds: number[], marketId: number) {
  const out = new Map<number, number>();
  if (userIds.length === 0) return out;
  const rows = await tx
    .select({
      userId: marketExposures.userId,
      total: sql<string>`coalesce(sum(${marketExposures.exposurePaise}), 0)::text`,
    })
    .from(marketExposures)
    .where(and(inArray(marketExposures.userId, userIds), ne(marketExposures.marketId, marketId)))
    .groupBy(marketExposures.userId);
  for (const r of rows) out.set(r.userId, Number(r.total));
  return out;
}

/** The bets already placed under any of these (user, request_id) pairs, by `${user}:${request_id}`. */
export async function betsByRequest(tx: Executor, pairs: { userId: number; requestId: string }[]) {
  const out = new Map<string, typeof bets.$inferSelect>();
  if (pairs.length === 0) return out;
  const rows = await tx
    .select()
    .from(bets)
    .where(
      and(
        inArray(bets.userId, [...new Set(pairs.map((p) => p.userId))]),
        inArray(bets.requestId, [...new Set(pairs.map((p) => p.requestId))]),
      ),
    );
  for (const r of rows) out.set(`${r.userId}:${r.requestId}`, r);
  return out;
}

/** n fresh bet ids from the bets' sequence, ascending. */
export async function allocateBetIds(tx: Executor, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = rowsOf<{ id: string }>(
    await tx.execute(
      sql`select nextval(pg_get_serial_sequence('bets', 'bet_id'))::text as id from generate_series(1, ${n})`,
    ),
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

export type BetDelta = {
  betId: number;
  matched: number;
  value: number;
  cancelled: number;
  end: 'CANCELLED' | 'LAPSED' | null;
};

/** Adds matched / value / cancelled amounts to existing bets (and sets the end reason) in one statement. */
export async function applyBetDeltas(tx: Executor, deltas: BetDelta[], at: Date) {
  if (deltas.length === 0) return;
  const values = sql.join(
    deltas.map(
      (d) =>
        sql`(${d.betId}::bigint, ${d.matched}::bigint, ${d.value}::bigint, ${d.cancelled}::bigint, ${d.end}::text)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${bets} as b set
      matched_paise = b.matched_paise + v.m,
      remaining_paise = b.remaining_paise - v.m - v.c,
      matched_value = b.matched_value + v.val,
      cancelled_paise = b.cancelled_paise + v.c,
      end_reason = coalesce(v.e, b.end_reason),
      updated_at = ${at.toISOString()}::timestamptz
    from (values ${values}) as v(id, m, val, c, e)
    where b.bet_id = v.id`);
}

/** Adds traded volume to runners in one statement. */
export async function addTraded(tx: Executor, traded: Map<number, number>) {
  if (traded.size === 0) return;
  const values = sql.join(
    [...traded].map(([sel, size]) => sql`(${sel}::int, ${size}::bigint)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${runners} as r set traded_paise = r.traded_paise + v.s
    from (values ${values}) as v(id, s) where r.selection_id = v.id`);
}

/** Stores users' exposure in one market in one upsert. */
export async function storeExposures(tx: Executor, marketId: number, byUser: Map<number, number>, at: Date) {
  if (byUser.size === 0) return;
  await tx
    .insert(marketExposures)
    .values(
      [...byUser].map(([userId, exposurePaise]) => ({ userId, marketId, exposurePaise, updatedAt: at })),
    )
    .onConflictDoUpdate({
      target: [marketExposures.userId, marketExposures.marketId],
      set: { exposurePaise: sql`excluded.exposure_paise`, updatedAt: sql`excluded.updated_at` },
    });
}
