// The bet formatters are shared with the operator console (@backlay/ui/bets).
export {
  betKey,
  betOdds,
  isBack,
  matchMarket,
  shownPrice,
  showOdds,
  sideWord,
  signClass,
  voidWords,
} from '@backlay/ui/bets';
export { formatMoney } from '@backlay/ui/money';
