import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../lib/http.ts';
import { loadEndpoints } from '../lib/api.ts';
import { NoticeProvider } from '../lib/notices.tsx';
import { clearSession } from '../lib/session.ts';
import { isVerifyingLogin } from '../features/auth/index.ts';
import { routes } from './routes.tsx';
import './styles.css';

export function App() {
  const [{ queryClient, router }] = useState(() => {
    void loadEndpoints();
    const queryClient = new QueryClient({
      defaultOptions: {
        queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 5_000 },
        mutations: { retry: false },
      },
    });
    // A 401/403 ends the console's session (the login is shown again), unless the login itself
    // is asking whether a fresh token is an operator's.
    setUnauthorizedHandler(() => {
      if (isVerifyingLogin()) return;
      clearSession();
      queryClient.clear();
    });
    return { queryClient, router: createHashRouter(routes) };
  });
  return (
    <QueryClientProvider client={queryClient}>
      <NoticeProvider>
        <RouterProvider router={router} />
      </NoticeProvider>
    </QueryClientProvider>
  );
}
