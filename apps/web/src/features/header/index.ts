export { Header } from './Header.tsx';
