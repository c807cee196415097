// The result of a casino round (issue 22): the last-result modal with Verify. The Casino Result
// report and a table's results strip open it.
export { CasinoResultModal, type CasinoResultModalProps } from './CasinoResultModal.tsx';
export { casinoResultKey, getCasinoResult } from './api/casino-result.ts';
