import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { users } from '../account/schema.ts';
import { matches } from '../catalog/schema.ts';
import { bets, fills } from './schema.ts';
import { markets, runners } from '../markets/schema.ts';
import { exposureHolds } from '../wallet/schema.ts';
import { lastStatement, type Executor } from '../../db/store.ts';
import * as holds from '../wallet/holds.ts';
import { lockedUsers, lockFreeRowsSql } from '../wallet/service.ts';
import { likeEscape } from '../catalog/queries.ts';
import { notVoided, voidReasonOf } from '../markets/voids.ts';
import type { FirstCashOut } from './cash-out-types.ts';
import { exchangeCashOuts } from './schema.ts';

/** A user's matched stake in a market per (runner, side, price), from the fills that are not void. */
export async function matchedParts(tx: Executor, userId: number, marketId: number) {
  return matchedSides(tx, [marketId], userId);
}

/**
 * Σ stored exposure of a user as an SQL expression (paise, as text), so that a caller can read it
 * in the same statement as its own columns; `userId` may be a placeholder of a prepared statement.
 */
export function totalExposureExpr(userId: SQLWrapper | number) {
  return sql<string>`(select coalesce(sum(e.exposure_paise), 0)::text from ${exposureHolds} e where e.user_id = ${userId})`;
}

