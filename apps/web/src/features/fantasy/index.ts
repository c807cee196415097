export { FantasyScreen } from './FantasyScreen.tsx';
