import { HashRouter, useRoutes } from 'react-router';
import { routes } from './routes.tsx';

/**
 * The router and the route table: a chunk of its own, loaded by the entry (App.tsx) for any route
 * but the login's. The declarative router: the app uses no loaders or actions, and the data router
 * (createHashRouter) would add about 15 kB of compressed JS.
 */
export function RouterApp() {
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}

function AppRoutes() {
  return useRoutes(routes);
}
