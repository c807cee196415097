import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_OPTIONS } from '../lib/constants.ts';
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
      <ToastContainer {...TOAST_OPTIONS} newestOnTop theme="colored" />
    </QueryClientProvider>
  );
}
