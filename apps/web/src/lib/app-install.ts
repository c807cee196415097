// The installable app in the page (issue 45; docs/app-install.md): whether the browser is online,
// whether a new build of the app is waiting (the service worker found one), and whether the browser
// offers to install the app (its `beforeinstallprompt`, kept until asked for). The service worker
// (sw/sw.ts) is registered once the page has loaded, in production builds only.
import { useSyncExternalStore } from 'react';

/**
 * The words of the offline screen as the spec has them (issue 45), in English. The notice shows
 * them from the shared catalogue (`common.app.offline`), in the bettor's language; this copy is
 * what the tests hold that English to.
 */
// i18n-exempt: the spec's English wording to check the catalogue against; the bettor reads the catalogue's
export const OFFLINE_MESSAGE = 'You are offline — prices and betting resume when the connection is back';
/** A waiting build is looked for this often while the page is open (and when it is shown again). */
const UPDATE_CHECK_MS = 60 * 60_000;

/** Chrome's install prompt (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type AppInstallState = {
  /** The browser says it is online and the last request reached the server. */
  readonly online: boolean;
  /** A new build is installed and waiting for the page's word (the update prompt). */
  readonly updateReady: boolean;
  /** The browser offered to install the app (Chrome, Edge, Samsung Internet…). */
  readonly canInstall: boolean;
  /** Running as the installed app (standalone). */
  readonly installed: boolean;
};

const listeners = new Set<() => void>();
let state: AppInstallState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  updateReady: false,
  canInstall: false,
  installed: false,
};
/** The browser's flag, and whether the last request reached the server (reportNetwork). */
let browserOnline = state.online;
let reached = true;
let installPrompt: InstallPromptEvent | null = null;
/** Tells the waiting build to take over (set once the worker is registered). */
let skipWaiting: (() => void) | null = null;
/** The bettor asked for the new build: the page reloads when it takes over. */
let updating = false;

function set(next: Partial<AppInstallState>) {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useAppInstall(): AppInstallState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/**
 * Registers the service worker; called once the page has loaded. The browser's own API, not
 * workbox-window: the few lines below are all of it this page needs, and the first visit's bytes
 * are counted (docs/app-install.md).
 */
async function registerWorker() {
  const sw = navigator.serviceWorker;
  const reg = await sw.register('./sw.js', { scope: './' });
  // A build installed while an older one controls the page waits: the update prompt.
  const waiting = () => {
    if (reg.waiting && sw.controller) set({ updateReady: true });
  };
  waiting();
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') waiting();
    });
  });
  // The waiting build took over after the bettor said so: the page reloads onto it once.
  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    if (updating && !reloading) {
      reloading = true;
      window.location.reload();
    }
  });
  skipWaiting = () => reg.waiting?.postMessage({ type: 'SKIP_WAITING' });
  const check = () => void reg.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

let started = false;

/** Starts listening (online, the install prompt) and registers the service worker where it may. */
export function startAppInstall(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => {
    // Back: the next request says whether the way out works too.
    browserOnline = true;
    reached = true;
    set({ online: true });
  });
  window.addEventListener('offline', () => {
    browserOnline = false;
    set({ online: false });
  });
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    installPrompt = e as InstallPromptEvent;
    set({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    installPrompt = null;
    set({ canInstall: false, installed: true });
  });
  set({ installed: window.matchMedia?.('(display-mode: standalone)').matches ?? false });
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A browser that refuses (private mode, a policy) leaves the app as it was: online only.
  const register = () => void registerWorker().catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** A request reached the server (true) or failed for the network (false): see setNetworkObserver. */
export function reportNetwork(ok: boolean): void {
  if (ok === reached) return;
  reached = ok;
  set({ online: browserOnline && reached });
}

/** The update prompt's "Reload": the waiting build takes over and the page reloads onto it. */
export function applyUpdate(): void {
  if (skipWaiting === null) return window.location.reload();
  updating = true;
  skipWaiting();
}

/** The update prompt's "Later": hidden until the next build (or the next visit). */
export function dismissUpdate(): void {
  set({ updateReady: false });
}

/** Shows the browser's install prompt; true when the bettor installed the app. */
export async function promptInstall(): Promise<boolean> {
  const prompt = installPrompt;
  if (prompt === null) return false;
  installPrompt = null;
  set({ canInstall: false });
  await prompt.prompt();
  return (await prompt.userChoice).outcome === 'accepted';
}
