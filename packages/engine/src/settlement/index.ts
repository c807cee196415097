// Settlement rules (issue 5): pure functions from bets and facts to outcomes and money movements.
export type * from './types.ts';
export { SettlementError, SETTLE_MIN_PRICE, SETTLE_MAX_PRICE } from './errors.ts';
export { DEFAULT_COMMISSION_BP, betProfitPaise, commissionPaise } from './money.ts';
export {
  WIN_RF_THRESHOLD_BP,
  PLACE_LAY_CANCEL_THRESHOLD_BP,
  reduceWinPrice,
  reducePlacePrice,
  removalReducesPrices,
  reducedPrice,
  unmatchedBetsCancelledByRemoval,
} from './reduction.ts';
export type { UnmatchedBetRef, RemovalCancelReason } from './reduction.ts';
export {
  FOOTBALL_PLAY_WINDOW_MS,
  BASKETBALL_MAX_REMAINING_MS,
  footballMatchDecision,
  footballRegularTimeOutcome,
  basketballMatchDecision,
  horseRaceDecision,
  resultAtWeighIn,
} from './rules.ts';
export type {
  SettleRuleDecision,
  FootballOutcome,
  BasketballFacts,
  HorseRaceFacts,
  DeclaredResult,
} from './rules.ts';
export { settleMarket, reverseMovements } from './settle.ts';
export { betShares, type BetShare } from './apportion.ts';
export { movementsFromNets } from './movements.ts';
