// Bookmaker markets: the house quotes back/lay rates per 100 on each runner; a bet is taken whole at
// the quoted rate or refused ("Rate changed"); nothing rests. A bookmaker market is a markets row of
// kind BOOKMAKER with ordinary runners; this module owns bookmaker_markets, bookmaker_quotes and
// bookmaker_bets. Bets go through a per-market queue and are taken in batches (batch.ts), each
// batch writing its bettors' exposure through the wallet's holds in its own transaction.
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
  movementsFromNets,
  settleBookmakerBetsPaise,
  type BookmakerBet,
} from '@backlay/engine';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookmakerBets, bookmakerMarkets, bookmakerQuotes } from './schema.ts';
import { matches } from '../catalog/schema.ts';
import { markets, runners } from '../markets/schema.ts';
import { DEFAULT_CRICKET_MODEL, finishedMatchRefusal, runsAtMarkFromScore } from '@backlay/feed';
import { toSummary } from '../settlement/summary.ts';
import type { Tx } from '../../db/store.ts';
import { isUniqueViolation, type PlaceOutcome } from '../markets/house-bets.ts';
import { betCountsOf, houseFiguresOf, houseStakesPlacedIn } from '../markets/bet-counts.ts';
import { BOOKMAKER_KIND } from './kind.ts';
import {
  createCommandQueue,
  QUEUE_FULL_BET_MESSAGE,
  runBatchOrEach,
  takeDistinctBatch,
} from '../markets/command-queue.ts';
import {
  holdKey,
  type ConsoleDetails,
  type HoldMap,
  type MarketKindModule,
  type OutcomePositions,
} from '../markets/registry.ts';
import { betResultOf } from '../markets/report-bets.ts';
import { bookmakerReportBets } from './report-bets.ts';
import {
  bookmakerStatusOf,
  decideBatch,
  positionOf,
  runningIds,
  type BatchMarket,
  type BookmakerBetRequest,
} from './batch.ts';
import {
  betsByRequests,
  lockForWrite,
  lockMarketRow,
  markSettled,
  namesOf,
  openBets,
  openBetsMarked,
  runnersWithQuotes,
  runningRunnerIds,
  stateOf,
  type BetRow,
  type MarketRow,
} from './queries.ts';
import type { Staker } from '../wallet/stake-gate.ts';
import { bumpMarketVersion, closeMarkets, followKindStatus } from '../markets/lifecycle.ts';

const rupees = (paise: number) => Math.round(paise) / 100;

/** The market row's status that mirrors the bookmaker's own (betting opens only on OPEN). */
function marketStatusOf(status: QuoteStatus): 'OPEN' | 'SUSPENDED' | 'CLOSED' {
  if (status === 'ACTIVE' || status === 'BALL_RUNNING') return 'OPEN';
  return status === 'SUSPENDED' ? 'SUSPENDED' : 'CLOSED';
}

