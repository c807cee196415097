import { setUnauthorizedHandler } from '../lib/http.ts';
import { dropQueryAnswers } from '../lib/query-cache.ts';
import { hasStoredSession, localLogout, sessionStore } from '../lib/storage.ts';
import { syncAuthFromStorage, useClientStore } from '../lib/store.ts';

/**
 * Startup (spec §4): auth state is true when a token and user info are stored; otherwise it is
 * false and session storage is cleared (the router sends the user to login, except on sign-up).
 */
export function startupAuth(): boolean {
  const loggedIn = syncAuthFromStorage();
  if (!loggedIn) sessionStore.clear();
  return loggedIn;
}

/**
 * 401/403 on any call: auth state false and the session ends locally (the token is already
 * refused, so no logout call is sent with it). The guard then shows login. The global settings
 * are kept (their own store: lib/api/global-settings.ts).
 */
export function installUnauthorizedHandler(): void {
  setUnauthorizedHandler(() => {
    if (!hasStoredSession() && !useClientStore.getState().isLoggedIn) return;
    useClientStore.getState().setLoggedIn(null);
    sessionStore.clear();
    localLogout();
    dropQueryAnswers();
  });
}
