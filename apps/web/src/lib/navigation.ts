import { createContext, useContext } from 'react';

/** Goes to an app path ('/home'); `replace` takes the place of the current history entry. */
export type NavigateTo = (to: string, options?: { replace?: boolean }) => void;

/**
 * Outside the router — the login the entry shows by itself, before react-router is loaded
 * (app/App.tsx) — navigation is the hash itself: the URL changes and `hashchange` tells the entry,
 * which then loads the router for the new path. Hash routes, as the router's: `#/home`.
 */
export const navigateByHash: NavigateTo = (to, { replace = false } = {}) => {
  if (replace) window.location.replace(`#${to}`);
  else window.location.hash = to;
};

/** Inside the router, the routes provide react-router's navigate (app/routes.tsx). */
export const NavigateContext = createContext<NavigateTo>(navigateByHash);

/**
 * The navigation of the screens that are shown both without the router and inside it (the login
 * and its second step): they must not import react-router, which the login's first load leaves out
 * (docs/performance.md, "First load").
 */
export function useNavigateTo(): NavigateTo {
  return useContext(NavigateContext);
}
