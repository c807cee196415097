// The market's answer to "does this market take a bet now", asked inside the bet's own transaction
// with the market's row locked: a kind that takes its bets one transaction at a time (the casino)
// asks it here instead of judging its own rows. The row is taken FOR SHARE, so bets run side by
// side while every call that stops betting — the operator's status (SUSPENDED, CLOSED), a void of
// the market, a settlement, a table closing its round — takes it FOR UPDATE (settlement/queries.ts
// lockMarket), waits for the bets in flight, and every bet after it sees what it did.
import type { MarketKind } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { marketSettlements, markets } from './schema.ts';
import type { Tx } from '../../db/store.ts';
import type { MarketStatus } from './lifecycle.ts';

export const MARKET_SUSPENDED_MESSAGE = 'Market is suspended';
export const MARKET_NOT_OPEN_MESSAGE = 'Market is not open for betting';
export const MARKET_VOIDED_MESSAGE = 'Market was voided: it takes no more bets';

/** What the question reads of a market: its kind and its generic status. */
export type MarketGate = { kind: MarketKind; status: MarketStatus };

/** The refusal of a bet of a kind the market does not take (it would rest where no settlement looks). */
export const MARKET_OTHER_KIND_MESSAGE = 'This market does not take this kind of bet; use its own bet slip';

/**
 * THE question every kind's bet entry asks first, on the market row it holds locked for the bet
 * (pure): does this market take a bet of `kind` now? It exists, is of that kind, and its status is
 * OPEN. A settled or voided market is CLOSED and stays so (the lifecycle's state machine refuses
 * to reopen a settled market), so the status answers for the settlement too. The refusal in
 * words, or null. A kind's own state (a fancy's ball running, a bookmaker's quote, a session's
 * hours) is asked after this, by the kind.
 */
export function marketRefusalOf(market: MarketGate | null | undefined, kind: MarketKind): string | null {
  if (!market) return 'Unknown market';
  if (market.kind !== kind) return MARKET_OTHER_KIND_MESSAGE;
  if (market.status === 'OPEN') return null;
  return market.status === 'SUSPENDED' ? MARKET_SUSPENDED_MESSAGE : MARKET_NOT_OPEN_MESSAGE;
}

/** A bet sent with a market version that has moved on (a kind whose slip carries the version). */
export const STALE_VERSION_MESSAGE =
  'The market changed since you saw it (its status or its runners): check the prices and place again';

/** The refusal of a slip that saw an older version of the market, or null (no version sent: none). */
export function versionRefusalOf(sent: number | undefined, current: number): string | null {
  return sent !== undefined && sent !== current ? STALE_VERSION_MESSAGE : null;
}

/**
 * The question for a kind that takes its bets one transaction at a time (the casino): locks the
 * market's row FOR SHARE and asks `marketRefusalOf`; a refused market that was voided says so.
 * The refusal in words, or null: the market takes the bet.
 */
export async function marketBetRefusal(tx: Tx, marketId: number, kind: MarketKind): Promise<string | null> {
  const [market] = await tx
    .select({ kind: markets.marketKind, status: markets.status })
    .from(markets)
    .where(eq(markets.marketId, marketId))
    .for('share');
  const refusal = marketRefusalOf(market, kind);
  if (refusal === null || refusal !== MARKET_NOT_OPEN_MESSAGE) return refusal;
  const [settled] = await tx
    .select({ voidMarket: marketSettlements.voidMarket })
    .from(marketSettlements)
    .where(eq(marketSettlements.marketId, marketId));
  return settled?.voidMarket ? MARKET_VOIDED_MESSAGE : refusal;
}
