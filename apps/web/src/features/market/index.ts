export { GameDetailsScreen } from './GameDetailsScreen.tsx';
export { MatchDetailRedirect } from './MatchDetailRedirect.tsx';
