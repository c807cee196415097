// The UI blocks both apps share live in @backlay/ui; the bettor's own (match rows, the
// not-available state) are here.
export {
  EmptyState,
  Icon,
  type IconName,
  Modal,
  Spinner,
  Switch,
  Tabs,
  type TabItem,
  useDismiss,
} from '@backlay/ui/components';
export { MatchRow } from './MatchRow.tsx';
export { NotAvailable } from './NotAvailable.tsx';
export { ListUnavailable } from './ListUnavailable.tsx';
export { CopyButton } from './CopyButton.tsx';
export { PasswordField } from './PasswordField.tsx';
// CasinoCards.tsx is imported by its path, not from here: the casino screens and reports (lazy)
// show card faces, the shell does not (vite.config.ts keeps it out of the shell chunk).
