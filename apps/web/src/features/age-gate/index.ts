export { AgeGateModal, AGE_STATEMENTS } from './AgeGateModal.tsx';
