import { EmptyState } from '@backlay/ui/components';
import { useT } from './i18n.ts';

/**
 * What a list shows while its call fails and is tried again (lib/api/list-retry.ts): that it could
 * not be loaded, never that there is nothing to show. Announced politely (EmptyState's status role).
 * `what` is the list's name in the bettor's language ("matches").
 */
export function ListUnavailable({ what }: { what: string }) {
  const t = useT();
  return <EmptyState>{t('components.list.unavailable', { what })}</EmptyState>;
}
