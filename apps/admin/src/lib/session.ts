/**
 * The console's own session, apart from the bettor app's on the same origin: an operator signed
 * in here is not signed in on the bettor site, and the other way round. Kept in localStorage
 * under the console's keys; a tiny store lets React follow it.
 */
import { storage } from '@backlay/ui/storage';
import { useSyncExternalStore } from 'react';

export const SESSION_KEYS = { token: 'backlayConsole.token', user: 'backlayConsole.user' } as const;

/** The console's roles: the operator sees every screen, a master or an agent its downline's (docs/hierarchy.md). */
export type ConsoleRole = 'operator' | 'master' | 'agent';
/** `role` is missing from a session saved before masters and agents: an operator's. */
export type ConsoleUser = { user_id: number; user_name: string; role?: ConsoleRole };

/** The signed-in account's role. */
export const roleOf = (u: ConsoleUser | null): ConsoleRole => u?.role ?? 'operator';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function readToken(): string | null {
  return storage.get(SESSION_KEYS.token) || null;
}

export function readUser(): ConsoleUser | null {
  const u = storage.getJson<ConsoleUser>(SESSION_KEYS.user);
  return u && typeof u.user_id === 'number' && typeof u.user_name === 'string' ? u : null;
}

export function saveSession(token: string, user: ConsoleUser): void {
  storage.set(SESSION_KEYS.token, token);
  storage.setJson(SESSION_KEYS.user, user);
  notify();
}

/** A token being checked (the login asks whether it is an operator's before keeping it). */
export function saveToken(token: string): void {
  storage.set(SESSION_KEYS.token, token);
}

export function clearSession(): void {
  storage.remove(SESSION_KEYS.token);
  storage.remove(SESSION_KEYS.user);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === SESSION_KEYS.token || e.key === SESSION_KEYS.user || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

let cached: { token: string | null; userRaw: string | null; user: ConsoleUser | null } = {
  token: null,
  userRaw: null,
  user: null,
};

/** The signed-in operator, or null; re-renders when it changes (here or in another tab). */
export function useSession(): ConsoleUser | null {
  return useSyncExternalStore(subscribe, () => {
    const token = readToken();
    const userRaw = storage.get(SESSION_KEYS.user);
    if (token !== cached.token || userRaw !== cached.userRaw) {
      cached = { token, userRaw, user: token ? readUser() : null };
    }
    return cached.user;
  });
}
