export { ChangePasswordScreen } from './ChangePasswordScreen.tsx';
