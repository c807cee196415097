// The console's Markets screen on the server: series, matches and markets listed for operators,
// one match with everything an operator needs about each market, and the creation and editing of
// series, matches and markets. Reads may join any module's tables (read-only, like reports and
// the ledger check); a new market's rows of its kind (bookmaker state and quotes, the fancy row)
// are written with it, as cricket/set-up.ts writes them at seed. Every later change of state goes
// through the kind's own service (exchange, bookmaker, fancy, settlement).
import {
  CONSOLE_PAGE_SIZE,
  type AdminMatch,
  type AdminMatchRow,
  type adminMarketCreateRequest,
  type adminMarketUpdateRequest,
  type adminMatchCreateRequest,
  type adminMatchesRequest,
  type adminMatchUpdateRequest,
  type ConsoleMarket,
  type MarketKind,
} from '@backlay/contract';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { matches, series, sports } from '../catalog/schema.ts';
import type { ConsoleSources } from './sources.ts';
import { markets, runners } from '../markets/schema.ts';
import { marketSettlements, marketVoids } from '../markets/schema.ts';
import { exposureHolds } from '../wallet/schema.ts';
import { afterCommit } from '../../db/commit-hooks.ts';
import type { Executor, Tx } from '../../db/store.ts';
import { likeEscape } from '../catalog/queries.ts';
import { insertMatch, insertSeries, updateMatchRow } from '../catalog/writes.ts';
import type { ConsoleDetails, KindRegistry } from '../markets/registry.ts';
import { createMarkets, editMarket, moveMarketStarts } from '../markets/lifecycle.ts';

type In<T extends z.ZodType> = z.output<T>;
type Result<T> = { ok: true; value: T } | { ok: false; message: string };

const rupees = (paise: number) => Math.round(paise) / 100;
const paiseOf = (r: number) => Math.round(r * 100);
const bpsOf = (percent: number) => Math.round(percent * 100);

/** Cricket's sport id (spec §9): only its matches carry the cricket details fancies need. */
const CRICKET_SPORT_ID = 4;

function rowsOf<T>(r: unknown): T[] {
  return (r as { rows: T[] }).rows;
}

// ---------------------------------------------------------------- lists

/** The SQL condition a match's markets meet for the list's status filter. */
function statusCondition(status: NonNullable<In<typeof adminMatchesRequest>['status']>): SQL {
  const settled = sql`exists (select 1 from ${marketSettlements} ms where ms.market_id = k.market_id and ms.state = 'SETTLED')`;
  switch (status) {
    case 'IN_PLAY':
      return sql`k.in_play and k.status in ('OPEN', 'SUSPENDED')`;
    case 'UNSETTLED':
      return sql`k.status = 'CLOSED' and not ${settled}`;
    case 'SETTLED':
      return settled;
    default:
      return sql`k.status = ${status} and not ${settled}`;
  }
}

