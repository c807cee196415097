export { GameDetailsScreen } from './GameDetailsScreen.tsx';
export { MatchDetailRedirect } from './MatchDetailRedirect.tsx';
export { HorseRacingScreen } from './racing/HorseRacingScreen.tsx';
