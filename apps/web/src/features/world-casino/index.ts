export { WorldCasinoLobbyScreen } from './WorldCasinoLobbyScreen.tsx';
export { GamePlayScreen } from './GamePlayScreen.tsx';
