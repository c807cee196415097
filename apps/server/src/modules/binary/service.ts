// Binary sessions (issue 24, docs/binary.md). Each instrument is a match of sport −17; each of its
// trading days is a session: a BINARY-kind market (binary-kind.ts on the market-kind seam) whose
// line pair, kept on its binary_sessions row, follows the feed's price. Its bets (bets.ts, the
// binary_bets table), holds, refusals ("Line changed", limits, balance), idempotency and
// settlement use the fancy ARITHMETIC (packages/engine binary) on price levels in hundredths;
// nothing here touches the fancy module or its tables. This file keeps the hours by the server's
// clock in India time (the binary clock: app.clock, or a fast one), the calendar, the ticks, the
// line moves and the settlement price (the session's last feed price or the operator's figure).
import type {
  AdminBinarySession,
  BinaryBoard,
  BinaryHoliday,
  BinaryInstrument,
  BinaryInstrumentHead,
  BinaryLine,
} from '@backlay/contract';
import {
  BINARY_GROUP_NAMES,
  BINARY_INSTRUMENTS,
  binaryBook,
  binaryExposurePaise,
  binaryInstrument,
  binaryLinePair,
  binaryPhase,
  binaryResult,
  groupHours,
  istDay,
  addDays,
  sessionBounds,
  toHundredths,
  type BinaryGroup,
  type BinaryInstrumentSpec,
  type BinaryPhase,
  type HolidayOf,
} from '@backlay/engine';
import type { FeedTick } from '@backlay/feed';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { markets } from '../markets/schema.ts';
import { marketSettlements } from '../markets/schema.ts';
import type { Executor, Tx } from '../../db/store.ts';
import { checkFence, type Fence } from '../../plugins/leader.ts';
import { fromHundredths, toBinaryBet, toEngineBet } from './bet-rows.ts';
import { createBinaryBets, storedBet, type BinaryPlaceOutcome } from './bets.ts';
import { closeSessionMarket } from './close.ts';
import { BINARY_KIND } from './kind.ts';
import { binaryBets, binaryHolidays, binaryInstruments, binarySessions, binaryTicks } from './schema.ts';
import type { Staker } from '../wallet/stake-gate.ts';
import { createMarkets, kindLineMoved } from '../markets/lifecycle.ts';

/** The catalog sport of the instruments (seeded by seed/seed.ts as 'Binary'). */
export const BINARY_SPORT_ID = -17;
export const BINARY_SERIES_NAME = 'Binary';
/** A session's market_type (its kind is BINARY). */
export const BINARY_MARKET_TYPE = 'BINARY';
/** A session's limits (rupees 100 … 50,000 a bet, 2,00,000 per user per session). */
export const BINARY_MIN_STAKE_PAISE = 10_000;
export const BINARY_MAX_STAKE_PAISE = 5_000_000;
export const BINARY_MAX_USER_STAKE_PAISE = 20_000_000;
/** A tick is stored for the chart at most this often per session (binary-clock ms). */
export const BINARY_TICK_STORE_MS = 5_000;
/** The chart's ticks: at most this many, thinned evenly beyond. */
export const BINARY_CHART_MAX = 2_000;
/** Ticks of sessions that closed more than this long ago are pruned (binary-clock ms). */
export const BINARY_TICK_KEEP_MS = 3 * 86_400_000;

type SessionRow = typeof binarySessions.$inferSelect;
type Instrument = { matchId: number; spec: BinaryInstrumentSpec };

const toCents = (price: number) => Math.round(price * 100);
const fromCents = (c: number | null) => (c === null ? null : fromHundredths(c));
const rupees = (paise: number) => Math.round(paise) / 100;

export type BinaryClock = { now(): Date };

export type PlaceBinary = {
  match_id: number;
  line: number;
  is_yes: boolean;
  rate: number;
  stake_paise: number;
  request_id: string;
};

export type BinaryOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * `clock_speed`: binary-clock ms per real ms (BINARY_CLOCK_SPEED), sent with every head so a
 * client's countdown runs at the binary clock's pace.
 * Long because it is a factory: its inner functions, each short, share the instruments, the
 * calendar cache and the session lines; bets (bets.ts), the kind (binary-kind.ts) and the feed
 * (feed.ts) are units of their own.
 */