/** Σ stored exposure of a user: the liability getUserBalance shows. */
export async function totalExposure(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${exposureHolds.exposurePaise}), 0)::text` })
    .from(exposureHolds)
    .where(eq(exposureHolds.userId, userId));
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
    .where(and(inArray(bets.marketId, marketIds), sql`${bets.resting}`))
    .groupBy(bets.marketId, bets.selectionId, bets.side, bets.price);
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
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
  voidReason: voidReasonOf({
    marketId: bets.marketId,
    placedAt: bets.placedAt,
    selectionId: bets.selectionId,
    betId: bets.betId,
  }),
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
export function currentBetsWhere(
  userId: number | null,
  type: 'M' | 'U' | 'D',
  search?: string,
): SQL | undefined {
  const kind =
    type === 'M'
      ? gt(bets.matchedPaise, 0)
      : type === 'U'
        ? gt(bets.remainingPaise, 0)
        : gt(bets.cancelledPaise, 0);
  // A settled (or voided) market's bets leave "current bets" for the bet history.
  const parts: (SQL | undefined)[] = [
    userId === null ? undefined : eq(bets.userId, userId),
    kind,
    isNull(bets.settledStatus),
  ];
  parts.push(betNamesContain(search));
  return and(...parts);
}

/**
 * The bet's match, market or runner name contains the text (case-insensitive, % and _ literal);
 * undefined (no condition) for an empty search. For queries joining matches, markets and runners.
 */
export function betNamesContain(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const like = `%${likeEscape(text)}%`;
  return or(
    sql`${matches.matchName} ilike ${like}`,
    sql`${markets.marketName} ilike ${like}`,
    sql`${runners.name} ilike ${like}`,
  );
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Every user's matched stake in a market per (runner, side, price): the positions a book cache keeps. */
/**
 * Every user's matched stake per (market, runner, side, price) from the fills, each side of a fill
 * counted only while the operator's voids leave its bet standing (a voided runner, a window its
 * bet was placed in, the bet voided by id: markets/voids.ts) — the position settlement will pay.
 * `userId`: that user's sides only.
 */
export async function matchedSides(tx: Executor, marketIds: readonly number[], userId?: number) {
  if (marketIds.length === 0) return [];
  const ids = sql`(${sql.join(
    marketIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const side = (name: 'BACK' | 'LAY') => {
    const user = sql.raw(name === 'BACK' ? 'f.back_user_id' : 'f.lay_user_id');
    const bet = sql.raw(name === 'BACK' ? 'f.back_bet_id' : 'f.lay_bet_id');
    const standing = notVoided({
      marketId: sql`f.market_id`,
      placedAt: sql`b.placed_at`,
      selectionId: sql`f.selection_id`,
      betId: sql`b.bet_id`,
    });
    return sql`select ${user} as user_id, f.market_id, f.selection_id, ${name}::text as side, f.price,
        sum(f.size_paise)::text as total
      from ${fills} f join ${bets} b on b.bet_id = ${bet}
      where f.market_id in ${ids} ${userId === undefined ? sql`` : sql`and ${user} = ${userId}`} and ${standing}
      group by ${user}, f.market_id, f.selection_id, f.price`;
  };
  const rows = rowsOf<{
    user_id: number;
    market_id: number;
    selection_id: number;
    side: 'BACK' | 'LAY';
    price: number;
    total: string;
  }>(await tx.execute(sql`${side('BACK')} union all ${side('LAY')}`));
  return rows.map((r) => ({
    userId: Number(r.user_id),
    marketId: Number(r.market_id),
    selectionId: Number(r.selection_id),
    side: r.side,
    price: Number(r.price),
    total: Number(r.total),
  }));
}

/** A market's matched positions (every user's), for rebuilding its state: see matchedSides. */
export async function marketPositions(tx: Executor, marketId: number) {
  return matchedSides(tx, [marketId]);
}

export type BetDelta = {
  betId: number;
  matched: number;
  value: number;
  cancelled: number;
  end: 'CANCELLED' | 'LAPSED' | null;
};

export type BatchWrite = {
  marketId: number;
  at: Date;
  /** Bets placed in the batch, as they stand at its end. */
  newBets: (typeof bets.$inferInsert & { betId: number })[];
  /** Changes to bets placed before the batch. */
  deltas: BetDelta[];
  fills: (typeof fills.$inferInsert)[];
  traded: Map<number, number>;
  exposures: Map<number, number>;
  /** The market's next_seq after the batch, or null when it does not move. */
  nextSeq: number | null;
  /** Cash outs placed in the batch: their answers, for a repeated request_id. */
  cashOuts?: { userId: number; requestId: string; first: FirstCashOut }[];
};

/**
 * Integer ids as one array parameter ('{1,2,3}'). Beside a join on json_to_recordset (which the
 * planner always guesses at 100 rows), `id = any(array)` tells it the exact ids, so it probes the
 * primary key instead of hashing a scan of the whole table.
 */
function idArray(ids: readonly number[]): string {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`idArray: ${id} is not an integer id`);
  return `{${ids.join(',')}}`;
}

/** Everything one market's batch writes, in one statement (`writeBatches`). */
export function writeBatch(tx: Executor, w: BatchWrite, opts: WriteOptions = {}) {
  return writeBatches(tx, [w], opts);
}

/**
 * `last`: the write is its transaction's last statement, nothing follows it but the commit: on
 * PostgreSQL it travels with the commit in one round trip (db/pg-begin.ts `lastStatement`), and its
 * error is the commit's.
 */
export type WriteOptions = { last?: boolean };

/**
 * Everything the batches of one or more markets write, in one statement (data-modifying CTEs;
 * foreign keys are checked at its end, so the fills may name bets inserted beside them): new bets,
 * the other bets' changes, fills, traded volume, exposures and each market's next_seq. Every row
 * names its market (selection and bet ids are unique across markets), so several markets' rows
 * travel together.
 * Long because it builds the round's one statement (a CTE per kind of write) so the whole round is
 * one round trip.
 */
export async function writeBatches(tx: Executor, ws: readonly BatchWrite[], opts: WriteOptions = {}) {
  if (ws.length === 0) return;
  const w = {
    at: ws[0]!.at,
    newBets: ws.flatMap((x) => x.newBets),
    deltas: ws.flatMap((x) => x.deltas),
    fills: ws.flatMap((x) => x.fills),
    traded: new Map(ws.flatMap((x) => [...x.traded])),
  };
  // Rows travel as one JSON parameter per table (json_to_recordset), not one parameter per value.
  const at = sql`${w.at.toISOString()}::timestamptz`;
  const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::json`;
  const parts: SQL[] = [];
  if (w.newBets.length > 0) {
    const rows = w.newBets.map((b) => ({
      bet_id: b.betId,
      user_id: b.userId,
      match_id: b.matchId,
      market_id: b.marketId,
      selection_id: b.selectionId,
      side: b.side,
      price: b.price,
      size_paise: b.sizePaise,
      matched_paise: b.matchedPaise ?? 0,
      remaining_paise: b.remainingPaise,
      cancelled_paise: b.cancelledPaise ?? 0,
      matched_value: b.matchedValue ?? 0,
      placed_matched_paise: b.placedMatchedPaise ?? 0,
      placed_matched_value: b.placedMatchedValue ?? 0,
      persistence: b.persistence ?? 'LAPSE',
      end_reason: b.endReason ?? null,
      seq: b.seq,
      request_id: b.requestId,
    }));
    parts.push(sql`nb as (insert into ${bets} (bet_id, user_id, match_id, market_id, selection_id, side,
      price, size_paise, matched_paise, remaining_paise, cancelled_paise, matched_value,
      placed_matched_paise, placed_matched_value, persistence, end_reason, seq, request_id, placed_at,
      updated_at)
      select x.*, ${at}, ${at} from json_to_recordset(${json(rows)}) as x(bet_id bigint, user_id integer,
        match_id integer, market_id integer, selection_id integer, side text, price integer,
        size_paise bigint, matched_paise bigint, remaining_paise bigint, cancelled_paise bigint,
        matched_value bigint, placed_matched_paise bigint, placed_matched_value bigint,
        persistence text, end_reason text, seq bigint, request_id text))`);
  }
  if (w.deltas.length > 0) {
    const rows = w.deltas.map((d) => ({ id: d.betId, m: d.matched, val: d.value, c: d.cancelled, e: d.end }));
    parts.push(sql`ub as (update ${bets} as b set
      matched_paise = b.matched_paise + v.m,
      remaining_paise = b.remaining_paise - v.m - v.c,
      matched_value = b.matched_value + v.val,
      cancelled_paise = b.cancelled_paise + v.c,
      end_reason = coalesce(v.e, b.end_reason),
      updated_at = ${at}
      from json_to_recordset(${json(rows)}) as v(id bigint, m bigint, val bigint, c bigint, e text)
      where b.bet_id = v.id and b.bet_id = any(${idArray(rows.map((r) => r.id))}::bigint[]))`);
  }
  if (w.fills.length > 0) {
    const rows = w.fills.map((f) => ({
      market_id: f.marketId,
      selection_id: f.selectionId,
      price: f.price,
      size_paise: f.sizePaise,
      back_bet_id: f.backBetId,
      lay_bet_id: f.layBetId,
      back_user_id: f.backUserId,
      lay_user_id: f.layUserId,
      taker_bet_id: f.takerBetId,
    }));
    parts.push(sql`nf as (insert into ${fills} (market_id, selection_id, price, size_paise, back_bet_id,
      lay_bet_id, back_user_id, lay_user_id, taker_bet_id, created_at)
      select x.*, ${at} from json_to_recordset(${json(rows)}) as x(market_id integer,
        selection_id integer, price integer, size_paise bigint, back_bet_id bigint, lay_bet_id bigint,
        back_user_id integer, lay_user_id integer, taker_bet_id bigint))`);
  }
  if (w.traded.size > 0) {
    const rows = [...w.traded].map(([id, s]) => ({ id, s }));
    parts.push(sql`tr as (update ${runners} as r set traded_paise = r.traded_paise + v.s
      from json_to_recordset(${json(rows)}) as v(id integer, s bigint)
      where r.selection_id = v.id and r.selection_id = any(${idArray(rows.map((r) => r.id))}::integer[]))`);
  }
  const cashOuts = ws.flatMap((x) => x.cashOuts ?? []);
  if (cashOuts.length > 0) {
    const rows = cashOuts.map((c) => ({
      user_id: c.userId,
      request_id: c.requestId,
      market_id: ws.find((x) => x.cashOuts?.includes(c))!.marketId,
      profit_paise: c.first.profit_paise,
      bets: c.first.legs,
    }));
    parts.push(sql`co as (insert into ${exchangeCashOuts} (user_id, request_id, market_id, profit_paise,
      bets, created_at)
      select x.*, ${at} from json_to_recordset(${json(rows)}) as x(user_id integer, request_id text,
        market_id integer, profit_paise bigint, bets jsonb))`);
  }
  const held = new Map(ws.filter((x) => x.exposures.size > 0).map((x) => [x.marketId, x.exposures]));
  // The wallet owns the holds; its statement joins this batch's one round trip.
  if (held.size > 0) parts.push(holds.upsertManyCte(tx, 'ex', held, at));
  const seqs = ws.flatMap((x) => (x.nextSeq === null ? [] : [{ id: x.marketId, seq: x.nextSeq }]));
  const main =
    seqs.length === 0
      ? sql`select 1`
      : sql`update ${markets} as m set next_seq = v.seq
          from json_to_recordset(${json(seqs)}) as v(id integer, seq bigint)
          where m.market_id = v.id and m.market_id = any(${idArray(seqs.map((x) => x.id))}::integer[])`;
  if (parts.length === 0 && seqs.length === 0) return;
  const statement = parts.length === 0 ? main : sql`with ${sql.join(parts, sql`, `)} ${main}`;
  await tx.execute(opts.last ? lastStatement(statement) : statement);
}

/** What one market's batch asks of `batchReadsMany`. */
export type BatchReadRequest = {
  marketId: number;
  pairs: { userId: number; requestId: string }[];
  /** Fresh bet ids it needs. */
  ids: number;
};

export type BatchReads = Awaited<ReturnType<typeof batchReadsMany>>[number];

/**
 * What the batches of a round read once their market rows are locked, in one statement: the bets
 * already placed under each batch's (user, request_id) pairs, the markets' runners and each
 * batch's `ids` fresh bet ids; one answer per batch. With `walletUsers`, the same statement locks
 * those users' wallet rows for the round's grant (the wallet's `lockFreeRowsSql`: a row another
 * transaction holds is skipped) and every answer carries the users it locked (`walletsLocked`):
 * one statement fewer a round.
 */
export async function batchReadsMany(
  tx: Executor,
  requests: readonly BatchReadRequest[],
  walletUsers: readonly number[] = [],
) {
  const pairs = requests.flatMap((r) => r.pairs);
  const totalIds = requests.reduce((n, r) => n + r.ids, 0);
  const marketIds = requests.map((r) => r.marketId);
  // One probe of the unique (user_id, request_id) index per pair, whatever the table's statistics
  // say: the LIMIT keeps the lateral subquery from being flattened into a join that the planner
  // may run as a scan of every bet (it guesses json_to_recordset at 100 rows).
  // Every list comes as json, whose functions the planner guesses at 100 rows whatever the
  // values: so the plan costs the same at every call and PostgreSQL keeps its generic one (an
  // array's length, generate_series's bound are read from the values; each call was planned
  // again, 0.35–0.55 ms a round: docs/performance.md, "The round's reads planned once"). The
  // runners' OFFSET 0, like the LIMIT, keeps their probe of the market's index from becoming a join.
  const firstsSql =
    pairs.length === 0
      ? sql`'[]'::json`
      : sql`(select coalesce(json_agg(json_build_object('betId', b.bet_id, 'userId', b.user_id,
          'requestId', b.request_id, 'sizePaise', b.size_paise, 'placedMatchedPaise', b.placed_matched_paise,
          'placedMatchedValue', b.placed_matched_value)), '[]'::json)
          from json_to_recordset(${JSON.stringify(
            pairs.map((p) => ({ user_id: p.userId, request_id: p.requestId })),
          )}::json) as p(user_id integer, request_id text)
          cross join lateral (select * from ${bets} x
            where x.user_id = p.user_id and x.request_id = p.request_id limit 1) b)`;
  const walletsSql = walletUsers.length === 0 ? sql`null` : lockFreeRowsSql(walletUsers);
  const [row] = rowsOf<{ firsts: unknown; runners: unknown; ids: unknown; wallets: unknown }>(
    await tx.execute(sql`select ${firstsSql} as firsts, ${walletsSql} as wallets,
      (select coalesce(json_agg(json_build_object('marketId', r.market_id, 'selectionId', r.selection_id,
        'name', r.name, 'status', r.status, 'tradedPaise', r.traded_paise::text)
        order by r.market_id, r.sort_order, r.selection_id), '[]'::json)
        from json_array_elements_text(${JSON.stringify(marketIds)}::json) as m(market_id)
        cross join lateral (select * from ${runners} x where x.market_id = m.market_id::integer offset 0) r) as runners,
      (select coalesce(json_agg(nextval(pg_get_serial_sequence('bets', 'bet_id'))), '[]'::json)
        from json_array_elements(${JSON.stringify(new Array<number>(totalIds).fill(0))}::json)) as ids`),
  );
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const firsts = new Map<
    string,
    {
      betId: number;
      userId: number;
      requestId: string;
      sizePaise: number;
      placedMatchedPaise: number;
      placedMatchedValue: number;
    }
  >();
  for (const b of json<
    {
      betId: number;
      userId: number;
      requestId: string;
      sizePaise: number;
      placedMatchedPaise: number;
      placedMatchedValue: number;
    }[]
  >(row!.firsts)) {
    firsts.set(`${b.userId}:${b.requestId}`, {
      ...b,
      betId: Number(b.betId),
      sizePaise: Number(b.sizePaise),
      placedMatchedPaise: Number(b.placedMatchedPaise),
      placedMatchedValue: Number(b.placedMatchedValue),
    });
  }
  type RunnerRow = {
    selectionId: number;
    name: string;
    status: 'ACTIVE' | 'WINNER' | 'LOSER' | 'REMOVED';
    /** Traded volume before the batch (the round's image adds what it trades). */
    tradedPaise: number;
  };
  const runnersOf = new Map<number, RunnerRow[]>(marketIds.map((id) => [id, []]));
  for (const r of json<(Omit<RunnerRow, 'tradedPaise'> & { marketId: number; tradedPaise: string })[]>(
    row!.runners,
  )) {
    runnersOf.get(r.marketId)?.push({
      selectionId: r.selectionId,
      name: r.name,
      status: r.status,
      tradedPaise: Number(r.tradedPaise),
    });
  }
  const allIds = json<(number | string)[]>(row!.ids)
    .map(Number)
    .sort((a, b) => a - b);
  // Each market gets its own run of the fresh ids, in ascending order; the firsts are keyed by
  // (user, request id), which no two markets share.
  const walletsLocked = walletUsers.length === 0 ? undefined : lockedUsers(row!.wallets);
  let next = 0;
  return requests.map((r) => {
    const ids = allIds.slice(next, next + r.ids);
    next += r.ids;
    return { firsts, runners: runnersOf.get(r.marketId)!, ids, walletsLocked };
  });
}

/** The cash outs already placed under (user, request_id) pairs: their answers, keyed `user:request_id`. */
export async function cashOutFirsts(
  tx: Executor,
  pairs: readonly { userId: number; requestId: string }[],
): Promise<Map<string, FirstCashOut>> {
  const out = new Map<string, FirstCashOut>();
  if (pairs.length === 0) return out;
  const rows = await tx
    .select()
    .from(exchangeCashOuts)
    .where(
      or(
        ...pairs.map((p) =>
          and(eq(exchangeCashOuts.userId, p.userId), eq(exchangeCashOuts.requestId, p.requestId)),
        ),
      ),
    );
  for (const r of rows) {
    out.set(`${r.userId}:${r.requestId}`, { profit_paise: Number(r.profitPaise), legs: r.bets });
  }
  return out;
}

/** Whether a user has unmatched bets resting on a market. */
/** A user's resting bets on a market, by id (at most `limit`). */
export async function restingBetIds(
  tx: Executor,
  userId: number,
  marketId: number,
  limit: number,
): Promise<number[]> {
  const rows = await tx
    .select({ betId: bets.betId })
    .from(bets)
    .where(and(eq(bets.marketId, marketId), eq(bets.userId, userId), sql`${bets.resting}`))
    .orderBy(asc(bets.betId))
    .limit(limit);
  return rows.map((r) => r.betId);
}

export async function userHasResting(tx: Executor, userId: number, marketId: number): Promise<boolean> {
  const [row] = await tx
    .select({ betId: bets.betId })
    .from(bets)
    .where(and(eq(bets.marketId, marketId), eq(bets.userId, userId), sql`${bets.resting}`))
    .limit(1);
  return row !== undefined;
}

/**
 * Bets and fills that name a parent that is not there or not theirs, at most `limit`, in words
 * (the ledger check; the kind's `orphans`). The two tables carry no foreign keys (migration 0043):
 * the round checks each write before it is sent (batch.ts `assertRowsOfMarket`), and this reads
 * the store afterwards, independently of that code.
 */
export async function orphans(tx: Executor, limit: number): Promise<string[]> {
  const res = await tx.execute(sql`select problem from (
      select 'Bet ' || b.bet_id || case
          when u.user_id is null then ' names user ' || b.user_id || ', who is not there'
          when m.market_id is null then ' names market ' || b.market_id || ', which is not there'
          when m.match_id <> b.match_id then ' names match ' || b.match_id || ', not its market''s'
          else ' names runner ' || b.selection_id || ', not of its market' end as problem
        from ${bets} b
        left join ${users} u on u.user_id = b.user_id
        left join ${markets} m on m.market_id = b.market_id
        left join ${runners} r on r.selection_id = b.selection_id
        where u.user_id is null or m.market_id is null or m.match_id <> b.match_id
          or r.market_id is distinct from b.market_id
      union all
      select 'Fill ' || f.fill_id || ' names ' || case
          when bb.bet_id is null then 'back bet ' || f.back_bet_id || ', which is not there'
          when lb.bet_id is null then 'lay bet ' || f.lay_bet_id || ', which is not there'
          when tb.bet_id is null then 'taker bet ' || f.taker_bet_id || ', which is not there'
          else 'market ' || f.market_id || ', not its bets''' end
        from ${fills} f
        left join ${bets} bb on bb.bet_id = f.back_bet_id
        left join ${bets} lb on lb.bet_id = f.lay_bet_id
        left join ${bets} tb on tb.bet_id = f.taker_bet_id
        where bb.bet_id is null or lb.bet_id is null or tb.bet_id is null
          or bb.market_id <> f.market_id or lb.market_id <> f.market_id) o
    limit ${Math.max(0, Math.trunc(limit))}`);
  return (res as unknown as { rows: { problem: string }[] }).rows.map((r) => r.problem);
}
