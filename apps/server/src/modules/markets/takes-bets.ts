// The market's answer to "does this market take a bet now", asked inside the bet's own transaction
// with the market's row locked: a kind that takes its bets one transaction at a time (the casino)
// asks it here instead of judging its own rows. The row is taken FOR SHARE, so bets run side by
// side while every call that stops betting — the operator's status (SUSPENDED, CLOSED), a void of
// the market, a settlement, a table closing its round — takes it FOR UPDATE (settlement/queries.ts
// lockMarket), waits for the bets in flight, and every bet after it sees what it did.
import type { MarketKind } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { marketSettlements, markets } from '../../db/schema.ts';
import type { Tx } from '../../db/store.ts';

export const MARKET_SUSPENDED_MESSAGE = 'Market is suspended';
export const MARKET_NOT_OPEN_MESSAGE = 'Market is not open for betting';
export const MARKET_VOIDED_MESSAGE = 'Market was voided: it takes no more bets';

/**
 * Locks the market's row FOR SHARE and says whether it takes a bet of `kind` now: it exists, is of
 * that kind, its status is OPEN, and it is not settled — a void of the whole market settles it void
 * (and closes it), a result settles it; an unsettled market is OPEN again only by the operator's
 * status call. The refusal in words, or null: the market takes the bet. A void of a time window,
 * of a runner or of named bets stops no later bet (it voids bets already placed).
 */
export async function marketBetRefusal(tx: Tx, marketId: number, kind: MarketKind): Promise<string | null> {
  const [market] = await tx
    .select({ kind: markets.marketKind, status: markets.status })
    .from(markets)
    .where(eq(markets.marketId, marketId))
    .for('share');
  if (!market || market.kind !== kind) return 'Unknown market';
  const [settled] = await tx
    .select({ state: marketSettlements.state, voidMarket: marketSettlements.voidMarket })
    .from(marketSettlements)
    .where(eq(marketSettlements.marketId, marketId));
  if (settled?.state === 'SETTLED')
    return settled.voidMarket ? MARKET_VOIDED_MESSAGE : MARKET_NOT_OPEN_MESSAGE;
  if (market.status === 'OPEN') return null;
  return market.status === 'SUSPENDED' ? MARKET_SUSPENDED_MESSAGE : MARKET_NOT_OPEN_MESSAGE;
}
