import { useState } from 'react';
import { HashRouter, useRoutes } from 'react-router';
import { loadEndpoints } from '../lib/api.ts';
import { Providers, createQueryClient } from './providers.tsx';
import { routes } from './routes.tsx';
import { installUnauthorizedHandler, startupAuth } from './session.ts';
import './styles.css';

export function App() {
  const [{ queryClient }] = useState(() => {
    startupAuth();
    // The endpoint table (zod schemas) is its own chunk: fetch it now, while the shell renders.
    void loadEndpoints();
    const queryClient = createQueryClient();
    installUnauthorizedHandler(queryClient);
    return { queryClient };
  });
  return (
    <Providers queryClient={queryClient}>
      {/* The declarative router: the app uses no loaders or actions, and the data router
          (createHashRouter) would add about 15 kB of compressed JS to the login screen. */}
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </Providers>
  );
}

function AppRoutes() {
  return useRoutes(routes);
}
