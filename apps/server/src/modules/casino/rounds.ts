// A round's state changes, each one transaction under the leader term that runs the table
// (`checkFence`: a deposed leader's late write is refused) and under the round market's row lock
// (FOR UPDATE; a bet holds it FOR SHARE, so a close waits for the bets in flight and every bet
// after it sees the round closed). Lock order: market, lease row, round, wallets (settlement).
// A deal's step (reveal) moves neither money nor the market: one fenced statement on the round.
//
//   open → BETTING ─(window)→ CLOSED ─(first step)→ DEALING ─(last step)→ RESULT (settled)
//   any unfinished round of an earlier term → VOID (every bet refunded)
import { roundGame, type RoundGame } from '@backlay/engine';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/store.ts';
import { checkFence, fencedStatement, type Fence } from '../../plugins/leader.ts';
import { lockMarket, settlementOf, type MarketRow } from '../settlement/queries.ts';
import { hmacSha256, newSeed } from './fair.ts';
import { CASINO_KIND } from './kind.ts';
import { casinoRounds, casinoTables, type StoredResult } from './schema.ts';
import { winnersOf, type RoundRow, type TableRow } from './views.ts';
import { closeMarkets, createMarkets } from '../markets/lifecycle.ts';

/** Why a round found unfinished by a new term is voided. */
export const INTERRUPTED_REASON = 'Table restarted: round interrupted';
/** Why a round whose market an operator voided (or settled) from the console ends void. */
export const OPERATOR_VOID_REASON = 'Voided by the operator';
/** Why a round whose deal could not be computed ends void (a bug: logged). */
export const DEAL_FAILED_REASON = 'The deal failed';

const UNFINISHED = ['BETTING', 'CLOSED', 'DEALING'] as const;

/** A round that changed: its table, its market, and the users whose money or bets moved. */
export type RoundChange = { matchId: number; roundId: number; marketId: number; users: number[] };

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

