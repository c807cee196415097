export { UserScreen } from './UserScreen.tsx';
export { UsersScreen } from './UsersScreen.tsx';
