// Fancy (session) markets: the house quotes No/Yes lines and rates; a bet is taken whole at the
// quoted line and rate or refused. A fancy is a markets row of kind FANCY plus its `fancies` row;
// this module owns `fancies`, `fancy_bets` and `fancy_averages`, and writes its users' exposure
// through the wallet's holds in the bet's own transaction.
import type { Fancy, FancyStatus, KindBet } from '@backlay/contract';
import {
  fancyBook,
  fancyExposurePaise,
  fancyRefusal,
  movementsFromNets,
  settleFancyBetPaise,
  type FancyBet,
  type FancyVariant,
} from '@backlay/engine';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fancies, fancyBets, markets } from '../../db/schema.ts';
import type { Tx } from '../../db/store.ts';
import {
  BetRefusal,
  budgetRefusal,
  isUniqueViolation,
  lockWallet,
  type PlaceOutcome,
} from '../markets/house-bets.ts';
import { betCountsOf } from '../markets/bet-counts.ts';
import { holdKey, type HoldMap, type MarketKindModule } from '../markets/registry.ts';
import * as q from './queries.ts';

const rupees = (paise: number) => Math.round(paise) / 100;
const toPaise = (rupeesValue: number) => Math.round(rupeesValue * 100);

export type FancyQuoteInput = { no_line: number; no_rate: number; yes_line: number; yes_rate: number };

/** The market row's status that mirrors a fancy's (betting opens only on OPEN). */
function marketStatusOf(status: FancyStatus): 'OPEN' | 'SUSPENDED' | 'CLOSED' {
  if (status === 'ACTIVE' || status === 'BALL_RUNNING') return 'OPEN';
  return status === 'SUSPENDED' ? 'SUSPENDED' : 'CLOSED';
}

export function toEngineBet(b: q.FancyBetRow): FancyBet {
  return {
    is_yes: b.isYes,
    line: b.line,
    ...(b.lineTo === null ? {} : { line_to: b.lineTo }),
    rate: b.rate,
    stake_paise: b.stakePaise,
  };
}

export function toKindBet(b: q.FancyBetRow, marketName: string, matchName: string): KindBet {
  return {
    bet_id: b.betId,
    kind: 'FANCY',
    match_id: b.matchId,
    match_name: matchName,
    market_id: b.marketId,
    market_name: marketName,
    selection_id: null,
    selection_name: `${b.isYes ? 'Yes' : 'No'} ${b.lineTo === null ? b.line : `${b.line}-${b.lineTo}`}`,
    is_back: b.isYes ? '1' : '0',
    line: b.line,
    rate: b.rate,
    stack: rupees(b.stakePaise),
    status: b.settledStatus ?? 'MATCHED',
    profit_loss: b.profitLossPaise === null ? null : rupees(b.profitLossPaise),
    placed_at: b.placedAt.toISOString(),
  };
}

