// bet/placeCasinoBet: a back on one option of the table's current round, taken whole at the
// option's payout or refused. One transaction: the market module's answer to "does this market take
// a bet now" (markets/takes-bets.ts: the round's market row FOR SHARE, OPEN and not voided; a close,
// an operator's status call or void takes it FOR UPDATE, so it waits for the bets in flight and
// every later bet sees what it did), the round's own state and window, then the bettor's wallet row
// (SKIP LOCKED, a few tries: never queued behind another transaction). The window is judged by the
// store's clock (now() < closes_at), whatever the client shows. The bettor's hold on the round is
// stored as `casinoHolds` computes it (holds.ts: the stakes of their bets no void touches), the very
// function every void's recomputation and the ledger check use; settlement releases it.
import type { CasinoBet } from '@backlay/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/store.ts';
import { budgetRefusal, isUniqueViolation, lockRequest } from '../markets/house-bets.ts';
import { holdKey } from '../markets/registry.ts';
import { marketBetRefusal } from '../markets/takes-bets.ts';
import { casinoHolds, openCountedBets } from './holds.ts';
import { CASINO_KIND } from './kind.ts';
import { casinoBets, casinoRounds } from './schema.ts';
import { betOf } from './views.ts';
import type { Staker } from '../wallet/stake-gate.ts';

export type CasinoBetRequest = {
  match_id: number;
  round_id: number;
  option_id: string;
  stake_paise: number;
  request_id: string;
};

export type CasinoPlaceOutcome =
  { ok: true; bet: CasinoBet; repeated: boolean; marketId: number } | { ok: false; message: string };

export const WINDOW_CLOSED_MESSAGE = 'Betting is closed for this round';

const rupeesText = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
const refuse = (message: string): CasinoPlaceOutcome => ({ ok: false, message });

/** The same request_id again: the first bet, if the request is the same bet. */
function repeatOf(b: typeof casinoBets.$inferSelect, req: CasinoBetRequest): CasinoPlaceOutcome {
  const same =
    b.matchId === req.match_id &&
    b.roundId === req.round_id &&
    b.optionId === req.option_id &&
    b.stakePaise === req.stake_paise;
  if (!same) return refuse('request_id was already used for a different bet');
  return { ok: true, bet: betOf(b), repeated: true, marketId: b.marketId };
}

