export { ProvidersScreen } from './ProvidersScreen.tsx';