export async function listMatches(
  app: Pick<FastifyInstance, 'clock' | 'db'>,
  q: In<typeof adminMatchesRequest>,
) {
  const db = app.db;
  const now = app.clock.now();
  const where: SQL[] = [sql`true`];
  if (q.search) {
    const like = `%${likeEscape(q.search)}%`;
    where.push(
      sql`(m.match_name ilike ${like} or sr.name ilike ${like} or s.name ilike ${like} or m.match_id::text = ${q.search})`,
    );
  }
  if (q.sport_id !== undefined) where.push(sql`m.sport_id = ${q.sport_id}`);
  if (q.series_id !== undefined) where.push(sql`m.series_id = ${q.series_id}`);
  if (q.status !== undefined) {
    where.push(
      sql`exists (select 1 from ${markets} k where k.match_id = m.match_id and ${statusCondition(q.status)})`,
    );
  }
  const cond = sql.join(where, sql` and `);
  const from = sql`from ${matches} m join ${series} sr on sr.series_id = m.series_id join ${sports} s on s.sport_id = m.sport_id where ${cond}`;
  const [countRows, pageRows] = await Promise.all([
    db.execute(sql`select count(*)::int as n ${from}`),
    db.execute(sql`select m.match_id, m.match_name, m.sport_id, s.name as sport_name, m.series_id,
        sr.name as series_name, m.start_time, m.in_play, m.is_active
      ${from}
      order by m.in_play desc, abs(extract(epoch from (m.start_time - ${now.toISOString()}::timestamptz))) asc, m.match_id
      limit ${CONSOLE_PAGE_SIZE} offset ${(q.page - 1) * CONSOLE_PAGE_SIZE}`),
  ]);
  type Row = {
    match_id: number;
    match_name: string;
    sport_id: number;
    sport_name: string;
    series_id: number;
    series_name: string;
    start_time: string | Date;
    in_play: boolean;
    is_active: boolean;
  };
  const list = rowsOf<Row>(pageRows);
  const ids = list.map((r) => r.match_id);
  const marketRows =
    ids.length === 0
      ? []
      : await db
          .select({
            marketId: markets.marketId,
            matchId: markets.matchId,
            marketName: markets.marketName,
            kind: markets.marketKind,
            status: markets.status,
            inPlay: markets.inPlay,
            settlement: marketSettlements.state,
          })
          .from(markets)
          .leftJoin(marketSettlements, eq(marketSettlements.marketId, markets.marketId))
          .where(inArray(markets.matchId, ids))
          .orderBy(asc(markets.marketId));
  const rows: AdminMatchRow[] = list.map((r) => ({
    match_id: r.match_id,
    match_name: r.match_name,
    sport_id: r.sport_id,
    sport_name: r.sport_name,
    series_id: r.series_id,
    series_name: r.series_name,
    start_time: new Date(r.start_time).toISOString(),
    in_play: r.in_play,
    is_active: r.is_active,
    markets: marketRows
      .filter((k) => k.matchId === r.match_id)
      .map((k) => ({
        market_id: k.marketId,
        market_name: k.marketName,
        kind: k.kind,
        status: k.status,
        in_play: k.inPlay,
        settlement: k.settlement ?? 'OPEN',
      })),
  }));
  return {
    rows,
    page: q.page,
    page_size: CONSOLE_PAGE_SIZE,
    total: Number(rowsOf<{ n: number }>(countRows)[0]?.n ?? 0),
  };
}

export async function listSeries(db: Executor, sportId?: number) {
  const rows = await db
    .select({
      series_id: series.seriesId,
      name: series.name,
      sport_id: series.sportId,
      sport_name: sports.name,
      is_active: series.isActive,
      matches: sql<number>`(select count(*)::int from ${matches} m where m.series_id = ${series.seriesId})`,
    })
    .from(series)
    .innerJoin(sports, eq(sports.sportId, series.sportId))
    .where(sportId === undefined ? undefined : eq(series.sportId, sportId))
    .orderBy(asc(sports.sortOrder), asc(series.sortOrder), asc(series.seriesId));
  return { rows: rows.map((r) => ({ ...r, matches: Number(r.matches) })) };
}

// ---------------------------------------------------------------- one match

/** Per market: bets of any status, the stake matched or taken (its kind's figures) and Σ exposure held. */
async function marketFigures(
  db: Executor,
  kinds: KindRegistry,
  ms: readonly { marketId: number; marketKind: MarketKind }[],
) {
  const figures = new Map<number, { bets: number; matchedPaise: number; exposurePaise: number }>();
  for (const k of ms) figures.set(k.marketId, { bets: 0, matchedPaise: 0, exposurePaise: 0 });
  if (ms.length === 0) return figures;
  const ids = ms.map((k) => k.marketId);
  const [byKind, held] = await Promise.all([
    Promise.all(
      [...new Set(ms.map((k) => k.marketKind))].map((kind) =>
        kinds.of(kind).consoleFigures(
          db,
          ms.filter((k) => k.marketKind === kind).map((k) => k.marketId),
        ),
      ),
    ),
    db
      .select({ id: exposureHolds.marketId, paise: sql<string>`sum(${exposureHolds.exposurePaise})::text` })
      .from(exposureHolds)
      .where(inArray(exposureHolds.marketId, ids))
      .groupBy(exposureHolds.marketId),
  ]);
  for (const m of byKind) {
    for (const [id, r] of m) {
      const f = figures.get(id);
      if (!f) continue;
      f.bets += r.bets;
      f.matchedPaise += r.stakePaise;
    }
  }
  for (const r of held) figures.get(r.id)!.exposurePaise = Number(r.paise ?? 0);
  return figures;
}

