import { EmptyState } from '@backlay/ui/components';

/**
 * What a list shows while its call fails and is tried again (lib/api/list-retry.ts): that it could
 * not be loaded, never that there is nothing to show. Announced politely (EmptyState's status role).
 */
export function ListUnavailable({ what }: { what: string }) {
  return <EmptyState>Could not load {what} — retrying</EmptyState>;
}
