export { WelcomePopup } from './WelcomePopup.tsx';