/** Each market's own state as its kind shows it to the console (bookmaker rates, a fancy's line). */
async function kindDetails(
  db: Executor,
  kinds: KindRegistry,
  ms: readonly { marketId: number; marketKind: MarketKind }[],
) {
  const out = new Map<number, ConsoleDetails>();
  const parts = await Promise.all(
    [...new Set(ms.map((k) => k.marketKind))].map(
      (kind) =>
        kinds.of(kind).consoleDetails?.(
          db,
          ms.filter((k) => k.marketKind === kind).map((k) => k.marketId),
        ) ?? new Map<number, ConsoleDetails>(),
    ),
  );
  for (const m of parts) for (const [id, d] of m) out.set(id, d);
  return out;
}

// Long because it reads a match's console view in a few set-based queries and assembles them.
export async function matchView(
  db: Executor,
  kinds: KindRegistry,
  sources: ConsoleSources,
  matchId: number,
): Promise<AdminMatch | null> {
  const [m] = await db
    .select({ match: matches, sportName: sports.name, seriesName: series.name })
    .from(matches)
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .innerJoin(series, eq(series.seriesId, matches.seriesId))
    .where(eq(matches.matchId, matchId));
  if (!m) return null;
  const sport = await sources.matchDetailOf(db, matchId);
  const ms = await db
    .select()
    .from(markets)
    .where(and(eq(markets.matchId, matchId), inArray(markets.marketKind, kinds.listedKinds())))
    .orderBy(asc(markets.marketId));
  const ids = ms.map((k) => k.marketId);
  const [rs, settlements, voids, details, figures] =
    ids.length === 0
      ? [[], [], [], new Map<number, ConsoleDetails>(), new Map()]
      : await Promise.all([
          db
            .select()
            .from(runners)
            .where(inArray(runners.marketId, ids))
            .orderBy(asc(runners.marketId), asc(runners.sortOrder)),
          db.select().from(marketSettlements).where(inArray(marketSettlements.marketId, ids)),
          db
            .select()
            .from(marketVoids)
            .where(inArray(marketVoids.marketId, ids))
            .orderBy(asc(marketVoids.voidId)),
          kindDetails(db, kinds, ms),
          marketFigures(db, kinds, ms),
        ]);
  const out: ConsoleMarket[] = ms.map((k) => {
    const s = settlements.find((x) => x.marketId === k.marketId);
    const result = s?.result ?? null;
    const v = voids.filter((x) => x.marketId === k.marketId);
    const d = details.get(k.marketId);
    const fig = figures.get(k.marketId) ?? { bets: 0, matchedPaise: 0, exposurePaise: 0 };
    return {
      market_id: k.marketId,
      market_name: k.marketName,
      market_type: k.marketType,
      kind: k.marketKind,
      status: k.status,
      in_play: k.inPlay,
      bet_delay_s: k.betDelayS,
      min_stake: rupees(k.minStakePaise),
      max_stake: rupees(k.maxStakePaise),
      commission_percent: k.commissionBps / 100,
      start_time: k.startTime.toISOString(),
      version: k.version,
      settlement: {
        state: s?.state ?? 'OPEN',
        generation: s?.generation ?? 0,
        winners: result && 'winners' in result ? result.winners : [],
        result_value: result && 'value' in result ? result.value : null,
        dead_heat_count: result?.dead_heat_count ?? 1,
        void_market: s?.voidMarket ?? false,
        void_selections: v.filter((x) => x.kind === 'SELECTION').map((x) => x.selectionId!),
        void_windows: v
          .filter((x) => x.kind === 'WINDOW')
          .map((x) => ({ from: x.fromAt!.toISOString(), to: x.toAt!.toISOString() })),
        void_bets: v.filter((x) => x.kind === 'BET').map((x) => x.betId!),
      },
      bets: fig.bets,
      matched: rupees(fig.matchedPaise),
      exposure: rupees(fig.exposurePaise),
      runners: rs
        .filter((r) => r.marketId === k.marketId)
        .map((r) => ({
          selection_id: r.selectionId,
          name: r.name,
          status: r.status,
          sort_order: r.sortOrder,
          back_rate: d?.rates?.get(r.selectionId)?.back ?? null,
          lay_rate: d?.rates?.get(r.selectionId)?.lay ?? null,
        })),
      bookmaker: d?.bookmaker ?? null,
      fancy: d?.fancy ?? null,
    };
  });
  return {
    match_id: m.match.matchId,
    match_name: m.match.matchName,
    sport_id: m.match.sportId,
    sport_name: m.sportName,
    series_id: m.match.seriesId,
    series_name: m.seriesName,
    country: m.match.country,
    venue: m.match.venue,
    start_time: m.match.startTime.toISOString(),
    open_date: m.match.openDate.toISOString(),
    in_play: m.match.inPlay,
    is_active: m.match.isActive,
    cricket: sport.cricket ?? null,
    markets: out,
  };
}

