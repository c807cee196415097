// Opening a bookmaker table: the bookmaker module writes its own rows. A sport that sets a match up
// (cricket's set-up) names the runners and the opening rates; this makes the BOOKMAKER market
// (through the market module's lifecycle), its bookmaker row (ACTIVE) and its quotes, in the
// caller's transaction.
import { bookmakerMarkets, bookmakerQuotes } from './schema.ts';
import type { Tx } from '../../db/store.ts';
import { createMarkets } from '../markets/lifecycle.ts';
import { BOOKMAKER_KIND } from './kind.ts';

/** Stakes a new bookmaker table takes: ₹100 to ₹5,00,000 a bet. */
const MIN_STAKE_PAISE = 10_000;
const MAX_STAKE_PAISE = 50_000_000;

export type NewBookmaker = {
  matchId: number;
  inPlay: boolean;
  startTime: Date;
  /** The runners in order, each with its opening back and lay rates (per 100). */
  runners: readonly { name: string; backRate: number; layRate: number }[];
  at: Date;
};

/** Opens the table; its market id and its runners' selection ids, in order. */
export async function openBookmaker(
  tx: Tx,
  b: NewBookmaker,
): Promise<{ marketId: number; selectionIds: number[] }> {
  const [made] = await createMarkets(tx, [
    {
      matchId: b.matchId,
      status: 'OPEN' as const,
      inPlay: b.inPlay,
      startTime: b.startTime,
      commissionBps: 0,
      marketName: 'Bookmaker',
      marketType: BOOKMAKER_KIND,
      marketKind: BOOKMAKER_KIND,
      minStakePaise: MIN_STAKE_PAISE,
      maxStakePaise: MAX_STAKE_PAISE,
      runners: b.runners.map((r) => r.name),
    },
  ]);
  const { marketId, selectionIds } = made!;
  await tx.insert(bookmakerMarkets).values({ marketId, status: 'ACTIVE', updatedAt: b.at });
  await tx.insert(bookmakerQuotes).values(
    selectionIds.map((selectionId, i) => ({
      selectionId,
      marketId,
      backRate: b.runners[i]!.backRate,
      layRate: b.runners[i]!.layRate,
      updatedAt: b.at,
    })),
  );
  return { marketId, selectionIds: [...selectionIds] };
}
