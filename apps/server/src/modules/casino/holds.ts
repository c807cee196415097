// A bettor's hold on a casino round, from one function: the bet check (bets.ts), the hold a bet
// stores, every void's recomputation and the ledger check (casino-kind.ts recomputeHolds) all read
// `casinoHolds`, so what is stored and what is recomputed can never disagree. A round's bets are
// backs: a bettor's exposure is the sum of their stakes on it that are open (not settled) and that
// no void of the operator touches (markets/voids.ts, the same condition settlement voids by).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/store.ts';
import { holdKey, type HoldMap } from '../markets/registry.ts';
import { notVoided } from '../markets/voids.ts';
import { casinoBets } from './schema.ts';

/** The bets of these markets (of one user, when given) that hold exposure: open, and touched by no void. */
export async function openCountedBets(tx: Executor, marketIds: readonly number[], userId?: number) {
  if (marketIds.length === 0) return [];
  return tx
    .select()
    .from(casinoBets)
    .where(
      and(
        inArray(casinoBets.marketId, [...marketIds]),
        userId === undefined ? undefined : eq(casinoBets.userId, userId),
        isNull(casinoBets.settledStatus),
        notVoided({ marketId: casinoBets.marketId, placedAt: casinoBets.placedAt }),
      ),
    );
}

/** Each (user, market)'s hold on these rounds: the stakes of their counted bets (one user's, when given). */
export async function casinoHolds(
  tx: Executor,
  marketIds: readonly number[],
  userId?: number,
): Promise<HoldMap> {
  const out: HoldMap = new Map();
  for (const b of await openCountedBets(tx, marketIds, userId)) {
    const k = holdKey(b.userId, b.marketId);
    out.set(k, (out.get(k) ?? 0) + b.stakePaise);
  }
  return out;
}
