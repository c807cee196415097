export { CasinoLobbyScreen } from './CasinoLobbyScreen.tsx';
export { CasinoTableScreen } from './CasinoTableScreen.tsx';