// ---------------------------------------------------------------- changes

export async function createSeries(
  app: Pick<FastifyInstance, 'db'>,
  sportId: number,
  name: string,
): Promise<Result<number>> {
  const [sport] = await app.db.select().from(sports).where(eq(sports.sportId, sportId));
  if (!sport) return { ok: false, message: `Unknown sport ${sportId}` };
  const [dup] = await app.db
    .select({ id: series.seriesId })
    .from(series)
    .where(and(eq(series.sportId, sportId), sql`lower(${series.name}) = lower(${name})`));
  if (dup) return { ok: false, message: `${sport.name} already has a series named ${name}` };
  return { ok: true, value: await insertSeries(app.db, sportId, name) };
}

type MarketInput = Omit<In<typeof adminMarketCreateRequest>, 'match_id' | 'request_id'>;
type MatchRowOf = typeof matches.$inferSelect;

/**
 * Inserts a market of any kind with its runners (for a kind that has them) in the caller's
 * transaction; the kind writes its own rows beside them (registry.ts `createRows`).
 */
async function insertMarket(
  tx: Tx,
  kinds: KindRegistry,
  match: MatchRowOf,
  input: MarketInput,
  at: Date,
): Promise<Result<number>> {
  const kind = kinds.of(input.kind);
  const houseQuoted = kind.pricing === 'HOUSE';
  const [market] = await createMarkets(tx, [
    {
      matchId: match.matchId,
      marketName: input.market_name,
      marketType: kind.defaultMarketType,
      marketKind: kind.kind,
      // A new exchange market waits INACTIVE until an operator opens it; a house-quoted one is
      // SUSPENDED (its own status), to be quoted and set ACTIVE.
      status: houseQuoted ? 'SUSPENDED' : 'INACTIVE',
      inPlay: match.inPlay,
      betDelayS: input.bet_delay_s,
      minStakePaise: paiseOf(input.min_stake),
      maxStakePaise: paiseOf(input.max_stake),
      commissionBps: bpsOf(input.commission_percent ?? (houseQuoted ? 0 : 2)),
      startTime: input.start_time ? new Date(input.start_time) : match.startTime,
      ...(kind.hasRunners && input.runners ? { runners: input.runners } : {}),
    },
  ]);
  const marketId = market!.marketId;
  const rs = market!.selectionIds.map((selectionId) => ({ selectionId }));
  const refused = await kind.createRows({
    tx,
    marketId,
    matchId: match.matchId,
    selectionIds: rs.map((r) => r.selectionId),
    fancy: input.fancy,
    at,
  });
  if (refused !== null) return { ok: false, message: refused };
  return { ok: true, value: marketId };
}

/** Thrown inside a transaction to roll it back with a refusal. */
class Refused extends Error {}

async function inTx<T>(
  app: Pick<FastifyInstance, 'db'>,
  fn: (tx: Tx) => Promise<Result<T>>,
): Promise<Result<T>> {
  try {
    return await app.db.transaction(async (tx) => {
      const r = await fn(tx);
      if (!r.ok) throw new Refused(r.message);
      return r;
    });
  } catch (err) {
    if (err instanceof Refused) return { ok: false, message: err.message };
    throw err;
  }
}

