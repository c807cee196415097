export { LegalPage, type LegalPageId } from './LegalPage.tsx';
