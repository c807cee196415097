export * from './types.ts';
export { defineSlot } from './define.ts';
export { evaluateGrid, gridAt, linePay, scatterPay, type GridWin, type LineWin } from './evaluate.ts';
export { playRound, stakeProblem, STAKE_MAX_PAISE, type RoundOutcome, type SpinOutcome } from './play.ts';
export { expectedFreeSpins, lineExpectation, scatterDistribution, slotMath, type SlotMath } from './math.ts';
export { enumerateBase, ENUMERATION_STOPS_MAX, type BaseEnumeration } from './enumerate.ts';
export { PAYLINES_20 } from './games/paylines.ts';
export { JAIPUR_JEWELS } from './games/jaipur-jewels.ts';
export { MONSOON_TIGER } from './games/monsoon-tiger.ts';
import { JAIPUR_JEWELS } from './games/jaipur-jewels.ts';
import { MONSOON_TIGER } from './games/monsoon-tiger.ts';
import type { Slot } from './types.ts';

/** Every slot the demo provider offers, by id. */
export const SLOTS: readonly Slot[] = [JAIPUR_JEWELS, MONSOON_TIGER];
export function slotById(id: string): Slot | undefined {
  return SLOTS.find((s) => s.id === id);
}
export * from './roulette.ts';
