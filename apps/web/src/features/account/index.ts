export { UserScreen } from './UserScreen.tsx';
