export { WelcomePopup, WELCOME_TITLE } from './WelcomePopup.tsx';
