export { LoginScreen } from './LoginScreen.tsx';
export { SignUpScreen } from './SignUpScreen.tsx';