export async function createMatch(
  app: Pick<FastifyInstance, 'clock' | 'cricket' | 'db' | 'kinds'>,
  input: In<typeof adminMatchCreateRequest>,
): Promise<Result<{ match_id: number; market_id: number | null }>> {
  const [sr] = await app.db.select().from(series).where(eq(series.seriesId, input.series_id));
  if (!sr) return { ok: false, message: `Unknown series ${input.series_id}` };
  if (input.cricket && sr.sportId !== CRICKET_SPORT_ID) {
    return { ok: false, message: 'Cricket details are for cricket matches only' };
  }
  let teams: [string, string] | null = null;
  if (input.cricket) {
    const given = input.cricket.teams;
    const split = input.match_name.split(/\s+v(?:s|\.)?\s+/i);
    if (given) teams = [given[0]!, given[1]!];
    else if (split.length === 2 && split[0] && split[1]) teams = [split[0].trim(), split[1].trim()];
    else return { ok: false, message: 'Name the two teams (or call the match "Team A v Team B")' };
  }
  const at = app.clock.now();
  return inTx(app, async (tx) => {
    const start = new Date(input.start_time);
    const match = await insertMatch(tx, {
      seriesId: sr.seriesId,
      sportId: sr.sportId,
      matchName: input.match_name,
      country: input.country ?? null,
      venue: input.venue ? input.venue : null,
      startTime: start,
      openDate: at,
    });
    if (input.cricket && teams) {
      await app.cricket.insertMatch(tx, {
        matchId: match.matchId,
        format: input.cricket.format,
        competition: input.cricket.competition,
        teams,
      });
    }
    let marketId: number | null = null;
    if (input.market) {
      const r = await insertMarket(tx, app.kinds, match!, input.market, at);
      if (!r.ok) return r;
      marketId = r.value;
    }
    return { ok: true, value: { match_id: match.matchId, market_id: marketId } };
  });
}

export async function updateMatch(
  app: Pick<FastifyInstance, 'db'>,
  input: In<typeof adminMatchUpdateRequest>,
): Promise<Result<number>> {
  return inTx(app, async (tx) => {
    const [m] = await tx.select().from(matches).where(eq(matches.matchId, input.match_id)).for('update');
    if (!m) return { ok: false, message: `Unknown match ${input.match_id}` };
    const start = input.start_time === undefined ? undefined : new Date(input.start_time);
    await updateMatchRow(tx, m.matchId, {
      ...(input.match_name === undefined ? {} : { matchName: input.match_name }),
      ...(start === undefined ? {} : { startTime: start }),
      ...(input.country === undefined ? {} : { country: input.country }),
      ...(input.venue === undefined ? {} : { venue: input.venue === '' ? null : input.venue }),
      ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
    });
    // The markets that started with the match move with it; a market given its own time keeps it.
    if (start !== undefined && start.getTime() !== m.startTime.getTime()) {
      await moveMarketStarts(tx, m.matchId, m.startTime, start);
    }
    return { ok: true, value: m.matchId };
  });
}

export async function createMarket(
  app: Pick<FastifyInstance, 'bus' | 'clock' | 'db' | 'kinds'>,
  input: In<typeof adminMarketCreateRequest>,
): Promise<Result<number>> {
  const at = app.clock.now();
  return inTx(app, async (tx) => {
    const [m] = await tx.select().from(matches).where(eq(matches.matchId, input.match_id));
    if (!m) return { ok: false, message: `Unknown match ${input.match_id}` };
    const r = await insertMarket(tx, app.kinds, m, input, at);
    // Every node forgets that the id was unknown (a socket may have asked for it already).
    if (r.ok) afterCommit(tx, () => app.bus.publish('market', { market_id: r.value }));
    return r;
  });
}

/**
 * Edits a market's terms. Name and start time at any time. Bet delay, stakes, commission and
 * runners only while the market takes no bets (not OPEN): a bettor never has a bet judged by terms
 * that changed while it was on its way, and the exchange reads the market row afresh for a market
 * that is not open. New runners only before the first bet (every position would change).
 * Commission not once settled (unsettle first). Moves the market's version and its sequence, so
 * any state a node keeps of it is read again.
 */
