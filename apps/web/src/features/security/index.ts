export { SecurityAuthScreen } from './SecurityAuthScreen.tsx';
