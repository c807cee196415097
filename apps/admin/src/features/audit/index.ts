export { AuditScreen } from './AuditScreen.tsx';
