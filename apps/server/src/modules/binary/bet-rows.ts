// A binary bet row as the engine's fancy arithmetic and the wire see it (pure leaves). Lines are
// hundredths of a price point in the store (line_c) and price levels on the wire (71.25).
import type { BinaryBet } from '@backlay/contract';
import type { FancyBet } from '@backlay/engine';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/store.ts';
import { notVoided } from '../markets/voids.ts';
import { BINARY_KIND } from './kind.ts';
import { binaryBets } from './schema.ts';

export type BinaryBetRow = typeof binaryBets.$inferSelect;

const rupees = (paise: number) => Math.round(paise) / 100;

/** A price in hundredths as the wire's number (7125 → 71.25). */
export const fromHundredths = (c: number) => c / 100;

/** "Yes 24350" / "No 71.25": the side and line as placed. */
export function binaryBetName(b: Pick<BinaryBetRow, 'isYes' | 'lineC'>): string {
  return `${b.isYes ? 'Yes' : 'No'} ${fromHundredths(b.lineC)}`;
}

export function toEngineBet(b: Pick<BinaryBetRow, 'isYes' | 'lineC' | 'rate' | 'stakePaise'>): FancyBet {
  return { is_yes: b.isYes, line: b.lineC, rate: b.rate, stake_paise: b.stakePaise };
}

export function toBinaryBet(
  b: BinaryBetRow,
  names: { market: string; match: string; voidReason: string | null },
): BinaryBet {
  return {
    bet_id: b.betId,
    kind: BINARY_KIND,
    match_id: b.matchId,
    match_name: names.match,
    market_id: b.marketId,
    market_name: names.market,
    selection_id: null,
    selection_name: binaryBetName(b),
    is_back: b.isYes ? '1' : '0',
    line: fromHundredths(b.lineC),
    rate: b.rate,
    stack: rupees(b.stakePaise),
    status: b.settledStatus ?? 'MATCHED',
    profit_loss: b.profitLossPaise === null ? null : rupees(b.profitLossPaise),
    placed_at: b.placedAt.toISOString(),
    void_reason: b.settledStatus === 'VOIDED' ? names.voidReason : null,
  };
}

/**
 * The bets of these sessions that hold exposure: open, and touched by no void of the operator;
 * one user's only when `userId` is given (a bet's check reads its bettor's alone).
 */
export async function openCountedBets(
  tx: Executor,
  marketIds: readonly number[],
  userId?: number,
): Promise<BinaryBetRow[]> {
  if (marketIds.length === 0) return [];
  return tx
    .select()
    .from(binaryBets)
    .where(
      and(
        inArray(binaryBets.marketId, [...marketIds]),
        userId === undefined ? undefined : eq(binaryBets.userId, userId),
        isNull(binaryBets.settledStatus),
        notVoided({ marketId: binaryBets.marketId, placedAt: binaryBets.placedAt }),
      ),
    );
}

/** Rows grouped by a key, in their order. */
export function groupBy<T, K>(rows: readonly T[], key: (r: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const list = out.get(key(r));
    if (list) list.push(r);
    else out.set(key(r), [r]);
  }
  return out;
}
