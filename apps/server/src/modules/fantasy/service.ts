// Fantasy contests on the server (docs/fantasy.md): teams, joining with the entry fee through the
// ledger, points from the feed's scoreboard, the leaderboard, and the contest's end (prizes paid,
// or every fee refunded). Money: a fee goes from the user's cash to the house account FANTASY_POOL;
// at the end the pool pays the prizes and the rake goes to HOUSE_CASH, or the pool refunds every
// fee. Each transfer is idempotent on a key made of the entry or contest id.
import {
  FANTASY_CREDITS_MAX_TENTHS,
  FANTASY_ROLE_BANDS,
  FANTASY_SIDE_MAX,
  FANTASY_TEAM_SIZE,
  payout,
  splitPool,
  summarizeTeam,
  teamPointsHalves,
  teamRefusal,
  type FantasyPlayer,
} from '@backlay/engine';
import type {
  FantasyContest,
  FantasyLeaderboard,
  FantasyMyContests,
  FantasyPlayers,
  FantasyTeam,
} from '@backlay/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../account/schema.ts';
import { matches } from '../catalog/schema.ts';
import { markets } from '../markets/schema.ts';
import type { Executor } from '../../db/store.ts';
import { afterCommit } from '../../db/commit-hooks.ts';
import { checkFence, type Fence } from '../../plugins/leader.ts';
import { lockGameShares, writeGameShares } from '../shares/settle.ts';
import { HOUSE_CASH } from '../wallet/service.ts';
import { CONTEST_HORIZON_MS, contestWire, DEFAULT_CONTESTS, rupees } from './contests.ts';
import type { CricketPort, FantasyMatch } from './cricket-port.ts';
import { hasBegun, pointsOf, poolOf } from './players.ts';
import { fantasyContests, fantasyEntries, fantasyMatchPoints, fantasyTeams } from './schema.ts';
import type { Staker } from '../wallet/stake-gate.ts';

/** The house account that holds contest fees until the contest ends. */
export const FANTASY_POOL = 'FANTASY_POOL';
/** Teams one user may keep per match. */
export const TEAMS_PER_MATCH_MAX = 10;
/** Rows of a leaderboard (the caller's own rows are added below them). */
export const LEADERBOARD_ROWS_MAX = 100;
export const MY_CONTESTS_MAX = 200;
/** Contests listed at most. */
export const CONTESTS_LISTED_MAX = 300;

type Result<T> = { ok: true; value: T } | { ok: false; message: string };
const refused = (message: string) => ({ ok: false as const, message });

type ContestRow = typeof fantasyContests.$inferSelect;
type TeamRow = typeof fantasyTeams.$inferSelect;

/**
 * Each entrant's result in a settled contest (its prizes less its fees, over all its entries): what
 * its uplines' shares are split from (docs/hierarchy.md). Users in id order.
 */
export function entrantResults(
  entries: readonly { userId: number; prizePaise: number }[],
  feePaise: number,
): { userId: number; resultPaise: number }[] {
  const net = new Map<number, number>();
  for (const e of entries) net.set(e.userId, (net.get(e.userId) ?? 0) + e.prizePaise - feePaise);
  return [...net].sort(([a], [b]) => a - b).map(([userId, resultPaise]) => ({ userId, resultPaise }));
}

/** Each entrant's first entry in a contest: when its stake in it began. */
export function firstEntries(entries: readonly { userId: number; joinedAt: Date }[]) {
  const first = new Map<number, Date>();
  for (const e of entries) {
    const seen = first.get(e.userId);
    if (!seen || e.joinedAt < seen) first.set(e.userId, e.joinedAt);
  }
  return [...first].map(([userId, at]) => ({ userId, at }));
}

/** 'ab***' for someone else's login: enough to tell rows apart, not enough to find the user. */
export const maskName = (name: string) =>
  name.length <= 2 ? `${name[0] ?? ''}***` : `${name.slice(0, 2)}***`;

const halvesToPoints = (h: number) => h / 2;

/** Started: its scheduled start has passed, or it was turned in play, or a ball has been bowled. */
export const hasStarted = (m: FantasyMatch, now: Date): boolean =>
  m.starts_at <= now || m.in_play || hasBegun(m.score);

