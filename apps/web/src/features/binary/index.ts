export { BinaryScreen } from './BinaryScreen.tsx';
