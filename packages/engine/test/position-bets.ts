// Position bets for the exposure tests: one by hand, and fast-check's arbitrary over a market's
// runners (prices anywhere on 1.01..1000, stakes small or up to the engine's safe range).
import fc from 'fast-check';
import type { PositionBet } from '../src/index.ts';

export const bet = (
  selection_id: string,
  side: 'BACK' | 'LAY',
  price: number,
  stake_paise: number,
): PositionBet => ({ selection_id, side, price, stake_paise });

export const betArb = (
  runners: readonly string[],
  maxStakePaise = 50_000_000_000,
): fc.Arbitrary<PositionBet> =>
  fc.record({
    selection_id: fc.constantFrom(...runners),
    side: fc.constantFrom<'BACK' | 'LAY'>('BACK', 'LAY'),
    price: fc.integer({ min: 101, max: 100000 }),
    stake_paise: fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: maxStakePaise })),
  });
