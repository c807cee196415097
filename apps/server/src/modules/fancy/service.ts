// Fancy (session) markets: the house quotes No/Yes lines and rates; a bet is taken whole at the
// quoted line and rate or refused. A fancy is a markets row of kind FANCY plus its `fancies` row;
// this module owns `fancies`, `fancy_bets` and `fancy_averages`, and writes its users' exposure
// through the wallet's holds in the bet's own transaction.
import type { Fancy, FancyStatus, KindBet } from '@backlay/contract';
import {
  fancyBook,
  fancyExposurePaise,
  movementsFromNets,
  settleFancyBetPaise,
  settleFancyBetsPaise,
  type FancyBet,
  type FancyVariant,
} from '@backlay/engine';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fancies, fancyBets } from './schema.ts';
import { markets } from '../markets/schema.ts';
import type { Tx } from '../../db/store.ts';
import { isUniqueViolation, type PlaceOutcome } from '../markets/house-bets.ts';
import { betCountsOf, houseFiguresOf, houseStakesPlacedIn } from '../markets/bet-counts.ts';
import { FANCY_KIND } from './kind.ts';
import { createCommandQueue, QUEUE_FULL_BET_MESSAGE, takeBatch } from '../markets/command-queue.ts';
import { decideBatch, openBetsOf, type FancyBetRequest, type UserOpenBets } from './batch.ts';
import { createOpenBetsCache } from './open-bets.ts';
import {
  holdKey,
  type ConsoleDetails,
  type HoldMap,
  type MarketKindModule,
  type OutcomePositions,
} from '../markets/registry.ts';

/** At most this many fancy results are listed in the risk view (lowest line − 2 … highest line + 2, clamped). */
const FANCY_OUTCOMES_MAX = 80;
/** A fancy's largest result: 1 for an event (FANCY1), else runs. */
const FANCY_RESULT_MAX = { FANCY1: 1, default: 999 } as const;
import { SettlementRefusal } from '../settlement/service.ts';
import * as q from './queries.ts';
import { resultMaxOf } from './rules.ts';
import { fancyReportBets } from './report-bets.ts';
import { betResultOf } from '../markets/report-bets.ts';
import type { Staker } from '../wallet/stake-gate.ts';
import { bumpMarketVersion, closeMarkets, followKindStatus } from '../markets/lifecycle.ts';

const rupees = (paise: number) => Math.round(paise) / 100;
const toPaise = (rupeesValue: number) => Math.round(rupeesValue * 100);

export type FancyQuoteInput = { no_line: number; no_rate: number; yes_line: number; yes_rate: number };

/** The market row's status that mirrors a fancy's (betting opens only on OPEN). */
/** Why a fancy may not take `status` (null: it may): a removed fancy is never reopened. */
function statusRefusal(f: { status: string }, status: FancyStatus): string | null {
  return f.status === 'REMOVED' && status !== 'REMOVED' ? 'A removed fancy cannot be reopened' : null;
}

/** Why a quote may not be written on the fancy as it is (null: it may). */
function quoteRefusal(f: q.FancyRow, quote: FancyQuoteInput): string | null {
  if (f.status === 'CLOSED' || f.status === 'REMOVED') return 'Fancy is closed';
  if (f.variant !== 'ODD_EVEN' && quote.yes_line < quote.no_line) return 'yes_line must not be below no_line';
  // A line past the fancy's largest result would take bets whose holds (computed over
  // [0, result_max]) miss the results that line is about.
  const max = resultMaxOf(f);
  if (f.variant !== 'ODD_EVEN' && Math.max(quote.no_line, quote.yes_line) > max)
    return `Lines must be at most ${max}, this fancy's largest result`;
  return null;
}

const quoteValues = (quote: FancyQuoteInput) => ({
  noLine: quote.no_line,
  noRate: quote.no_rate,
  yesLine: quote.yes_line,
  yesRate: quote.yes_rate,
});

function marketStatusOf(status: FancyStatus): 'OPEN' | 'SUSPENDED' | 'CLOSED' {
  if (status === 'ACTIVE' || status === 'BALL_RUNNING') return 'OPEN';
  return status === 'SUSPENDED' ? 'SUSPENDED' : 'CLOSED';
}

/**
 * The status a bettor is shown: the fancy's own, unless the generic market status is stricter
 * (`admin/market/status SUSPENDED` suspends an active fancy; the batch refuses its bets the same way).
 */
function shownStatus(f: q.FancyRow, marketStatus: string): FancyStatus {
  if (marketStatus === 'SUSPENDED' && (f.status === 'ACTIVE' || f.status === 'BALL_RUNNING'))
    return 'SUSPENDED';
  if (marketStatus === 'CLOSED' && f.status !== 'REMOVED') return 'CLOSED';
  return f.status;
}

