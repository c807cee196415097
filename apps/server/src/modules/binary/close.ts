import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/store.ts';
import { binarySessions } from './schema.ts';
import { closeMarkets } from '../markets/lifecycle.ts';

/**
 * Closes a session's market: no more bets (the market row) and no more ticks (the feed's step takes
 * none into a closed market), its line shown closed. The market row before the session's: the lock
 * order of every binary path (DESIGN §6).
 */
export async function closeSessionMarket(tx: Tx, marketId: number): Promise<void> {
  await closeMarkets(tx, [marketId]);
  await tx.update(binarySessions).set({ lineStatus: 'CLOSED' }).where(eq(binarySessions.marketId, marketId));
}
