import { useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router';
import { loadEndpoints } from '../lib/api.ts';
import { Providers, createQueryClient } from './providers.tsx';
import { routes } from './routes.tsx';
import { installUnauthorizedHandler, startupAuth } from './session.ts';
import './styles.css';

export function App() {
  const [{ queryClient, router }] = useState(() => {
    startupAuth();
    // The endpoint table (zod schemas) is its own chunk: fetch it now, while the shell renders.
    void loadEndpoints();
    const queryClient = createQueryClient();
    installUnauthorizedHandler(queryClient);
    return { queryClient, router: createHashRouter(routes) };
  });
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
