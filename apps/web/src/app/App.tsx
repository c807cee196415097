import { useState } from 'react';
import { HashRouter, useRoutes } from 'react-router';
import { Providers } from './providers.tsx';
import { routes } from './routes.tsx';
import { installUnauthorizedHandler, startupAuth } from './session.ts';
import './styles.css';

export function App() {
  useState(() => {
    startupAuth();
    installUnauthorizedHandler();
    return null;
  });
  return (
    <Providers>
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