// Long because it is a factory: its inner functions, each short, share the fence and the round's
// lock order (deal, finish and void take the market lock first).
export function createRounds(app: Pick<FastifyInstance, 'db' | 'settlement'>) {
  const db = app.db;

  /** The round's market locked, the fence checked, the round locked: or null (gone). */
  async function lockRound(tx: Tx, roundId: number, fence: Fence) {
    const [r0] = await tx
      .select({ marketId: casinoRounds.marketId })
      .from(casinoRounds)
      .where(eq(casinoRounds.roundId, roundId));
    if (!r0) return null;
    const market = await lockMarket(tx, r0.marketId);
    await checkFence(tx, fence);
    const [round] = await tx
      .select()
      .from(casinoRounds)
      .where(eq(casinoRounds.roundId, roundId))
      .for('update');
    return market && round ? { market, round } : null;
  }

  /**
   * Opens the table's next round: a fresh seed and its hash, the options and limits fixed now, a market of
   * the kind for its bets, the window closing `windowMs` from now by the store's clock.
   */
  async function open(table: TableRow, game: RoundGame, fence: Fence, windowMs: number): Promise<RoundRow> {
    const { seed, hash } = newSeed();
    return db.transaction(async (tx) => {
      await checkFence(tx, fence);
      const [{ id }] = rowsOf<{ id: number }>(
        await tx.execute(sql`select nextval(pg_get_serial_sequence('casino_rounds', 'round_id'))::int as id`),
      ) as [{ id: number }];
      const roundId = Number(id);
      const options = game
        .options(String(roundId))
        .map((o) => ({ id: o.id, label: o.label, payout: o.payout }));
      const [clock] = rowsOf<{ at: Date | string; closes: Date | string }>(
        await tx.execute(
          sql`select now() as at, now() + make_interval(secs => ${windowMs / 1000}) as closes`,
        ),
      );
      const at = new Date(clock!.at);
      // The table's limits of now, fixed for the round (an operator's change applies from the next).
      const [limits] = await tx.select().from(casinoTables).where(eq(casinoTables.matchId, table.matchId));
      if (!limits) throw new Error(`casino: table ${table.matchId} has no limits row`);
      const [market] = await createMarkets(tx, [
        {
          matchId: table.matchId,
          marketName: `Round ${roundId}`,
          marketType: game.id,
          marketKind: CASINO_KIND,
          status: 'OPEN',
          minStakePaise: limits.minStakePaise,
          maxStakePaise: limits.maxPerRoundPaise,
          commissionBps: 0,
          startTime: at,
        },
      ]);
      const [round] = await tx
        .insert(casinoRounds)
        .values({
          roundId,
          matchId: table.matchId,
          marketId: market!.marketId,
          state: 'BETTING',
          serverSeed: seed,
          serverSeedHash: hash,
          options,
          steps: [],
          openedAt: at,
          closesAt: new Date(clock!.closes),
          generation: fence.generation,
          minStakePaise: limits.minStakePaise,
          maxPerOptionPaise: limits.maxPerOptionPaise,
          maxPerRoundPaise: limits.maxPerRoundPaise,
        })
        .returning();
      return round!;
    });
  }

  /** BETTING → CLOSED: no more bets (the market closes with it). */
  async function close(roundId: number, fence: Fence): Promise<RoundRow | null> {
    return db.transaction(async (tx) => {
      const locked = await lockRound(tx, roundId, fence);
      if (!locked || locked.round.state !== 'BETTING') return null;
      await closeMarkets(tx, [locked.market.marketId]);
      const [r] = await tx
        .update(casinoRounds)
        .set({ state: 'CLOSED' })
        .where(eq(casinoRounds.roundId, roundId))
        .returning();
      return r!;
    });
  }

  /**
   * One more step shown (CLOSED/DEALING → DEALING); false: the round is gone (finished, voided).
   * One fenced statement, without the market's lock: a step shows the deal and moves no money nor
   * the market (finish and void take the locks), so it need not wait for them (issue 48: a card a
   * second at every table was a seven-statement transaction).
   */
  async function reveal(roundId: number, fence: Fence, steps: readonly string[]): Promise<boolean> {
    const shown = await fencedStatement<{ round_id: number }>(
      db,
      fence,
      (holds) => sql`update ${casinoRounds} set state = 'DEALING', steps = ${JSON.stringify(steps)}::jsonb
        where ${casinoRounds.roundId} = ${roundId} and ${casinoRounds.state} in ('CLOSED', 'DEALING')
          and ${holds}
        returning ${casinoRounds.roundId}`,
    );
    return shown.length === 1;
  }

  /**
   * The deal is over: the round's result from its own seed, its bets settled and the money moved,
   * the round RESULT — one transaction, all or nothing. A market an operator settled or voided
   * meanwhile ends the round VOID without moving anything more.
   */
  async function finish(roundId: number, fence: Fence): Promise<RoundChange | null> {
    return db.transaction(async (tx) => {
      const locked = await lockRound(tx, roundId, fence);
      if (!locked || !(UNFINISHED as readonly string[]).includes(locked.round.state)) return null;
      const { market, round } = locked;
      const game = roundGame(market.marketType);
      const settled = (await settlementOf(tx, market.marketId))?.state === 'SETTLED';
      if (settled || !game)
        return endVoid(tx, market, round, settled ? OPERATOR_VOID_REASON : DEAL_FAILED_REASON);
      const play = game.play(round.serverSeed, String(round.roundId), hmacSha256);
      const result: StoredResult = {
        summary: play.result.summary,
        winners: winnersOf(play.result.outcomes),
        outcomes: { ...play.result.outcomes },
      };
      await tx
        .update(casinoRounds)
        .set({ state: 'RESULT', steps: [...play.steps], result, finishedAt: sql`now()` })
        .where(eq(casinoRounds.roundId, roundId));
      if (market.status !== 'CLOSED') await closeMarket(tx, market.marketId);
      const users = await app.settlement.settleLocked(tx, { ...market, status: 'CLOSED' }, null, false);
      return { matchId: round.matchId, roundId, marketId: market.marketId, users: [...users] };
    });
  }

  async function closeMarket(tx: Tx, marketId: number) {
    await closeMarkets(tx, [marketId]);
  }

  /** The round VOID and, unless settled already, its market settled void: every stake back. */
  async function endVoid(tx: Tx, market: MarketRow, round: RoundRow, reason: string): Promise<RoundChange> {
    await tx
      .update(casinoRounds)
      .set({
        state: 'VOID',
        voidReason: reason,
        finishedAt: sql`now()`,
        dealtBeforeVoid: round.steps.length > 0,
      })
      .where(eq(casinoRounds.roundId, round.roundId));
    if (market.status !== 'CLOSED') await closeMarket(tx, market.marketId);
    const settled = (await settlementOf(tx, market.marketId))?.state === 'SETTLED';
    const users = settled
      ? []
      : [...(await app.settlement.settleLocked(tx, { ...market, status: 'CLOSED' }, null, true))];
    return { matchId: round.matchId, roundId: round.roundId, marketId: market.marketId, users };
  }

  /** Voids one round (any unfinished state) under the term `fence`. */
  async function voidRound(roundId: number, fence: Fence, reason: string): Promise<RoundChange | null> {
    return db.transaction(async (tx) => {
      const locked = await lockRound(tx, roundId, fence);
      if (!locked || !(UNFINISHED as readonly string[]).includes(locked.round.state)) return null;
      return endVoid(tx, locked.market, locked.round, reason);
    });
  }

  /**
   * The table's rounds left unfinished: by an earlier term (its leader died or was deposed), or by
   * this one (a round whose store call failed and whose void failed too). Their ids, oldest first.
   * Asked only between two rounds of the table, when this term has none of its own in flight, so
   * every unfinished round of the table up to this term is one to void.
   */
  async function orphans(matchId: number, fence: Fence): Promise<number[]> {
    const rows = await db
      .select({ roundId: casinoRounds.roundId })
      .from(casinoRounds)
      .where(
        and(
          eq(casinoRounds.matchId, matchId),
          inArray(casinoRounds.state, [...UNFINISHED]),
          lte(casinoRounds.generation, fence.generation),
        ),
      )
      .orderBy(casinoRounds.roundId);
    return rows.map((r) => r.roundId);
  }

  return { open, close, reveal, finish, voidRound, orphans };
}
export type Rounds = ReturnType<typeof createRounds>;
