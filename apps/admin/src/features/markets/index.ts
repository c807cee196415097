export { MarketsScreen } from './MarketsScreen.tsx';
export { MatchScreen } from './MatchScreen.tsx';
