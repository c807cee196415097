import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { serviceWorker } from './build/service-worker.ts';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema.ts';

// The dev server proxies /api (and the /ws live prices) to a running Backlay server (API_TARGET, default http://localhost:8080).
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

/**
 * The signed-in shell's modules (the `shell` chunk below); none of them is the login route's. The
 * toasts (react-toastify) are not: they load with the first toast (lib/toast.ts), which no part of
 * the shell raises.
 */
const SHELL_MODULES = new RegExp(
  [
    String.raw`[\\/]apps[\\/]web[\\/]src[\\/]app[\\/](layouts|ModalHost)\.tsx$`,
    String.raw`[\\/]apps[\\/]web[\\/]src[\\/]features[\\/](home|header|sidebar|footer|welcome|exposure|age-gate)[\\/]`,
    String.raw`[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]responsible[\\/]api[\\/]`,
    // Not the casino card faces nor the live indicator: only lazy screens (casino, reports,
    // markets) show them.
    // Nor the app-install notices and button, nor the language switch: the login shows them too.
    String.raw`[\\/]apps[\\/]web[\\/]src[\\/]components[\\/](?!CasinoCards|card-codes|LiveIndicator|app-install|LanguageSwitch)`,
    String.raw`[\\/]apps[\\/]web[\\/]src[\\/]lib[\\/](permissions\.ts|clipboard\.ts|api[\\/](?!global-settings))`,
    String.raw`[\\/]packages[\\/]ui[\\/]src[\\/](money|time|bets|intent)\.ts$`,
    // Not the pager either: only lazy screens (reports, the world-casino lobby) page, and its
    // stylesheet would land in one of their chunks, which the shell would then import.
    String.raw`[\\/]packages[\\/]ui[\\/]src[\\/]components[\\/](?!Spinner|index|Tabs|Pager)`,
  ].join('|'),
);

/** A catalogue in another language than English (lingui.config.ts): a chunk of its own, on demand. */
const HINDI_CATALOGUE = /[\\/]locales[\\/]hi\.po$/;

export default defineConfig({
  plugins: [
    react(),
    // The message catalogues (features/*/locales/*.po, src/locales/*.po), compiled to JavaScript
    // when imported (lingui.config.ts, docs/i18n.md).
    lingui({ configPath: fileURLToPath(new URL('./lingui.config.ts', import.meta.url)) }),
    // zod without its JSON Schema generator, which only the server uses (5 kB brotli off every screen).
    zodWithoutJsonSchema(),
    // dist/sw.js: the installable app's service worker (sw/sw.ts), written after the app.
    serviceWorker(),
    // A .br and a .gz copy next to each text file of the build: the server sends them as they are
    // (@fastify/static preCompressed), so the highest levels cost nothing per request.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: zlib.Z_BEST_COMPRESSION }),
      ],
      include: /\.(html|js|css|svg|json)$/,
      logLevel: 'silent',
    }),
  ],
  base: './',
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, changeOrigin: true, ws: true },
      // The installable app's manifest and icons, made by the server from the settings.
      '/manifest.webmanifest': { target: apiTarget, changeOrigin: true },
      '/app-icon': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Every browser the app supports knows <link rel="modulepreload">: the polyfill (about 0.3 kB
    // brotli) would only weigh on the login's first load. Lazy chunks' dependencies are still preloaded.
    modulePreload: { polyfill: false },
    // Libraries change less often than the app: separate chunks stay cached across releases. Only
    // the libraries the shell itself runs on are grouped: a catch-all node_modules group would put
    // every screen's libraries (zod, react-hook-form, …) into the first load. The others go with
    // the lazily loaded screens that use them. zustand (1 kB, the login's stores) goes with React;
    // react-router does not: the login renders without it (app/App.tsx).
    // The signed-in first load is grouped too: over HTTP/1.1 every file costs about 1 kB of
    // response headers, more than most of the small shared chunks rolldown would otherwise make
    // (Modal, Switch, money, permissions, …). None of the signed-in groups (router, query,
    // schemas, shell) may take a module the login route needs (the entry, LoginScreen, `lib`):
    // `npm run bench -- bundle-size` measures both loads.
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group takes the modules its test names, not their dependencies: the entry keeps its own.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|zustand)[\\/]/,
            },
            // react-router with the route table and its guards: what the entry loads for any route
            // but the login's (app/RouterApp.tsx).
            {
              name: 'router',
              test: /node_modules[\\/]react-router[\\/]|[\\/]apps[\\/]web[\\/]src[\\/]app[\\/](RouterApp|routes|guards)\.tsx$/,
            },
            // The small modules the entry shares with the login's and the lazy screens' chunks (the
            // API client, the storage keys, the constants, the navigation seam, the contract's
            // zod-free login checks): rolldown would make a file of each, one more request (about
            // 0.5 kB of headers) per file.
            {
              name: 'lib',
              test: new RegExp(
                [
                  String.raw`[\\/]apps[\\/]web[\\/]src[\\/]lib[\\/](api|constants|storage|http|navigation|app-install)\.ts$`,
                  String.raw`[\\/]packages[\\/]ui[\\/]src[\\/](constants|http|storage|api|words)\.ts$`,
                  String.raw`[\\/]packages[\\/]contract[\\/]src[\\/](login|plain-text)\.ts$`,
                ].join('|'),
              ),
            },
            // Lingui's Trans (a message with links or bold in it): what the footer and the screens
            // with such messages load, never the entry (rolldown would hoist it there, shared as
            // it is by many lazy chunks) nor the login's first load.
            {
              name: 'trans',
              test: /node_modules[\\/]@lingui[\\/]react[\\/]|[\\/]apps[\\/]web[\\/]src[\\/]lib[\\/]i18n[\\/]trans\.ts$/,
            },
            // React Query and the app's client (lib/query.tsx): with the signed-in part only.
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/]|[\\/]apps[\\/]web[\\/]src[\\/]lib[\\/]query\.tsx$/,
            },
            // zod, which every feature's endpoint table needs, with the tables and schema modules the
            // signed-in shell calls (session, catalog, responsible gaming): one file, not seven
            // small ones. Every other feature's table goes with the feature's chunk, the contract's
            // own split (@backlay/contract/bettor/<feature>), so home loads no other feature's schemas.
            {
              name: 'schemas',
              test: new RegExp(
                [
                  String.raw`node_modules[\\/]zod[\\/]`,
                  String.raw`[\\/]packages[\\/]contract[\\/]src[\\/]bettor[\\/](session|catalog|responsible)\.ts$`,
                  String.raw`[\\/]packages[\\/]contract[\\/]src[\\/](endpoint|common|wallet|auth|catalog|settings|stakes|responsible|language)\.ts$`,
                ].join('|'),
              ),
            },
            // The signed-in shell: layouts, header, sidebar, footer, home and what they share
            // (their stylesheets stay in the entry's CSS, in cascade order: app/screen-styles.ts).
            // Not their Hindi catalogues: those are fetched only when the bettor reads Hindi.
            {
              name: 'shell',
              test: (id: string) =>
                !/\.css(\?|$)/.test(id) && !HINDI_CATALOGUE.test(id) && SHELL_MODULES.test(id),
            },
          ],
        },
      },
    },
  },
  // The root vitest.config.ts runs these files as two projects on this config ('web' and
  // 'web-isolated'), each naming its files: a project extending this one adds to an `include`
  // set here instead of replacing it.
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    css: false,
    // A test's first render of a lazy screen transforms its module tree; findBy… alone may wait
    // 10 s for it (setup.ts), so the test itself gets more than vitest's default 5 s.
    testTimeout: 20_000,
  },
});
