import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ComponentType, type ReactNode } from 'react';
import { registerQueryCache } from './query-cache.ts';

// React Query comes with the signed-in part, not with the login screen: this module is imported
// by the lazy routes that use it (app/routes.tsx: the layouts, sign-up; the login's second step), so
// the login route loads only React, the router and its own chunk (docs/performance.md, "First load").

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

let appClient: QueryClient | undefined;

/** The app's one query client, made on first use; its answers are dropped when a call gets 401/403. */
function appQueryClient(): QueryClient {
  if (!appClient) {
    appClient = createQueryClient();
    registerQueryCache(appClient);
  }
  return appClient;
}

/** Provides the app's query client, unless one is already provided above (a test's own). */
export function QueryScope({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}

/** `Component` inside QueryScope: every lazily loaded part shares the one client, and its cache. */
export function withQueryScope<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function Scoped(props: P) {
    return (
      <QueryScope>
        <Component {...props} />
      </QueryScope>
    );
  };
}
