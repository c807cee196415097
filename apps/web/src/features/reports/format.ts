// The bet formatters are shared with the operator console (@backlay/ui/bets).
export { betOdds, isBack, matchMarket, showOdds, signClass } from '@backlay/ui/bets';
export { formatMoney } from '@backlay/ui/money';
