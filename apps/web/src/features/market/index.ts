export { GameDetailsScreen } from './GameDetailsScreen.tsx';
