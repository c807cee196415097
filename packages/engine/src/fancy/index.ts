// Fancy (session) markets: house Yes/No lines on a number, per bet, per user (exposure, book), the
// refusal of a bet, and the spec's rules for unfinished matches.
export type { FancyVariant, FancyBet, FancyOutcome } from './profit.ts';
export {
  FANCY_VARIANTS,
  fancyBetProfitPaise,
  settleFancyBetPaise,
  settleFancyBetsPaise,
  deadHeatRateFactor,
} from './profit.ts';
export { fancyExposurePaise, fancyBook } from './book.ts';
export type { FancyQuote } from './refusal.ts';
export { fancyRefusal } from './refusal.ts';
export type { FancyCompetition, FancyAverageEvent, FancyAveragesTable, FancyEventKind } from './rules.ts';
export {
  DEFAULT_FANCY_AVERAGES,
  TEST_MIN_OVERS,
  KHADO_MIN_OVERS,
  fancyAverage,
  fancyOutcomeOnIncomplete,
} from './rules.ts';
