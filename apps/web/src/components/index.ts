export { EmptyState } from './EmptyState.tsx';
export { Modal } from './Modal.tsx';
export { NotAvailable } from './NotAvailable.tsx';
export { Spinner } from './Spinner.tsx';
export { Switch } from './Switch.tsx';
export { Tabs, type TabItem } from './Tabs.tsx';
export { useDismiss } from './useDismiss.ts';
export { MatchRow } from './MatchRow.tsx';
export { Icon, type IconName } from './Icon.tsx';