// Long because it is a factory: its inner functions, each short, share the store and the wallet;
// placeOnce is the one transaction of a bet.
export function createCasinoBets(app: Pick<FastifyInstance, 'bus' | 'clock' | 'db' | 'metrics' | 'wallet'>) {
  const db = app.db;

  async function stored(tx: Tx, userId: number, requestId: string) {
    const [b] = await tx
      .select()
      .from(casinoBets)
      .where(and(eq(casinoBets.userId, userId), eq(casinoBets.requestId, requestId)));
    return b ?? null;
  }

  // Long because it is one bet's transaction: the request lock, the market's answer, the round, the
  // stake gate and the insert must run in this order under its locks.
  async function placeOnce(
    userId: number,
    req: CasinoBetRequest,
    staker: Staker,
  ): Promise<CasinoPlaceOutcome> {
    // Long because it is the bet's one transaction: its steps run in order under its locks.
    return db.transaction(async (tx) => {
      // A repeat of a request in flight waits for it here, then finds its bet.
      await lockRequest(tx, userId, req.request_id);
      const before = await stored(tx, userId, req.request_id);
      if (before) return repeatOf(before, req);
      const [r0] = await tx
        .select({ marketId: casinoRounds.marketId, matchId: casinoRounds.matchId })
        .from(casinoRounds)
        .where(eq(casinoRounds.roundId, req.round_id));
      if (!r0 || r0.matchId !== req.match_id)
        return refuse(`round_id: round ${req.round_id} is not a round of table ${req.match_id}`);
      // The market's row FOR SHARE, and its answer: OPEN and not voided. The round's state, its
      // market's status and its voids cannot change until this bet commits.
      const marketRefusal = await marketBetRefusal(tx, r0.marketId, CASINO_KIND);
      const [round] = rowsOf<{
        state: string;
        options: { id: string; label: string; payout: number }[];
        open: boolean;
        newer: boolean;
        min_stake_paise: string;
        max_per_option_paise: string;
        max_per_round_paise: string;
      }>(
        await tx.execute(sql`select r.state, r.options, r.closes_at > now() as open,
            r.min_stake_paise::text, r.max_per_option_paise::text, r.max_per_round_paise::text,
            exists (select 1 from ${casinoRounds} n where n.match_id = r.match_id and n.round_id > r.round_id) as newer
          from ${casinoRounds} r where r.round_id = ${req.round_id}`),
      );
      if (!round || round.state !== 'BETTING' || !round.open || round.newer)
        return refuse(WINDOW_CLOSED_MESSAGE);
      // A round in its window whose market the operator suspended or voided (the round's close
      // closes its market too: that reads as the window above).
      if (marketRefusal) return refuse(marketRefusal);
      const options = typeof round.options === 'string' ? JSON.parse(round.options) : round.options;
      const option = (options as { id: string; label: string; payout: number }[]).find(
        (o) => o.id === req.option_id,
      );
      if (!option) return refuse(`option_id: this table has no option '${req.option_id}'`);
      // The limits the round opened with (an operator's change applies from the next round).
      const limits = {
        minStakePaise: Number(round.min_stake_paise),
        maxPerOptionPaise: Number(round.max_per_option_paise),
        maxPerRoundPaise: Number(round.max_per_round_paise),
      };
      if (req.stake_paise < limits.minStakePaise)
        return refuse(`stack: the smallest stake is ${rupeesText(limits.minStakePaise)}`);

      // The stake gate: the wallet's lock, the session read after it, the budget.
      const stakeIn = { userId, staker, stakePaise: req.stake_paise };
      const gate = await app.wallet.passStakeGate(tx, r0.marketId, [stakeIn], (u) =>
        app.wallet.holds.elsewhereExpr(u, r0.marketId),
      );
      const gateRefusal = gate.refusalOf(stakeIn);
      if (gateRefusal) return refuse(gateRefusal);
      const wallet = gate.wallets.get(userId);
      if (!wallet) return refuse('You have no wallet');
      // The user's stakes on this round so far, read under their wallet's lock: the bets that count
      // (a voided bet is no stake, for the limits as for the hold).
      const mine = await openCountedBets(tx, [r0.marketId], userId);
      const onOption = mine.filter((b) => b.optionId === req.option_id).reduce((s, b) => s + b.stakePaise, 0);
      const onRound = mine.reduce((s, b) => s + b.stakePaise, 0);
      if (onOption + req.stake_paise > limits.maxPerOptionPaise)
        return refuse(
          `stack: at most ${rupeesText(limits.maxPerOptionPaise)} on one option in a round (you have ${rupeesText(onOption)} on ${option.label})`,
        );
      if (onRound + req.stake_paise > limits.maxPerRoundPaise)
        return refuse(
          `stack: at most ${rupeesText(limits.maxPerRoundPaise)} in one round (you have ${rupeesText(onRound)} on it)`,
        );
      const short = budgetRefusal({
        balance_paise: wallet.balancePaise,
        elsewhere_paise: Number(wallet.alongside),
        old_hold_paise: onRound,
        new_hold_paise: onRound + req.stake_paise,
        limit: gate.limitOf(userId),
      });
      if (short) return refuse(short);

      const at = app.clock.now();
      const [bet] = await tx
        .insert(casinoBets)
        .values({
          userId,
          matchId: req.match_id,
          marketId: r0.marketId,
          roundId: req.round_id,
          optionId: option.id,
          optionLabel: option.label,
          payout: option.payout,
          stakePaise: req.stake_paise,
          requestId: req.request_id,
          placedAt: at,
        })
        .returning();
      // The hold recomputed with the new bet by the ledger check's own function: stored and
      // recomputed are one figure (a bet placed in the very millisecond a window void ends is void).
      const held = await casinoHolds(tx, [r0.marketId], userId);
      await app.wallet.holds.set(
        tx,
        r0.marketId,
        new Map([[userId, held.get(holdKey(userId, r0.marketId)) ?? 0]]),
        at,
      );
      return { ok: true, bet: betOf(bet!), repeated: false, marketId: r0.marketId };
    });
  }

  /** Places the bet; the same request_id sent twice at once: the second answers the first's bet. */
  async function place(userId: number, req: CasinoBetRequest, staker: Staker): Promise<CasinoPlaceOutcome> {
    let out: CasinoPlaceOutcome;
    try {
      out = await placeOnce(userId, req, staker);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      out = await placeOnce(userId, req, staker);
    }
    if (out.ok && !out.repeated) {
      app.metrics.betPlaced('CASINO');
      app.bus.publish('user', { user_id: userId, market_id: out.marketId });
    }
    return out;
  }

  return { place };
}

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
