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
export { CopyButton } from './CopyButton.tsx';
export { PasswordField } from './PasswordField.tsx';
export { Card as CasinoCard, Steps as CasinoSteps, areCards, cardFace } from './CasinoCards.tsx';