export function createFancyService(app: FastifyInstance) {
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
      const row = await q.fancyOf(tx, fancyId, 'update');
      if (!row) return { ok: false as const, message: `Unknown fancy ${fancyId}` };
      const values = change(row.fancy);
      if (typeof values === 'string') return { ok: false as const, message: values };
      const status = values.status ?? row.fancy.status;
      const [fancy] = await tx
        .update(fancies)
        .set({ ...values, version: sql`${fancies.version} + 1`, updatedAt: now() })
        .where(eq(fancies.marketId, fancyId))
        .returning();
      const [market] = await tx
        .update(markets)
        .set({
          status: row.market.status === 'CLOSED' ? 'CLOSED' : marketStatusOf(status),
          version: sql`${markets.version} + 1`,
        })
        .where(eq(markets.marketId, fancyId))
        .returning({ version: markets.version });
      return { ok: true as const, fancy: fancy!, version: market!.version };
    });
    if (out.ok) publish(fancyId);
    return out;
  }

  async function place(
    userId: number,
    req: {
      match_id: number;
      fancy_id: number;
      is_yes: boolean;
      line: number;
      rate: number;
      stake_paise: number;
      request_id: string;
    },
  ): Promise<PlaceOutcome<KindBet>> {
    const repeat = async () => {
      const b = await q.betByRequest(db, userId, req.request_id);
      if (!b) return null;
      const same =
        b.marketId === req.fancy_id &&
        b.isYes === req.is_yes &&
        b.line === req.line &&
        b.rate === req.rate &&
        b.stakePaise === req.stake_paise;
      if (!same) return { ok: false as const, message: 'request_id was already used for a different bet' };
      const row = await q.fancyOf(db, b.marketId);
      return { ok: true as const, bet: toKindBet(b, row?.market.marketName ?? '', ''), repeated: true };
    };
    const first = await repeat();
    if (first) return first;
    try {
      const bet = await db.transaction(async (tx: Tx) => {
        const row = await q.fancyOf(tx, req.fancy_id, 'share');
        if (!row) throw new BetRefusal('Unknown fancy');
        const { fancy: f, market } = row;
        if (market.matchId !== req.match_id) throw new BetRefusal('Unknown fancy for this match');
        if (market.status === 'CLOSED' && f.status !== 'REMOVED') throw new BetRefusal('Market closed');
        const wallet = await lockWallet(app, tx, userId, f.marketId);
        if (!wallet) throw new BetRefusal('Unknown user');
        const mine = await q.userBets(tx, userId, [f.marketId]);
        const engineBet: FancyBet = {
          is_yes: req.is_yes,
          line: req.line,
          ...(f.variant === 'KHADO' && f.band !== null ? { line_to: req.line + f.band - 1 } : {}),
          rate: req.rate,
          stake_paise: req.stake_paise,
        };
        const refusal = fancyRefusal({
          variant: f.variant,
          quote: {
            status: f.status,
            no_line: f.noLine,
            no_rate: f.noRate,
            yes_line: f.yesLine,
            yes_rate: f.yesRate,
          },
          bet: engineBet,
          min_stake_paise: market.minStakePaise,
          max_stake_paise: market.maxStakePaise,
          max_user_stake_paise: f.maxUserStakePaise,
          user_stake_paise: mine
            .filter((b) => b.settledStatus === null)
            .reduce((s, b) => s + b.stakePaise, 0),
        });
        if (refusal) throw new BetRefusal(refusal);
        const oldHold = exposureOf(f, mine);
        const open = mine.filter((b) => b.settledStatus === null).map(toEngineBet);
        const newHold = fancyExposurePaise(f.variant, [...open, engineBet], f.resultMax);
        const short = budgetRefusal({
          balance_paise: wallet.balance_paise,
          elsewhere_paise: wallet.elsewhere_paise,
          old_hold_paise: oldHold,
          new_hold_paise: newHold,
        });
        if (short) throw new BetRefusal(short);
        const [inserted] = await tx
          .insert(fancyBets)
          .values({
            userId,
            matchId: market.matchId,
            marketId: f.marketId,
            isYes: req.is_yes,
            line: req.line,
            lineTo: engineBet.line_to ?? null,
            rate: req.rate,
            stakePaise: req.stake_paise,
            requestId: req.request_id,
            placedAt: now(),
          })
          .returning();
        await app.wallet.holds.set(tx, f.marketId, new Map([[userId, newHold]]), now());
        return toKindBet(inserted!, market.marketName, '');
      });
      publish(req.fancy_id, [userId]);
      app.metrics.betPlaced('FANCY');
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

  const kind: MarketKindModule = {
    kind: 'FANCY',

    async closeForSettlement(marketId) {
      await db.transaction(async (tx) => {
        await tx
          .update(markets)
          .set({ status: 'CLOSED', version: sql`${markets.version} + 1` })
          .where(eq(markets.marketId, marketId));
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
      const windows = facts.voids.filter((v) => v.kind === 'WINDOW');
      const nets = new Map<string, number>();
      const at = now();
      for (const b of bets) {
        const inWindow = windows.some((w) => b.placedAt >= w.fromAt! && b.placedAt <= w.toAt!);
        const profit =
          voidAll || inWindow
            ? 0
            : settleFancyBetPaise(f.variant, toEngineBet(b), {
                kind: 'RESULT',
                value: value!,
                ...(deadHeat > 1 ? { dead_heat_count: deadHeat } : {}),
              });
        const outcome = voidAll || inWindow ? 'VOID' : profit > 0 ? 'WON' : 'LOST';
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
      const mine = await q.userBets(
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
          status: f.status,
          no_line: f.noLine,
          no_rate: f.noRate,
          yes_line: f.yesLine,
          yes_rate: f.yesRate,
          band: f.band,
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
      const mine = (await q.userBets(db, userId, [fancyId])).filter((b) => b.settledStatus === null);
      const rows = fancyBook(row.fancy.variant, mine.map(toEngineBet), row.fancy.resultMax);
      return {
        fancy_id: fancyId,
        name: row.market.marketName,
        rows: rows.map((r) => ({ result: r.result, profit_loss: rupees(r.profit_paise) })),
      };
    },

    async betsOfMatch(userId: number, matchId: number, limit: number): Promise<KindBet[]> {
      const rows = await q.userMatchBets(db, userId, matchId, limit);
      return rows.map((r) => toKindBet(r.bet, r.marketName, r.matchName));
    },

    quote(fancyId: number, quote: FancyQuoteInput) {
      return writeFancy(fancyId, (f) => {
        if (f.status === 'CLOSED' || f.status === 'REMOVED') return 'Fancy is closed';
        if (f.variant !== 'ODD_EVEN' && quote.yes_line < quote.no_line)
          return 'yes_line must not be below no_line';
        return {
          noLine: quote.no_line,
          noRate: quote.no_rate,
          yesLine: quote.yes_line,
          yesRate: quote.yes_rate,
        };
      });
    },

    setStatus(fancyId: number, status: FancyStatus) {
      return writeFancy(fancyId, (f) => {
        if (f.status === 'REMOVED' && status !== 'REMOVED') return 'A removed fancy cannot be reopened';
        return { status };
      });
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
