/**
 * Toasts, loaded with the first one. Every toast is raised by a lazily loaded screen, none by the
 * login or home, so react-toastify (about 9 kB br with its container) is fetched only when a toast
 * is first raised, not with every first load (docs/performance.md, "First load"). The first call
 * asks for the container (app/providers.tsx mounts it: useToastsWanted), which brings the library;
 * the toasts wait here until the container is mounted and connected (app/Toasts.tsx).
 *
 * Not react-toastify's own queue: in development StrictMode mounts the container, unmounts it and
 * mounts it again, and the library hands its queue to the first container, the one thrown away.
 *
 * Screens import this module, never react-toastify (an ESLint rule keeps it so).
 */
import { useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error' | 'info';
type Show = (kind: ToastKind, message: string) => void;

let wanted = false;
const listeners = new Set<() => void>();
let connected: Show | undefined;
const waiting: [ToastKind, string][] = [];

function show(kind: ToastKind, message: string): void {
  if (connected) return connected(kind, message);
  waiting.push([kind, message]);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

/** The mounted container takes the toasts, those waiting first; the returned function undoes it. */
export function connectToasts(next: Show): () => void {
  connected = next;
  for (const [kind, message] of waiting.splice(0)) next(kind, message);
  return () => {
    if (connected === next) connected = undefined;
  };
}

/**
 * Tests only: forget the toasts still waiting for a container. A module's state outlives a render,
 * and the test files share their modules (vitest.config.ts): a toast raised after one test's
 * screen was gone must not appear in the next one's.
 */
export function forgetWaitingToasts(): void {
  waiting.length = 0;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isWanted = () => wanted;

/** True once a toast has been raised: from then on the container is mounted. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(subscribe, isWanted, isWanted);
}
