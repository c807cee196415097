export { AccountStatementScreen } from './AccountStatementScreen.tsx';
export { BetHistoryScreen } from './BetHistoryScreen.tsx';
export { CurrentBetsScreen } from './CurrentBetsScreen.tsx';
export { ProfitLossScreen } from './ProfitLossScreen.tsx';
export { PaymentStatementScreen } from './PaymentStatementScreen.tsx';
export { CasinoResultScreen } from './CasinoResultScreen.tsx';
export { LiveCasinoBetsScreen } from './LiveCasinoBetsScreen.tsx';
