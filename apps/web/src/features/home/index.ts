export { HomeScreen } from './HomeScreen.tsx';