const toEngineBet = (b: Pick<BetRow, 'selectionId' | 'isBack' | 'rate' | 'stakePaise'>): BookmakerBet => ({
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

// Long because it is a factory: its inner functions, each short, share the per-market command queue
// and its batch; the book arithmetic is the engine's.
export function createBookmakerService(
  app: Pick<FastifyInstance, 'bus' | 'clock' | 'cricket' | 'db' | 'metrics' | 'settlement' | 'wallet'>,
) {
  const db = app.db;
  const now = () => app.clock.now();

  function publish(marketId: number, userIds: Iterable<number> = []) {
    app.bus.publish('market', { market_id: marketId });
    for (const user_id of userIds) app.bus.publish('user', { user_id, market_id: marketId });
  }

  // Bets on a market are taken in batches, one batch per market at a time on this node (as the
  // exchange's and the fancies' are): one transaction takes the market's row lock, decides every
  // bet of the batch in memory, inserts the taken ones in one statement and writes their bettors'
  // holds in one more. An operator's quote, status or settlement waits for one batch at most.
  /** A taken bet's request id was already stored: the batch rolls back and runs again. */
  class StoredRequest extends Error {}
  type Command = {
    userId: number;
    req: BookmakerBetRequest;
    /** Who stakes (the stake gate reads its session in the batch's transaction). */
    staker: Staker;
    done(out: PlaceOutcome<KindBet>): void;
    fail(err: unknown): void;
  };
  const queue = createCommandQueue<Command>(async (marketId, pending) => {
    const cmds = takeDistinctBatch(pending, (c) => `${c.userId}/${c.req.request_id}`);
    await runBatchOrEach(cmds, (list) => runCommands(marketId, list), isUniqueViolation);
  });

  function place(userId: number, req: BookmakerBetRequest, staker: Staker): Promise<PlaceOutcome<KindBet>> {
    return new Promise((done, fail) => {
      if (!queue.submit(req.market_id, { userId, req, staker, done, fail }))
        done({ ok: false, message: QUEUE_FULL_BET_MESSAGE });
    });
  }

  /** One batch; once more when another node stored one of its request ids meanwhile. */
  async function runCommands(marketId: number, cmds: readonly Command[]) {
    try {
      await runOnce(marketId, cmds);
    } catch (err) {
      if (!(err instanceof StoredRequest)) throw err;
      await runOnce(marketId, cmds);
    }
  }

  /** The answer to a request whose (user, request id) is already stored. */
  function repeatOf(c: Command, b: BetRow, names: Names): PlaceOutcome<KindBet> {
    const { req } = c;
    const same =
      b.marketId === req.market_id &&
      b.selectionId === req.selection_id &&
      b.isBack === req.is_back &&
      b.rate === req.rate &&
      b.stakePaise === req.stake_paise;
    if (!same) return { ok: false, message: 'request_id was already used for a different bet' };
    return {
      ok: true,
      bet: toKindBet(b, names.market, names.match, names.runners.get(b.selectionId) ?? ''),
      repeated: true,
    };
  }

  type Names = { market: string; match: string; runners: Map<number, string> };

  /** One batch's transaction: read under the locks, decide in memory, write, commit, answer. */
  // Long because it is one batch transaction whose steps must run in order under the locks it takes
  // (market, then wallets).
  async function runOnce(marketId: number, cmds: readonly Command[]) {
    const answers = new Map<Command, PlaceOutcome<KindBet>>();
    const repeats = new Map<Command, BetRow>();
    let names: Names | null = null;
    const placedBy = new Set<number>();
    // Long because it is the batch's one transaction: its steps run in order under its locks.
    await db.transaction(async (tx: Tx) => {
      answers.clear();
      repeats.clear();
      placedBy.clear();
      // Repeats first: a stored (user, request id) is answered from its bet, decided no more.
      const stored = await betsByRequests(
        tx,
        cmds.map((c) => ({ userId: c.userId, requestId: c.req.request_id })),
      );
      const fresh: Command[] = [];
      for (const c of cmds) {
        const b = stored.get(`${c.userId}/${c.req.request_id}`);
        if (b) repeats.set(c, b);
        else fresh.push(c);
      }
      if (fresh.length === 0) return;
      // The lock order of every path: the market's row, then the wallets in user-id order.
      const market = await lockMarketRow(tx, marketId);
      const state = market ? await batchMarketOf(tx, market) : null;
      if (!market || !state) {
        for (const c of fresh) answers.set(c, { ok: false, message: 'Unknown bookmaker market' });
        return;
      }
      names = state.names;
      const users = [...new Set(fresh.map((c) => c.userId))].sort((a, b) => a - b);
      // Never queued behind one bettor's slow transaction: a wallet row still held after a few
      // jittered tries refuses that bettor's bets in words; the others go on (docs/reliability.md).
      // The stake gate: each bettor's wallet and session, read under the wallet locks.
      const stakeOf = (c: Command) => ({ userId: c.userId, staker: c.staker, stakePaise: c.req.stake_paise });
      const gate = await app.wallet.passStakeGate(tx, marketId, fresh.map(stakeOf), (u) =>
        app.wallet.holds.elsewhereExpr(u, marketId),
      );
      const wallets = gate.wallets;
      for (const c of fresh) {
        const refusal = gate.refusalOf(stakeOf(c));
        if (refusal) answers.set(c, { ok: false, message: refusal });
      }
      const deciding = fresh.filter((c) => gate.refusalOf(stakeOf(c)) === null);
      const running = runningIds(state.market.runners);
      const byUser = new Map<number, BookmakerBet[]>();
      for (const b of await openBets(
        tx,
        and(eq(bookmakerBets.marketId, marketId), inArray(bookmakerBets.userId, users)),
      )) {
        const list = byUser.get(b.userId) ?? [];
        list.push(toEngineBet(b));
        byUser.set(b.userId, list);
      }
      const open = new Map([...byUser].map(([u, bets]) => [u, positionOf(running, bets)]));
      const { decisions, changed } = decideBatch({
        // Under the market's lock, by the database's clock: a quiet scoreboard's rates are old.
        market: { ...state.market, score_stale: await app.cricket.scoreStale(tx, market.matchId) },
        requests: deciding,
        wallets: new Map(
          [...wallets].map(([u, w]) => [
            u,
            { balance_paise: w.balancePaise, elsewhere_paise: Number(w.alongside), limit: gate.limitOf(u) },
          ]),
        ),
        open,
      });
      const at = now();
      const taken = deciding.flatMap((c, i) => {
        const d = decisions[i]!;
        if (d.ok) return [c];
        answers.set(c, { ok: false, message: d.message });
        return [];
      });
      if (taken.length === 0) return;
      const rows = await tx
        .insert(bookmakerBets)
        .values(
          taken.map((c) => ({
            userId: c.userId,
            matchId: market.matchId,
            marketId,
            selectionId: c.req.selection_id,
            isBack: c.req.is_back,
            rate: c.req.rate,
            stakePaise: c.req.stake_paise,
            requestId: c.req.request_id,
            placedAt: at,
          })),
        )
        .onConflictDoNothing({ target: [bookmakerBets.userId, bookmakerBets.requestId] })
        .returning();
      if (rows.length < taken.length) throw new StoredRequest();
      const byRequest = new Map(rows.map((r) => [`${r.userId}/${r.requestId}`, r]));
      for (const c of taken) {
        const row = byRequest.get(`${c.userId}/${c.req.request_id}`)!;
        const n = state.names;
        answers.set(c, {
          ok: true,
          bet: toKindBet(row, n.market, n.match, n.runners.get(row.selectionId) ?? ''),
          repeated: false,
        });
        placedBy.add(c.userId);
      }
      const holds = new Map([...changed].map(([u, p]) => [u, p.hold_paise]));
      await tx.execute(
        sql`with ${app.wallet.holds.upsertCte(tx, 'held', marketId, holds, at)} select 1 as written`,
      );
    });
    if (repeats.size > 0 && !names) names = await namesOf(db, marketId);
    for (const c of cmds) {
      const b = repeats.get(c);
      const out = b ? repeatOf(c, b, names!) : answers.get(c)!;
      if (out.ok && !out.repeated) app.metrics.betPlaced('BOOKMAKER');
      c.done(out);
    }
    if (placedBy.size > 0) publish(marketId, placedBy);
  }

  /** A batch's view of its market: the row it locked, the bookmaker's status, runners and quotes. */
  async function batchMarketOf(
    tx: Tx,
    market: MarketRow,
  ): Promise<{ market: BatchMarket; names: Names } | null> {
    if (market.marketKind !== 'BOOKMAKER') return null;
    const [bm] = await tx
      .select()
      .from(bookmakerMarkets)
      .where(eq(bookmakerMarkets.marketId, market.marketId));
    if (!bm) return null;
    const [match] = await tx
      .select({ name: matches.matchName })
      .from(matches)
      .where(eq(matches.matchId, market.matchId));
    const rs = await runnersWithQuotes(tx, market.marketId);
    return {
      market: {
        match_id: market.matchId,
        kind: market.marketKind,
        status: market.status,
        own_status: bm.status,
        min_stake_paise: market.minStakePaise,
        max_stake_paise: market.maxStakePaise,
        runners: rs.map((r) => ({
          selection_id: r.runner.selectionId,
          name: r.runner.name,
          status: r.runner.status,
          back_rate: r.quote?.backRate ?? null,
          lay_rate: r.quote?.layRate ?? null,
        })),
      },
      names: {
        market: market.marketName,
        match: match?.name ?? '',
        runners: new Map(rs.map((r) => [r.runner.selectionId, r.runner.name])),
      },
    };
  }

  /**
   * Writes quotes or the status and moves the versions (sockets see the change). `change` returns
   * the bookmaker's next status (the market row's follows it), null to keep both, or a refusal.
   */
  async function write(
    marketId: number,
    change: (tx: Tx, status: QuoteStatus) => Promise<{ status: QuoteStatus | null } | string>,
  ): Promise<{ ok: true } | { ok: false; message: string }> {
    const out = await db.transaction(async (tx) => {
      const row = await lockForWrite(tx, marketId);
      if (!row) return { ok: false as const, message: `Unknown bookmaker market ${marketId}` };
      if (row.market.status === 'CLOSED') return { ok: false as const, message: 'Market is closed' };
      const next = await change(tx, row.bm.status);
      if (typeof next === 'string') return { ok: false as const, message: next };
      await tx
        .update(bookmakerMarkets)
        .set({
          ...(next.status === null ? {} : { status: next.status }),
          version: sql`${bookmakerMarkets.version} + 1`,
          updatedAt: now(),
        })
        .where(eq(bookmakerMarkets.marketId, marketId));
      // A quote leaves the market row's status alone: a market the operator suspended through
      // admin/market/status stays suspended until a status call opens it.
      if (next.status === null) await bumpMarketVersion(tx, [marketId]);
      else await followKindStatus(tx, [marketId], marketStatusOf(next.status));
      return { ok: true as const };
    });
    if (out.ok) publish(marketId);
    return out;
  }

  /** No rate yet on each new runner: the operator quotes it before opening the market. */
  async function unquoted(tx: Tx, marketId: number, selectionIds: readonly number[], at: Date) {
    if (selectionIds.length === 0) return;
    await tx.insert(bookmakerQuotes).values(
      selectionIds.map((selectionId) => ({
        selectionId,
        marketId,
        backRate: null,
        layRate: null,
        updatedAt: at,
      })),
    );
  }

  const kind: MarketKindModule = {
    kind: BOOKMAKER_KIND,
    pricing: 'HOUSE',
    resultBy: 'WINNERS',
    hasRunners: true,
    defaultMarketType: BOOKMAKER_KIND,
    settleActions: ['market/result', 'market/void', 'bookmaker/incomplete'],
    isMainMarket: () => false,

    async createRows({ tx, marketId, selectionIds, at }) {
      await tx.insert(bookmakerMarkets).values({ marketId, status: 'SUSPENDED', updatedAt: at });
      await unquoted(tx, marketId, selectionIds, at);
      return null;
    },

    runnersAdded: unquoted,

    ...houseFiguresOf({
      table: bookmakerBets,
      marketId: bookmakerBets.marketId,
      placedAt: bookmakerBets.placedAt,
      stakePaise: bookmakerBets.stakePaise,
    }),

    async consoleDetails(tx, marketIds) {
      const out = new Map<number, ConsoleDetails>();
      if (marketIds.length === 0) return out;
      const ids = [...marketIds];
      const [states, quotes] = await Promise.all([
        tx.select().from(bookmakerMarkets).where(inArray(bookmakerMarkets.marketId, ids)),
        tx.select().from(bookmakerQuotes).where(inArray(bookmakerQuotes.marketId, ids)),
      ]);
      for (const b of states) {
        const rates = new Map(
          quotes
            .filter((q) => q.marketId === b.marketId)
            .map((q) => [q.selectionId, { back: q.backRate, lay: q.layRate }]),
        );
        out.set(b.marketId, { bookmaker: { status: b.status, version: b.version }, rates });
      }
      return out;
    },

    // Taking bets in play without a single rate.
    unpricedInPlay: sql`k.in_play
      and exists (select 1 from ${bookmakerMarkets} bm where bm.market_id = k.market_id and bm.status = 'ACTIVE')
      and not exists (select 1 from ${bookmakerQuotes} q where q.market_id = k.market_id
        and (q.back_rate is not null or q.lay_rate is not null))`,

    stakesPlacedIn: houseStakesPlacedIn({
      table: bookmakerBets,
      userId: bookmakerBets.userId,
      marketId: bookmakerBets.marketId,
      placedAt: bookmakerBets.placedAt,
      stakePaise: bookmakerBets.stakePaise,
      settledStatus: bookmakerBets.settledStatus,
      selectionId: bookmakerBets.selectionId,
    }),

    async closeForSettlement(marketId) {
      await db.transaction(async (tx) => {
        await closeMarkets(tx, [marketId]);
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
      const isVoid = (b: BetRow) =>
        facts.voidMarket ||
        result === null ||
        voidSel.has(b.selectionId) ||
        windows.some((w) => b.placedAt >= w.fromAt! && b.placedAt <= w.toAt!);
      // Each user's standing bets settled together: one rounding of their exact total (the rule
      // the bet check and recomputeHolds hold for), shared out over the bets to the paisa.
      const profits = new Map<number, number>();
      const byUser = new Map<number, BetRow[]>();
      for (const b of bets) if (!isVoid(b)) byUser.set(b.userId, [...(byUser.get(b.userId) ?? []), b]);
      for (const list of byUser.values()) {
        const each = settleBookmakerBetsPaise(list.map(toEngineBet), {
          winners: result!.winners.map(String),
        });
        list.forEach((b, i) => profits.set(b.betId, each[i]!));
      }
      const marks = bets.map((b) => {
        const voided = isVoid(b);
        const profit = profits.get(b.betId) ?? 0;
        // A profit of 0 (a dead heat at evens): labelled by whether the bet's side came in.
        const cameIn = !voided && result!.winners.includes(b.selectionId) === b.isBack;
        nets.set(String(b.userId), (nets.get(String(b.userId)) ?? 0) + profit);
        return {
          bet_id: b.betId,
          result: voided ? ('VOID' as const) : betResultOf(profit, cameIn),
          profit_loss_paise: profit,
          settled_status: voided ? ('VOIDED' as const) : ('SETTLED' as const),
        };
      });
      // Every bet marked in one statement (a settlement under a stream of bets holds the market's
      // lock for as short as it can).
      if (marks.length > 0) await markSettled(tx, marks, now());
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

    /**
     * Every bettor with an open bet on these markets: the exposure of their bets that are not
     * voided over the runners still running (0 when every open bet of theirs is voided).
     */
    async outcomePositions(tx, marketId) {
      // The runners still running and each bettor's open bets that no void touches: the
      // position the hold is taken on and settlement pays.
      const rs = await tx
        .select({ selectionId: runners.selectionId, name: runners.name })
        .from(runners)
        .where(and(eq(runners.marketId, marketId), sql`${runners.status} <> 'REMOVED'`))
        .orderBy(asc(runners.sortOrder));
      const ids = rs.map((r) => String(r.selectionId));
      const byUser = new Map<number, BookmakerBet[]>();
      for (const b of await openBetsMarked(tx, eq(bookmakerBets.marketId, marketId))) {
        if (!b.counted) continue;
        byUser.set(b.userId, [...(byUser.get(b.userId) ?? []), toEngineBet(b)]);
      }
      const users: OutcomePositions['users'] = new Map();
      for (const [u, list] of byUser) {
        const profit = bookmakerPosition(ids, list).profit_paise;
        users.set(u, { pnl: ids.map((id) => profit[id] ?? 0), bets: list.length });
      }
      return { outcomes: rs.map((r) => ({ key: String(r.selectionId), label: r.name })), users };
    },

    async recomputeHolds(tx, marketIds) {
      const out: HoldMap = new Map();
      if (marketIds.length === 0) return out;
      const groups = new Map<string, BookmakerBet[]>();
      for (const b of await openBetsMarked(tx, inArray(bookmakerBets.marketId, [...marketIds]))) {
        const k = holdKey(b.userId, b.marketId);
        const list = groups.get(k) ?? [];
        if (b.counted) list.push(toEngineBet(b));
        groups.set(k, list);
      }
      const running = new Map<number, string[]>();
      for (const marketId of new Set(marketIds)) running.set(marketId, await runningRunnerIds(tx, marketId));
      for (const [k, list] of groups) {
        const marketId = Number(k.split(':')[1]);
        out.set(k, positionOf(running.get(marketId)!, list).hold_paise);
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
      const stale = rows.length > 0 && (await app.cricket.scoreStale(db, matchId));
      for (const { bm, market } of rows) {
        const rs = await runnersWithQuotes(db, market.marketId);
        // The position over the runners still running, of the bets not voided (a removed runner: 0).
        const running = rs
          .filter((r) => r.runner.status !== 'REMOVED')
          .map((r) => String(r.runner.selectionId));
        const mine = (
          await openBets(
            db,
            and(eq(bookmakerBets.userId, userId), eq(bookmakerBets.marketId, market.marketId)),
          )
        ).map(toEngineBet);
        const profit = mine.length === 0 ? {} : bookmakerPosition(running, mine).profit_paise;
        out.push({
          market_id: market.marketId,
          market_name: market.marketName,
          status: bookmakerStatusOf(bm.status, stale ? 'SUSPENDED' : market.status),
          version: bm.version,
          min_stake: rupees(market.minStakePaise),
          max_stake: rupees(market.maxStakePaise),
          runners: rs.map((r) => ({
            selection_id: r.runner.selectionId,
            name: r.runner.name,
            status: r.runner.status,
            back_rate: r.quote?.backRate ?? null,
            lay_rate: r.quote?.layRate ?? null,
            position: rupees(profit[String(r.runner.selectionId)] ?? 0),
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
      return write(marketId, async (tx) => {
        const known = new Set((await runnersWithQuotes(tx, marketId)).map((r) => r.runner.selectionId));
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
        return { status: null };
      });
    },

    setStatus: (marketId: number, status: QuoteStatus) => write(marketId, async () => ({ status })),

    /**
     * Spec §9 "Bookmaker": a match-winner market of a match that was not completed, settled on the
     * 25-over (ODI) / 10-over (T20) comparison by the engine's `bookmakerIncompleteResult`: the
     * winner of the comparison wins, equal runs are a dead heat of both teams, no comparison (a
     * Test, an innings short of the mark) voids the market. Scores `given` in the match's team
     * order, else read from the stored scoreboard when it can tell.
     */
    async incomplete(
      by: number | null,
      marketId: number,
      given: readonly (number | null)[] | null,
    ): Promise<{ ok: true; value: AdminBookmakerIncompleteResult } | { ok: false; message: string }> {
      const fail = (message: string) => ({ ok: false as const, message });
      const row = await stateOf(db, marketId);
      if (!row) return fail(`Unknown bookmaker market ${marketId}`);
      const cm = await app.cricket.matchOf(db, row.market.matchId);
      if (!cm) return fail('The market’s match has no cricket details');
      // A first look, for a quick answer; the decisive check is made under the market's lock (the
      // declare refuses a settled market there, and so does the void: `unlessSettled`).
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
      }
      // A match the play finished is settled on its result: the comparison is for an unfinished one.
      const stored = cm.score === null ? null : scoreboard.safeParse(cm.score);
      const finished = stored?.success
        ? finishedMatchRefusal(stored.data, DEFAULT_CRICKET_MODEL.overs[cm.format])
        : null;
      if (finished) return fail(finished);
      if (!given && mark !== null) {
        if (!stored?.success) return fail('No scoreboard is stored for this match: give runs_at_mark');
        const read = runsAtMarkFromScore(stored.data, mark, teams);
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
          ? await app.settlement.voidMarket(by, marketId, undefined, { unlessSettled: true })
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
        status: bookmakerStatusOf(row.bm.status, row.market.status),
        version: row.bm.version,
        runners: qs.map((x) => ({ selection_id: x.selectionId, back_rate: x.backRate, lay_rate: x.layRate })),
      };
    },
  };
}
export type BookmakerService = ReturnType<typeof createBookmakerService>;
