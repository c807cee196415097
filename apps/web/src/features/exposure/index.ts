export { MyMarketModal } from './MyMarketModal.tsx';