/** A fancy's status and quote, as the wire and the batch both name them. */
function quoteOf(f: q.FancyRow) {
  return {
    status: f.status,
    no_line: f.noLine,
    no_rate: f.noRate,
    yes_line: f.yesLine,
    yes_rate: f.yesRate,
    band: f.band,
  };
}

export function toEngineBet(
  b: Pick<q.FancyBetRow, 'isYes' | 'line' | 'lineTo' | 'rate' | 'stakePaise'>,
): FancyBet {
  return {
    is_yes: b.isYes,
    line: b.line,
    ...(b.lineTo === null ? {} : { line_to: b.lineTo }),
    rate: b.rate,
    stake_paise: b.stakePaise,
  };
}

/** What a bet's answer names of its fancy. */
type FancyName = { market: string; match: string; variant: FancyVariant };

/** A fancy bet as it was placed: "Yes 46", "No 45", "Yes 150-159"; an Odd/Even's sides "Odd", "Even". */
function fancyBetName(b: q.FancyBetRow, variant: FancyVariant): string {
  if (variant === 'ODD_EVEN') return b.isYes ? 'Odd' : 'Even';
  return `${b.isYes ? 'Yes' : 'No'} ${b.lineTo === null ? b.line : `${b.line}-${b.lineTo}`}`;
}

export function toKindBet(
  b: q.FancyBetRow,
  variant: FancyVariant,
  marketName: string,
  matchName: string,
): KindBet {
  return {
    bet_id: b.betId,
    kind: 'FANCY',
    match_id: b.matchId,
    match_name: matchName,
    market_id: b.marketId,
    market_name: marketName,
    selection_id: null,
    selection_name: fancyBetName(b, variant),
    // Both sides of an Odd/Even fancy are backs, without a line (as the reports show them).
    is_back: b.isYes || variant === 'ODD_EVEN' ? '1' : '0',
    line: variant === 'ODD_EVEN' ? null : b.line,
    rate: b.rate,
    stack: rupees(b.stakePaise),
    status: b.settledStatus ?? 'MATCHED',
    profit_loss: b.profitLossPaise === null ? null : rupees(b.profitLossPaise),
    placed_at: b.placedAt.toISOString(),
  };
}

