import { useState, useSyncExternalStore } from 'react';
// First: the toasts' stylesheet heads the cascade (providers.tsx).
import { Providers } from './providers.tsx';
import { AppNotices } from '../components/app-install/AppNotices.tsx';
import { STORAGE_KEYS, storage } from '../lib/storage.ts';
import { useClientStore } from '../lib/store.ts';
import { lazyScreen } from './lazy.tsx';
import { installUnauthorizedHandler, startupAuth } from './session.ts';
// The first load's other stylesheets, in the cascade order they always had: the shared components'
// (the shell's), the not-available placeholder's (its component is lazy), home's and the login's
// (screen-styles.ts: every other screen's comes with its chunk), then the app's own.
import './ui-styles.ts';
import '../components/NotAvailable.css';
import './screen-styles.ts';
import './styles.css';

// The login screen renders without react-router (about 12 kB br, most of its module whatever is
// imported): the router comes with everything else, in a chunk of its own (RouterApp.tsx), so the
// login's first load is React, this entry and the login's own chunk (docs/performance.md, "First load").
const LoginScreen = lazyScreen(() => import('../features/auth/LoginScreen.tsx').then((m) => m.LoginScreen));
const RouterApp = lazyScreen(() => import('./RouterApp.tsx').then((m) => m.RouterApp));

/**
 * The login routes of the route table (routes.tsx: the index route and `login`), as react-router
 * matches them: case-insensitive, a trailing slash allowed, the hash's search and hash left out.
 * Any other path — and any spelling this does not recognise — is the router's, as before.
 */
export function isLoginPath(hash: string): boolean {
  const raw = hash.replace(/^#/, '').split(/[?#]/, 1)[0]!;
  const pathname = raw.startsWith('/') ? raw : `/${raw}`;
  return /^\/(login\/?)?$/i.test(pathname);
}

const subscribeToHash = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
};
const currentHash = () => window.location.hash;

/**
 * The login by itself while the visitor is on a login route and the router's PublicOnly guard
 * would show it (not signed in, or a second step pending: guards.tsx); anything else — a signed-in
 * user, another route, a link followed from the login — loads the router, which from then on
 * routes everything (the login too) exactly as before.
 */
function EntryRoutes() {
  const hash = useSyncExternalStore(subscribeToHash, currentHash);
  const signedIn = useClientStore((s) => s.isLoggedIn && s.loginData != null);
  const [routed, setRouted] = useState(false);
  const loginAlone =
    !routed && isLoginPath(hash) && !(signedIn && storage.get(STORAGE_KEYS.otpVerify) == null);
  // Once loaded, the router stays: it has the login route too.
  if (!loginAlone && !routed) setRouted(true);
  return loginAlone ? <LoginScreen /> : <RouterApp />;
}

export function App() {
  useState(() => {
    startupAuth();
    installUnauthorizedHandler();
    return null;
  });
  return (
    <Providers>
      <AppNotices />
      <EntryRoutes />
    </Providers>
  );
}
