export { DashboardScreen } from './DashboardScreen.tsx';
