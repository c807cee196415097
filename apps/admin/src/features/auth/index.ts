export { isVerifyingLogin, LoginScreen } from './LoginScreen.tsx';