// Long because it is a factory: its inner functions, each short, share the contests' lock order and
// the points reader; the scoring and the payouts are pure (packages/engine).
export function createFantasyService(app: Pick<FastifyInstance, 'bus' | 'db' | 'wallet'>, port: CricketPort) {
  const db = app.db;

  async function nowIn(tx: Executor): Promise<Date> {
    const r = await tx.execute(sql`select now() as now`);
    return new Date((r as unknown as { rows: { now: string | Date }[] }).rows[0]!.now);
  }

  async function storedPoints(tx: Executor, match_id: number): Promise<Map<number, number>> {
    const [row] = await tx.select().from(fantasyMatchPoints).where(eq(fantasyMatchPoints.matchId, match_id));
    return new Map(Object.entries(row?.points ?? {}).map(([k, v]) => [Number(k), v]));
  }

  function teamWire(
    t: TeamRow,
    pool: readonly FantasyPlayer[],
    pts: Map<number, number>,
    locked: boolean,
  ): FantasyTeam {
    const pick = { player_ids: t.playerIds, captain_id: t.captainId, vice_captain_id: t.viceCaptainId };
    return {
      team_id: t.teamId,
      match_id: t.matchId,
      name: t.name,
      player_ids: t.playerIds,
      captain_id: t.captainId,
      vice_captain_id: t.viceCaptainId,
      credits_used: summarizeTeam(pool, t.playerIds).credits_tenths / 10,
      points: halvesToPoints(teamPointsHalves((id) => pts.get(id) ?? 0, pick)),
      locked,
    };
  }

  async function entryCounts(tx: Executor, ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await tx
      .select({ id: fantasyEntries.contestId, n: sql<string>`count(*)::text` })
      .from(fantasyEntries)
      .where(inArray(fantasyEntries.contestId, ids))
      .groupBy(fantasyEntries.contestId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  async function myTeamIds(tx: Executor, userId: number, ids: number[]): Promise<Map<number, number[]>> {
    if (ids.length === 0) return new Map();
    const rows = await tx
      .select({ id: fantasyEntries.contestId, teamId: fantasyEntries.teamId })
      .from(fantasyEntries)
      .where(and(eq(fantasyEntries.userId, userId), inArray(fantasyEntries.contestId, ids)))
      .orderBy(asc(fantasyEntries.entryId));
    const out = new Map<number, number[]>();
    for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), r.teamId]);
    return out;
  }

  async function wireMany(
    tx: Executor,
    userId: number | null,
    rows: ContestRow[],
  ): Promise<FantasyContest[]> {
    const ids = rows.map((c) => c.contestId);
    const [counts, mine, names] = await Promise.all([
      entryCounts(tx, ids),
      userId === null ? Promise.resolve(new Map<number, number[]>()) : myTeamIds(tx, userId, ids),
      matchNames(
        tx,
        rows.map((c) => c.matchId),
      ),
    ]);
    return rows.map((c) =>
      contestWire(
        c,
        names.get(c.matchId) ?? `Match ${c.matchId}`,
        counts.get(c.contestId) ?? 0,
        mine.get(c.contestId) ?? [],
      ),
    );
  }

  /** Match names from the catalog (read only), on the caller's executor (one connection on PGlite). */
  async function matchNames(ex: Executor, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await ex
      .select({ id: matches.matchId, name: matches.matchName })
      .from(matches)
      .where(inArray(matches.matchId, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  // ------------------------------------------------------------------ the bettor's calls

  async function contests(userId: number, match_id?: number): Promise<FantasyContest[]> {
    const rows = await db
      .select()
      .from(fantasyContests)
      .where(
        and(
          match_id === undefined ? undefined : eq(fantasyContests.matchId, match_id),
          sql`(${fantasyContests.state} in ('OPEN', 'LIVE') or ${fantasyContests.closedAt} > now() - interval '3 days')`,
        ),
      )
      .orderBy(asc(fantasyContests.startsAt), asc(fantasyContests.contestId))
      .limit(CONTESTS_LISTED_MAX);
    return wireMany(db, userId, rows);
  }

  async function players(userId: number, match_id: number): Promise<Result<FantasyPlayers>> {
    const m = await port.get(match_id);
    if (!m) return refused(`Unknown cricket match ${match_id}`);
    if (!m.elevens) return refused('The playing elevens of this match are not announced yet');
    const pool = poolOf(m.elevens);
    const pts = await storedPoints(db, match_id);
    const now = await nowIn(db);
    const locked = hasStarted(m, now);
    const teams = await db
      .select()
      .from(fantasyTeams)
      .where(and(eq(fantasyTeams.userId, userId), eq(fantasyTeams.matchId, match_id)))
      .orderBy(asc(fantasyTeams.teamId));
    return {
      ok: true,
      value: {
        match_id,
        match_name: m.match_name,
        teams: [m.teams[0], m.teams[1]],
        starts_at: m.starts_at.toISOString(),
        locked,
        players: pool.map((p) => ({
          player_id: p.player_id,
          name: p.name,
          side: p.side,
          team: m.teams[p.side],
          role: p.role,
          credits: p.credits_tenths / 10,
          points: pts.get(p.player_id) ?? 0,
        })),
        my_teams: teams.map((t) => teamWire(t, pool, pts, locked)),
        rules: {
          team_size: FANTASY_TEAM_SIZE,
          credits_max: FANTASY_CREDITS_MAX_TENTHS / 10,
          side_max: FANTASY_SIDE_MAX,
          roles: { ...FANTASY_ROLE_BANDS } as FantasyPlayers['rules']['roles'],
        },
        server_time: now.getTime(),
      },
    };
  }

  type SaveInput = {
    match_id: number;
    team_id?: number | undefined;
    player_ids: number[];
    captain_id: number;
    vice_captain_id: number;
  };

  async function saveTeam(userId: number, input: SaveInput): Promise<Result<FantasyTeam>> {
    const m = await port.get(input.match_id);
    if (!m) return refused(`Unknown cricket match ${input.match_id}`);
    if (!m.elevens) return refused('The playing elevens of this match are not announced yet');
    const pool = poolOf(m.elevens);
    const why = teamRefusal(pool, input, m.teams);
    if (why) return refused(why);
    return db.transaction(async (tx) => {
      // One save of this user's teams for this match at a time, whether or not they have a team
      // yet (a FOR UPDATE of their rows locks nothing before the first, and never the rows another
      // save is inserting): the next name and the ten-team cap are read after it.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`fantasy:teams:${userId}:${input.match_id}`}))`,
      );
      // The lock is the match's start by the store's clock (DESIGN.md §6).
      if (hasStarted(m, await nowIn(tx))) return refused('The match has started: teams are locked');
      const mine = await tx
        .select()
        .from(fantasyTeams)
        .where(and(eq(fantasyTeams.userId, userId), eq(fantasyTeams.matchId, input.match_id)))
        .orderBy(asc(fantasyTeams.teamId))
        .for('update');
      const values = {
        playerIds: input.player_ids,
        captainId: input.captain_id,
        viceCaptainId: input.vice_captain_id,
      };
      let row: TeamRow | undefined;
      if (input.team_id !== undefined) {
        if (!mine.some((t) => t.teamId === input.team_id))
          return refused(`You have no team ${input.team_id} for this match`);
        [row] = await tx
          .update(fantasyTeams)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(fantasyTeams.teamId, input.team_id))
          .returning();
      } else {
        if (mine.length >= TEAMS_PER_MATCH_MAX)
          return refused(`At most ${TEAMS_PER_MATCH_MAX} teams per match`);
        const used = new Set(mine.map((t) => t.name));
        let k = mine.length + 1;
        while (used.has(`Team ${k}`)) k += 1;
        [row] = await tx
          .insert(fantasyTeams)
          .values({ userId, matchId: input.match_id, name: `Team ${k}`, ...values })
          .returning();
      }
      return {
        ok: true as const,
        value: teamWire(row!, pool, await storedPoints(tx, input.match_id), false),
      };
    });
  }

  async function contestOf(tx: Executor, userId: number | null, c: ContestRow): Promise<FantasyContest> {
    return (await wireMany(tx, userId, [c]))[0]!;
  }

  async function join(
    userId: number,
    input: { contest_id: number; team_id: number; request_id: string },
    staker: Staker,
  ): Promise<Result<{ entry_id: number; contest: FantasyContest; repeated: boolean }>> {
    const r = await db.transaction(async (tx) => {
      // Lock order: the contest (as a market), then the user's wallet (DESIGN.md §6). Whether it
      // is still open is read here, by the store's clock, from the contest and from the match
      // itself: a start brought forward, or a match turned in play, closes it at once, not at the
      // runner's next pass.
      // (Qualified by hand: drizzle writes a one-table select's columns bare, which inside the
      // subquery would name the match's own column.)
      const contestMatch = sql`${fantasyContests}.${sql.identifier(fantasyContests.matchId.name)}`;
      const [c] = await tx
        .select({
          c: fantasyContests,
          open: sql<boolean>`now() < ${fantasyContests.startsAt} and coalesce((select now() < m.start_time
              and not m.in_play and not exists (select 1 from ${markets} k
                where k.match_id = m.match_id and k.in_play)
            from ${matches} m where m.match_id = ${contestMatch}), false)`,
          /** The match's sport: an entry counts under it for an upline's maximum stake. */
          sportId: sql<number>`(select m.sport_id from ${matches} m where m.match_id = ${contestMatch})`,
        })
        .from(fantasyContests)
        .where(eq(fantasyContests.contestId, input.contest_id))
        .for('update', { of: fantasyContests });
      if (!c) return refused(`Unknown contest ${input.contest_id}`);
      // The wallet row before anything is decided on the user's entries: every join of this user
      // (any contest) takes it before its entry is written, so the request_id read below sees every
      // entry committed before, and two joins with one request_id cannot both pass it.
      const fee = c.c.entryFeePaise;
      const stake = await app.wallet.lockStake(tx, userId, fee, staker, Number(c.sportId));
      if (stake === null) return refused('Unknown user');
      if (!stake.ok && (stake.reason === 'GATE' || stake.reason === 'STAKE_LIMIT'))
        return refused(stake.message);
      const [seen] = await tx
        .select()
        .from(fantasyEntries)
        .where(and(eq(fantasyEntries.userId, userId), eq(fantasyEntries.requestId, input.request_id)));
      if (seen) {
        if (seen.contestId !== input.contest_id || seen.teamId !== input.team_id)
          return refused('request_id was already used for another entry');
        return { ok: true as const, value: { entry_id: seen.entryId, c: c.c, repeated: true } };
      }
      if (c.c.state !== 'OPEN' || !c.open)
        return refused('The match has started: this contest is closed to new entries');
      const [team] = await tx
        .select()
        .from(fantasyTeams)
        .where(and(eq(fantasyTeams.teamId, input.team_id), eq(fantasyTeams.userId, userId)));
      if (!team) return refused(`You have no team ${input.team_id}`);
      if (team.matchId !== c.c.matchId) return refused(`${team.name} is for another match`);
      const counts = await entryCounts(tx, [c.c.contestId]);
      if ((counts.get(c.c.contestId) ?? 0) >= c.c.size) return refused('This contest is full');
      const [dup] = await tx
        .select({ id: fantasyEntries.entryId })
        .from(fantasyEntries)
        .where(and(eq(fantasyEntries.contestId, c.c.contestId), eq(fantasyEntries.teamId, team.teamId)));
      if (dup) return refused(`${team.name} is already in this contest`);
      // The stake gate's answer, read after the wallet's lock: the fee within the available balance
      // (balance less exposure holds and reservations) and within what the loss limit leaves.
      if (!stake.ok)
        return refused(
          stake.reason === 'BALANCE'
            ? `The entry fee of ₹${rupees(fee).toFixed(2)} is more than your available balance of ₹${rupees(stake.availablePaise).toFixed(2)}`
            : `The entry fee of ₹${rupees(fee).toFixed(2)} would go over your loss limit: ₹${rupees(stake.availablePaise).toFixed(2)} is left to stake`,
        );
      const [entry] = await tx
        .insert(fantasyEntries)
        .values({ contestId: c.c.contestId, userId, teamId: team.teamId, requestId: input.request_id })
        .returning();
      // The fee is a stake: moved with the gate's pass, nowhere else (wallet.takeStake).
      await app.wallet.takeStake(tx, stake.pass, {
        kind: 'fantasy_entry',
        houseCode: FANTASY_POOL,
        amountPaise: c.c.entryFeePaise,
        key: `fantasy-entry:${entry!.entryId}`,
        memo: `${c.c.name} · ${await matchName(tx, c.c.matchId)} (${team.name})`,
      });
      const contestId = c.c.contestId;
      afterCommit(tx, () => app.bus.publish('fantasy', { contest_id: contestId }));
      return { ok: true as const, value: { entry_id: entry!.entryId, c: c.c, repeated: false } };
    });
    if (!r.ok) return r;
    return {
      ok: true,
      value: {
        entry_id: r.value.entry_id,
        contest: await contestOf(db, userId, r.value.c),
        repeated: r.value.repeated,
      },
    };
  }

  async function matchName(ex: Executor, match_id: number): Promise<string> {
    return (await matchNames(ex, [match_id])).get(match_id) ?? `Match ${match_id}`;
  }

  async function userAccountId(tx: Executor, userId: number): Promise<number> {
    const res = await tx.execute(
      sql`select account_id from ledger_accounts where user_id = ${userId} and kind = 'user_cash'`,
    );
    const id = (res as unknown as { rows: { account_id: number }[] }).rows[0]?.account_id;
    if (id === undefined) throw new Error(`user ${userId} has no cash account`);
    return id;
  }

  type BoardEntry = {
    entry_id: number;
    user_id: number;
    user_name: string;
    team_name: string;
    points_halves: number;
    prize_paise: number | null;
    rank: number | null;
  };

  async function entriesOf(tx: Executor, contest_id: number): Promise<BoardEntry[]> {
    const rows = await tx
      .select({
        entry_id: fantasyEntries.entryId,
        user_id: fantasyEntries.userId,
        user_name: users.userName,
        team_name: fantasyTeams.name,
        points_halves: fantasyEntries.pointsHalves,
        prize_paise: fantasyEntries.prizePaise,
        rank: fantasyEntries.rank,
      })
      .from(fantasyEntries)
      .innerJoin(users, eq(users.userId, fantasyEntries.userId))
      .innerJoin(fantasyTeams, eq(fantasyTeams.teamId, fantasyEntries.teamId))
      .where(eq(fantasyEntries.contestId, contest_id));
    return rows;
  }

  /** Ranks and prizes: paid ones once SETTLED, otherwise what the places would pay now. */
  function ranked(c: ContestRow, es: BoardEntry[]) {
    const table = { rake_bp: c.rakeBp, shares_bp: c.sharesBp };
    const places = splitPool(table, c.entryFeePaise, es.length).place_prizes_paise;
    const results = payout(
      es.map((e) => ({ entry_id: e.entry_id, points_halves: e.points_halves, joined_seq: e.entry_id })),
      es.length >= c.minEntries ? places : [],
    );
    const byId = new Map(es.map((e) => [e.entry_id, e]));
    return results.map((r) => {
      const e = byId.get(r.entry_id)!;
      const settled = c.state === 'SETTLED' || c.state === 'REFUNDED';
      return {
        e,
        rank: settled && e.rank !== null ? e.rank : r.rank,
        prize_paise: settled ? (e.prize_paise ?? 0) : r.prize_paise,
      };
    });
  }

  async function leaderboard(userId: number | null, contest_id: number): Promise<Result<FantasyLeaderboard>> {
    const [c] = await db.select().from(fantasyContests).where(eq(fantasyContests.contestId, contest_id));
    if (!c) return refused(`Unknown contest ${contest_id}`);
    const [es, pts] = await Promise.all([
      entriesOf(db, contest_id),
      db
        .select({ seq: fantasyMatchPoints.seq })
        .from(fantasyMatchPoints)
        .where(eq(fantasyMatchPoints.matchId, c.matchId)),
    ]);
    const all = ranked(c, es).sort((a, b) => a.rank - b.rank || a.e.entry_id - b.e.entry_id);
    const top = all.slice(0, LEADERBOARD_ROWS_MAX);
    const mineBelow =
      userId === null ? [] : all.slice(LEADERBOARD_ROWS_MAX).filter((r) => r.e.user_id === userId);
    const rows = [...top, ...mineBelow].map((r) => ({
      entry_id: r.e.entry_id,
      rank: r.rank,
      user: r.e.user_id === userId ? r.e.user_name : maskName(r.e.user_name),
      team_name: r.e.team_name,
      points: halvesToPoints(r.e.points_halves),
      prize: rupees(r.prize_paise),
      mine: r.e.user_id === userId,
    }));
    return { ok: true, value: { contest: await contestOf(db, userId, c), rows, seq: pts[0]?.seq ?? 0 } };
  }

  async function myContests(userId: number): Promise<FantasyMyContests> {
    const mine = await db
      .select({ entry: fantasyEntries, team: fantasyTeams.name })
      .from(fantasyEntries)
      .innerJoin(fantasyTeams, eq(fantasyTeams.teamId, fantasyEntries.teamId))
      .where(eq(fantasyEntries.userId, userId))
      .orderBy(desc(fantasyEntries.entryId))
      .limit(MY_CONTESTS_MAX);
    const ids = [...new Set(mine.map((m) => m.entry.contestId))];
    if (ids.length === 0) return { entries: [] };
    const cs = await db.select().from(fantasyContests).where(inArray(fantasyContests.contestId, ids));
    const wires = new Map((await wireMany(db, userId, cs)).map((w) => [w.contest_id, w]));
    const rankings = new Map<number, Map<number, { rank: number; prize_paise: number }>>();
    for (const c of cs) {
      const r = ranked(c, await entriesOf(db, c.contestId));
      rankings.set(
        c.contestId,
        new Map(r.map((x) => [x.e.entry_id, { rank: x.rank, prize_paise: x.prize_paise }])),
      );
    }
    return {
      entries: mine.map((m) => {
        const r = rankings.get(m.entry.contestId)?.get(m.entry.entryId);
        const c = wires.get(m.entry.contestId)!;
        return {
          contest: c,
          entry_id: m.entry.entryId,
          team_id: m.entry.teamId,
          team_name: m.team,
          rank: c.state === 'REFUNDED' ? null : (r?.rank ?? null),
          points: halvesToPoints(m.entry.pointsHalves),
          prize: rupees(r?.prize_paise ?? 0),
        };
      }),
    };
  }

  // ------------------------------------------------------------------ the leader's work

  /** Makes the default contests for every match with elevens starting within the horizon. */
  async function ensureContests(ms: FantasyMatch[], now: Date): Promise<Date | null> {
    // An OPEN contest follows its match's start (a postponement, a start brought forward); a
    // match turned in play (or bowling) before its scheduled start has started now. Only the
    // contests whose start differs are written.
    const open = await db
      .selectDistinct({ matchId: fantasyContests.matchId, startsAt: fantasyContests.startsAt })
      .from(fantasyContests)
      .where(eq(fantasyContests.state, 'OPEN'))
      .limit(CONTESTS_LISTED_MAX);
    let soonest: Date | null = null;
    for (const o of open) {
      const m = ms.find((x) => x.match_id === o.matchId);
      const at = !m ? o.startsAt : hasStarted(m, now) && m.starts_at > now ? now : m.starts_at;
      if (soonest === null || at < soonest) soonest = at;
      if (!m || at.getTime() === o.startsAt.getTime()) continue;
      await db
        .update(fantasyContests)
        .set({ startsAt: at })
        .where(and(eq(fantasyContests.matchId, m.match_id), eq(fantasyContests.state, 'OPEN')));
    }
    // A match with OPEN contests has its contests (the insert would change nothing).
    const listed = new Set(open.map((o) => o.matchId));
    const due = ms.filter(
      (m) =>
        m.has_elevens &&
        !listed.has(m.match_id) &&
        !hasStarted(m, now) &&
        m.starts_at.getTime() - now.getTime() < CONTEST_HORIZON_MS,
    );
    if (due.length === 0) return soonest;
    await db
      .insert(fantasyContests)
      .values(
        due.flatMap((m) =>
          DEFAULT_CONTESTS.map((t) => ({
            matchId: m.match_id,
            name: t.name,
            entryFeePaise: t.entry_fee_paise,
            size: t.size,
            minEntries: t.min_entries,
            rakeBp: t.table.rake_bp,
            sharesBp: [...t.table.shares_bp],
            startsAt: m.starts_at,
          })),
        ),
      )
      .onConflictDoNothing();
    for (const m of due) if (soonest === null || m.starts_at < soonest) soonest = m.starts_at;
    return soonest;
  }

  /** Every fee of the contest back from the pool (abandoned, or short of its minimum). */
  async function refundLocked(tx: Executor, c: ContestRow, reason: string) {
    const es = await tx
      .select()
      .from(fantasyEntries)
      .where(eq(fantasyEntries.contestId, c.contestId))
      .orderBy(asc(fantasyEntries.userId));
    const pool = await app.wallet.houseAccount(tx, FANTASY_POOL);
    const name = await matchName(tx, c.matchId);
    for (const e of es) {
      await app.wallet.lockBalancePaise(tx, e.userId);
      await app.wallet.transfer(tx, {
        debitAccountId: pool,
        creditAccountId: await userAccountId(tx, e.userId),
        amountPaise: c.entryFeePaise,
        kind: 'fantasy_refund',
        idempotencyKey: `fantasy-refund:${e.entryId}`,
        memo: `${c.name} · ${name} — ${reason}`,
      });
    }
    await tx
      .update(fantasyEntries)
      .set({ prizePaise: 0, rank: null })
      .where(eq(fantasyEntries.contestId, c.contestId));
    await tx
      .update(fantasyContests)
      .set({ state: 'REFUNDED', refundReason: reason, closedAt: sql`now()` })
      .where(eq(fantasyContests.contestId, c.contestId));
  }

  /** Pays the prizes (ties split) and the rake from the pool; the contest is SETTLED. */
  async function settleLocked(tx: Executor, c: ContestRow) {
    const es = await tx.select().from(fantasyEntries).where(eq(fantasyEntries.contestId, c.contestId));
    const split = splitPool({ rake_bp: c.rakeBp, shares_bp: c.sharesBp }, c.entryFeePaise, es.length);
    const results = payout(
      es.map((e) => ({ entry_id: e.entryId, points_halves: e.pointsHalves, joined_seq: e.entryId })),
      split.place_prizes_paise,
    );
    const total = results.reduce((a, r) => a + r.prize_paise, 0);
    if (total + split.rake_paise !== split.fees_paise)
      throw new Error(`fantasy contest ${c.contestId}: prizes do not add up`);
    const byId = new Map(es.map((e) => [e.entryId, e]));
    // The wallets first, in user-id order (DESIGN §6): the prize winners' and every entrant's
    // uplines', who take their shares of the contest below, each chain as at the entrant's first
    // entry in the contest (a share changed since applies to entries made after the change).
    const winners = results.filter((r) => r.prize_paise > 0).map((r) => byId.get(r.entry_id)!.userId);
    const locked = await lockGameShares(tx, firstEntries(es), winners);
    const pool = await app.wallet.houseAccount(tx, FANTASY_POOL);
    const name = await matchName(tx, c.matchId);
    const ordered = [...results].sort((a, b) => byId.get(a.entry_id)!.userId - byId.get(b.entry_id)!.userId);
    for (const r of ordered) {
      const e = byId.get(r.entry_id)!;
      await tx
        .update(fantasyEntries)
        .set({ rank: r.rank, prizePaise: r.prize_paise })
        .where(eq(fantasyEntries.entryId, r.entry_id));
      if (r.prize_paise === 0) continue;
      await app.wallet.lockBalancePaise(tx, e.userId);
      await app.wallet.transfer(tx, {
        debitAccountId: pool,
        creditAccountId: await userAccountId(tx, e.userId),
        amountPaise: r.prize_paise,
        kind: 'fantasy_prize',
        idempotencyKey: `fantasy-prize:${r.entry_id}`,
        memo: `${c.name} · ${name} — rank ${r.rank}`,
      });
    }
    if (split.rake_paise > 0)
      await app.wallet.transfer(tx, {
        debitAccountId: pool,
        creditAccountId: await app.wallet.houseAccount(tx, HOUSE_CASH),
        amountPaise: split.rake_paise,
        kind: 'fantasy_rake',
        idempotencyKey: `fantasy-rake:${c.contestId}`,
        memo: `${c.name} · ${name}`,
      });
    // Each entrant's result (prizes less fees) shared up the tree. Against HOUSE_CASH, which took
    // the house's side of the contest (its rake): the pool only holds the fees of contests not
    // ended, and is empty of this one now.
    const prizes = results.map((r) => ({ userId: byId.get(r.entry_id)!.userId, prizePaise: r.prize_paise }));
    await writeGameShares(
      tx,
      app.wallet,
      {
        unit: `contest/${c.contestId}`,
        houseAccountId: await app.wallet.houseAccount(tx, HOUSE_CASH),
        memo: `Fantasy › ${c.name} · ${name}`,
      },
      entrantResults(prizes, c.entryFeePaise),
      locked,
    );
    await tx
      .update(fantasyContests)
      .set({ state: 'SETTLED', closedAt: sql`now()` })
      .where(eq(fantasyContests.contestId, c.contestId));
  }

  /** Runs `work` on the contest locked FOR UPDATE if it is still in one of `states`. */
  async function onContest(
    fence: Fence | null,
    contest_id: number,
    states: ContestRow['state'][],
    work: (tx: Executor, c: ContestRow) => Promise<void>,
  ) {
    await db.transaction(async (tx) => {
      if (fence) await checkFence(tx, fence);
      const [c] = await tx
        .select()
        .from(fantasyContests)
        .where(eq(fantasyContests.contestId, contest_id))
        .for('update');
      if (!c || !states.includes(c.state)) return;
      await work(tx, c);
      afterCommit(tx, () => app.bus.publish('fantasy', { contest_id }));
    });
  }

  /** At the start: a contest short of its minimum refunds every fee; the others go LIVE. */
  async function startDue(fence: Fence | null) {
    const due = await db
      .select({ id: fantasyContests.contestId })
      .from(fantasyContests)
      .where(and(eq(fantasyContests.state, 'OPEN'), sql`${fantasyContests.startsAt} <= now()`))
      .limit(CONTESTS_LISTED_MAX);
    for (const { id } of due) {
      await onContest(fence, id, ['OPEN'], async (tx, c) => {
        const n = (await entryCounts(tx, [id])).get(id) ?? 0;
        if (n < c.minEntries)
          await refundLocked(tx, c, `did not fill its minimum of ${c.minEntries} entries`);
        else await tx.update(fantasyContests).set({ state: 'LIVE' }).where(eq(fantasyContests.contestId, id));
      });
    }
  }

  /** The match's player points at the feed's new score, and every live entry's points from them. */
  async function updatePoints(fence: Fence | null, m: FantasyMatch, contestIds: number[]) {
    if (!m.elevens) return false;
    const pool = poolOf(m.elevens);
    const pts = pointsOf(pool, m.score);
    const changed = await db.transaction(async (tx) => {
      if (fence) await checkFence(tx, fence);
      const points = Object.fromEntries([...pts].map(([k, v]) => [String(k), v]));
      const up = await tx
        .insert(fantasyMatchPoints)
        .values({ matchId: m.match_id, seq: m.seq, points })
        .onConflictDoUpdate({
          target: fantasyMatchPoints.matchId,
          set: { seq: m.seq, points, updatedAt: sql`now()` },
          setWhere: sql`${fantasyMatchPoints.seq} < ${m.seq}`,
        })
        .returning({ seq: fantasyMatchPoints.seq });
      if (up.length === 0) return false;
      const teams = await tx
        .select({
          teamId: fantasyTeams.teamId,
          p: fantasyTeams.playerIds,
          c: fantasyTeams.captainId,
          v: fantasyTeams.viceCaptainId,
        })
        .from(fantasyTeams)
        .innerJoin(fantasyEntries, eq(fantasyEntries.teamId, fantasyTeams.teamId))
        .where(inArray(fantasyEntries.contestId, contestIds));
      const seen = new Set<number>();
      for (const t of teams) {
        if (seen.has(t.teamId)) continue;
        seen.add(t.teamId);
        const halves = teamPointsHalves((id) => pts.get(id) ?? 0, {
          player_ids: t.p,
          captain_id: t.c,
          vice_captain_id: t.v,
        });
        await tx
          .update(fantasyEntries)
          .set({ pointsHalves: halves })
          .where(and(eq(fantasyEntries.teamId, t.teamId), inArray(fantasyEntries.contestId, contestIds)));
      }
      return true;
    });
    if (changed) for (const id of contestIds) app.bus.publish('fantasy', { contest_id: id });
    return changed;
  }

  /**
   * The score each live match's points were last brought to (`fantasy_match_points.seq` is at
   * least this): a pass skips a match whose score has not moved since, instead of a fenced
   * transaction that would change nothing. A new leader starts empty and writes once.
   */
  const pointsAt = new Map<number, number>();

  /**
   * One pass of the leader: contests made, started, points moved, finished contests paid or
   * refunded. `busy`: a contest is live or starts within `soon_ms`; the runner passes again at
   * once then, less often otherwise.
   */
  async function step(fence: Fence | null, soon_ms = 0): Promise<{ busy: boolean }> {
    const ms = await port.list();
    const now = await nowIn(db);
    const soonest = await ensureContests(ms, now);
    await startDue(fence);
    const live = await db
      .select({ id: fantasyContests.contestId, matchId: fantasyContests.matchId })
      .from(fantasyContests)
      .where(eq(fantasyContests.state, 'LIVE'))
      .limit(CONTESTS_LISTED_MAX);
    const byMatch = new Map<number, number[]>();
    for (const c of live) byMatch.set(c.matchId, [...(byMatch.get(c.matchId) ?? []), c.id]);
    for (const [match_id, ids] of byMatch) {
      const m = ms.find((x) => x.match_id === match_id) ?? (await port.get(match_id));
      if (!m) continue;
      if (pointsAt.get(match_id) !== m.seq) {
        await updatePoints(fence, m, ids);
        pointsAt.set(match_id, m.seq);
      }
      if (m.score?.status !== 'COMPLETE') continue;
      const abandoned = Boolean(m.score.stopped) || m.score.result?.kind === 'NO_RESULT';
      for (const id of ids) {
        if (abandoned)
          await onContest(fence, id, ['LIVE'], (tx, c) => refundLocked(tx, c, 'match abandoned'));
        else await onContest(fence, id, ['LIVE'], settleLocked);
      }
    }
    for (const id of pointsAt.keys()) if (!byMatch.has(id)) pointsAt.delete(id);
    return { busy: byMatch.size > 0 || (soonest !== null && soonest.getTime() - now.getTime() <= soon_ms) };
  }

  return { contests, players, saveTeam, join, leaderboard, myContests, step };
}

export type FantasyService = ReturnType<typeof createFantasyService>;
