// Position (P_i per runner) and exposure of one user in one market, and the what-if of a new bet.
export type {
  PositionBet,
  MarketBets,
  RunnerPosition,
  MarketPosition,
  RunnerOutcomes,
  WhatIf,
} from './exposure.ts';
export {
  ONE_WINNER,
  MAX_WINNERS,
  backWinPaise,
  layLiabilityPaise,
  betRiskPaise,
  marketPosition,
  marketExposurePaise,
  exposureWithUnmatchedPaise,
  positionsIfMatchedPaise,
  whatIf,
  unmatchedBetsOf,
  matchedBetsFromEvents,
} from './exposure.ts';
export type { RunnerResting, UserResting, BookResting } from './resting.ts';
export { restingOf, applyResting, sameResting } from './resting.ts';
