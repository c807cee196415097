// A bet row of any kind as the wire's `bet` shows it (the contract's packages/contract/src/exchange.ts):
// the exchange's own lists and the reports' union of every kind (report-bets.ts) answer through it.
import type { Bet } from '@backlay/contract';
import type { ReportBetRow } from './report-bets.ts';

export const rupees = (paise: number) => Math.round(paise) / 100;

/** Average matched price in hundredths → decimal odds with 2 decimals (0 when nothing matched). */
export const averageOdds = (value: number, matched: number) =>
  matched > 0 ? Math.round(value / matched) / 100 : 0;

/**
 * A bet's status from its amounts (open markets) or its settlement; a bet that never matched keeps
 * saying why it ended (cancelled, lapsed) once its market settled it void.
 */
export function betStatusOf(b: {
  matchedPaise: number;
  remainingPaise: number;
  endReason: 'CANCELLED' | 'LAPSED' | null;
  settledStatus: 'VOIDED' | 'SETTLED' | null;
  /** null: no void touches the bet (markets/voids.ts voidReasonOf). */
  voidReason?: string | null;
}): Bet['status'] {
  const voided = b.settledStatus === 'VOIDED' || (b.voidReason ?? null) !== null;
  if (voided && b.matchedPaise === 0 && b.endReason) return b.endReason;
  // A void the operator made before settlement shows at once: the bet will never win or lose.
  if (voided) return 'VOIDED';
  if (b.settledStatus) return b.settledStatus;
  if (b.remainingPaise > 0) return b.matchedPaise > 0 ? 'PARTIAL' : 'UNMATCHED';
  if (b.matchedPaise > 0) return 'MATCHED';
  return b.endReason ?? 'CANCELLED';
}

/**
 * A bet row of any kind: a report's (report-bets.ts), or the exchange's own rows, which carry no
 * line, rate or settlement.
 */
export type BetViewRow = Omit<
  ReportBetRow,
  'userId' | 'line' | 'rate' | 'result' | 'profitLossPaise' | 'settledAt' | 'voidReason'
> & { line?: number | null; rate?: number | null; voidReason?: string | null };

/** A bet row (with its match, market and runner names) as the wire shows it. */
export function toBet(r: BetViewRow): Bet {
  return {
    bet_id: r.betId,
    kind: r.kind,
    line: r.line ?? null,
    rate: r.rate ?? null,
    match_id: r.matchId,
    match_name: r.matchName,
    sport_id: r.sportId,
    market_id: r.marketId,
    market_name: r.marketName,
    selection_id: r.selectionId,
    selection_name: r.selectionName,
    is_back: r.side === 'BACK' ? '1' : '0',
    odds: r.price / 100,
    stack: rupees(r.sizePaise),
    size_matched: rupees(r.matchedPaise),
    size_remaining: rupees(r.remainingPaise),
    size_cancelled: rupees(r.cancelledPaise),
    average_price_matched: averageOdds(r.matchedValue, r.matchedPaise),
    status: betStatusOf(r),
    void_reason: r.voidReason || null,
    persistence: r.persistence,
    placed_at: r.placedAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
