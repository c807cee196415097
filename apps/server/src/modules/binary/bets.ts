// bet/placeBinaryBet on a session: Yes or No at the quoted line and rate, taken whole or refused
// ("Line changed", closed, limits, balance), idempotent on request_id. One transaction: the
// session's market row FOR SHARE (a line move, a close or a settlement writes it, so each waits for
// the bets in flight and every later bet sees the new state), then the bettor's wallet row (SKIP
// LOCKED, a few tries: never queued behind another transaction). The exposure held is the fancy
// arithmetic's on the bettor's open bets of the session (packages/engine binary).
import type { BinaryBet } from '@backlay/contract';
import { binaryExposurePaise, fancyRefusal } from '@backlay/engine';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { matches } from '../catalog/schema.ts';
import { markets } from '../markets/schema.ts';
import type { Executor, Tx } from '../../db/store.ts';
import { budgetRefusal, isUniqueViolation, lockRequest } from '../markets/house-bets.ts';
import { MARKET_OTHER_KIND_MESSAGE, marketRefusalOf } from '../markets/takes-bets.ts';
import { openCountedBets, toBinaryBet, toEngineBet, type BinaryBetRow } from './bet-rows.ts';
import { BINARY_KIND } from './kind.ts';
import { binaryBets, binarySessions } from './schema.ts';
import type { Staker } from '../wallet/stake-gate.ts';

export type BinaryBetRequest = {
  match_id: number;
  session_id: number;
  is_yes: boolean;
  /** The line in hundredths of a price point. */
  line_c: number;
  rate: number;
  stake_paise: number;
  request_id: string;
};

export type BinaryPlaceOutcome =
  { ok: true; bet: BinaryBet; repeated: boolean } | { ok: false; message: string };

const rupeesText = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
const refuse = (message: string): BinaryPlaceOutcome => ({ ok: false, message });

/** The names a bet's answer shows: its session's market and instrument, and a void's reason. */
export async function namesOf(tx: Executor, marketId: number) {
  const [row] = await tx
    .select({ market: markets.marketName, match: matches.matchName, voidReason: binarySessions.voidReason })
    .from(markets)
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .innerJoin(binarySessions, eq(binarySessions.marketId, markets.marketId))
    .where(eq(markets.marketId, marketId));
  return row ?? { market: '', match: '', voidReason: null };
}

/** A bet already stored under the user's request id, or null. */
export async function storedBet(tx: Executor, userId: number, requestId: string) {
  const [b] = await tx
    .select()
    .from(binaryBets)
    .where(and(eq(binaryBets.userId, userId), eq(binaryBets.requestId, requestId)));
  return b ?? null;
}

/** The same request_id again: the first bet, if the request is the same bet. */
async function repeatOf(tx: Executor, b: BinaryBetRow, req: BinaryBetRequest): Promise<BinaryPlaceOutcome> {
  const same =
    b.matchId === req.match_id &&
    b.isYes === req.is_yes &&
    b.lineC === req.line_c &&
    b.rate === req.rate &&
    b.stakePaise === req.stake_paise;
  if (!same) return refuse('request_id was already used for a different bet');
  return { ok: true, bet: toBinaryBet(b, await namesOf(tx, b.marketId)), repeated: true };
}

