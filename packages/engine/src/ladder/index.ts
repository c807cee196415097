// The price ladder: odds as integer hundredths, tick steps, wire conversions.
export type { PriceHundredths, Paise, LadderBand } from './ladder.ts';
export {
  LADDER,
  LADDER_BANDS,
  LADDER_SIZE,
  MIN_PRICE,
  MAX_PRICE,
  isValidPrice,
  priceToIndex,
  indexToPrice,
  priceAtOrAbove,
  priceAtOrBelow,
  nearestPrice,
  ticksUp,
  ticksDown,
  ticksBetween,
  hundredthsFromDecimal,
  oddsFromDecimal,
  oddsToDecimal,
  formatOdds,
} from './ladder.ts';
