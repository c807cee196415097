import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
// The stylesheet stays in the first load (first in the cascade, where it always was); the
// container's JavaScript is fetched after the first screen renders: no toast is shown before.
import 'react-toastify/dist/ReactToastify.css';
import { lazyNamed } from './lazy.tsx';
import { useTheme } from './useTheme.ts';
import { useViewportSync } from './useViewport.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

const Toasts = lazyNamed(() => import('./Toasts.tsx').then((m) => m.Toasts));

function AppEffects() {
  useTheme();
  useViewportSync();
  return null;
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppEffects />
      {children}
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </QueryClientProvider>
  );
}
