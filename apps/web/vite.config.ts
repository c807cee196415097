import react from '@vitejs/plugin-react';
import { constants as zlib } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

// The dev server proxies /api (and the /ws live prices) to a running Backlay server (API_TARGET, default http://localhost:8080).
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
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
    // React Query has a chunk of its own, loaded with the signed-in part only (app/query.tsx).
    // `npm run bench -- bundle-size` measures the first load.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|use-sync-external-store|zustand)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    css: false,
  },
});
