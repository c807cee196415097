export { CasinoScreen } from './CasinoScreen.tsx';
