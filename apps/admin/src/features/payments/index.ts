export { PaymentsScreen } from './PaymentsScreen.tsx';
