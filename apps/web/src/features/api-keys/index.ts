export { ApiKeysScreen } from './ApiKeysScreen.tsx';
