export { SportScreen } from './SportScreen.tsx';