export function createBinaryService(
  app: Pick<
    FastifyInstance,
    'bus' | 'catalog' | 'clock' | 'db' | 'leader' | 'log' | 'metrics' | 'settlement' | 'wallet'
  >,
  clock: BinaryClock,
  clock_speed = 1,
) {
  const db = app.db;
  const now = () => clock.now();
  const bets = createBinaryBets(app);

  // ---- the calendar ----

  /**
   * The calendar as last read (refreshHolidays): what the running random walk asks each step, so
   * an edit reaches it on the runner's next step (the feed's calls are synchronous).
   */
  let holidayCache: HolidayOf = () => null;
  let holidayStamp = '';
  /** Reads the calendar again; whether it changed since the last read. */
  async function refreshHolidays(): Promise<boolean> {
    const { of, stamp } = await readHolidays();
    holidayCache = of;
    const changed = stamp !== holidayStamp;
    holidayStamp = stamp;
    return changed;
  }
  const holidayNow: HolidayOf = (day, group) => holidayCache(day, group);

  /** The holidays from a few days back on, as the engine's HolidayOf (group, or ALL), and a stamp of them. */
  async function readHolidays(tx: Executor = db): Promise<{ of: HolidayOf; stamp: string }> {
    const from = addDays(istDay(now()), -3);
    const rows = await tx
      .select()
      .from(binaryHolidays)
      .where(gte(binaryHolidays.day, from))
      .orderBy(asc(binaryHolidays.day), asc(binaryHolidays.grp))
      .limit(5_000);
    const map = new Map(rows.map((r) => [`${r.day}|${r.grp}`, r.reason]));
    return {
      of: (day, group) => map.get(`${day}|${group}`) ?? map.get(`${day}|ALL`) ?? null,
      stamp: rows.map((r) => `${r.day}|${r.grp}|${r.reason}`).join(';'),
    };
  }
  const holidays = async (tx: Executor = db): Promise<HolidayOf> => (await readHolidays(tx)).of;

  async function calendar(from?: string): Promise<BinaryHoliday[]> {
    const start = from ?? istDay(now());
    const rows = await db
      .select()
      .from(binaryHolidays)
      .where(and(gte(binaryHolidays.day, start), lt(binaryHolidays.day, addDays(start, 366))))
      .orderBy(asc(binaryHolidays.day), asc(binaryHolidays.grp));
    return rows.map((r) => ({ day: r.day, group: r.grp, reason: r.reason }));
  }

  async function addHoliday(day: string, group: BinaryHoliday['group'], reason: string) {
    await db
      .insert(binaryHolidays)
      .values({ day, grp: group, reason, createdAt: now() })
      .onConflictDoUpdate({ target: [binaryHolidays.day, binaryHolidays.grp], set: { reason } });
  }

  async function removeHoliday(day: string, group: BinaryHoliday['group']) {
    await db.delete(binaryHolidays).where(and(eq(binaryHolidays.day, day), eq(binaryHolidays.grp, group)));
  }

  // ---- instruments and sessions ----

  /** Every instrument of the engine's list gets its match of sport −17 (idempotent; base seed). */
  async function ensureInstruments(): Promise<number> {
    return db.transaction(async (tx: Tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('binary:instruments'))`);
      const have = new Set((await tx.select().from(binaryInstruments)).map((r) => r.code));
      const missing = BINARY_INSTRUMENTS.filter((spec) => !have.has(spec.code));
      if (missing.length === 0) return 0;
      // One insert per table for the lot (a first start's set-up), the ids as one by one.
      const seriesId = await app.catalog.ensureSeries(tx, BINARY_SPORT_ID, BINARY_SERIES_NAME);
      const since = new Date('2025-01-01T00:00:00Z');
      const made = await app.catalog.insertMatches(
        tx,
        missing.map((spec) => ({
          seriesId,
          sportId: BINARY_SPORT_ID,
          matchName: spec.code,
          country: null,
          venue: null,
          startTime: since,
          openDate: since,
        })),
      );
      await tx
        .insert(binaryInstruments)
        .values(missing.map((spec, i) => ({ matchId: made[i]!, code: spec.code })));
      return missing.length;
    });
  }

  let instrumentsCache: Instrument[] | null = null;
  async function instruments(): Promise<Instrument[]> {
    if (instrumentsCache) return instrumentsCache;
    const rows = await db.select().from(binaryInstruments);
    const byCode = new Map(rows.map((r) => [r.code, r.matchId]));
    const list = BINARY_INSTRUMENTS.filter((s) => byCode.has(s.code)).map((spec) => ({
      matchId: byCode.get(spec.code)!,
      spec,
    }));
    if (list.length === BINARY_INSTRUMENTS.length) instrumentsCache = list;
    return list;
  }
  const instrumentOf = async (matchId: number) => (await instruments()).find((i) => i.matchId === matchId);

  /** The session of an instrument's trading day, created (market and session rows) when missing. */
  async function ensureSession(inst: Instrument, day: string): Promise<SessionRow> {
    const [found] = await db
      .select()
      .from(binarySessions)
      .where(and(eq(binarySessions.matchId, inst.matchId), eq(binarySessions.tradingDay, day)));
    if (found) return found;
    return db.transaction(async (tx: Tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`binary:session:${inst.matchId}`}))`);
      const [again] = await tx
        .select()
        .from(binarySessions)
        .where(and(eq(binarySessions.matchId, inst.matchId), eq(binarySessions.tradingDay, day)));
      if (again) return again;
      const at = now();
      const b = sessionBounds(inst.spec.group, day);
      const [m] = await createMarkets(tx, [
        {
          matchId: inst.matchId,
          marketName: `${inst.spec.code} close ${day}`,
          marketType: BINARY_MARKET_TYPE,
          marketKind: BINARY_KIND,
          // OPEN: the operator lets it trade; the line (SUSPENDED until the first price) refuses bets.
          status: 'OPEN',
          inPlay: false,
          startTime: b.opens_at,
          commissionBps: 0,
          minStakePaise: BINARY_MIN_STAKE_PAISE,
          maxStakePaise: BINARY_MAX_STAKE_PAISE,
        },
      ]);
      const [row] = await tx
        .insert(binarySessions)
        .values({
          marketId: m!.marketId,
          matchId: inst.matchId,
          code: inst.spec.code,
          tradingDay: day,
          opensAt: b.opens_at,
          closesAt: b.closes_at,
          lineStatus: 'SUSPENDED',
          maxUserStakePaise: BINARY_MAX_USER_STAKE_PAISE,
          createdAt: at,
        })
        .returning();
      // The chart keeps a few days: older sessions' ticks go when a new session starts.
      const old = tx
        .select({ id: binarySessions.marketId })
        .from(binarySessions)
        .where(lt(binarySessions.closesAt, new Date(at.getTime() - BINARY_TICK_KEEP_MS)));
      await tx.delete(binaryTicks).where(inArray(binaryTicks.marketId, old));
      return row!;
    });
  }

  const sessionById = async (id: number) =>
    (await db.select().from(binarySessions).where(eq(binarySessions.marketId, id)))[0] ?? null;

  /** Each instrument's session the head shows: the phase's trading day's, else its latest. */
  async function shownSessions(matchIds: readonly number[], phases: Map<number, BinaryPhase>) {
    const out = new Map<number, SessionRow>();
    if (matchIds.length === 0) return out;
    const rows = await db
      .select()
      .from(binarySessions)
      .where(
        and(
          inArray(binarySessions.matchId, [...matchIds]),
          gte(binarySessions.tradingDay, addDays(istDay(now()), -10)),
        ),
      )
      .orderBy(desc(binarySessions.opensAt));
    for (const r of rows) {
      const want = phases.get(r.matchId)?.trading_day;
      const have = out.get(r.matchId);
      if (r.tradingDay === want || (!have && r.opensAt <= now())) out.set(r.matchId, r);
    }
    return out;
  }

  // ---- the line pair ----

  /** The line status and quote (hundredths) a session should have now. */
  function wanted(s: SessionRow, inst: Instrument, phase: BinaryPhase) {
    const open = phase.state === 'OPEN' && phase.trading_day === s.tradingDay;
    if (open && s.lastPriceC !== null) {
      return { status: 'ACTIVE' as const, ...binaryLinePair(s.lastPriceC, inst.spec.line_step_c) };
    }
    const closed = now() >= s.closesAt;
    return {
      status: closed ? ('CLOSED' as const) : ('SUSPENDED' as const),
      no_line: null,
      no_rate: null,
      yes_line: null,
      yes_rate: null,
    };
  }

  /** Writes the session's line status and quote when they differ (in `tx`); whether it changed. */
  async function writeLine(tx: Executor, s: SessionRow, want: ReturnType<typeof wanted>): Promise<boolean> {
    const [f] = await tx.select().from(binarySessions).where(eq(binarySessions.marketId, s.marketId));
    if (!f) return false;
    const same =
      f.lineStatus === want.status &&
      (want.status !== 'ACTIVE' ||
        (f.noLineC === want.no_line &&
          f.yesLineC === want.yes_line &&
          f.noRate === want.no_rate &&
          f.yesRate === want.yes_rate));
    if (same || f.lineStatus === 'CLOSED' || f.state !== 'LIVE') return false;
    // The market row before the session's: the lock order of every path (DESIGN §6). The line's
    // ACTIVE and SUSPENDED live in the session row; the market's OPEN and SUSPENDED are the
    // operator's (admin/market/status), so the feed only ever closes it. (Written from the line, a
    // line move reopened a market the operator had suspended.)
    await kindLineMoved(tx, [s.marketId], want.status === 'CLOSED');
    await tx
      .update(binarySessions)
      .set({
        lineStatus: want.status,
        // A suspended line keeps its last quote (what the bettor last saw); the status refuses bets.
        ...(want.status === 'ACTIVE'
          ? { noLineC: want.no_line, noRate: want.no_rate, yesLineC: want.yes_line, yesRate: want.yes_rate }
          : {}),
      })
      .where(eq(binarySessions.marketId, s.marketId));
    return true;
  }

  function publish(matchIds: Iterable<number>, marketIds: Iterable<number> = []) {
    for (const market_id of marketIds) app.bus.publish('market', { market_id });
    for (const match_id of matchIds) app.bus.publish('binary', { match_id });
  }

  // ---- the feed's writes (the leader's, fenced) ----

  const lastStored = new Map<number, number>();

  /**
   * The feed's new prices: each goes, by its own time, to the session of its instrument open at
   * that time (created at its first price), or is refused when none was open; the session's last
   * price moves, a tick is stored for the chart at most every
   * BINARY_TICK_STORE_MS, and the line pair follows. One fenced transaction; publishes the changes.
   * Answers the ticks it took: a tick whose session is no longer live when its row is locked (an
   * operator's settle or void got there first) is refused, never written into a settled session.
   * Long because it is one fenced transaction: ticks, lines and session states written under the
   * same locks, in order.
   */
  async function recordTicks(
    fence: Fence,
    ticks: readonly FeedTick[],
    holiday?: HolidayOf,
  ): Promise<FeedTick[]> {
    if (ticks.length === 0) return [];
    const list = await instruments();
    holiday ??= await holidays();
    // Each instrument's ticks in this batch, oldest first.
    const byCode = new Map<string, FeedTick[]>();
    for (const t of ticks) {
      const arr = byCode.get(t.code) ?? [];
      arr.push(t);
      byCode.set(t.code, arr);
    }
    const plans: { inst: Instrument; session: SessionRow; ticks: FeedTick[] }[] = [];
    for (const inst of list) {
      const mine = byCode.get(inst.spec.code);
      if (!mine) continue;
      // Each tick is judged by its own time (issue 40): a step carrying the last tick before the
      // close and one after it records the first in its session and refuses the second, and a step
      // across a night gives each trading day its own ticks. Judging a step by its last tick
      // dropped the session's closing price, which then settled on a stale one.
      const byDay = new Map<string, FeedTick[]>();
      let known: { day: string; from: number; to: number } | null = null;
      for (const t of mine) {
        if (!known || t.t < known.from || t.t >= known.to) {
          const phase = binaryPhase(inst.spec.group, new Date(t.t), holiday);
          if (phase.state !== 'OPEN' || phase.trading_day === null) continue;
          const b = sessionBounds(inst.spec.group, phase.trading_day);
          known = { day: phase.trading_day, from: b.opens_at.getTime(), to: b.closes_at.getTime() };
        }
        const arr = byDay.get(known.day) ?? [];
        arr.push(t);
        byDay.set(known.day, arr);
      }
      for (const [day, dayTicks] of byDay) {
        const session = await ensureSession(inst, day);
        if (session.state !== 'LIVE') continue;
        const inSession = dayTicks.filter(
          (t) => t.t >= session.opensAt.getTime() && t.t < session.closesAt.getTime(),
        );
        if (inSession.length > 0) plans.push({ inst, session, ticks: inSession });
      }
    }
    if (plans.length === 0) return [];
    const changedMarkets: number[] = [];
    const taken: typeof plans = [];
    await db.transaction(async (tx: Tx) => {
      await checkFence(tx, fence);
      // The lock order of every path (DESIGN §6): the sessions' market rows first, in id order,
      // then their session rows. (Written the other way, a step raced an operator's void, which
      // closes the market then the session: a deadlock, the void answered 503; a soak seed.)
      const marketIds = [...new Set(plans.map((p) => p.session.marketId))].sort((x, y) => x - y);
      const open = await tx
        .select({ id: markets.marketId })
        .from(markets)
        .where(inArray(markets.marketId, marketIds))
        .orderBy(asc(markets.marketId))
        .for('update');
      // Read again under the lock, since the state read above may be stale: a closed market takes
      // no more ticks, so the price a settlement reads after closing it is the session's last
      // (settleSession). A soak seed had a settle land between the two reads and the step write
      // its last pre-close tick into the settled session: settled on 24,350.00, last tick 24,361.05.
      const live = await tx
        .select({ marketId: binarySessions.marketId })
        .from(binarySessions)
        .innerJoin(markets, eq(markets.marketId, binarySessions.marketId))
        .where(
          and(
            inArray(
              binarySessions.marketId,
              open.map((m) => m.id),
            ),
            eq(binarySessions.state, 'LIVE'),
            sql`${markets.status} <> 'CLOSED'`,
          ),
        )
        .orderBy(asc(binarySessions.marketId))
        .for('update', { of: binarySessions });
      const liveIds = new Set(live.map((r) => r.marketId));
      taken.push(...plans.filter((p) => liveIds.has(p.session.marketId)));
      const phaseNow = (g: BinaryGroup) => binaryPhase(g, now(), holiday);
      for (const p of taken) {
        const last = p.ticks[p.ticks.length - 1]!;
        const known = lastStored.get(p.session.marketId) ?? p.session.lastTickAt?.getTime() ?? -Infinity;
        const store: { marketId: number; at: Date; priceC: number }[] = [];
        let mark = known;
        for (const t of p.ticks) {
          if (t.t - mark < BINARY_TICK_STORE_MS && t !== last) continue;
          if (t.t - mark < BINARY_TICK_STORE_MS && store.length > 0) continue;
          if (t.t <= mark) continue;
          store.push({ marketId: p.session.marketId, at: new Date(t.t), priceC: toCents(t.price) });
          mark = t.t;
        }
        if (store.length > 0) {
          await tx.insert(binaryTicks).values(store).onConflictDoNothing();
          lastStored.set(p.session.marketId, mark);
        }
        const [s] = await tx
          .update(binarySessions)
          .set({
            lastPriceC: toCents(last.price),
            lastTickAt: new Date(mark === -Infinity ? last.t : mark),
            firstPriceC: sql`coalesce(${binarySessions.firstPriceC}, ${toCents(p.ticks[0]!.price)})`,
          })
          .where(eq(binarySessions.marketId, p.session.marketId))
          .returning();
        if (await writeLine(tx, s!, wanted(s!, p.inst, phaseNow(p.inst.spec.group))))
          changedMarkets.push(s!.marketId);
      }
    });
    publish(new Set(taken.map((p) => p.inst.matchId)), changedMarkets);
    return taken.flatMap((p) => p.ticks);
  }

  /**
   * Every live session's status by the clock and the calendar (opens, suspends, closes); fenced.
   * `holiday`: the calendar as the caller last read it (the runner, each step); else read here.
   * No session live, no transaction: an idle runner (nights, weekends) costs one read a step.
   */
  async function syncStates(fence: Fence | null, holiday?: HolidayOf): Promise<number[]> {
    const live = await db.select().from(binarySessions).where(eq(binarySessions.state, 'LIVE'));
    if (live.length === 0) return [];
    const list = await instruments();
    holiday ??= await holidays();
    const changed: { matchId: number; marketId: number }[] = [];
    await db.transaction(async (tx: Tx) => {
      if (fence) await checkFence(tx, fence);
      for (const s of live) {
        const inst = list.find((i) => i.matchId === s.matchId);
        if (!inst) continue;
        const want = wanted(s, inst, binaryPhase(inst.spec.group, now(), holiday));
        if (await writeLine(tx, s, want)) changed.push({ matchId: s.matchId, marketId: s.marketId });
      }
    });
    publish(
      changed.map((c) => c.matchId),
      changed.map((c) => c.marketId),
    );
    return changed.map((c) => c.marketId);
  }

  const ALREADY_SETTLED = 'Market is already settled; unsettle it first to settle it again';

  /** The price a session settles on: the operator's, else its last feed price; null: none. */
  const officialPriceC = (s: SessionRow) => s.overridePriceC ?? s.lastPriceC;

  /** Why the close pass voids a session by itself. */
  const NO_PRICE_REASON = 'No price was recorded in the session hours';

  async function markSettled(s: SessionRow, priceC: number | null) {
    await db
      .update(binarySessions)
      .set({
        state: priceC === null ? 'VOID' : 'SETTLED',
        settlementPriceC: priceC,
        ...(priceC === null
          ? { voidReason: sql`coalesce(${binarySessions.voidReason}, ${NO_PRICE_REASON})` }
          : {}),
      })
      .where(eq(binarySessions.marketId, s.marketId));
    publish([s.matchId]);
  }

  /**
   * Settles a closed session through the generic settlement service (the fancy kind): on its
   * official price, or void when it has none (no feed price in its hours). `by` null: the leader's
   * automatic settlement at the close.
   */
  async function settleSession(by: number | null, seen: SessionRow) {
    const view = await app.settlement.view(seen.marketId);
    if (view.state === 'SETTLED') {
      // Settled already (by an operator, or before a restart that lost the mark): record it.
      if (seen.state === 'LIVE') await markSettled(seen, view.void_market ? null : officialPriceC(seen));
      return { ok: false as const, message: ALREADY_SETTLED };
    }
    // Closed first, then read: a closed market takes no more ticks (recordTicks), so the price read
    // after the close is the session's last. Read before it, a step committing the last pre-close
    // tick in between was lost and the session settled on the price before it.
    await db.transaction((tx: Tx) => closeSessionMarket(tx, seen.marketId));
    publish([seen.matchId], [seen.marketId]);
    const s = await sessionById(seen.marketId);
    if (!s || s.state !== 'LIVE') return { ok: false as const, message: ALREADY_SETTLED };
    const priceC = officialPriceC(s);
    const r =
      priceC === null
        ? await app.settlement.voidMarket(by, s.marketId)
        : await app.settlement.declareValue(by, s.marketId, binaryResult(priceC), 'RESULT');
    if (r.ok) await markSettled(s, priceC);
    return r;
  }

  /**
   * The leader's pass after each feed step: every live session past its close is settled, except
   * one an operator unsettled: it waits for their settle (an automatic pass would settle it again at
   * once on the very price they took back).
   */
  async function settleDue(fence: Fence): Promise<number> {
    const due = await db
      .select()
      .from(binarySessions)
      .where(
        and(
          eq(binarySessions.state, 'LIVE'),
          sql`${binarySessions.closesAt} <= ${now()}`,
          sql`not exists (select 1 from ${marketSettlements} where ${marketSettlements.marketId} = ${binarySessions.marketId} and ${marketSettlements.state} = 'UNSETTLED')`,
        ),
      )
      .orderBy(asc(binarySessions.closesAt))
      .limit(50);
    let n = 0;
    for (const s of due) {
      if (app.leader.fence()?.generation !== fence.generation) break;
      const r = await settleSession(null, s);
      if (r.ok) n += 1;
      else app.log.warn({ session_id: s.marketId, message: r.message }, 'binary: settlement refused');
    }
    return n;
  }

  // ---- reads ----

  function lineOf(s: SessionRow): BinaryLine | null {
    if (s.lineStatus !== 'ACTIVE' || s.noLineC === null || s.yesLineC === null) return null;
    return {
      no_line: fromHundredths(s.noLineC),
      no_rate: s.noRate!,
      yes_line: fromHundredths(s.yesLineC),
      yes_rate: s.yesRate!,
    };
  }

  async function heads(list: readonly Instrument[]): Promise<BinaryInstrumentHead[]> {
    const at = now();
    const holiday = await holidays();
    const phases = new Map(list.map((i) => [i.matchId, binaryPhase(i.spec.group, at, holiday)]));
    const sessions = await shownSessions(
      list.map((i) => i.matchId),
      phases,
    );
    return list.map((i) => {
      const phase = phases.get(i.matchId)!;
      const s = sessions.get(i.matchId) ?? null;
      const hours = groupHours(i.spec.group);
      const last = s?.lastPriceC ?? null;
      const first = s?.firstPriceC ?? null;
      const open = phase.state === 'OPEN' && s?.tradingDay === phase.trading_day && s?.state === 'LIVE';
      return {
        match_id: i.matchId,
        code: i.spec.code,
        name: i.spec.name,
        group: i.spec.group,
        opens: hours.opens,
        closes: hours.closes,
        tick_size: i.spec.tick_size,
        currency: i.spec.currency,
        state: phase.state,
        reason: phase.reason,
        session_id: s?.marketId ?? null,
        trading_day: s?.tradingDay ?? phase.trading_day,
        last_tick: last === null || !s?.lastTickAt ? null : { t: s.lastTickAt.getTime(), p: last / 100 },
        change: last === null || first === null ? null : (last - first) / 100,
        change_pct:
          last === null || first === null ? null : Math.round(((last - first) / first) * 10_000) / 100,
        // The two reads are not one snapshot: a line is shown only with the price it was made from.
        line: open && last !== null ? lineOf(s!) : null,
        closes_at: phase.closes_at?.toISOString() ?? null,
        opens_at: phase.state === 'OPEN' ? null : (phase.opens_at?.toISOString() ?? null),
        server_time: at.getTime(),
        clock_speed,
      };
    });
  }

  async function head(matchId: number): Promise<BinaryInstrumentHead | null> {
    const inst = await instrumentOf(matchId);
    return inst ? (await heads([inst]))[0]! : null;
  }

  async function board(): Promise<BinaryBoard> {
    const list = await instruments();
    const all = await heads(list);
    const groups: BinaryGroup[] = ['EQUITY', 'COMMODITY', 'EVENING'];
    return {
      groups: groups.map((g) => {
        const h = groupHours(g);
        return {
          group: g,
          name: BINARY_GROUP_NAMES[g],
          hours: `${h.opens}–${h.closes} IST, Mon–Fri`,
          instruments: all.filter((x) => x.group === g),
        };
      }),
      server_time: now().getTime(),
      clock_speed,
    };
  }

  /** At most BINARY_CHART_MAX points, evenly thinned, the last always kept. */
  function thin<T>(rows: readonly T[]): T[] {
    if (rows.length <= BINARY_CHART_MAX) return [...rows];
    const step = rows.length / BINARY_CHART_MAX;
    const out: T[] = [];
    for (let i = 0; i < BINARY_CHART_MAX - 1; i++) out.push(rows[Math.floor(i * step)]!);
    out.push(rows[rows.length - 1]!);
    return out;
  }

  async function instrument(userId: number, matchId: number): Promise<BinaryInstrument | null> {
    const inst = await instrumentOf(matchId);
    if (!inst) return null;
    const h = (await heads([inst]))[0]!;
    const sid = h.session_id;
    const ticks =
      sid === null
        ? []
        : await db
            .select({ at: binaryTicks.at, priceC: binaryTicks.priceC })
            .from(binaryTicks)
            .where(eq(binaryTicks.marketId, sid))
            .orderBy(asc(binaryTicks.at))
            .limit(50_000);
    const [m] = sid === null ? [] : await db.select().from(markets).where(eq(markets.marketId, sid));
    const s = sid === null ? null : await sessionById(sid);
    const mine =
      sid === null
        ? []
        : await db
            .select()
            .from(binaryBets)
            .where(and(eq(binaryBets.userId, userId), eq(binaryBets.marketId, sid)))
            .orderBy(desc(binaryBets.betId))
            .limit(200);
    const open = mine.filter((b) => b.settledStatus === null).map(toEngineBet);
    const names = { market: m?.marketName ?? '', match: inst.spec.code, voidReason: s?.voidReason ?? null };
    const past = await db
      .select()
      .from(binarySessions)
      .where(and(eq(binarySessions.matchId, matchId), sql`${binarySessions.state} <> 'LIVE'`))
      .orderBy(desc(binarySessions.opensAt))
      .limit(5);
    return {
      instrument: h,
      ticks: thin(ticks).map((t) => ({ t: t.at.getTime(), p: t.priceC / 100 })),
      limits: {
        min_stake: rupees(m?.minStakePaise ?? BINARY_MIN_STAKE_PAISE),
        max_stake: rupees(m?.maxStakePaise ?? BINARY_MAX_STAKE_PAISE),
        max_user_stake: rupees(s?.maxUserStakePaise ?? BINARY_MAX_USER_STAKE_PAISE),
      },
      exposure: rupees(binaryExposurePaise(open)),
      book: binaryBook(open).map((r) => ({
        from: r.from === null ? null : fromHundredths(r.from),
        to: r.to === null ? null : fromHundredths(r.to),
        profit_loss: rupees(r.profit_paise),
      })),
      my_bets: mine.map((b) => toBinaryBet(b, names)),
      last_sessions: past.map((s) => ({
        session_id: s.marketId,
        trading_day: s.tradingDay,
        settlement_price: s.state === 'SETTLED' ? fromCents(s.settlementPriceC) : null,
        state: s.state === 'SETTLED' ? ('SETTLED' as const) : ('VOID' as const),
      })),
    };
  }

  // ---- bets ----

  /**
   * A bet on an instrument's session now: refused outside the hours by the binary clock (the
   * server's), else taken on the session's market by bets.ts (line, rate, limits, balance,
   * idempotency). A repeat of a request already stored is answered as the first bet, whatever
   * the hours now.
   */
  async function place(userId: number, req: PlaceBinary, staker: Staker): Promise<BinaryPlaceOutcome> {
    const inst = await instrumentOf(req.match_id);
    if (!inst) return { ok: false, message: `Unknown instrument ${req.match_id}` };
    const stored = await storedBet(db, userId, req.request_id);
    let sessionId: number;
    if (stored && stored.matchId === req.match_id) sessionId = stored.marketId;
    else {
      const phase = binaryPhase(inst.spec.group, now(), await holidays());
      if (phase.state === 'CLOSED') return { ok: false, message: 'Market closed' };
      if (phase.state !== 'OPEN' || phase.trading_day === null)
        return { ok: false, message: `Suspended: ${phase.reason ?? 'outside the session hours'}` };
      const s = await ensureSession(inst, phase.trading_day);
      if (s.state !== 'LIVE') return { ok: false, message: 'Market closed' };
      if (s.lastPriceC === null) return { ok: false, message: 'Suspended: no price yet' };
      // The leader's pass may not have opened the line yet at the open's first second.
      if (await writeLine(db, s, wanted(s, inst, phase))) publish([s.matchId], [s.marketId]);
      sessionId = s.marketId;
    }
    const r = await bets.place(
      userId,
      {
        match_id: req.match_id,
        session_id: sessionId,
        is_yes: req.is_yes,
        // The wire allows two decimals at most (contract): exact in hundredths.
        line_c: toHundredths(req.line),
        rate: req.rate,
        stake_paise: req.stake_paise,
        request_id: req.request_id,
      },
      staker,
    );
    if (r.ok) publish([req.match_id]);
    return r;
  }

  // ---- the operator ----

  async function consoleSession(s: SessionRow): Promise<AdminBinarySession> {
    const inst = (await instrumentOf(s.matchId))!;
    const phase = binaryPhase(inst.spec.group, now(), await holidays());
    const [fig] = await db
      .select({
        n: sql<number>`count(*)::int`,
        stake: sql<number>`coalesce(sum(${binaryBets.stakePaise}), 0)::bigint`,
      })
      .from(binaryBets)
      .where(eq(binaryBets.marketId, s.marketId));
    const live =
      phase.trading_day === s.tradingDay && phase.state === 'OPEN'
        ? 'OPEN'
        : now() >= s.closesAt
          ? 'CLOSED'
          : 'SUSPENDED';
    return {
      session_id: s.marketId,
      match_id: s.matchId,
      code: s.code,
      group: inst.spec.group,
      trading_day: s.tradingDay,
      state: s.state === 'LIVE' ? live : s.state,
      opens_at: s.opensAt.toISOString(),
      closes_at: s.closesAt.toISOString(),
      recorded_price: fromCents(s.lastPriceC),
      override_price: fromCents(s.overridePriceC),
      settlement_price: fromCents(s.settlementPriceC),
      bets: Number(fig?.n ?? 0),
      stake: rupees(Number(fig?.stake ?? 0)),
      void_reason: s.voidReason,
    };
  }

  async function sessions(day?: string): Promise<AdminBinarySession[]> {
    const rows = await db
      .select()
      .from(binarySessions)
      .where(
        day
          ? eq(binarySessions.tradingDay, day)
          : sql`${binarySessions.tradingDay} = ${istDay(now())} or ${binarySessions.state} = 'LIVE'`,
      )
      .orderBy(asc(binarySessions.opensAt), asc(binarySessions.matchId))
      .limit(500);
    const out: AdminBinarySession[] = [];
    for (const s of rows) out.push(await consoleSession(s));
    return out;
  }

  async function override(
    sessionId: number,
    price: number | null,
  ): Promise<BinaryOutcome<AdminBinarySession>> {
    const s = await sessionById(sessionId);
    if (!s) return { ok: false, message: `Unknown binary session ${sessionId}` };
    if (s.state !== 'LIVE')
      return { ok: false, message: 'The session is settled; unsettle it first to change its price' };
    const [row] = await db
      .update(binarySessions)
      .set({ overridePriceC: price === null ? null : toCents(price) })
      .where(eq(binarySessions.marketId, sessionId))
      .returning();
    return { ok: true, value: await consoleSession(row!) };
  }

  async function settleByOperator(operatorId: number, sessionId: number, price: number | undefined) {
    const s = await sessionById(sessionId);
    if (!s) return { ok: false as const, message: `Unknown binary session ${sessionId}` };
    if (s.state !== 'LIVE') return { ok: false as const, message: ALREADY_SETTLED };
    if (now() < s.closesAt)
      return {
        ok: false as const,
        message: `The session closes at ${s.closesAt.toISOString()}; settle it after`,
      };
    let row = s;
    if (price !== undefined) {
      const r = await override(sessionId, price);
      if (!r.ok) return r;
      row = (await sessionById(sessionId))!;
    }
    if (officialPriceC(row) === null)
      return { ok: false as const, message: 'The session has no recorded price: give price, or void it' };
    return settleSession(operatorId, row);
  }

  /** Voids a session: every stake back, its reason kept (the console's list, the bettor's bets). */
  async function voidByOperator(operatorId: number, sessionId: number, reason: string) {
    const s = await sessionById(sessionId);
    if (!s) return { ok: false as const, message: `Unknown binary session ${sessionId}` };
    const r = await app.settlement.voidMarket(operatorId, s.marketId);
    if (r.ok) {
      await markSettled(s, null);
      // A session voided while open takes no more bets.
      // The market row before the session's (the lock order of every path).
      await db.transaction(async (tx: Tx) => {
        await closeSessionMarket(tx, s.marketId);
        await tx
          .update(binarySessions)
          .set({ voidReason: reason })
          .where(eq(binarySessions.marketId, s.marketId));
      });
      publish([s.matchId], [s.marketId]);
    }
    return r;
  }

  /** The last price of each instrument's latest session (a restarted walk starts from them). */
  async function lastLevels(): Promise<Record<string, number>> {
    const rows = await db
      .select({ code: binarySessions.code, priceC: binarySessions.lastPriceC, at: binarySessions.opensAt })
      .from(binarySessions)
      .orderBy(desc(binarySessions.opensAt))
      .limit(200);
    const out: Record<string, number> = {};
    for (const r of rows) if (r.priceC !== null && out[r.code] === undefined) out[r.code] = r.priceC / 100;
    return out;
  }

  return {
    clock,
    clock_speed,
    holidays,
    refreshHolidays,
    holidayNow,
    calendar,
    addHoliday,
    removeHoliday,
    ensureInstruments,
    instruments,
    ensureSession,
    sessionById,
    recordTicks,
    syncStates,
    settleDue,
    head,
    board,
    instrument,
    place,
    sessions,
    override,
    settleByOperator,
    voidByOperator,
    lastLevels,
    /** For tests: the spec of a code. */
    spec: binaryInstrument,
  };
}

export type BinaryService = ReturnType<typeof createBinaryService>;
