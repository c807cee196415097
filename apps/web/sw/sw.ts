/// <reference lib="webworker" />
// The bettor app's service worker (issue 45; docs/app-install.md): it makes the app installable
// and lets its shell open without a network. Built by the Vite plugin in ../build/service-worker.ts
// into dist/sw.js, with the build's id and the app shell's files written in (a rebuild changes
// both, so the browser sees a new worker and the page offers the update).
//   - Pages (index.html; the app has hash routes, so `/` is its only page): the network first,
//     the copy kept last time when the network does not answer (the shell offline).
//   - Hashed files (/assets/): the cache first — a new build is new names, so a kept file is
//     never stale; at most ASSETS_MAX kept, the least recently used out.
//   - /api and /ws are never cached, nor anything else of the server (prices, balances and bets
//     are live or nothing: offline, the app says so instead).
// A new build waits until the page says so (the update prompt), then takes over.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;
/** Written in by the build: its id, and the shell's files (relative to the worker). */
declare const __BUILD_ID__: string;
declare const __SHELL_FILES__: readonly string[];

const SHELL_CACHE = `backlay-shell-${__BUILD_ID__}`;
const ASSET_CACHE = 'backlay-assets';
/** Hashed files kept: the shell and the screens a bettor opened, with room for two builds. */
const ASSETS_MAX = 400;
/** A page waits this long for the network before the kept copy is shown. */
const PAGE_NETWORK_TIMEOUT_S = 4;

const scopeUrl = (path: string) => new URL(path, self.registration.scope).href;

// Installing: the page and the shell's files kept now, so the very next visit opens offline (the
// first visit's own requests came before this worker controlled the page).
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL_CACHE);
      await shell.add(new Request(scopeUrl('./'), { cache: 'reload' }));
      const assets = await caches.open(ASSET_CACHE);
      await assets.addAll(__SHELL_FILES__.map((f) => scopeUrl(f)));
    })(),
  );
});

// Activated: the shells of older builds go (their hashed files age out of ASSET_CACHE).
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith('backlay-shell-') && name !== SHELL_CACHE) await caches.delete(name);
    })(),
  );
});

// The update prompt's "Reload": the waiting build takes over, then the page reloads.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first worker controls the page it was installed from at once (offline works from then on).
clientsClaim();

registerRoute(
  new NavigationRoute(
    new NetworkFirst({ cacheName: SHELL_CACHE, networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_S }),
    // Only the bettor app's page: the console (/admin/) and the server's own pages are not ours.
    { allowlist: [new RegExp(`^${new URL(self.registration.scope).pathname}(index\\.html)?$`)] },
  ),
);

registerRoute(
  ({ url }) =>
    url.origin === self.location.origin && url.pathname.startsWith(new URL(scopeUrl('assets/')).pathname),
  new CacheFirst({
    cacheName: ASSET_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: ASSETS_MAX, purgeOnQuotaError: true })],
  }),
);
