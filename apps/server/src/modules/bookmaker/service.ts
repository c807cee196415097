// Bookmaker markets: the house quotes back/lay rates per 100 on each runner; a bet is taken whole at
// the quoted rate or refused ("Rate changed"); nothing rests. A bookmaker market is a markets row of
// kind BOOKMAKER with ordinary runners; this module owns bookmaker_markets, bookmaker_quotes and
// bookmaker_bets, and writes its users' exposure through the wallet's holds in the bet's transaction.
import {
  scoreboard,
  type AdminBookmakerIncompleteResult,
  type BookmakerMarket,
  type KindBet,
  type QuoteStatus,
} from '@backlay/contract';
import {
  BOOKMAKER_COMPARISON_OVERS,
  bookmakerIncompleteResult,
  bookmakerPosition,
  bookmakerRefusal,
  movementsFromNets,
  settleBookmakerBetPaise,
  type BookmakerBet,
} from '@backlay/engine';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  bookmakerBets,
  bookmakerMarkets,
  bookmakerQuotes,
  cricketMatches,
  markets,
  matches,
  runners,
} from '../../db/schema.ts';
import { runsAtMarkFromScore } from '../cricket/plugin.ts';
import { toSummary } from '../settlement/summary.ts';
import type { Executor, Tx } from '../../db/store.ts';
import {
  BetRefusal,
  budgetRefusal,
  isUniqueViolation,
  lockWallet,
  type PlaceOutcome,
} from '../markets/house-bets.ts';
import { betCountsOf } from '../markets/bet-counts.ts';
import { holdKey, type HoldMap, type MarketKindModule } from '../markets/registry.ts';
import { betResultOf } from '../markets/report-bets.ts';
import { bookmakerReportBets } from './report-bets.ts';

type BetRow = typeof bookmakerBets.$inferSelect;

const rupees = (paise: number) => Math.round(paise) / 100;

function marketStatusOf(status: QuoteStatus): 'OPEN' | 'SUSPENDED' | 'CLOSED' {
  if (status === 'ACTIVE' || status === 'BALL_RUNNING') return 'OPEN';
  return status === 'SUSPENDED' ? 'SUSPENDED' : 'CLOSED';
}

const toEngineBet = (b: BetRow): BookmakerBet => ({
  selection_id: String(b.selectionId),
  is_back: b.isBack,
  rate: b.rate,
  stake_paise: b.stakePaise,
});

function toKindBet(b: BetRow, marketName: string, matchName: string, runnerName: string): KindBet {
  return {
    bet_id: b.betId,
    kind: 'BOOKMAKER',
    match_id: b.matchId,
    match_name: matchName,
    market_id: b.marketId,
    market_name: marketName,
    selection_id: b.selectionId,
    selection_name: runnerName,
    is_back: b.isBack ? '1' : '0',
    line: null,
    rate: b.rate,
    stack: rupees(b.stakePaise),
    status: b.settledStatus ?? 'MATCHED',
    profit_loss: b.profitLossPaise === null ? null : rupees(b.profitLossPaise),
    placed_at: b.placedAt.toISOString(),
  };
}

async function runnerIds(tx: Executor, marketId: number): Promise<string[]> {
  const rows = await tx
    .select({ id: runners.selectionId })
    .from(runners)
    .where(eq(runners.marketId, marketId))
    .orderBy(asc(runners.sortOrder));
  return rows.map((r) => String(r.id));
}

function openBets(tx: Executor, where: ReturnType<typeof and>) {
  return tx
    .select()
    .from(bookmakerBets)
    .where(and(where, isNull(bookmakerBets.settledStatus)));
}

