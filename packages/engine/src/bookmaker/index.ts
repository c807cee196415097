// Bookmaker markets: house back/lay rates per 100 on each runner, taken whole or refused.
export type { BookmakerBet, BookmakerQuote } from './bookmaker.ts';
export {
  bookmakerBetProfitPaise,
  bookmakerPosition,
  bookmakerRefusal,
  settleBookmakerBetPaise,
  settleBookmakerBetsPaise,
} from './bookmaker.ts';
export { BOOKMAKER_COMPARISON_OVERS, bookmakerIncompleteResult } from './rules.ts';