export async function updateMarket(
  app: Pick<FastifyInstance, 'bus' | 'clock' | 'db' | 'kinds'>,
  input: In<typeof adminMarketUpdateRequest>,
): Promise<Result<number>> {
  return inTx(app, async (tx) => {
    const [k] = await tx.select().from(markets).where(eq(markets.marketId, input.market_id)).for('update');
    if (!k) return { ok: false, message: `Unknown market ${input.market_id}` };
    const terms =
      input.bet_delay_s !== undefined ||
      input.min_stake !== undefined ||
      input.max_stake !== undefined ||
      input.commission_percent !== undefined ||
      input.runners !== undefined ||
      input.add_runners !== undefined;
    if (terms && k.status === 'OPEN') {
      return { ok: false, message: 'Suspend the market before changing its terms or runners' };
    }
    const min = input.min_stake === undefined ? k.minStakePaise : paiseOf(input.min_stake);
    const max = input.max_stake === undefined ? k.maxStakePaise : paiseOf(input.max_stake);
    if (min > max) return { ok: false, message: 'min_stake must not be above max_stake' };
    if (input.commission_percent !== undefined) {
      const [s] = await tx.select().from(marketSettlements).where(eq(marketSettlements.marketId, k.marketId));
      if (s?.state === 'SETTLED' && bpsOf(input.commission_percent) !== k.commissionBps) {
        return { ok: false, message: 'The market is settled; unsettle it before changing its commission' };
      }
    }
    const kind = app.kinds.of(k.marketKind);
    if ((input.runners || input.add_runners) && !kind.hasRunners) {
      return { ok: false, message: `Market ${k.marketId} (${k.marketName}) has no runners` };
    }
    const existing = await tx.select().from(runners).where(eq(runners.marketId, k.marketId));
    if (input.runners) {
      for (const r of input.runners) {
        if (!existing.some((e) => e.selectionId === r.selection_id)) {
          return { ok: false, message: `Runner ${r.selection_id} is not in market ${k.marketId}` };
        }
      }
    }
    if (input.add_runners) {
      // Every user's position would change: only while nobody has a bet of any status on it.
      if ((await kind.usersWithBets(tx, k.marketId)).length > 0)
        return { ok: false, message: 'Runners can be added only before the first bet' };
      if (existing.length + input.add_runners.length > 20) {
        return { ok: false, message: 'A market may have at most 20 runners' };
      }
    }
    const names = new Map(existing.map((e) => [e.selectionId, e.name]));
    for (const r of input.runners ?? []) names.set(r.selection_id, r.name);
    const all = [...names.values(), ...(input.add_runners ?? [])].map((n) => n.toLowerCase());
    if (new Set(all).size !== all.length) return { ok: false, message: 'runner names must differ' };

    const added = await editMarket(tx, k.marketId, {
      terms: {
        ...(input.market_name === undefined ? {} : { marketName: input.market_name }),
        ...(input.start_time === undefined ? {} : { startTime: new Date(input.start_time) }),
        ...(input.bet_delay_s === undefined ? {} : { betDelayS: input.bet_delay_s }),
        minStakePaise: min,
        maxStakePaise: max,
        ...(input.commission_percent === undefined ? {} : { commissionBps: bpsOf(input.commission_percent) }),
      },
      rename: (input.runners ?? []).map((r) => ({ selectionId: r.selection_id, name: r.name })),
      ...(input.add_runners
        ? {
            add: {
              names: input.add_runners,
              firstSortOrder: existing.reduce((mx, e) => Math.max(mx, e.sortOrder), -1) + 1,
            },
          }
        : {}),
    });
    if (input.add_runners) await kind.runnersAdded?.(tx, k.marketId, added, app.clock.now());
    // The same path a bet's change takes: every node reads the market again and pushes what its
    // sockets see change (a new version, a new runner).
    afterCommit(tx, () => app.bus.publish('market', { market_id: k.marketId }));
    return { ok: true, value: k.matchId };
  });
}