// Long because it is a factory: its inner functions, each short, share the per-fancy command queue
// and its batch; the arithmetic is the engine's (packages/engine/src/fancy).
export function createFancyService(
  app: Pick<FastifyInstance, 'bus' | 'clock' | 'cricket' | 'db' | 'metrics' | 'settlement' | 'wallet'>,
) {
  const db = app.db;
  const now = () => app.clock.now();

  function exposureOf(f: q.FancyRow, bets: readonly q.FancyBetRow[]): number {
    const open = bets.filter((b) => b.settledStatus === null).map(toEngineBet);
    return open.length === 0 ? 0 : fancyExposurePaise(f.variant, open, f.resultMax);
  }

  function publish(fancyId: number, userIds: Iterable<number> = []) {
    app.bus.publish('market', { market_id: fancyId });
    for (const user_id of userIds) app.bus.publish('user', { user_id, market_id: fancyId });
  }

  /** Writes a fancy's quote or status and moves its market's version (sockets see the change). */
  async function writeFancy(
    fancyId: number,
    change: (f: q.FancyRow) => Partial<typeof fancies.$inferInsert> | string,
  ): Promise<{ ok: true; fancy: q.FancyRow; version: number } | { ok: false; message: string }> {
    const out = await db.transaction(async (tx) => {
      const row = await q.fancyForQuote(tx, fancyId);
      if (!row) return { ok: false as const, message: `Unknown fancy ${fancyId}` };
      const values = change(row.fancy);
      if (typeof values === 'string') return { ok: false as const, message: values };
      const [fancy] = await tx
        .update(fancies)
        .set({ ...values, version: sql`${fancies.version} + 1`, updatedAt: now() })
        .where(eq(fancies.marketId, fancyId))
        .returning();
      // A fancy's status change moves the generic status with it (a closed market stays closed:
      // markets/lifecycle.ts); a quote leaves it alone, so it never reopens what
      // `admin/market/status` shut.
      const versions =
        values.status === undefined
          ? await bumpMarketVersion(tx, [fancyId])
          : await followKindStatus(tx, [fancyId], marketStatusOf(values.status));
      return { ok: true as const, fancy: fancy!, version: versions.get(fancyId)! };
    });
    if (out.ok) publish(fancyId);
    return out;
  }

  // Bets on a fancy are taken in batches, one batch per fancy at a time on this node (the
  // exchange's queue): one transaction, a few statements and one commit for many bets.
  /** A taken bet's request id was already stored: the batch rolls back and runs with a lookup. */
  class StoredRequest extends Error {}
  type Command = {
    userId: number;
    req: FancyBetRequest;
    /** Who stakes (the stake gate reads its session in the batch's transaction). */
    staker: Staker;
    done(out: PlaceOutcome<KindBet>): void;
    fail(err: unknown): void;
  };
  const openBets = createOpenBetsCache();
  const queue = createCommandQueue<Command>(runBatch);

  function place(userId: number, req: FancyBetRequest, staker: Staker): Promise<PlaceOutcome<KindBet>> {
    return new Promise((done, fail) => {
      if (!queue.submit(req.fancy_id, { userId, req, staker, done, fail }))
        done({ ok: false, message: QUEUE_FULL_BET_MESSAGE });
    });
  }

  async function runBatch(fancyId: number, pending: Command[]) {
    // One command per (user, request id) in a batch: a second copy waits for the next batch,
    // which answers it from the stored bet when the first was taken.
    const seen = new Set<string>();
    const now: Command[] = [];
    const later: Command[] = [];
    for (const c of takeBatch(pending)) {
      const key = `${c.userId}/${c.req.request_id}`;
      (seen.has(key) ? later : now).push(c);
      seen.add(key);
    }
    pending.unshift(...later);
    try {
      await runCommands(fancyId, now);
    } catch (err) {
      openBets.drop(fancyId);
      // One at a time, so that one bad request cannot fail its neighbours; a request id taken
      // meanwhile by another node's batch is answered as a repeat on the second try.
      for (const c of now.length === 1 ? [] : now) {
        for (let attempt = 1; ; attempt++) {
          try {
            await runCommands(fancyId, [c]);
            break;
          } catch (e) {
            openBets.drop(fancyId);
            if (attempt < 2 && isUniqueViolation(e)) continue;
            c.fail(e);
            break;
          }
        }
      }
      if (now.length === 1) now[0]!.fail(err);
    }
  }

  /** The answer to a request whose (user, request id) is already stored. */
  async function repeatOf(
    c: Command,
    b: q.FancyBetRow,
    names: Map<number, FancyName>,
  ): Promise<PlaceOutcome<KindBet>> {
    const { req } = c;
    const same =
      b.marketId === req.fancy_id &&
      b.isYes === req.is_yes &&
      b.line === req.line &&
      b.rate === req.rate &&
      b.stakePaise === req.stake_paise;
    if (!same) return { ok: false, message: 'request_id was already used for a different bet' };
    if (!names.has(b.marketId)) {
      const f = await q.fancyOf(db, b.marketId);
      names.set(b.marketId, {
        market: f?.market.marketName ?? '',
        match: f?.matchName ?? '',
        variant: f?.fancy.variant ?? 'RUNS',
      });
    }
    const name = names.get(b.marketId)!;
    return { ok: true, bet: toKindBet(b, name.variant, name.market, name.match), repeated: true };
  }

  /**
   * One batch. Repeats are rare, so it is first run without looking up the batch's request ids: a
   * refused bet's request id is looked up after the decisions (a repeat is answered as one, and it
   * changed the bettor's state no more than a refusal), and a taken bet whose request id is already
   * stored makes the insert skip it, which rolls the batch back to run again with the lookup first.
   */
  async function runCommands(fancyId: number, cmds: readonly Command[]) {
    try {
      await runOnce(fancyId, cmds, false);
    } catch (err) {
      if (!(err instanceof StoredRequest)) throw err;
      await runOnce(fancyId, cmds, true);
    }
  }

  /** One batch's transaction: read under the locks, decide in memory, write, commit, answer. */
  // Long because it is one batch transaction whose steps must run in order under the locks it takes
  // (market, then wallets): splitting it would pass the transaction and the locked rows through
  // every piece.
  async function runOnce(fancyId: number, cmds: readonly Command[], lookupFirst: boolean) {
    const answers = new Map<Command, PlaceOutcome<KindBet>>();
    const stored = new Map<Command, q.FancyBetRow>();
    let committed: { before: number; seq: number; fresh: Map<number, UserOpenBets> } | null = null;
    let name: FancyName | null = null;
    const keyOf = (c: Command) => `${c.userId}/${c.req.request_id}`;
    const lookUp = async (tx: Tx, list: readonly Command[]) => {
      const found = await q.betsByRequests(
        tx,
        list.map((c) => ({ userId: c.userId, requestId: c.req.request_id })),
      );
      const byKey = new Map(found.map((b) => [`${b.userId}/${b.requestId}`, b]));
      for (const c of list) {
        const b = byKey.get(keyOf(c));
        if (b) stored.set(c, b);
      }
    };
    // Long because it is the batch's one transaction: its steps run in order under the locks it
    // takes.
    await db.transaction(async (tx: Tx) => {
      answers.clear();
      stored.clear();
      if (lookupFirst) await lookUp(tx, cmds);
      const fresh = cmds.filter((c) => !stored.has(c));
      if (fresh.length === 0) return;
      const at = now();
      const market = await q.marketForShare(tx, fancyId);
      const f = market ? await q.fancyForUpdate(tx, fancyId, at) : null;
      if (!market || !f) {
        for (const c of fresh) answers.set(c, { ok: false, message: 'Unknown fancy' });
        if (!lookupFirst) await lookUp(tx, fresh);
        return;
      }
      name = { market: market.marketName, match: market.matchName, variant: f.variant };
      const users = [...new Set(fresh.map((c) => c.userId))].sort((a, b) => a - b);
      // Never queued behind one bettor's slow transaction: a wallet row still held after a few
      // jittered tries refuses that bettor's bets in words; the others go on (docs/reliability.md).
      // The stake gate: each bettor's wallet and session, read under the wallet locks.
      const stakeOf = (c: Command) => ({ userId: c.userId, staker: c.staker, stakePaise: c.req.stake_paise });
      const gate = await app.wallet.passStakeGate(tx, fancyId, fresh.map(stakeOf), (u) =>
        app.wallet.holds.elsewhereExpr(u, fancyId),
      );
      const wallets = gate.wallets;
      for (const c of fresh) {
        const refusal = gate.refusalOf(stakeOf(c));
        if (refusal) answers.set(c, { ok: false, message: refusal });
      }
      const deciding = fresh.filter((c) => gate.refusalOf(stakeOf(c)) === null);
      const known = openBets.at(fancyId, f.betsSeq);
      const open = new Map<number, UserOpenBets>();
      const unknown: number[] = [];
      for (const u of users) {
        const state = known.get(u);
        if (state) open.set(u, state);
        else unknown.push(u);
      }
      const read = new Map<number, FancyBet[]>();
      for (const b of await q.openBetsOfUsers(tx, fancyId, unknown)) {
        const list = read.get(b.userId) ?? [];
        list.push(toEngineBet(b));
        read.set(b.userId, list);
      }
      for (const u of unknown) open.set(u, openBetsOf(f.variant, f.resultMax, read.get(u) ?? []));

      const { decisions, changed } = decideBatch({
        fancy: {
          variant: f.variant,
          ...quoteOf(f),
          max_user_stake_paise: f.maxUserStakePaise,
          result_max: f.resultMax,
        },
        market: {
          match_id: market.matchId,
          kind: market.marketKind,
          status: market.status,
          voided_now: f.voidedAt,
          // Under the fancy's lock, by the database's clock: a quiet scoreboard's line is old.
          score_stale: await app.cricket.scoreStale(tx, market.matchId),
          min_stake_paise: market.minStakePaise,
          max_stake_paise: market.maxStakePaise,
        },
        requests: deciding,
        wallets: new Map(
          [...wallets].map(([u, w]) => [
            u,
            { balance_paise: w.balancePaise, elsewhere_paise: Number(w.alongside), limit: gate.limitOf(u) },
          ]),
        ),
        open,
      });
      const taken = deciding.flatMap((c, i) => {
        const d = decisions[i]!;
        if (!d.ok) {
          answers.set(c, { ok: false, message: d.message });
          return [];
        }
        return [{ c, bet: d.bet }];
      });
      if (!lookupFirst) await lookUp(tx, [...answers.keys()]);
      if (taken.length > 0) {
        const rows = await tx
          .insert(fancyBets)
          .values(
            taken.map(({ c, bet }) => ({
              userId: c.userId,
              matchId: market.matchId,
              marketId: fancyId,
              isYes: bet.is_yes,
              line: bet.line,
              lineTo: bet.line_to ?? null,
              rate: bet.rate,
              stakePaise: bet.stake_paise,
              requestId: c.req.request_id,
              placedAt: at,
            })),
          )
          .onConflictDoNothing({ target: [fancyBets.userId, fancyBets.requestId] })
          .returning();
        if (rows.length < taken.length) throw new StoredRequest();
        const byRequest = new Map(rows.map((r) => [`${r.userId}/${r.requestId}`, r]));
        for (const { c } of taken) {
          const row = byRequest.get(`${c.userId}/${c.req.request_id}`)!;
          answers.set(c, {
            ok: true,
            bet: toKindBet(row, f.variant, market.marketName, market.matchName),
            repeated: false,
          });
        }
        // The holds and the sequence in one statement (the batch's last before COMMIT).
        const newHolds = new Map([...changed].map(([u, state]) => [u, state.hold_paise]));
        await q.writeHoldsMovingSeq(
          tx,
          fancyId,
          app.wallet.holds.upsertCte(tx, 'held', fancyId, newHolds, at),
        );
      }
      committed = {
        before: f.betsSeq,
        seq: taken.length > 0 ? f.betsSeq + 1 : f.betsSeq,
        fresh: new Map([...open, ...changed]),
      };
    });
    if (committed) {
      const c = committed as { before: number; seq: number; fresh: Map<number, UserOpenBets> };
      openBets.commit(fancyId, c.before, c.seq, c.fresh);
    }
    // The fancy's name, when this batch read it (a batch of repeats only did not: looked up).
    const names = new Map<number, FancyName>(name ? [[fancyId, name]] : []);
    const placedBy = new Set<number>();
    for (const c of cmds) {
      const b = stored.get(c);
      const out = b ? await repeatOf(c, b, names) : answers.get(c)!;
      if (out.ok && !out.repeated) {
        placedBy.add(c.userId);
        app.metrics.betPlaced('FANCY');
      }
      c.done(out);
    }
    if (placedBy.size > 0) publish(fancyId, placedBy);
  }

  const kind: MarketKindModule = {
    kind: FANCY_KIND,
    pricing: 'HOUSE',
    resultBy: 'VALUE',
    hasRunners: false,
    defaultMarketType: FANCY_KIND,
    settleActions: ['fancy/result', 'fancy/average'],
    isMainMarket: () => false,

    // A fancy is a line on a cricket match (its format and competition decide its averages).
    async createRows({ tx, marketId, matchId, fancy, at }) {
      const cm = await app.cricket.matchOf(tx, matchId);
      if (!cm) {
        return 'A fancy needs a cricket match with its format and competition (create the match with its cricket details)';
      }
      if (!fancy) return 'fancy is required for a fancy market';
      const [order] = await tx
        .select({ n: sql<number>`coalesce(max(${fancies.displayOrder}), -1)::int + 1` })
        .from(fancies)
        .where(eq(fancies.matchId, matchId));
      await tx.insert(fancies).values({
        marketId,
        matchId,
        variant: fancy.variant,
        status: 'SUSPENDED',
        band: fancy.variant === 'KHADO' ? (fancy.band ?? null) : null,
        maxUserStakePaise: toPaise(fancy.max_user_stake),
        displayOrder: Number(order?.n ?? 0),
        resultMax: fancy.variant === 'FANCY1' ? FANCY_RESULT_MAX.FANCY1 : FANCY_RESULT_MAX.default,
        event: fancy.event,
        updatedAt: at,
      });
      return null;
    },

    ...houseFiguresOf({
      table: fancyBets,
      marketId: fancyBets.marketId,
      placedAt: fancyBets.placedAt,
      stakePaise: fancyBets.stakePaise,
    }),

    async consoleDetails(tx, marketIds) {
      const out = new Map<number, ConsoleDetails>();
      if (marketIds.length === 0) return out;
      for (const f of await tx
        .select()
        .from(fancies)
        .where(inArray(fancies.marketId, [...marketIds]))) {
        out.set(f.marketId, {
          fancy: {
            variant: f.variant,
            status: f.status,
            no_line: f.noLine,
            no_rate: f.noRate,
            yes_line: f.yesLine,
            yes_rate: f.yesRate,
            band: f.band,
            max_user_stake: rupees(f.maxUserStakePaise),
            result_max: f.resultMax,
            display_order: f.displayOrder,
          },
        });
      }
      return out;
    },

    stakesPlacedIn: houseStakesPlacedIn({
      table: fancyBets,
      userId: fancyBets.userId,
      marketId: fancyBets.marketId,
      placedAt: fancyBets.placedAt,
      stakePaise: fancyBets.stakePaise,
      settledStatus: fancyBets.settledStatus,
    }),

    async closeForSettlement(marketId) {
      await db.transaction(async (tx) => {
        await closeMarkets(tx, [marketId]);
        await tx
          .update(fancies)
          .set({
            status: sql`case when ${fancies.status} = 'REMOVED' then 'REMOVED' else 'CLOSED' end`,
            updatedAt: now(),
          })
          .where(eq(fancies.marketId, marketId));
      });
      publish(marketId);
    },

    async settle(tx, market, facts) {
      const [f] = await tx.select().from(fancies).where(eq(fancies.marketId, market.marketId));
      if (!f) throw new Error(`market ${market.marketId} has no fancy row`);
      const bets = await q.betsOfMarkets(tx, [market.marketId]);
      const value = facts.result && 'value' in facts.result ? facts.result.value : null;
      const deadHeat = facts.result && 'value' in facts.result ? (facts.result.dead_heat_count ?? 1) : 1;
      const voidAll = facts.voidMarket || value === null;
      // Every hold covered the results in [0, result_max]: a result past it could take more than
      // was held. Checked here, under the market's lock, for every way a value is declared.
      const max = resultMaxOf(f);
      if (!voidAll && value! > max)
        throw new SettlementRefusal(
          `Result ${value} is above ${max}, the largest result of this fancy (its holds cover up to ${max}): declare at most ${max} or void it`,
        );
      const windows = facts.voids.filter((v) => v.kind === 'WINDOW');
      const nets = new Map<string, number>();
      const at = now();
      const voided = (b: q.FancyBetRow) =>
        voidAll || windows.some((w) => b.placedAt >= w.fromAt! && b.placedAt <= w.toAt!);
      // Each user's standing bets settled together: one rounding of their exact total (the rule
      // the bet check and recomputeHolds hold for), shared out over the bets to the paisa.
      const profits = new Map<number, number>();
      const byUser = new Map<number, q.FancyBetRow[]>();
      for (const b of bets) if (!voided(b)) byUser.set(b.userId, [...(byUser.get(b.userId) ?? []), b]);
      for (const list of byUser.values()) {
        const each = settleFancyBetsPaise(f.variant, list.map(toEngineBet), {
          kind: 'RESULT',
          value: value!,
          ...(deadHeat > 1 ? { dead_heat_count: deadHeat } : {}),
        });
        list.forEach((b, i) => profits.set(b.betId, each[i]!));
      }
      for (const b of bets) {
        const profit = profits.get(b.betId) ?? 0;
        // A profit of 0 (a dead heat's halved rate): labelled by whether the bet's side came in.
        const cameIn = () =>
          settleFancyBetPaise(f.variant, toEngineBet(b), { kind: 'RESULT', value: value! }) > 0;
        const outcome = voided(b) ? 'VOID' : betResultOf(profit, profit === 0 && cameIn());
        await tx
          .update(fancyBets)
          .set({
            result: outcome,
            profitLossPaise: profit,
            settledStatus: outcome === 'VOID' ? 'VOIDED' : 'SETTLED',
            settledAt: at,
          })
          .where(eq(fancyBets.betId, b.betId));
        nets.set(String(b.userId), (nets.get(String(b.userId)) ?? 0) + profit);
      }
      if (value !== null && !facts.voidMarket) {
        await tx
          .update(fancies)
          .set({ status: 'CLOSED' })
          .where(and(eq(fancies.marketId, f.marketId), sql`${fancies.status} <> 'REMOVED'`));
      }
      await q.moveBetsSeq(tx, f.marketId);
      return {
        movements: movementsFromNets(String(market.marketId), nets, market.commissionBps),
        users: [...new Set(bets.map((b) => b.userId))].sort((a, b) => a - b),
      };
    },

    async clearResults(tx, marketId) {
      await tx
        .update(fancyBets)
        .set({ result: null, profitLossPaise: null, settledStatus: null, settledAt: null })
        .where(eq(fancyBets.marketId, marketId));
      await q.moveBetsSeq(tx, marketId);
    },

    // A void changed which bets count: every node's copy of this fancy's open bets is stale (its
    // stamp, bets_seq, moves under the market's lock the void holds), so the next batch reads its
    // bettors afresh, through `liveBet`, which leaves the voided bets out.
    async onVoided(tx, marketId) {
      await q.moveBetsSeq(tx, marketId);
    },

    async outcomePositions(tx, marketId) {
      // Each result from the lowest line − 2 to the highest + 2 (at most FANCY_OUTCOMES_MAX), and
      // each bettor's live bets (no void touches them) settled together on it, as settlement does.
      const [f] = await tx.select().from(fancies).where(eq(fancies.marketId, marketId));
      const users: OutcomePositions['users'] = new Map();
      if (!f) return { outcomes: [], users };
      const rows = await q.openBetsOfMarkets(tx, [marketId]);
      const top = resultMaxOf(f);
      let results: number[];
      if (f.variant === 'ODD_EVEN' || f.variant === 'FANCY1') results = [0, 1];
      else {
        const lines = rows.flatMap((b) => (b.lineTo === null ? [b.line] : [b.line, b.lineTo]));
        const quoted = [f.noLine, f.yesLine].filter((x): x is number => typeof x === 'number');
        const all = lines.length > 0 ? lines : quoted;
        const lo = all.length > 0 ? Math.max(0, Math.min(...all) - 2) : 0;
        const hi = all.length > 0 ? Math.min(top, Math.max(...all) + 2) : -1;
        results = [];
        for (let r = lo; r <= hi && results.length < FANCY_OUTCOMES_MAX; r++) results.push(r);
      }
      const label = (r: number) =>
        f.variant === 'ODD_EVEN'
          ? r === 1
            ? 'Odd'
            : 'Even'
          : f.variant === 'FANCY1'
            ? r === 1
              ? 'Yes'
              : 'No'
            : String(r);
      const byUser = new Map<number, q.FancyBetRow[]>();
      for (const b of rows) byUser.set(b.userId, [...(byUser.get(b.userId) ?? []), b]);
      for (const [u, list] of byUser) {
        const engineBets = list.map(toEngineBet);
        users.set(u, {
          // One rounding of the user's exact total per result, as settlement does.
          pnl: results.map((value) =>
            settleFancyBetsPaise(f.variant, engineBets, { kind: 'RESULT', value }).reduce((s, x) => s + x, 0),
          ),
          bets: list.length,
        });
      }
      return { outcomes: results.map((r) => ({ key: String(r), label: label(r) })), users };
    },

    async recomputeHolds(tx, marketIds) {
      const out: HoldMap = new Map();
      if (marketIds.length === 0) return out;
      const rows = await tx
        .select()
        .from(fancies)
        .where(inArray(fancies.marketId, [...marketIds]));
      const byId = new Map(rows.map((r) => [r.marketId, r]));
      const bets = await q.openBetsOfMarkets(tx, marketIds);
      const groups = new Map<string, q.FancyBetRow[]>();
      for (const b of bets) {
        const k = holdKey(b.userId, b.marketId);
        groups.set(k, [...(groups.get(k) ?? []), b]);
      }
      for (const [k, list] of groups) {
        const f = byId.get(list[0]!.marketId)!;
        out.set(k, exposureOf(f, list));
      }
      return out;
    },

    reportBets: fancyReportBets,

    ...betCountsOf({
      table: fancyBets,
      userId: fancyBets.userId,
      marketId: fancyBets.marketId,
      result: fancyBets.result,
      open: isNull(fancyBets.settledStatus),
    }),
  };

  return {
    kind,
    place,

    /** The fancies of a match as the bettor sees them (removed and settled ones left out). */
    async listForUser(userId: number, matchId: number): Promise<Fancy[]> {
      const rows = await q.fanciesOfMatch(db, matchId);
      const stale = await app.cricket.scoreStale(db, matchId);
      const mine = await q.userOpenBets(
        db,
        userId,
        rows.map((r) => r.fancy.marketId),
      );
      return rows
        .filter((r) => r.fancy.status !== 'REMOVED' && r.market.status !== 'CLOSED')
        .map(({ fancy: f, market }) => ({
          fancy_id: f.marketId,
          match_id: f.matchId,
          name: market.marketName,
          variant: f.variant,
          ...quoteOf(f),
          status: shownStatus(f, stale ? 'SUSPENDED' : market.status),
          min_stake: rupees(market.minStakePaise),
          max_stake: rupees(market.maxStakePaise),
          max_user_stake: rupees(f.maxUserStakePaise),
          display_order: f.displayOrder,
          exposure: rupees(
            exposureOf(
              f,
              mine.filter((b) => b.marketId === f.marketId),
            ),
          ),
          result: null,
        }));
    },

    /** The caller's profit or loss by result on one fancy. */
    async book(userId: number, fancyId: number) {
      const row = await q.fancyOf(db, fancyId);
      if (!row) return null;
      const mine = await q.userOpenBets(db, userId, [fancyId]);
      const rows = fancyBook(row.fancy.variant, mine.map(toEngineBet), row.fancy.resultMax);
      return {
        fancy_id: fancyId,
        name: row.market.marketName,
        rows: rows.map((r) => ({ result: r.result, profit_loss: rupees(r.profit_paise) })),
      };
    },

    async betsOfMatch(userId: number, matchId: number, limit: number): Promise<KindBet[]> {
      const rows = await q.userMatchBets(db, userId, matchId, limit);
      return rows.map((r) => toKindBet(r.bet, r.variant, r.marketName, r.matchName));
    },

    quote(fancyId: number, quote: FancyQuoteInput) {
      return writeFancy(fancyId, (f) => quoteRefusal(f, quote) ?? quoteValues(quote));
    },

    /**
     * Several fancies' quotes at once (the cricket feed quotes a match's open fancies after each
     * ball): each checked as `quote` checks it, written in one transaction of a few statements
     * instead of one transaction of five per fancy. The market rows are locked in id order, then
     * the fancies'. Returns the quotes refused (unknown fancy, closed, a bad line), with why; the
     * others are written (and published) whatever the refusals.
     */
    async quoteMany(
      quotes: readonly { fancy_id: number; quote: FancyQuoteInput }[],
    ): Promise<{ fancy_id: number; message: string }[]> {
      const byId = new Map(quotes.map((x) => [x.fancy_id, x.quote]));
      const ids = [...byId.keys()].sort((a, b) => a - b);
      if (ids.length === 0) return [];
      const { written, refused } = await db.transaction(async (tx) => {
        const ms = await tx
          .select({ marketId: markets.marketId })
          .from(markets)
          .where(inArray(markets.marketId, ids))
          .orderBy(asc(markets.marketId))
          .for('update');
        const fs = await tx
          .select()
          .from(fancies)
          .where(inArray(fancies.marketId, ids))
          .orderBy(asc(fancies.marketId))
          .for('update');
        const known = new Set(ms.map((m) => m.marketId));
        const fancyOf = new Map(fs.map((f) => [f.marketId, f]));
        const refused: { fancy_id: number; message: string }[] = [];
        const written: {
          id: number;
          no_line: number;
          no_rate: number;
          yes_line: number;
          yes_rate: number;
        }[] = [];
        for (const id of ids) {
          const f = fancyOf.get(id);
          const quote = byId.get(id)!;
          const why = !f || !known.has(id) ? `Unknown fancy ${id}` : quoteRefusal(f, quote);
          if (why === null) written.push({ id, ...quote });
          else refused.push({ fancy_id: id, message: why });
        }
        if (written.length === 0) return { written: [], refused };
        await tx.execute(sql`update ${fancies} as f set
            no_line = v.no_line, no_rate = v.no_rate, yes_line = v.yes_line, yes_rate = v.yes_rate,
            version = f.version + 1, updated_at = ${now().toISOString()}::timestamptz
          from json_to_recordset(${JSON.stringify(written)}::json)
            as v(id integer, no_line integer, no_rate integer, yes_line integer, yes_rate integer)
          where f.market_id = v.id`);
        // As in writeFancy: a quote moves the market's version and leaves its status alone.
        await bumpMarketVersion(
          tx,
          written.map((w) => w.id),
        );
        return { written: written.map((w) => w.id), refused };
      });
      for (const id of written) publish(id);
      return refused;
    },

    setStatus(fancyId: number, status: FancyStatus) {
      return writeFancy(fancyId, (f) => statusRefusal(f, status) ?? { status });
    },

    /**
     * Several fancies' status at once (the cricket feed suspends a match's fancies at each ball and
     * opens them again after it): each changed as `setStatus` changes it, in one transaction of a
     * few statements instead of one transaction of five per fancy. The market rows are locked in
     * id order, then the fancies'. Returns the fancies refused (unknown, or removed), with why;
     * the others are written (and published) whatever the refusals.
     */
    async setStatuses(
      fancyIds: readonly number[],
      status: FancyStatus,
    ): Promise<{ fancy_id: number; message: string }[]> {
      const ids = [...new Set(fancyIds)].sort((a, b) => a - b);
      if (ids.length === 0) return [];
      const { written, refused } = await db.transaction(async (tx) => {
        const ms = await tx
          .select({ marketId: markets.marketId, status: markets.status })
          .from(markets)
          .where(inArray(markets.marketId, ids))
          .orderBy(asc(markets.marketId))
          .for('update');
        const fs = await tx
          .select({ marketId: fancies.marketId, status: fancies.status })
          .from(fancies)
          .where(inArray(fancies.marketId, ids))
          .orderBy(asc(fancies.marketId))
          .for('update');
        const marketOf = new Map(ms.map((m) => [m.marketId, m]));
        const fancyOf = new Map(fs.map((f) => [f.marketId, f]));
        const refused: { fancy_id: number; message: string }[] = [];
        const written: number[] = [];
        for (const id of ids) {
          const f = fancyOf.get(id);
          const why = !f || !marketOf.has(id) ? `Unknown fancy ${id}` : statusRefusal(f, status);
          if (why === null) written.push(id);
          else refused.push({ fancy_id: id, message: why });
        }
        if (written.length === 0) return { written, refused };
        await tx
          .update(fancies)
          .set({ status, version: sql`${fancies.version} + 1`, updatedAt: now() })
          .where(inArray(fancies.marketId, written));
        // As in writeFancy: the generic status moves with the fancy's; a closed market stays closed.
        await followKindStatus(tx, written, marketStatusOf(status));
        return { written, refused };
      });
      for (const id of written) publish(id);
      return refused;
    },

    /** A fancy's state for the operator's answer. */
    async view(fancyId: number) {
      const row = await q.fancyOf(db, fancyId);
      if (!row) return null;
      const s = await app.settlement.view(fancyId);
      return {
        fancy_id: fancyId,
        status: row.fancy.status,
        no_line: row.fancy.noLine,
        no_rate: row.fancy.noRate,
        yes_line: row.fancy.yesLine,
        yes_rate: row.fancy.yesRate,
        version: row.fancy.version,
        result: s.result_value,
        settled: s.state === 'SETTLED',
      };
    },

    variantOf: async (fancyId: number): Promise<FancyVariant | null> =>
      (await q.fancyOf(db, fancyId))?.fancy.variant ?? null,
    fancyRow: (fancyId: number) => q.fancyOf(db, fancyId),
    toPaise,
  };
}
export type FancyService = ReturnType<typeof createFancyService>;