// Long because it is a factory: its inner functions, each short, share the store and the wallet;
// placeOnce is the one transaction of a bet.
export function createBinaryBets(app: Pick<FastifyInstance, 'bus' | 'clock' | 'db' | 'metrics' | 'wallet'>) {
  const db = app.db;

  async function placeOnce(
    userId: number,
    req: BinaryBetRequest,
    staker: Staker,
  ): Promise<BinaryPlaceOutcome> {
    return db.transaction(async (tx: Tx) => {
      // A repeat of a request in flight waits for it here, then finds its bet.
      await lockRequest(tx, userId, req.request_id);
      const before = await storedBet(tx, userId, req.request_id);
      if (before) return repeatOf(tx, before, req);
      const [market] = await tx
        .select()
        .from(markets)
        .where(eq(markets.marketId, req.session_id))
        .for('share');
      const [s] = await tx.select().from(binarySessions).where(eq(binarySessions.marketId, req.session_id));
      // The market module's question first (markets/takes-bets.ts): the console's
      // admin/market/status suspends a session, a close or a void ends it.
      const generic = marketRefusalOf(
        market && { kind: market.marketKind, status: market.status },
        BINARY_KIND,
      );
      if (!market || !s || s.matchId !== req.match_id || generic === MARKET_OTHER_KIND_MESSAGE)
        return refuse('Unknown binary session');
      if (generic !== null) return refuse(generic);
      const status = s.state !== 'LIVE' ? 'CLOSED' : s.lineStatus;
      // The stake gate: the wallet's lock, the session read after it, the budget.
      const stakeIn = { userId, staker, stakePaise: req.stake_paise };
      const gate = await app.wallet.passStakeGate(tx, req.session_id, [stakeIn], (u) =>
        app.wallet.holds.elsewhereExpr(u, req.session_id),
      );
      const gateRefusal = gate.refusalOf(stakeIn);
      if (gateRefusal) return refuse(gateRefusal);
      const wallet = gate.wallets.get(userId);
      if (!wallet) return refuse('You have no wallet');
      // The user's open bets on the session, read under their wallet's lock.
      const mine = await openCountedBets(tx, [req.session_id], userId);
      const staked = mine.reduce((t, b) => t + b.stakePaise, 0);
      const bet = { is_yes: req.is_yes, line: req.line_c, rate: req.rate, stake_paise: req.stake_paise };
      const refusal = fancyRefusal({
        variant: 'RUNS',
        quote: {
          status,
          no_line: s.noLineC,
          no_rate: s.noRate,
          yes_line: s.yesLineC,
          yes_rate: s.yesRate,
        },
        bet,
        min_stake_paise: market.minStakePaise,
        max_stake_paise: market.maxStakePaise,
        // The per-user limit is checked below, in this session's words.
        max_user_stake_paise: Number.MAX_SAFE_INTEGER,
        user_stake_paise: staked,
      });
      if (refusal) return refuse(refusal);
      if (staked + req.stake_paise > s.maxUserStakePaise)
        return refuse(`Your stake on this session would exceed ${rupeesText(s.maxUserStakePaise)}`);
      const oldHold = binaryExposurePaise(mine.map(toEngineBet));
      const newHold = binaryExposurePaise([...mine.map(toEngineBet), bet]);
      const short = budgetRefusal({
        balance_paise: wallet.balancePaise,
        elsewhere_paise: Number(wallet.alongside),
        old_hold_paise: oldHold,
        new_hold_paise: newHold,
        limit: gate.limitOf(userId),
      });
      if (short) return refuse(short);

      const at = app.clock.now();
      const [row] = await tx
        .insert(binaryBets)
        .values({
          userId,
          matchId: req.match_id,
          marketId: req.session_id,
          isYes: req.is_yes,
          lineC: req.line_c,
          rate: req.rate,
          stakePaise: req.stake_paise,
          requestId: req.request_id,
          placedAt: at,
        })
        .returning();
      await app.wallet.holds.set(tx, req.session_id, new Map([[userId, newHold]]), at);
      return { ok: true, bet: toBinaryBet(row!, await namesOf(tx, req.session_id)), repeated: false };
    });
  }

  /** Places the bet; the same request_id sent twice at once: the second answers the first's bet. */
  async function place(userId: number, req: BinaryBetRequest, staker: Staker): Promise<BinaryPlaceOutcome> {
    let out: BinaryPlaceOutcome;
    try {
      out = await placeOnce(userId, req, staker);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      out = await placeOnce(userId, req, staker);
    }
    if (out.ok && !out.repeated) {
      app.metrics.betPlaced(BINARY_KIND);
      app.bus.publish('market', { market_id: req.session_id });
      app.bus.publish('user', { user_id: userId, market_id: req.session_id });
    }
    return out;
  }

  return { place };
}
