// Opening fancies: the fancy module writes its own rows. A sport that sets a match up (cricket's
// set-up, its feed's player lines) says which lines to open; this makes each one a FANCY market
// (through the market module's lifecycle) and its fancy row, quoted and ACTIVE, in the caller's
// transaction.
import { fancies } from './schema.ts';
import type { Tx } from '../../db/store.ts';
import { createMarkets } from '../markets/lifecycle.ts';
import { FANCY_KIND } from './kind.ts';

type FancyRow = typeof fancies.$inferInsert;

/** One line to open: its market's name and its fancy row's terms and quote. */
export type NewFancy = { name: string } & Pick<
  FancyRow,
  | 'variant'
  | 'noLine'
  | 'noRate'
  | 'yesLine'
  | 'yesRate'
  | 'band'
  | 'displayOrder'
  | 'resultMax'
  | 'event'
  | 'eventKind'
  | 'averageKey'
>;

/** Stakes a new fancy takes: ₹100 to ₹1,00,000 a bet, ₹2,00,000 a bettor on the line. */
const MIN_STAKE_PAISE = 10_000;
const MAX_STAKE_PAISE = 10_000_000;
const MAX_USER_STAKE_PAISE = 20_000_000;

/** Opens the lines on the match, in order; their market ids. */
export async function openFancies(
  tx: Tx,
  matchId: number,
  lines: readonly NewFancy[],
  market: { inPlay: boolean; startTime: Date },
  at: Date,
): Promise<number[]> {
  if (lines.length === 0) return [];
  const made = await createMarkets(
    tx,
    lines.map((f) => ({
      matchId,
      status: 'OPEN' as const,
      inPlay: market.inPlay,
      startTime: market.startTime,
      commissionBps: 0,
      marketName: f.name,
      marketType: FANCY_KIND,
      marketKind: FANCY_KIND,
      minStakePaise: MIN_STAKE_PAISE,
      maxStakePaise: MAX_STAKE_PAISE,
    })),
  );
  await tx.insert(fancies).values(
    lines.map(({ name: _name, ...f }, i) => ({
      ...f,
      marketId: made[i]!.marketId,
      matchId,
      status: 'ACTIVE' as const,
      maxUserStakePaise: MAX_USER_STAKE_PAISE,
      updatedAt: at,
    })),
  );
  return made.map((m) => m.marketId);
}
