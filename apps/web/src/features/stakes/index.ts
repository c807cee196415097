export { SetButtonValueModal } from './SetButtonValueModal.tsx';
