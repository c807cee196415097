export { DepositWithdrawScreen } from './DepositWithdrawScreen.tsx';