export function createBookmakerService(app: FastifyInstance) {
  const db = app.db;
  const now = () => app.clock.now();

  function publish(marketId: number, userIds: Iterable<number> = []) {
    app.bus.publish('market', { market_id: marketId });
    for (const user_id of userIds) app.bus.publish('user', { user_id, market_id: marketId });
  }

  async function stateOf(tx: Executor, marketId: number, lock?: 'share' | 'update') {
    const q = tx
      .select({ bm: bookmakerMarkets, market: markets })
      .from(bookmakerMarkets)
      .innerJoin(markets, eq(markets.marketId, bookmakerMarkets.marketId))
      .where(eq(bookmakerMarkets.marketId, marketId));
    const [row] = lock ? await q.for(lock) : await q;
    return row ?? null;
  }

  async function betByRequest(userId: number, requestId: string) {
    const [b] = await db
      .select()
      .from(bookmakerBets)
      .where(and(eq(bookmakerBets.userId, userId), eq(bookmakerBets.requestId, requestId)));
    return b ?? null;
  }

  async function place(
    userId: number,
    req: {
      match_id: number;
      market_id: number;
      selection_id: number;
      is_back: boolean;
      rate: number;
      stake_paise: number;
      request_id: string;
    },
  ): Promise<PlaceOutcome<KindBet>> {
    const repeat = async () => {
      const b = await betByRequest(userId, req.request_id);
      if (!b) return null;
      const same =
        b.marketId === req.market_id &&
        b.selectionId === req.selection_id &&
        b.isBack === req.is_back &&
        b.rate === req.rate &&
        b.stakePaise === req.stake_paise;
      if (!same) return { ok: false as const, message: 'request_id was already used for a different bet' };
      return { ok: true as const, bet: toKindBet(b, '', '', ''), repeated: true };
    };
    const first = await repeat();
    if (first) return first;
    try {
      const bet = await db.transaction(async (tx: Tx) => {
        const row = await stateOf(tx, req.market_id, 'share');
        if (!row) throw new BetRefusal('Unknown bookmaker market');
        const { bm, market } = row;
        if (market.matchId !== req.match_id) throw new BetRefusal('Unknown market for this match');
        const [quote] = await tx
          .select({ quote: bookmakerQuotes, name: runners.name, status: runners.status })
          .from(runners)
          .leftJoin(bookmakerQuotes, eq(bookmakerQuotes.selectionId, runners.selectionId))
          .where(and(eq(runners.selectionId, req.selection_id), eq(runners.marketId, req.market_id)));
        if (!quote) throw new BetRefusal('Unknown runner for this market');
        if (quote.status !== 'ACTIVE') throw new BetRefusal(`${quote.name} is not taking bets`);
        const refusal = bookmakerRefusal({
          quote: {
            status: market.status === 'CLOSED' ? 'CLOSED' : bm.status,
            back_rate: quote.quote?.backRate ?? null,
            lay_rate: quote.quote?.layRate ?? null,
          },
          is_back: req.is_back,
          rate: req.rate,
          stake_paise: req.stake_paise,
          min_stake_paise: market.minStakePaise,
          max_stake_paise: market.maxStakePaise,
        });
        if (refusal) throw new BetRefusal(refusal);
        const wallet = await lockWallet(app, tx, userId, market.marketId);
        if (!wallet) throw new BetRefusal('Unknown user');
        const sel = await runnerIds(tx, market.marketId);
        const mine = (
          await openBets(
            tx,
            and(eq(bookmakerBets.userId, userId), eq(bookmakerBets.marketId, market.marketId)),
          )
        ).map(toEngineBet);
        const oldHold = bookmakerPosition(sel, mine).exposure_paise;
        const newBet: BookmakerBet = {
          selection_id: String(req.selection_id),
          is_back: req.is_back,
          rate: req.rate,
          stake_paise: req.stake_paise,
        };
        const newHold = bookmakerPosition(sel, [...mine, newBet]).exposure_paise;
        const short = budgetRefusal({
          balance_paise: wallet.balance_paise,
          elsewhere_paise: wallet.elsewhere_paise,
          old_hold_paise: oldHold,
          new_hold_paise: newHold,
        });
        if (short) throw new BetRefusal(short);
        const [inserted] = await tx
          .insert(bookmakerBets)
          .values({
            userId,
            matchId: market.matchId,
            marketId: market.marketId,
            selectionId: req.selection_id,
            isBack: req.is_back,
            rate: req.rate,
            stakePaise: req.stake_paise,
            requestId: req.request_id,
            placedAt: now(),
          })
          .returning();
        await app.wallet.holds.set(tx, market.marketId, new Map([[userId, newHold]]), now());
        return toKindBet(inserted!, market.marketName, '', quote.name);
      });
      publish(req.market_id, [userId]);
      app.metrics.betPlaced('BOOKMAKER');
      return { ok: true, bet, repeated: false };
    } catch (err) {
      if (err instanceof BetRefusal) return { ok: false, message: err.message };
      if (isUniqueViolation(err)) {
        const again = await repeat();
        if (again) return again;
      }
      throw err;
    }
  }

  /** Writes quotes or the status and moves the market's version (sockets see the change). */
  async function write(
    marketId: number,
    change: (tx: Tx, status: QuoteStatus) => Promise<QuoteStatus | string>,
  ): Promise<{ ok: true } | { ok: false; message: string }> {
    const out = await db.transaction(async (tx) => {
      const row = await stateOf(tx, marketId, 'update');
      if (!row) return { ok: false as const, message: `Unknown bookmaker market ${marketId}` };
      if (row.market.status === 'CLOSED') return { ok: false as const, message: 'Market is closed' };
      const status = await change(tx, row.bm.status);
      if (!['ACTIVE', 'BALL_RUNNING', 'SUSPENDED', 'CLOSED'].includes(status))
        return { ok: false as const, message: status };
      const next = status as QuoteStatus;
      await tx
        .update(bookmakerMarkets)
        .set({ status: next, version: sql`${bookmakerMarkets.version} + 1`, updatedAt: now() })
        .where(eq(bookmakerMarkets.marketId, marketId));
      await tx
        .update(markets)
        .set({ status: marketStatusOf(next), version: sql`${markets.version} + 1` })
        .where(eq(markets.marketId, marketId));
      return { ok: true as const };
    });
    if (out.ok) publish(marketId);
    return out;
  }

  const kind: MarketKindModule = {
    kind: 'BOOKMAKER',

    async closeForSettlement(marketId) {
      await db.transaction(async (tx) => {
        await tx
          .update(markets)
          .set({ status: 'CLOSED', version: sql`${markets.version} + 1` })
          .where(eq(markets.marketId, marketId));
        await tx
          .update(bookmakerMarkets)
          .set({ status: 'CLOSED', updatedAt: now() })
          .where(eq(bookmakerMarkets.marketId, marketId));
      });
      publish(marketId);
    },

    async settle(tx, market, facts) {
      const bets = await tx.select().from(bookmakerBets).where(eq(bookmakerBets.marketId, market.marketId));
      const result = facts.result && 'winners' in facts.result ? facts.result : null;
      const voidSel = new Set(facts.voids.filter((v) => v.kind === 'SELECTION').map((v) => v.selectionId));
      const windows = facts.voids.filter((v) => v.kind === 'WINDOW');
      const nets = new Map<string, number>();
      const at = now();
      for (const b of bets) {
        const isVoid =
          facts.voidMarket ||
          result === null ||
          voidSel.has(b.selectionId) ||
          windows.some((w) => b.placedAt >= w.fromAt! && b.placedAt <= w.toAt!);
        const profit = isVoid
          ? 0
          : settleBookmakerBetPaise(toEngineBet(b), { winners: result!.winners.map(String) });
        // A profit of 0 (a dead heat at evens): labelled by whether the bet's side came in.
        const cameIn = !isVoid && result!.winners.includes(b.selectionId) === b.isBack;
        const outcome = isVoid ? 'VOID' : betResultOf(profit, cameIn);
        await tx
          .update(bookmakerBets)
          .set({
            result: outcome,
            profitLossPaise: profit,
            settledStatus: isVoid ? 'VOIDED' : 'SETTLED',
            settledAt: at,
          })
          .where(eq(bookmakerBets.betId, b.betId));
        nets.set(String(b.userId), (nets.get(String(b.userId)) ?? 0) + profit);
      }
      return {
        movements: movementsFromNets(String(market.marketId), nets, market.commissionBps),
        users: [...new Set(bets.map((b) => b.userId))].sort((a, b) => a - b),
      };
    },

    async clearResults(tx, marketId) {
      await tx
        .update(bookmakerBets)
        .set({ result: null, profitLossPaise: null, settledStatus: null, settledAt: null })
        .where(eq(bookmakerBets.marketId, marketId));
    },

    async recomputeHolds(tx, marketIds) {
      const out: HoldMap = new Map();
      if (marketIds.length === 0) return out;
      const bets = await openBets(tx, and(inArray(bookmakerBets.marketId, [...marketIds])));
      const groups = new Map<string, BetRow[]>();
      for (const b of bets) {
        const k = holdKey(b.userId, b.marketId);
        groups.set(k, [...(groups.get(k) ?? []), b]);
      }
      const sels = new Map<number, string[]>();
      for (const [k, list] of groups) {
        const marketId = list[0]!.marketId;
        if (!sels.has(marketId)) sels.set(marketId, await runnerIds(tx, marketId));
        out.set(k, bookmakerPosition(sels.get(marketId)!, list.map(toEngineBet)).exposure_paise);
      }
      return out;
    },

    reportBets: bookmakerReportBets,

    ...betCountsOf({
      table: bookmakerBets,
      userId: bookmakerBets.userId,
      marketId: bookmakerBets.marketId,
      result: bookmakerBets.result,
      open: isNull(bookmakerBets.settledStatus),
    }),
  };

  return {
    kind,
    place,

    /** The bookmaker markets of a match with the caller's position per runner. */
    async listForUser(userId: number, matchId: number): Promise<BookmakerMarket[]> {
      const rows = await db
        .select({ bm: bookmakerMarkets, market: markets })
        .from(bookmakerMarkets)
        .innerJoin(markets, eq(markets.marketId, bookmakerMarkets.marketId))
        .where(and(eq(markets.matchId, matchId), sql`${markets.status} <> 'CLOSED'`))
        .orderBy(asc(markets.marketId));
      const out: BookmakerMarket[] = [];
      for (const { bm, market } of rows) {
        const rs = await db
          .select({ runner: runners, quote: bookmakerQuotes })
          .from(runners)
          .leftJoin(bookmakerQuotes, eq(bookmakerQuotes.selectionId, runners.selectionId))
          .where(eq(runners.marketId, market.marketId))
          .orderBy(asc(runners.sortOrder));
        const mine = (
          await openBets(
            db,
            and(eq(bookmakerBets.userId, userId), eq(bookmakerBets.marketId, market.marketId)),
          )
        ).map(toEngineBet);
        const pos = bookmakerPosition(
          rs.map((r) => String(r.runner.selectionId)),
          mine,
        );
        out.push({
          market_id: market.marketId,
          market_name: market.marketName,
          status: bm.status,
          version: bm.version,
          min_stake: rupees(market.minStakePaise),
          max_stake: rupees(market.maxStakePaise),
          runners: rs.map((r) => ({
            selection_id: r.runner.selectionId,
            name: r.runner.name,
            status: r.runner.status,
            back_rate: r.quote?.backRate ?? null,
            lay_rate: r.quote?.layRate ?? null,
            position: rupees(pos.profit_paise[String(r.runner.selectionId)] ?? 0),
          })),
        });
      }
      return out;
    },

    async betsOfMatch(userId: number, matchId: number, limit: number): Promise<KindBet[]> {
      const rows = await db
        .select({
          bet: bookmakerBets,
          marketName: markets.marketName,
          matchName: matches.matchName,
          runnerName: runners.name,
        })
        .from(bookmakerBets)
        .innerJoin(markets, eq(markets.marketId, bookmakerBets.marketId))
        .innerJoin(matches, eq(matches.matchId, bookmakerBets.matchId))
        .innerJoin(runners, eq(runners.selectionId, bookmakerBets.selectionId))
        .where(and(eq(bookmakerBets.userId, userId), eq(bookmakerBets.matchId, matchId)))
        .orderBy(desc(bookmakerBets.betId))
        .limit(limit);
      return rows.map((r) => toKindBet(r.bet, r.marketName, r.matchName, r.runnerName));
    },

    quote(
      marketId: number,
      rates: { selection_id: number; back_rate: number | null; lay_rate: number | null }[],
    ) {
      return write(marketId, async (tx, status) => {
        const known = new Set((await runnerIds(tx, marketId)).map(Number));
        const unknown = rates.find((r) => !known.has(r.selection_id));
        if (unknown) return `Selection ${unknown.selection_id} is not a runner of market ${marketId}`;
        for (const r of rates) {
          await tx
            .insert(bookmakerQuotes)
            .values({
              selectionId: r.selection_id,
              marketId,
              backRate: r.back_rate,
              layRate: r.lay_rate,
              updatedAt: now(),
            })
            .onConflictDoUpdate({
              target: bookmakerQuotes.selectionId,
              set: { backRate: r.back_rate, layRate: r.lay_rate, updatedAt: now() },
            });
        }
        return status;
      });
    },

    setStatus: (marketId: number, status: QuoteStatus) => write(marketId, async () => status),

    /**
     * Spec §9 "Bookmaker": a match-winner market of a match that was not completed, settled on the
     * 25-over (ODI) / 10-over (T20) comparison by the engine's `bookmakerIncompleteResult`: the
     * winner of the comparison wins, equal runs are a dead heat of both teams, no comparison (a
     * Test, an innings short of the mark) voids the market. Scores `given` in the match's team
     * order, else read from the stored scoreboard when it can tell.
     */
    async incomplete(
      by: number,
      marketId: number,
      given: readonly (number | null)[] | null,
    ): Promise<{ ok: true; value: AdminBookmakerIncompleteResult } | { ok: false; message: string }> {
      const fail = (message: string) => ({ ok: false as const, message });
      const row = await stateOf(db, marketId);
      if (!row) return fail(`Unknown bookmaker market ${marketId}`);
      const [cm] = await db
        .select()
        .from(cricketMatches)
        .where(eq(cricketMatches.matchId, row.market.matchId));
      if (!cm) return fail('The market’s match has no cricket details');
      if ((await app.settlement.view(marketId)).state === 'SETTLED')
        return fail('Market is already settled; unsettle it first to settle it again');
      const teams = [cm.teamA, cm.teamB] as const;
      const rs = await db
        .select({ selectionId: runners.selectionId, name: runners.name })
        .from(runners)
        .where(eq(runners.marketId, marketId));
      const ids = teams.map((t) => rs.find((r) => r.name === t)?.selectionId);
      if (rs.length !== 2 || ids.some((id) => id === undefined))
        return fail(
          `Market ${marketId} is not the match winner of ${teams.join(' v ')}: its runners are ${rs.map((r) => r.name).join(', ')}`,
        );
      const mark = cm.format === 'TEST' ? null : BOOKMAKER_COMPARISON_OVERS[cm.format];
      let runs: [number | null, number | null] = [null, null];
      let source: AdminBookmakerIncompleteResult['source'] = 'NONE';
      if (given) {
        runs = [given[0] ?? null, given[1] ?? null];
        source = 'OPERATOR';
      } else if (mark !== null) {
        const parsed = scoreboard.safeParse(cm.score);
        if (cm.score === null || !parsed.success)
          return fail('No scoreboard is stored for this match: give runs_at_mark');
        const read = runsAtMarkFromScore(parsed.data, mark, teams);
        if (!read.ok) return fail(read.message);
        runs = read.runs;
        source = 'SCOREBOARD';
      }
      const decision = bookmakerIncompleteResult({
        format: cm.format,
        teams: [{ runs_at_mark: runs[0] }, { runs_at_mark: runs[1] }],
      });
      const [a, b] = ids as [number, number];
      const settled =
        decision === 'VOID'
          ? await app.settlement.voidMarket(by, marketId)
          : decision === 'TIE'
            ? await app.settlement.declareResult(by, marketId, { winners: [a, b], dead_heat_count: 2 })
            : await app.settlement.declareResult(by, marketId, { winners: [decision === 0 ? a : b] });
      if (!settled.ok) return fail(settled.message);
      return {
        ok: true,
        value: {
          market_id: marketId,
          format: cm.format,
          comparison_overs: mark,
          teams: [...teams],
          runs_at_mark: runs,
          decision: decision === 'VOID' ? 'VOID' : decision === 'TIE' ? 'TIE' : 'WIN',
          winner: decision === 0 || decision === 1 ? teams[decision] : null,
          source,
          settlement: toSummary(settled.value),
        },
      };
    },

    async view(marketId: number) {
      const row = await stateOf(db, marketId);
      if (!row) return null;
      const qs = await db.select().from(bookmakerQuotes).where(eq(bookmakerQuotes.marketId, marketId));
      return {
        market_id: marketId,
        status: row.bm.status,
        version: row.bm.version,
        runners: qs.map((x) => ({ selection_id: x.selectionId, back_rate: x.backRate, lay_rate: x.layRate })),
      };
    },
  };
}
export type BookmakerService = ReturnType<typeof createBookmakerService>;
