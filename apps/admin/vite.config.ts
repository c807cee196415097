import react from '@vitejs/plugin-react';
import { constants as zlib } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

// The operator console, served by the server at /admin/ (relative asset paths, so the same build
// works under any prefix). The dev server proxies /api to a running Backlay server (API_TARGET,
// default http://localhost:8080).
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
    port: Number(process.env.ADMIN_PORT ?? 5174),
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/](@tanstack|zod)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    name: 'admin',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    css: false,
    // Files share their imports: React, the testing library and the console's modules load once
    // per worker, not once per file (56 -> 24 CPU-s for the project). No file replaces a module
    // (vi.mock) and setup.ts empties the document and the storages after every test.
    isolate: false,
  },
});
